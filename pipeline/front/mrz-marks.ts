/**
 * The two dots and the ring of a name's A, O and U, where the MRZ spells them out. ICAO 9303
 * part 3 writes Ä, Ö and Ü as AE, OE and UE in an MRZ, and Å as AA, while every other mark is
 * dropped there (É → E). On a photo or a 96 dpi capture the front's dots over a capital are a few
 * grey pixels, which the reader loses (MULLER) or takes for another mark (MÚLLER, BJÒRG). Where
 * the MRZ holds the digraph, the front's letter is the one letter that the MRZ spells so: a U over
 * the MRZ's UE is Ü.
 *
 * The MRZ also parts the names with a filler, where the front's reader may have lost the narrow
 * space between two short names (EDJOSÉ, OLGAJO on photos, with no gap left in the ink); the
 * space goes back where the MRZ has its filler.
 *
 * The MRZ spells Þ as TH. The recogniser reads the letter as P, its look-alike, where a photo's
 * blur hides the bowl's place on the stem (ÞÓRÐARSON read PÓRÐARSON on photos and 96 dpi
 * captures). No name's P is spelled TH, so a P over the MRZ's TH is the Þ.
 *
 * A name is changed only where these letters and spaces alone make it spell exactly what the MRZ
 * holds, so any other disagreement stays for the verdict to weigh (similarity.ts); and only the
 * mark of an A, O or U, or a P's look-alike thorn, changes, so a name printed otherwise than the
 * MRZ holds still reads as printed.
 */
import { baseLetter, mrzSpelling, transliterate } from '../../common/icao-transliteration.js';
import type { DocumentField, DocumentFields } from '../../common/document.js';
import type { FieldSet } from '../job.js';

const NAME_FIELDS: readonly DocumentField[] = ['familyName', 'firstName', 'middleName', 'privateName', 'fullName'];

/**
 * The letters an MRZ spells with two letters, by the letter the front's reader takes them for (Æ
 * and Ø are letters of their own; Þ reads as P).
 */
const SPELLED_OUT: Readonly<Record<string, readonly string[]>> = Object.freeze({ A: ['Ä', 'Å'], O: ['Ö'], U: ['Ü'], P: ['Þ'] });

/**
 * The spelled-out letters that `char` may be. An O read without a mark over the MRZ's OE may as well
 * be an Ø whose stroke blur took (ØYSTEIN) as an Ö whose dots it took, so it stays as read here (the
 * line reader spelt it where the recogniser's output said which: ocr/latin/known-names.ts); a mark
 * seen over it rules the Ø out.
 */
function spelledOutAlternatives(char: string): readonly string[] {
  const base = baseLetter(char);
  if (base.length !== 1 || char === 'O') return [];
  return SPELLED_OUT[base] ?? [];
}

/**
 * `read` with the marks of its A, O and U, and the spaces between its names, as the MRZ's
 * spelling `mrz` calls for, where that makes `read` spell exactly `mrz`; else `read` unchanged.
 */
export function withMrzMarks(read: string, mrz: string): string {
  const target = transliterate(mrz);
  const chars = Array.from(read);
  // A run of separators is one `<`, as in the MRZ.
  const spelling = (i: number, char: string): string => {
    const spelled = mrzSpelling(char);
    return spelled === '<' && i > 0 && mrzSpelling(chars[i - 1]!) === '<' ? '' : spelled;
  };
  const failed = new Set<number>();
  // A lone filler of the MRZ between two letters the front ran together.
  const lostSpace = (i: number, j: number): boolean => i > 0 && target[j] === '<' && target[j - 1] !== '<' && target[j + 1] !== '<'
    && mrzSpelling(chars[i - 1]!) !== '<' && mrzSpelling(chars[i]!) !== '<';
  // Depth first along both strings: each character keeps its own spelling or, for an A, O, U or P,
  // takes a spelled-out letter's; a space may go in before it. Positions that led nowhere are
  // remembered, so the search stays linear.
  const align = (i: number, j: number): string[] | undefined => {
    if (i === chars.length) return j === target.length ? [] : undefined;
    const key = i * (target.length + 1) + j;
    if (failed.has(key)) return undefined;
    for (const option of [chars[i]!, ...spelledOutAlternatives(chars[i]!)]) {
      const spelled = spelling(i, option);
      if (!target.startsWith(spelled, j)) continue;
      const rest = align(i + 1, j + spelled.length);
      if (rest !== undefined) return [option, ...rest];
    }
    const spaced = lostSpace(i, j) ? align(i, j + 1) : undefined;
    if (spaced !== undefined) return [' ', ...spaced];
    failed.add(key);
    return undefined;
  };
  return align(0, 0)?.join('') ?? read;
}

/** `visual` with its names' A, O and U marked as the MRZ's names spell them (the MRZ's fields in `machine`). */
export function settleMrzMarks(visual: FieldSet, machine: DocumentFields): FieldSet {
  let document = visual.document;
  for (const field of NAME_FIELDS) {
    const read = document[field];
    const mrz = machine[field];
    if (read === undefined || mrz === undefined) continue;
    const settled = withMrzMarks(read, mrz);
    if (settled !== read) document = { ...document, [field]: settled };
  }
  return document === visual.document ? visual : { ...visual, document };
}
