/**
 * A line read as the holder's name that the machine-readable part holds, where the line's own
 * recogniser output allows it, spelt with the marks the front prints.
 *
 * A short name on a small capture is the recogniser's weakest reading (a printed LI read `U` at
 * 0.41), and both names of the document are lost with it. Such a doubtful line (read less surely
 * than DOUBTFUL) is taken for the name where the name's best CTC path (ctc-align.ts) lies at most
 * MAX_GAP nats behind the best path of all. A name printed otherwise than the machine-readable
 * part holds (a forgery) reads surely, or its letters lie tens of nats behind: it stays as read.
 *
 * An MRZ drops a name's marks (É → E) and spells some letters out (Ö and Ø → OE, Þ → TH), so the
 * name is looked for as the front may print it, each letter or spelled-out pair as the line's
 * frames favour. A line that has the name's letters, however surely read, takes only the marks so.
 */
import { baseLetter, mrzSpelling } from '../../../common/icao-transliteration.js';
import type { Charset } from '../charset.js';
import type { DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';
import { alignSpelling, bestPathLogProbability, type AlignedLine } from './ctc-align.js';

/** A line read at least this surely (mean character probability) keeps its letters. */
const DOUBTFUL = 0.9;
/** A name lies at most this many nats behind the best path to be taken. */
const MAX_GAP = 3;
/** Spelled-out pairs in one name are few; past this many ways of spelling it, no more are tried. */
const MAX_SPELLINGS = 16;

/**
 * A text's letters without their marks, upper case: each the one letter the MRZ spells it as
 * (É → E, Ł → L), else its base letter (Ö → O); an Ø, which the MRZ spells OE, is an O.
 */
function unmarked(text: string): string {
  return Array.from(text.toUpperCase(), (c) => {
    const spelled = mrzSpelling(c);
    return /^[A-Z]$/.test(spelled) ? spelled : c === 'Ø' ? 'O' : baseLetter(c);
  }).join('');
}

const printedFormsOf = new WeakMap<Charset, Map<string, number[]>>();

/**
 * By MRZ spelling (a letter, or a spelled-out pair such as OE), the classes of `charset` whose
 * capital the MRZ spells so, other than that letter itself: Á Ä … for A, Ö Ø Œ for OE.
 */
function printedForms(charset: Charset): Map<string, number[]> {
  let forms = printedFormsOf.get(charset);
  if (forms !== undefined) return forms;
  forms = new Map();
  charset.chars.forEach((char, k) => {
    if (charset.latin[k] !== 1 || char !== char.toUpperCase()) return;
    const spelled = mrzSpelling(char);
    if (spelled === char || !/^[A-Z]{1,2}$/.test(spelled)) return;
    forms!.set(spelled, [...forms!.get(spelled) ?? [], k]);
  });
  printedFormsOf.set(charset, forms);
  return forms;
}

/** One character of a front spelling: the classes it may be, and whether the MRZ spelled it out as a pair. */
interface Printed {
  classes: readonly number[];
  pair: boolean;
}

/** The ways the front may print `name` (as the machine-readable part spells it), in `charset`'s classes. */
function frontSpellings(name: string, charset: Charset): Printed[][] {
  const forms = printedForms(charset);
  const chars = Array.from(name);
  const out: Printed[][] = [];
  const walk = (i: number, spelling: Printed[]): void => {
    if (out.length >= MAX_SPELLINGS) return;
    if (i === chars.length) {
      out.push(spelling);
      return;
    }
    const k = charset.classOf(chars[i]!);
    if (k === undefined) return;
    walk(i + 1, [...spelling, { classes: [k, ...forms.get(chars[i]!) ?? []], pair: false }]);
    const pair = forms.get(chars[i]! + (chars[i + 1] ?? ''));
    if (pair !== undefined && /^[A-Z]$/.test(chars[i + 1] ?? '')) walk(i + 2, [...spelling, { classes: pair, pair: true }]);
  };
  walk(0, []);
  return out;
}

/** `line` (decoded from `probs`) as the one of `names` it may be, or undefined. */
export function asKnownName(probs: LineProbabilities, line: DecodedLine, names: readonly string[], allowed?: Uint8Array): DecodedLine | undefined {
  const read = line.text.trim().toUpperCase();
  if (names.length === 0 || read === '') return undefined;
  const printed = Array.from(line.text.trim());
  const marked = spelledAs(probs, printed, names);
  const found = marked ?? (line.confidence < DOUBTFUL ? spelledAs(probs, printed, names, bestPathLogProbability(probs, allowed)) : undefined);
  // As read already, the line stays the recogniser's own; one that keeps its letters keeps its case.
  if (found === undefined || found.text === read) return undefined;
  return marked === undefined ? found : { ...found, text: Array.from(found.text, (c, i) => (printed[i] === printed[i]!.toUpperCase() ? c : c.toLowerCase())).join('') };
}

/**
 * The likeliest spelling of one of `names` for the line read as `printed`: without `best`, of its
 * letters (each letter's own mark among its choices unless the MRZ spelled it out: an O over OE is
 * marked, the frames say how); with it, any within MAX_GAP nats of that best path's log probability.
 */
function spelledAs(probs: LineProbabilities, printed: readonly string[], names: readonly string[], best?: number): AlignedLine | undefined {
  const marksOnly = best === undefined;
  const letters = unmarked(printed.join(''));
  let found: AlignedLine | undefined;
  let least = MAX_GAP;
  for (const name of names) {
    for (const spelling of frontSpellings(name, probs.charset)) {
      if (marksOnly && spelling.length !== printed.length) continue;
      const kept = (c: Printed, i: number): readonly number[] => {
        const char = marksOnly && !c.pair ? printed[i]!.toUpperCase() : '';
        const own = char !== '' && unmarked(char) === unmarked(probs.charset.chars[c.classes[0]!]!) ? probs.charset.classOf(char) : undefined;
        return own !== undefined && !c.classes.includes(own) ? [...c.classes, own] : c.classes;
      };
      const aligned = alignSpelling(probs, spelling.map(kept));
      if (aligned === undefined || (marksOnly && unmarked(aligned.text) !== letters)) continue;
      const gap = marksOnly ? 0 : best - aligned.logProbability;
      if (marksOnly ? found === undefined || aligned.logProbability > found.logProbability : gap <= least) {
        least = gap;
        found = aligned;
      }
    }
  }
  return found;
}
