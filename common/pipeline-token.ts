/** IDV_PIPELINE_TOKEN's rules for both ends: a header value (visible ASCII, no spaces), long enough not to be guessed. */
export const PIPELINE_TOKEN_MIN_LENGTH = 16;

export function checkPipelineToken(raw: string | undefined): { token: string | null } | { error: string } {
  if (raw === undefined || raw === '') return { token: null };
  if (!/^[\x21-\x7e]+$/.test(raw)) return { error: 'IDV_PIPELINE_TOKEN must be visible ASCII without spaces' };
  if (raw.length < PIPELINE_TOKEN_MIN_LENGTH) {
    return { error: `IDV_PIPELINE_TOKEN must be at least ${PIPELINE_TOKEN_MIN_LENGTH} characters (make one with: openssl rand -hex 32)` };
  }
  return { token: raw };
}
