// AES-256-GCM. Sealed: `version (1) | iv (12) | tag (16) | ciphertext`; wrapped: `master key id (8) |
// iv | tag | ciphertext`, re-wrappable alone. Associated data names record and field.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;
export const KEY_ID_BYTES = 8;

/** A value that does not open: wrong key, altered bytes, or moved from elsewhere. */
export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealError';
  }
}

function encrypt(key: Buffer, plain: Buffer, aad: string): Buffer[] {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body];
}

function decrypt(key: Buffer, bytes: Buffer, offset: number, aad: string): Buffer {
  if (bytes.length < offset + IV_BYTES + TAG_BYTES) throw new SealError('sealed value is truncated');
  const iv = bytes.subarray(offset, offset + IV_BYTES);
  const tag = bytes.subarray(offset + IV_BYTES, offset + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(bytes.subarray(offset + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealError(`sealed value does not open (${aad}): wrong key or altered bytes`);
  }
}

export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);

export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  return Buffer.concat([Buffer.of(VERSION), ...encrypt(key, plain, aad)]);
}

export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed[0] !== VERSION) throw new SealError(`sealed value has unknown version ${sealed[0]} (${aad})`);
  return decrypt(key, sealed, 1, aad);
}

/** An HMAC of a constant: names the key without revealing it. */
export function keyId(master: Buffer): Buffer {
  return createHmac('sha256', master).update('idv master key id').digest().subarray(0, KEY_ID_BYTES);
}

export function wrapKey(master: Buffer, id: Buffer, dataKey: Buffer, aad: string): Buffer {
  return Buffer.concat([id, ...encrypt(master, dataKey, `wrap:${aad}`)]);
}

export const wrappedBy = (wrapped: Buffer): string => wrapped.subarray(0, KEY_ID_BYTES).toString('hex');

export function unwrapKey(master: Buffer, wrapped: Buffer, aad: string): Buffer {
  return decrypt(master, wrapped, KEY_ID_BYTES, `wrap:${aad}`);
}
