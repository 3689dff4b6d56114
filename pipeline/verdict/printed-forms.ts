/**
 * A machine-readable value as the front would print it where its reading stands (separators, date
 * order, month words, spacing), so the frames can say which of the two the ink shows.
 */
import type { DocumentField } from '../../common/document.js';
import { baseLetter, MRZ_SPELLINGS, mrzSpelling } from '../../common/icao-transliteration.js';
import { monthOfReadWord, monthWords } from '../front/dates.js';

const MAX_FORMS = 16;

/** One character of a spelling: the characters the front may print there (the machine's first); an optional one may be left out. */
export interface FormChar {
  chars: readonly string[];
  optional?: boolean;
}

export type PrintedForm = string | readonly FormChar[];

export function printedForms(field: DocumentField, printed: string, visual: string, machine: string, transliterated = true): PrintedForm[] {
  switch (field) {
    case 'id': return [numberForm(printed, machine)];
    case 'dob': case 'expires': case 'issued': return dateForms(printed, visual, machine);
    case 'gender': return sexForms(printed, machine);
    default: return nameForms(printed, machine, transliterated);
  }
}

function numberForm(printed: string, machine: string): string {
  const chars = [...machine.replace(/[^\p{L}\d]/gu, '')];
  const places = [...printed].filter((c) => /[\p{L}\d]/u.test(c)).length;
  if (places !== chars.length) return chars.join('');
  let next = 0;
  return [...printed].map((c) => (/[\p{L}\d]/u.test(c) ? chars[next++]! : c)).join('');
}

type Part = 'Y' | 'y' | 'M' | 'm' | 'D' | 'd';

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

/** A word, some letters perhaps read as look-alike digits (`0CT`, `A0UT`). */
const WORD = /[\p{L}01568]*\p{L}[\p{L}01568]*/gu;

/** The date's digit runs; a month word read with a look-alike digit (`25 0CT 2002`) is a word, not a run. */
function digitRuns(printed: string): { text: string; at: number }[] {
  const masked = printed.replace(WORD, (word) => (monthOfReadWord(word) === undefined ? word : word.replace(/\d/g, 'A')));
  return [...masked.matchAll(/\d+/g)].map((m) => ({ text: m[0], at: m.index }));
}

/** The machine's date in the printed date's layout (`08/29/1990`, `29 AUG 1990`), month words in each language. */
function dateForms(printed: string, visual: string, machine: string): string[] {
  const runs = digitRuns(printed);
  const digits = runs.map((r) => r.text).join('');
  const forms = new Set<string>();
  for (const layout of DATE_LAYOUTS) {
    if (layout.map((p) => partText(visual, p)).join('') !== digits) continue;
    const machineRuns = splitLike(layout, visual, machine, runs.map((r) => r.text.length));
    if (machineRuns === undefined) continue;
    let numeric = printed;
    for (let k = runs.length - 1; k >= 0; k--) numeric = numeric.slice(0, runs[k]!.at) + machineRuns[k]! + numeric.slice(runs[k]!.at + runs[k]!.text.length);
    const monthNamed = !layout.some((p) => p === 'M' || p === 'm');
    for (const form of monthNamed ? withMonthWords(numeric, visual, machine) : [numeric]) forms.add(form);
  }
  return [...forms].slice(0, MAX_FORMS);
}

/** The machine's date parts grouped as the printed runs group the reading's; undefined where the runs cut a part. */
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

function withMonthWords(text: string, visual: string, machine: string): string[] {
  const from = Number(visual.slice(5, 7));
  const to = Number(machine.slice(5, 7));
  if (from === to) return [text];
  let forms = [text];
  for (const word of text.match(WORD) ?? []) {
    if (monthOfReadWord(word) !== from) continue;
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
 * The letter a capture may show for an MRZ's pair: mark lost or look-alike (Ø read O, Þ read P).
 * A mark gains a forger nothing and photos lose marks often, so field-checks.ts passes such a name.
 */
export const MARK_LOST: Readonly<Record<string, string>> = Object.freeze({ AE: 'A', OE: 'O', UE: 'U', AA: 'A', TH: 'P' });

const OWN_SPELLING: readonly string[] = Object.keys(MRZ_SPELLINGS).flatMap((c) => [...new Set([c, c.toLowerCase()])]);

/** The letters or pairs an MRZ or barcode may write for a letter: ICAO spelling, base letter, Ø's O. */
function tokensOf(letter: string): string[] {
  const upper = letter.toUpperCase().length === 1 ? letter.toUpperCase() : letter;
  return [mrzSpelling(letter), baseLetter(upper), upper === 'Ø' ? 'O' : ''].filter((t) => /^[A-Z]{1,2}$/.test(t));
}

/**
 * The letters a front may print for each letter or pair of a machine-readable name (ICAO 9303 part
 * 3 read backwards): ICAO's own letters (Þ for TH, Å for AA …), a pair's MARK_LOST letter, and a
 * marked letter only where the front's reading shows that mark, so a changed letter cannot pass.
 */
function printedAs(printed: string): (token: string) => readonly string[] {
  const out = new Map<string, string[]>();
  const add = (token: string, letter: string) => {
    const list = out.get(token) ?? out.set(token, token.length === 1 ? [token, token.toLowerCase()] : []).get(token)!;
    if (!list.includes(letter)) list.push(letter);
  };
  for (const letter of OWN_SPELLING) for (const token of tokensOf(letter)) if (token !== baseLetter(letter.toUpperCase())) add(token, letter);
  for (const letter of new Set(printed)) {
    if (!/\p{L}/u.test(letter) || baseLetter(letter) === letter) continue;
    for (const token of tokensOf(letter)) for (const c of new Set([letter, letter.toUpperCase(), letter.toLowerCase()])) if (c.length === 1) add(token, c);
  }
  for (const [pair, lost] of Object.entries(MARK_LOST)) for (const letter of out.get(lost) ?? [lost, lost.toLowerCase()]) add(pair, letter);
  return (token) => out.get(token) ?? (token.length === 1 ? [token] : []);
}

/** What a front prints between a name's parts, or between letters an MRZ or barcode runs together. */
const SEPARATORS: readonly string[] = [' ', '-', "'", '’', '.'];

/**
 * The machine's name as the front may print it: each letter as printedAs allows, each pair as two
 * letters or one (up to MAX_FORMS), optional separators. The letters stay the machine's.
 */
function nameForms(printed: string, machine: string, transliterated: boolean): PrintedForm[] {
  const letters = printedAs(printed);
  const chars = [...machine.replace(/[<\s]+/g, ' ').trim().toUpperCase()];
  const separator = (c: string | undefined) => c !== undefined && SEPARATORS.includes(c);
  let partial: { form: FormChar[]; at: number }[] = [{ form: [], at: 0 }];
  const done: FormChar[][] = [];
  while (partial.length > 0) {
    const next: typeof partial = [];
    for (const { form, at } of partial) {
      if (at >= chars.length) {
        done.push(form);
        continue;
      }
      const c = chars[at]!;
      if (separator(c)) {
        let end = at;
        while (separator(chars[end])) end += 1;
        next.push({ form: [...form, { chars: [c, ...SEPARATORS.filter((s) => s !== c)], optional: true }], at: end });
        continue;
      }
      const gap = form.length > 0 && !form[form.length - 1]!.optional ? [{ chars: SEPARATORS, optional: true }] : [];
      next.push({ form: [...form, ...gap, { chars: letters(c) }], at: at + 1 });
      const pair = chars[at + 1] === undefined || !transliterated ? [] : letters(c + chars[at + 1]);
      if (pair.length > 0) next.push({ form: [...form, ...gap, { chars: pair }], at: at + 2 });
    }
    partial = next.slice(0, MAX_FORMS - done.length);
  }
  return done;
}
