// Re-wraps data keys only, never the data; batches swap by compare-and-set, so the same command
// resumes an interrupted rotation.
import { wrapKey, keyId } from './envelope.js';
import { ringFor, wrapMaster, type KeyRingState } from './key-ring.js';
import { DataKeyError } from './master-key.js';
import { WRAP_AAD } from './record-cipher.js';
import type { Store } from '../store/store.js';

/** Records re-wrapped per batch: small enough that a batch is quick, large enough to be few. */
const BATCH = 200;

export interface RotationOptions {
  /** A throw stops the rotation there (resumable). */
  onBatch?: (rewrapped: number) => void;
  batchSize?: number;
}

export interface RotationOutcome {
  rewrapped: number;
  resumed: boolean;
  current: string;
}

const hex = (key: Buffer): string => keyId(key).toString('hex');

/** The store must be opened with the current key and `next` as candidates. */
export async function rotateMasterKey(store: Store, next: Buffer, options: RotationOptions = {}): Promise<RotationOutcome> {
  const target = hex(next);
  let state = await store.readKeyRing();
  if (state === null) throw new Error('the store has no key ring state: open it with openStore first');
  if (state.current === target && state.rotation === null) return { rewrapped: 0, resumed: true, current: target };
  let ring = ringFor(state, [...store.cipher.ring.masters(), next], 'the configured key');
  const resumed = state.rotation !== null;
  if (state.rotation !== null && state.rotation.to !== target) {
    throw new DataKeyError(`a rotation to master key ${state.rotation.to} is under way: finish it with that key's file first`);
  }
  if (state.rotation === null) {
    const current = ring.master(state.current);
    const started: KeyRingState = {
      ...state,
      rotation: { to: target, toKey: wrapMaster(current, next), fromKey: wrapMaster(next, current), started: new Date().toISOString() },
    };
    if (!(await store.writeKeyRing(started, state))) throw new Error('the key ring state changed meanwhile (another rotation?): run the command again');
    state = started;
    ring = ringFor(state, [next], 'the new key');
  }

  let rewrapped = 0;
  const batchSize = options.batchSize ?? BATCH;
  for (;;) {
    const batch = await store.wrappedDataKeys(target, batchSize);
    if (batch.length === 0) break;
    for (const ref of batch) {
      const aad = WRAP_AAD[ref.kind](ref.id);
      const dataKey = ring.unwrap(ref.dataKey, aad);
      // False: erased or re-wrapped by someone else meanwhile; the next batch query skips it either way.
      if (await store.replaceDataKey(ref, ring.wrapUnder(target, dataKey, aad))) rewrapped++;
    }
    options.onBatch?.(rewrapped);
  }

  const current = ring.master(state.current);
  const retired: Record<string, string> = {};
  for (const id of [state.current, ...Object.keys(state.retired)]) {
    if (id !== target) retired[id] = wrapMaster(next, id === state.current ? current : ring.master(id));
  }
  const indexKey = wrapKey(next, keyId(next), ring.indexKey, 'index').toString('base64');
  const completed: KeyRingState = { current: target, indexKey, retired, rotation: null };
  if (!(await store.writeKeyRing(completed, state))) throw new Error('the key ring state changed meanwhile: run the command again');
  return { rewrapped, resumed, current: target };
}
