/**
 * Webhook signatures (decisions.md): `Idv-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's secret>`. The timestamp is inside the signed text,
 * so a receiver that rejects old `t` values also rejects replays. `verifySignature` is what a
 * receiver runs (the tests use it as one).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Idv-Signature';
export const EVENT_ID_HEADER = 'Idv-Event-Id';

/** A new endpoint secret: `whsec_` and 32 random bytes (256 bits), base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` and its `t` is within `toleranceSeconds` of `now`
 * (unix seconds). Compared in constant time.
 */
export function verifySignature(secret: string, header: string, body: string, now = Date.now() / 1000, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => {
    const eq = part.indexOf('=');
    return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
  }));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || given === undefined || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now - timestamp) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(mac(secret, timestamp, body), 'hex'));
}
