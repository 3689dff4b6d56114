/**
 * A machine-readable value as the front would print it where the front's own reading of the field
 * stands: in the printed span's layout (its separators, its date order and month words, its
 * number's spacing), so that the recogniser's frames of that span can be asked which of the two
 * the ink shows (field-evidence.ts). Case plays no part: the alignment weighs a letter in either
 * case (ocr/ctc-decode.ts's letterProbability).
 */
import type { DocumentField } from '../../common/document.js';
import { baseLetter } from '../../common/icao-transliteration.js';
import { monthOfWord, monthWords } from '../front/dates.js';

/** At most this many spellings of one value are scored. */
const MAX_FORMS = 16;

/** The ways the front may print `machine` in the span `printed`, which reads `visual`. */
export function printedForms(field: DocumentField, printed: string, visual: string, machine: string): string[] {
  switch (field) {
    case 'id': return [numberForm(printed, machine)];
    case 'dob': case 'expires': case 'issued': return dateForms(printed, visual, machine);
    case 'gender': return sexForms(printed, machine);
    default: return nameForms(printed, machine);
  }
}

/** The machine's number in the printed number's places: its spaces and hyphens kept where the lengths agree. */
function numberForm(printed: string, machine: string): string {
  const chars = [...machine.replace(/[^\p{L}\d]/gu, '')];
  const places = [...printed].filter((c) => /[\p{L}\d]/u.test(c)).length;
  if (places !== chars.length) return chars.join('');
  let next = 0;
  return [...printed].map((c) => (/[\p{L}\d]/u.test(c) ? chars[next++]! : c)).join('');
}

type Part = 'Y' | 'y' | 'M' | 'm' | 'D' | 'd';

/** Each part of a date in the forms fronts print it: four- and two-digit years, months and days with or without a leading zero. */
function partText(iso: string, part: Part): string {
  const [year, month, day] = iso.split('-') as [string, string, string];
  switch (part) {
    case 'Y': return year;
    case 'y': return year.slice(2);
    case 'M': return month;
    case 'm': return String(Number(month));
    case 'D': return day;
    case 'd': return String(Number(day));
  }
}

/** The orders of a date's digit runs: every order of year, month and day, the month left out where a word names it. */
const DATE_LAYOUTS: readonly Part[][] = (() => {
  const layouts: Part[][] = [];
  const orders = [['Y', 'M', 'D'], ['M', 'D', 'Y'], ['D', 'M', 'Y'], ['Y', 'D', 'M'], ['D', 'Y', 'M'], ['M', 'Y', 'D']];
  for (const order of orders) {
    for (const year of ['Y', 'y'] as const) {
      for (const month of ['M', 'm', ''] as const) {
        for (const day of ['D', 'd'] as const) {
          const as = { Y: year, M: month, D: day } as Record<string, Part | ''>;
          layouts.push(order.map((p) => as[p]!).filter((p): p is Part => p !== ''));
        }
      }
    }
  }
  return layouts;
})();

/**
 * The machine's date in the printed date's layout: the layout whose parts spell the front's
 * reading run for run (`08/29/1990`, `29.08.90`, `19900829`, `29 AUG 1990`) gives the machine's
 * date its digits, and a month word is replaced by each word naming the machine's month.
 */
function dateForms(printed: string, visual: string, machine: string): string[] {
  const runs = [...printed.matchAll(/\d+/g)];
  const digits = runs.map((r) => r[0]).join('');
  const forms = new Set<string>();
  for (const layout of DATE_LAYOUTS) {
    if (layout.map((p) => partText(visual, p)).join('') !== digits) continue;
    const machineRuns = splitLike(layout, visual, machine, runs.map((r) => r[0].length));
    if (machineRuns === undefined) continue;
    let k = 0;
    const numeric = printed.replace(/\d+/g, () => machineRuns[k++]!);
    const monthNamed = !layout.some((p) => p === 'M' || p === 'm');
    for (const form of monthNamed ? withMonthWords(numeric, visual, machine) : [numeric]) forms.add(form);
  }
  return [...forms].slice(0, MAX_FORMS);
}

/**
 * The machine's date's parts grouped as the printed runs group the reading's (a run may hold
 * several parts, as `19900829` does); undefined where the runs cut a part.
 */
function splitLike(layout: readonly Part[], visual: string, machine: string, runLengths: readonly number[]): string[] | undefined {
  const out: string[] = [];
  let part = 0;
  for (const length of runLengths) {
    let read = 0;
    let text = '';
    while (read < length && part < layout.length) {
      read += partText(visual, layout[part]!).length;
      text += partText(machine, layout[part]!);
      part += 1;
    }
    if (read !== length) return undefined;
    out.push(text);
  }
  return part === layout.length ? out : undefined;
}

/** `text` with each word that names the reading's month replaced by a word naming the machine's. */
function withMonthWords(text: string, visual: string, machine: string): string[] {
  const from = Number(visual.slice(5, 7));
  const to = Number(machine.slice(5, 7));
  if (from === to) return [text];
  let forms = [text];
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    if (monthOfWord(word) !== from) continue;
    const words = monthWords(to).sort((a, b) => Math.abs(a.length - word.length) - Math.abs(b.length - word.length)).slice(0, 3);
    forms = forms.flatMap((form) => words.map((w) => form.replace(word, w))).slice(0, MAX_FORMS);
  }
  return forms;
}

const SEX_WORDS: Readonly<Record<string, string>> = { M: 'MALE', F: 'FEMALE', X: 'X' };

function sexForms(printed: string, machine: string): string[] {
  return printed.trim().length <= 1 ? [machine] : [SEX_WORDS[machine] ?? machine, machine];
}

/**
 * The letters an MRZ spells with two, by the letters the front may print for them (ICAO 9303
 * part 3: Ä and Æ as AE, Ö, Ø and Œ as OE, Ü as UE, Å as AA, ß as SS, Þ as TH).
 */
const SPELLED_OUT: readonly [string, readonly string[]][] = [
  ['AE', ['Ä', 'Æ']], ['OE', ['Ö', 'Ø']], ['UE', ['Ü']], ['AA', ['Å']], ['SS', ['ß']], ['TH', ['Þ']],
];

/**
 * The machine's name as the front may print it: as it stands, each pair an MRZ spells a marked
 * letter with also as that letter, and with the front's marks on the letters both share (an MRZ
 * and many barcodes drop É's mark, which the front prints).
 */
function nameForms(printed: string, machine: string): string[] {
  const plain = machine.replace(/</g, ' ').replace(/\s+/g, ' ').trim();
  let forms = [plain];
  for (const [pair, letters] of SPELLED_OUT) {
    if (!plain.toUpperCase().includes(pair)) continue;
    forms = forms.flatMap((form) => [form, ...letters.map((letter) => form.replace(new RegExp(pair, 'i'), letter))]).slice(0, MAX_FORMS);
  }
  const marked = withPrintedMarks(printed, plain);
  if (marked !== undefined) forms.unshift(marked);
  return [...new Set(forms)].slice(0, MAX_FORMS);
}

/** `plain` with the marks of `printed` on the letters where the two have the same length and base letters. */
function withPrintedMarks(printed: string, plain: string): string | undefined {
  const a = [...printed];
  const b = [...plain];
  if (a.length !== b.length) return undefined;
  const base = (c: string) => baseLetter(c.toUpperCase());
  const out = b.map((c, i) => (base(a[i]!) === base(c) ? a[i]! : c)).join('');
  return out === plain ? undefined : out;
}
