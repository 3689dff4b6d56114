/**
 * The tamper set: fronts whose date of birth, number or family name was edited (negatives.ts
 * `tamperFront`), the three in turn, drawn alternately from the tuning and the validation designs.
 * A corpus draws a negative for one specimen in four and a tampered front for three negatives in
 * seven or eight, so 200 specimens hold about 10 tampered fronts a family: one miss moves the rate
 * by ten points, and a 99 % target cannot be measured. The set is scored for tamper detection
 * alone (score-verdict.ts `tamperDetection`), per family beside the corpus's own.
 */
import { generateSpecimen, type Specimen } from '../../test/fixtures/specimens/corpus.js';
import type { NegativeKind } from '../../test/fixtures/specimens/negatives.js';
import { envSize } from './env-size.js';

export const TAMPER_SET_SIZE = Object.freeze({ full: 120, quick: 0 });

export const TAMPER_KINDS: readonly NegativeKind[] = Object.freeze(['tampered-dob', 'tampered-number', 'tampered-name']);

/**
 * Indices from here on: the corpus's own stop far below, so the set's people and designs are not
 * the corpus's specimens again.
 */
const FIRST_INDEX = 1_000_000;

/** The set's size: IDV_BENCH_ACCURACY_TAMPER, else the quick or full default. */
export function tamperSetSize(quick: boolean, env: NodeJS.ProcessEnv = process.env): number {
  return envSize(env, 'IDV_BENCH_ACCURACY_TAMPER', quick ? TAMPER_SET_SIZE.quick : TAMPER_SET_SIZE.full, 0);
}

/** `size` tampered specimens of `seed`: families alternate, and within each the three edits in turn. */
export async function* generateTamperSet(seed: number, size: number): AsyncGenerator<Specimen> {
  for (let i = 0; i < size; i++) {
    const designs = i % 2 === 0 ? 'tuning' : 'validation';
    yield generateSpecimen({ seed, index: FIRST_INDEX + i, designs, negative: TAMPER_KINDS[Math.floor(i / 2) % TAMPER_KINDS.length]! });
  }
}
