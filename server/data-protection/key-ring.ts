// Key material is only ever stored wrapped; a master key that matches none stops the start, naming the key wanted.
import { keyId, newDataKey, unwrapKey, wrapKey, wrappedBy } from './envelope.js';
import { DataKeyError } from './master-key.js';

export interface KeyRingState {
  current: string;
  indexKey: string;
  retired: Record<string, string>;
  rotation: { to: string; toKey: string; fromKey: string; started: string } | null;
}

export interface KeyRingStorage {
  readKeyRing(): Promise<KeyRingState | null>;
  /** Compare-and-set: false unless the stored state is still `expected` (null: none yet). */
  writeKeyRing(next: KeyRingState, expected: KeyRingState | null): Promise<boolean>;
}

const hex = (key: Buffer): string => keyId(key).toString('hex');
const b64 = (bytes: Buffer): string => bytes.toString('base64');
const bytes = (text: string): Buffer => Buffer.from(text, 'base64');

export function wrapMaster(under: Buffer, key: Buffer): string {
  return b64(wrapKey(under, keyId(under), key, `master:${hex(key)}`));
}

function unwrapMaster(under: Buffer, wrapped: string, id: string): Buffer {
  return unwrapKey(under, bytes(wrapped), `master:${id}`);
}

export function newKeyRingState(master: Buffer): KeyRingState {
  return { current: hex(master), indexKey: b64(wrapKey(master, keyId(master), newDataKey(), 'index')), retired: {}, rotation: null };
}

export class KeyRing {
  readonly #keys = new Map<string, Buffer>();
  #wrapping: Buffer;
  #wrappingId: Buffer;
  readonly indexKey: Buffer;
  readonly state: KeyRingState;

  constructor(state: KeyRingState, keys: Map<string, Buffer>) {
    this.state = state;
    for (const [id, key] of keys) this.#keys.set(id, key);
    // While a rotation runs, new data keys go under its target: the rotation need not chase them.
    const target = state.rotation?.to ?? state.current;
    this.#wrapping = this.#keys.get(target)!;
    this.#wrappingId = keyId(this.#wrapping);
    const current = this.#keys.get(state.current)!;
    this.indexKey = unwrapKey(current, bytes(state.indexKey), 'index');
  }

  get wrappingId(): string {
    return this.#wrappingId.toString('hex');
  }

  has(id: string): boolean {
    return this.#keys.has(id);
  }

  wrap(dataKey: Buffer, aad: string): Buffer {
    return wrapKey(this.#wrapping, this.#wrappingId, dataKey, aad);
  }

  wrapUnder(id: string, dataKey: Buffer, aad: string): Buffer {
    const key = this.#key(id);
    return wrapKey(key, keyId(key), dataKey, aad);
  }

  unwrap(wrapped: Buffer, aad: string): Buffer {
    return unwrapKey(this.#key(wrappedBy(wrapped)), wrapped, aad);
  }

  masters(): Buffer[] {
    return [...this.#keys.values()];
  }

  master(id: string): Buffer {
    return this.#key(id);
  }

  #key(id: string): Buffer {
    const key = this.#keys.get(id);
    if (key === undefined) {
      throw new DataKeyError(`a data key is wrapped under master key ${id}, which this process does not hold (it holds ${[...this.#keys.keys()].join(', ')})`);
    }
    return key;
  }
}

export function ringFor(state: KeyRingState, candidates: Buffer[], origin: string): KeyRing {
  const byId = new Map(candidates.map((key) => [hex(key), key]));
  const keys = new Map<string, Buffer>();
  let current = byId.get(state.current);
  const rotation = state.rotation;
  if (current === undefined && rotation !== null && byId.has(rotation.to)) {
    current = unwrapMaster(byId.get(rotation.to)!, rotation.fromKey, state.current);
  }
  if (current === undefined) {
    const given = [...byId.keys()][0];
    const retired = given !== undefined && given in state.retired;
    throw new DataKeyError(retired
      ? `the master key from ${origin} (id ${given}) was retired by a key rotation; this store is sealed under master key ${state.current}: configure that key (IDV_DATA_KEY or IDV_DATA_KEY_FILE)`
      : `the master key from ${origin} (id ${given}) does not open this store, which is sealed under master key ${state.current}${rotation ? ` (rotating to ${rotation.to})` : ''}: configure the key it was created with (IDV_DATA_KEY or IDV_DATA_KEY_FILE)`);
  }
  keys.set(state.current, current);
  if (rotation !== null) keys.set(rotation.to, byId.get(rotation.to) ?? unwrapMaster(current, rotation.toKey, rotation.to));
  for (const [id, wrapped] of Object.entries(state.retired)) keys.set(id, unwrapMaster(current, wrapped, id));
  return new KeyRing(state, keys);
}

/** Of two processes creating a new store's ring at once, the compare-and-set lets one win. */
export async function openKeyRing(storage: KeyRingStorage, candidates: Buffer[], origin: string): Promise<KeyRing> {
  let state = await storage.readKeyRing();
  if (state === null) {
    const fresh = newKeyRingState(candidates[0]!);
    state = (await storage.writeKeyRing(fresh, null)) ? fresh : await storage.readKeyRing();
    if (state === null) throw new Error('the key ring state vanished while it was being created');
  }
  return ringFor(state, candidates, origin);
}
