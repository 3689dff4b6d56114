/**
 * The machine-readable part's key values looked for among all of the front's lines, so a field is
 * found wherever the design prints it (glued to a caption, under an unknown one, or with none). The
 * front's own reading of the place is reported, never the machine's value: their difference is the
 * forgery evidence. Numbers match with look-alike glyphs, dates in either order, names as an MRZ spells them.
 */
import type { DocumentField, DocumentFields } from '../../common/document.js';
import { levenshtein } from '../../common/edit-distance.js';
import { lettersAndDigits } from '../../common/letters-and-digits.js';
import { mrzSpelling, transliterate } from '../../common/icao-transliteration.js';
import { namesFillField } from '../mrz/fields.js';
import { findReadDate, type DateKind, type NumericOrder } from './dates.js';
import type { Reading } from './labels.js';
import { joinedParts, spanConfidence, type FrontLine } from './layout.js';
import { sameButLookAlikes } from './look-alikes.js';
import { asDigits } from './values.js';
import { FRONT_TUNING } from './tunables.js';

const DATE_FIELDS: readonly [DocumentField, DateKind][] = [['dob', 'past'], ['expires', 'future'], ['issued', 'past']];

export interface MachineValues {
  machine: DocumentFields;
  readings: ReadonlyMap<DocumentField, Reading>;
  /** The page's numeric date order where a machine date found on it tells; the dates the machine lacks are read in it. */
  order?: NumericOrder;
}

export const NO_MACHINE_VALUES: MachineValues = Object.freeze({ machine: {}, readings: new Map() });

export function findMachineValues(lines: readonly FrontLine[], machine: DocumentFields): MachineValues {
  const found = new Map<DocumentField, Reading>();
  const rows = [...lines, ...rowPairs(lines)];
  if (machine.id !== undefined) {
    const number = findNumber(lines, machine.id);
    if (number !== undefined) found.set('id', number);
  }
  const votes: NumericOrder[] = [];
  for (const [field, kind] of DATE_FIELDS) {
    const iso = machine[field];
    const date = iso === undefined ? undefined : findDateValue(rows, iso, kind);
    if (date === undefined) continue;
    found.set(field, date);
    const printed = date.line.text.slice(date.start, date.end);
    const orders = (['MDY', 'DMY'] as const).filter((order) => findReadDate(printed, order, kind)?.value === iso);
    if (orders.length === 1) votes.push(orders[0]!);
  }
  const stacked = [...lines, ...stackedPairs(lines)];
  const mayBeCut = namesFillField(machine);
  for (const field of ['familyName', 'privateName'] as const) {
    const name = machine[field];
    const reading = name === undefined ? undefined : findName(stacked, name, mayBeCut);
    if (reading !== undefined) found.set(field, reading);
  }
  const dmy = votes.filter((o) => o === 'DMY').length;
  const mdy = votes.length - dmy;
  return { machine, readings: found, ...(dmy === mdy ? {} : { order: dmy > mdy ? 'DMY' : 'MDY' }) };
}

/**
 * The rules' readings with the machine's values found put in. A rule's reading that agrees but for
 * a letter stays (a machine value found elsewhere may be a second print); one that disagrees is replaced.
 */
export function withMachineValues(readings: Map<DocumentField, Reading>, found: ReadonlyMap<DocumentField, Reading>,
  machine: DocumentFields): void {
  for (const [field, reading] of found) {
    const own = readings.get(field)?.value;
    const wanted = machine[field];
    const agrees = own !== undefined && wanted !== undefined && (own === reading.value
      || (field === 'familyName' || field === 'privateName' ? sameName(own, wanted) : sameButLookAlikes(lettersAndDigits(own), lettersAndDigits(wanted))));
    if (!agrees) readings.set(field, reading);
  }
  // The MRZ spells É, Ž and Ż alike: agreeing with it vouches for the letters, not for a mark the
  // recogniser chose alone, so such a name is not reported as all but sure.
  for (const field of ['familyName', 'privateName'] as const) {
    const name = readings.get(field);
    if (name && hasUnspelledMark(name.value)) readings.set(field, { ...name, confidence: Math.min(name.confidence, FRONT_TUNING.nearConfidence) });
  }
}

/** The front's name is the machine's with one letter otherwise, or continued past where an MRZ or barcode cut it. */
function sameName(own: string, machine: string): boolean {
  return levenshtein(spelled(own), spelled(machine)) <= 1 || spelled(own).startsWith(spelled(machine));
}

const NUMBER_CHAR = /[\p{L}\d]/u;

function findNumber(lines: readonly FrontLine[], machineId: string): Reading | undefined {
  const target = machineId.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (target.length < 4) return undefined;
  let best: Reading | undefined;
  for (const line of lines) {
    const at: number[] = [];
    let compact = '';
    for (let i = 0; i < line.text.length; i += 1) {
      const c = line.text[i]!;
      if (NUMBER_CHAR.test(c)) {
        compact += c.toUpperCase();
        at.push(i);
      } else if (!/[\s\-.]/.test(c)) {
        compact += '|';
        at.push(i);
      }
    }
    for (let s = 0; s + target.length <= compact.length; s += 1) {
      const piece = compact.slice(s, s + target.length);
      if (!sameButLookAlikes(piece, target)) continue;
      // Glued to a caption before it is fine (`DLND1234`), but not inside a longer run of digits.
      const before = compact[s - 1];
      const after = compact[s + target.length];
      if (before !== undefined && /\d/.test(before) && /\d/.test(target[0]!)) continue;
      if (after !== undefined && /\d/.test(after) && /\d/.test(target[target.length - 1]!)) continue;
      const start = at[s]!;
      const end = at[s + target.length - 1]! + 1;
      const reading = agreed({ value: line.text.slice(start, end).replace(/\s/g, '').toUpperCase(), start, end, line, confidence: 0 }, piece === target);
      if (best === undefined || reading.confidence > best.confidence) best = reading;
    }
  }
  return best;
}

function findDateValue(rows: readonly FrontLine[], iso: string, kind: DateKind): Reading | undefined {
  let best: Reading | undefined;
  // Every print of a date holds its year's last two digits: lines without them are passed by.
  const year = iso.slice(2, 4);
  for (const line of rows) {
    if (!asDigits(line.text).includes(year)) continue;
    // Each place a date may start: a garbled caption may run into it (`3D012/09/1970`).
    for (let i = 0; i < line.text.length; i += 1) {
      if (i > 0 && !/\d/.test(line.text[i]!)) continue;
      const tail = line.text.slice(i);
      for (const order of ['MDY', 'DMY'] as const) {
        const date = findReadDate(tail, order, kind);
        if (date === undefined || date.value !== iso) continue;
        const reading = agreed({ value: iso, start: i + date.start, end: i + date.end, line, confidence: 0 }, true);
        // The fullest print wins: a date with its century over a ghost one without.
        if (best === undefined || reading.end - reading.start > best.end - best.start) best = reading;
      }
    }
  }
  return best;
}

const spelled = (name: string): string => transliterate(name).replace(/</g, '');

/**
 * The front's reading of the machine's name: a run of words that spells it, or but for one letter
 * of a long name; where the MRZ may have cut it inside a word, the run going on past the cut.
 */
function findName(lines: readonly FrontLine[], machineName: string, mayBeCut: boolean): Reading | undefined {
  const target = spelled(machineName);
  if (target.length < 2) return undefined;
  let best: { reading: Reading; distance: number } | undefined;
  for (const line of lines) {
    const words = [...line.text.matchAll(/[\p{L}'’-]+/gu)];
    const spellings = words.map((w) => spelled(w[0]));
    for (let a = 0; a < words.length; a += 1) {
      let letters = '';
      for (let b = a; b < words.length; b += 1) {
        const first = words[a]!;
        const last = words[b]!;
        const text = line.text.slice(first.index, last.index + last[0].length);
        const cutInside = mayBeCut && letters.length < target.length;
        letters += spellings[b]!;
        const continued = cutInside && letters.length > target.length && letters.startsWith(target);
        if (letters.length > target.length + 4 && !continued) break;
        // A caption or field number glued before the name (`LNCARDHOLDER`): the name ends the word.
        let start = first.index;
        let compared = letters;
        if (a === b && letters.length > target.length && letters.endsWith(target) && letters.length - target.length <= 4) {
          start = first.index + text.length - cutLength(text, target.length);
          compared = target;
        }
        const near = target.length >= FRONT_TUNING.nearNameLength && Math.abs(compared.length - target.length) <= 1;
        const distance = compared === target ? 0 : continued ? 0.5 : near ? levenshtein(compared, target) : 2;
        if (distance > 1) continue;
        const end = last.index + last[0].length;
        const value = line.text.slice(start, end).replace(/\s+/g, ' ').toUpperCase();
        const reading = agreed({ value, start, end, line, confidence: 0 }, distance === 0);
        if (best === undefined || distance < best.distance || (distance === best.distance && reading.confidence > best.reading.confidence)) {
          best = { reading, distance };
        }
      }
    }
  }
  return best?.reading;
}

/** A letter whose mark the MRZ drops (É → E, Ł → L), which no MRZ can confirm; Ü → UE it spells. */
function hasUnspelledMark(name: string): boolean {
  return Array.from(name).some((c) => {
    const mrz = mrzSpelling(c);
    return mrz.length === 1 && /^[A-Z]$/.test(mrz) && mrz !== c.toUpperCase();
  });
}

function cutLength(text: string, letters: number): number {
  let count = 0;
  for (let i = text.length - 1; i >= 0; i -= 1) {
    count += spelled(text[i]!).length;
    if (count >= letters) return text.length - i;
  }
  return text.length;
}

function agreed(reading: Reading, exact: boolean): Reading {
  const own = spanConfidence(reading.line, reading.start, reading.end);
  return { ...reading, confidence: exact ? Math.max(own, FRONT_TUNING.agreedConfidence) : Math.min(own, FRONT_TUNING.nearConfidence) };
}

function joined(a: FrontLine, b: FrontLine): FrontLine {
  return {
    ...a, text: `${a.text} ${b.text}`, chars: [...a.chars, 1, ...b.chars],
    right: Math.max(a.right, b.right), top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom),
    ...joinedParts(a, b),
  };
}

/** Boxes of one row split by a gap the detector did not bridge (`20FEB` │ `1979`), joined. */
function rowPairs(lines: readonly FrontLine[]): FrontLine[] {
  const pairs: FrontLine[] = [];
  for (const a of lines) {
    const b = lines.filter((l) => l !== a && l.left >= a.right - 0.5 * a.height && l.left > a.left && l.left - a.right < 1.5 * a.height
      && Math.abs(l.cy - a.cy) < 0.5 * Math.min(a.height, l.height)).sort((x, y) => x.left - y.left)[0];
    if (b !== undefined) pairs.push(joined(a, b));
  }
  return pairs;
}

/** A line and the one right under it in the same column (a family name printed on two lines). */
function stackedPairs(lines: readonly FrontLine[]): FrontLine[] {
  const pairs: FrontLine[] = [];
  for (const a of lines) {
    const b = lines.filter((l) => l !== a && l.top >= a.cy && l.top - a.bottom < 0.8 * a.height
      && Math.abs(l.left - a.left) < a.height && Math.abs(l.height - a.height) < 0.3 * a.height).sort((x, y) => x.top - y.top)[0];
    if (b !== undefined) pairs.push(joined(a, b));
  }
  return pairs;
}
