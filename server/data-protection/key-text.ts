/**
 * The text form of a master key: 32 bytes in base64 (standard or url-safe, padding optional),
 * surrounding whitespace ignored. Shared by IDV_DATA_KEY, IDV_DATA_KEY_FILE and the key files
 * `idv data-key` reads, so every source accepts exactly the same thing.
 */
import { KEY_BYTES } from './envelope.js';

/** The key `text` holds, or null when it is not base64 of exactly 32 bytes. */
export function decodeMasterKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export const encodeMasterKey = (key: Buffer): string => `${key.toString('base64')}\n`;
