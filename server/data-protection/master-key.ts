// Without a setting, `<data folder>/data.key` is created on first start so `npm start` needs none;
// the log warns that a backup holding store and file gives the data away.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';
import { KEY_BYTES } from './envelope.js';
import { decodeMasterKey, encodeMasterKey } from './key-text.js';

export const DEFAULT_KEY_FILE = 'data.key';

export interface MasterKeySettings {
  dataDir: string;
  dataKey?: Buffer | null;
  dataKeyFile?: string | null;
}

export interface MasterKey {
  key: Buffer;
  /** For messages. */
  origin: string;
  /** Set when the key came from the data folder's file (a rotation replaces it). */
  defaultFile: string | null;
  generated: boolean;
}

/** A master key problem that stops the process: wrong key, unreadable file, retired key. */
export class DataKeyError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

export function readKeyFile(file: string, name: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new DataKeyError(`${name} cannot be read: ${(error as Error).message}`);
  }
  const key = decodeMasterKey(text);
  if (key === null) throw new DataKeyError(`${name} must hold a base64 key of ${KEY_BYTES} bytes (make one with: openssl rand -base64 32)`);
  return key;
}

/** Through a temporary file, so a crash leaves the old or the new key, whole. */
export function writeKeyFile(file: string, key: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, encodeMasterKey(key), { mode: 0o600, flag: 'w' });
  renameSync(temporary, file);
}

export function loadMasterKey(settings: MasterKeySettings): MasterKey {
  if (settings.dataKey) return { key: settings.dataKey, origin: 'IDV_DATA_KEY', defaultFile: null, generated: false };
  if (settings.dataKeyFile) {
    return { key: readKeyFile(settings.dataKeyFile, `IDV_DATA_KEY_FILE (${settings.dataKeyFile})`), origin: `IDV_DATA_KEY_FILE (${settings.dataKeyFile})`, defaultFile: null, generated: false };
  }
  const file = path.join(settings.dataDir, DEFAULT_KEY_FILE);
  const origin = `the data folder's key file (${file})`;
  mkdirSync(settings.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once on a new folder cannot both write a key.
    writeFileSync(file, encodeMasterKey(randomBytes(KEY_BYTES)), { mode: 0o600, flag: 'wx' });
    return { key: readKeyFile(file, origin), origin, defaultFile: file, generated: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new DataKeyError(`${origin} cannot be created: ${(error as Error).message}`);
  }
  return { key: readKeyFile(file, origin), origin, defaultFile: file, generated: false };
}

export interface StoreKeys {
  /** The configured key first; a rotation's command adds its target. */
  candidates: Buffer[];
  origin: string;
  /** Rereads a key file a rotation may have replaced; absent for a key from the environment. */
  reload?: () => Buffer[];
}
