// Format: decisions.md. The timestamp is signed, so a receiver that rejects old `t` also rejects replays.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Idv-Signature';
export const EVENT_ID_HEADER = 'Idv-Event-Id';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/** What a receiver runs; constant time. */
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
