/**
 * Glyphs that a blurred capital and a blurred digit share. Numbers mix letters and digits
 * (C2N0VJ661), and on a photo or a 96 dpi capture the front's O and 0, I and 1, S and 5 are the
 * same few pixels. The guided search (guided.ts) takes them as alike to find where the
 * machine-readable number is printed; what it reports is the front's own reading, and which glyph
 * the front shows is for the verdict's field checks to decide on the pixels (verdict/field-checks.ts).
 */

/** Groups of glyphs that a blurred capital and a blurred digit share. */
const LOOK_ALIKES: readonly string[] = ['O0QD', 'I1L', 'S5', 'B8', 'Z2', 'G6'];

function lookAlike(a: string, b: string): boolean {
  return a === b || LOOK_ALIKES.some((group) => group.includes(a) && group.includes(b));
}

/** Whether `read` is `machine` but for look-alike glyphs, place by place. */
export function sameButLookAlikes(read: string, machine: string): boolean {
  return read.length === machine.length && [...read].every((c, i) => lookAlike(c, machine[i]!));
}
