/**
 * What IDV_PIPELINE_TOKEN may be, for both ends that read it (pipeline/config.ts, server/config.ts):
 * it travels as `authorization: Bearer <token>`, so it must be a header value (visible ASCII, no
 * spaces), and long enough that guessing it is not a plan.
 */
export const PIPELINE_TOKEN_MIN_LENGTH = 16;

/** The token, null when unset, or an `error` that names the variable. */
export function checkPipelineToken(raw: string | undefined): { token: string | null } | { error: string } {
  if (raw === undefined || raw === '') return { token: null };
  if (!/^[\x21-\x7e]+$/.test(raw)) return { error: 'IDV_PIPELINE_TOKEN must be visible ASCII without spaces' };
  if (raw.length < PIPELINE_TOKEN_MIN_LENGTH) {
    return { error: `IDV_PIPELINE_TOKEN must be at least ${PIPELINE_TOKEN_MIN_LENGTH} characters (make one with: openssl rand -hex 32)` };
  }
  return { token: raw };
}
