// Shared by every key source, so each accepts exactly the same text.
import { KEY_BYTES } from './envelope.js';

/** Null unless base64 (either alphabet) of exactly 32 bytes. */
export function decodeMasterKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export const encodeMasterKey = (key: Buffer): string => `${key.toString('base64')}\n`;
