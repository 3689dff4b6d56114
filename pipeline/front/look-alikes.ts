/** Glyphs a blurred capital and digit share (O 0, I 1, S 5): alike in the guided search; the pixels decide in verdict/field-checks.ts. */

const LOOK_ALIKES: readonly string[] = ['O0QD', 'I1L', 'S5', 'B8', 'Z2', 'G6'];

function lookAlike(a: string, b: string): boolean {
  return a === b || LOOK_ALIKES.some((group) => group.includes(a) && group.includes(b));
}

export function sameButLookAlikes(read: string, machine: string): boolean {
  return read.length === machine.length && [...read].every((c, i) => lookAlike(c, machine[i]!));
}
