/**
 * A document number read from the front, with the glyphs its print does not tell apart taken from
 * the machine-readable part. Numbers mix letters and digits (C2N0VJ661, XI8JUTZKG), and on a photo
 * or a 96 dpi capture the front's O and 0, I and 1, S and 5 are the same few pixels: the recogniser
 * picks either, as often wrongly as rightly. The barcode is decoded exactly and the MRZ's number is
 * held by its check digit, so where the two differ only by such look-alikes, place by place, the
 * front says what the machine-readable part says, and the number is reported as the machine reads
 * it. So does a number that lacks one of two equal neighbours of the machine's (AJJ7610378795 read
 * AJ7610378795, 9215Y7JJ9 read 9215Y7J9): the recogniser's CTC decoding merges two equal
 * characters unless it sees a blank frame between them, which tight print does not always give.
 * A number that differs in anything else, or in length, stays as read: that disagreement is the
 * forgery evidence the verdict weighs (similarity.ts).
 */
import type { FieldSet } from '../job.js';

/** Groups of glyphs that a blurred capital and a blurred digit share. */
const LOOK_ALIKES: readonly string[] = ['O0QD', 'I1L', 'S5', 'B8', 'Z2', 'G6'];

function lookAlike(a: string, b: string): boolean {
  return a === b || LOOK_ALIKES.some((group) => group.includes(a) && group.includes(b));
}

/** Whether `read` is `machine` but for look-alike glyphs, place by place. */
export function sameButLookAlikes(read: string, machine: string): boolean {
  return read.length === machine.length && [...read].every((c, i) => lookAlike(c, machine[i]!));
}

/** Whether `read` is `machine` with one of two equal neighbours merged, but for look-alike glyphs. */
function mergedDouble(read: string, machine: string): boolean {
  if (machine.length !== read.length + 1) return false;
  for (let i = 0; i + 1 < machine.length; i++) {
    if (machine[i] === machine[i + 1] && sameButLookAlikes(read, machine.slice(0, i) + machine.slice(i + 1))) return true;
  }
  return false;
}

/**
 * `visual` with its document number spelled as the machine-readable part spells it, where only
 * look-alikes or a merged double differ.
 */
export function settleLookAlikes(visual: FieldSet, machineId: string | undefined): FieldSet {
  const read = visual.document.id;
  if (read === undefined || machineId === undefined || read === machineId) return visual;
  if (!sameButLookAlikes(read, machineId) && !mergedDouble(read, machineId)) return visual;
  return { ...visual, document: { ...visual.document, id: machineId } };
}
