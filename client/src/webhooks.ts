/**
 * Checking a webhook delivery (decisions.md, "Webhooks"): the header
 * `Idv-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * endpoint's `whsec_…` secret. The timestamp is inside the signed text, so refusing a `t` far
 * from the receiver's clock also refuses a replayed delivery.
 *
 * HMAC runs on the platform's Web Crypto (`crypto.subtle`: Node 20, browsers, workers), whose
 * `verify` compares in constant time. The body must be the bytes as received: parsed and
 * re-serialised JSON differs from what was signed.
 */
import type { WebhookEvent } from './types.js';

export const SIGNATURE_HEADER = 'Idv-Signature';
export const EVENT_ID_HEADER = 'Idv-Event-Id';

export interface WebhookVerifyOptions {
  /** How far `t` may be from `now`, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock in unix seconds (default: now). */
  now?: number;
}

/** The refusal of constructEvent; its message says which part did not hold. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function signedBytes(timestamp: string, rawBody: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const bytes = new Uint8Array(prefix.length + body.length);
  bytes.set(prefix);
  bytes.set(body, prefix.length);
  return bytes;
}

/** Why `header` does not sign `rawBody` with `secret`, or null when it does. */
async function refusal(rawBody: string | Uint8Array, header: string | null | undefined, secret: string, options: WebhookVerifyOptions): Promise<string | null> {
  if (typeof header !== 'string' || header === '') return `no ${SIGNATURE_HEADER} header`;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  // Every v1 is tried: a sender may sign with two secrets while one is rotated out.
  const signatures = parts.filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => value!);
  if (timestamp === undefined || !/^\d+$/.test(timestamp)) return 'no t=<unix seconds> in the header';
  if (signatures.length === 0) return 'no v1=<64 hex digits> in the header';
  const now = options.now ?? Date.now() / 1000;
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) return `t is more than ${tolerance} s from now`;
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const data = signedBytes(timestamp, rawBody);
  for (const signature of signatures) {
    if (await globalThis.crypto.subtle.verify('HMAC', key, hexBytes(signature), data)) return null;
  }
  return 'the signature does not match the body and secret';
}

/** Whether `header` (the Idv-Signature value) signs `rawBody` with `secret`, with `t` within tolerance. */
export async function verify(rawBody: string | Uint8Array, header: string | null | undefined, secret: string, options: WebhookVerifyOptions = {}): Promise<boolean> {
  return (await refusal(rawBody, header, secret, options)) === null;
}

/** The event of a delivery whose signature holds; otherwise throws WebhookSignatureError. */
export async function constructEvent(rawBody: string | Uint8Array, header: string | null | undefined, secret: string, options: WebhookVerifyOptions = {}): Promise<WebhookEvent> {
  const reason = await refusal(rawBody, header, secret, options);
  if (reason !== null) throw new WebhookSignatureError(`Webhook signature refused: ${reason}.`);
  return JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody)) as WebhookEvent;
}
