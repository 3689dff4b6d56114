/**
 * A front's dates checked against each other (issue after birth, expiry after issue, within the
 * longest validity): dates that break it were read for the wrong field and are left out. Unlabelled
 * dates are placed by that order only where every consistent placement agrees.
 */
import { dateAlone, type NumericOrder } from './dates.js';
import type { Reading } from './labels.js';
import { spanConfidence, type FrontLine } from './layout.js';
import { FRONT_TUNING } from './tunables.js';

export type DateField = 'dob' | 'issued' | 'expires';
const FIELDS: readonly DateField[] = ['dob', 'issued', 'expires'];
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

function time(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`);
}

export function consistent(dates: Partial<Record<DateField, string>>, today: Date): boolean {
  const { dob, issued, expires } = dates;
  const now = today.getTime();
  if (dob !== undefined && time(dob) > now) return false;
  if (issued !== undefined && time(issued) > now + 31 * DAY_MS) return false;
  if (dob !== undefined && issued !== undefined && !(dob < issued)) return false;
  if (dob !== undefined && expires !== undefined && !(dob < expires)) return false;
  if (issued !== undefined && expires !== undefined) {
    if (!(issued < expires) || time(expires) - time(issued) > FRONT_TUNING.maxValidityYears * YEAR_MS + DAY_MS) return false;
  }
  return true;
}

/** Labelled dates that contradict each other are dropped; `loose` dates fill empty fields where all maximal placements agree. */
export function settleDates(labelled: ReadonlyMap<DateField, Reading>, loose: readonly Reading[], today: Date): Map<DateField, Reading> {
  const out = new Map(labelled);
  const values = (m: ReadonlyMap<DateField, Reading>): Partial<Record<DateField, string>> =>
    Object.fromEntries([...m].map(([field, r]) => [field, r.value]));
  if (!consistent(values(out), today)) {
    // Keep the largest consistent subset of the labelled dates; when several tie, none of them.
    const subsets = [...subsetsOf([...out.keys()])].filter((s) => s.length < out.size)
      .filter((s) => consistent(Object.fromEntries(s.map((f) => [f, out.get(f)!.value])), today));
    const size = Math.max(0, ...subsets.map((s) => s.length));
    const best = subsets.filter((s) => s.length === size);
    const keep = new Set(best.length === 1 ? best[0] : []);
    for (const field of [...out.keys()]) if (!keep.has(field)) out.delete(field);
  }
  const taken = new Set([...labelled.values()].map((r) => r.value));
  const distinct = new Map<string, Reading>();
  for (const r of loose) if (!taken.has(r.value) && !distinct.has(r.value)) distinct.set(r.value, r);
  const empty = FIELDS.filter((f) => !out.has(f));
  if (empty.length === 0 || distinct.size === 0 || distinct.size > 4) return out;

  const dates = [...distinct.values()];
  const placements: Map<DateField, Reading>[] = [];
  const place = (i: number, current: Map<DateField, Reading>, used: Set<Reading>): void => {
    if (i === empty.length) {
      const all = new Map([...out, ...current]);
      if (consistent(values(all), today)) placements.push(new Map(current));
      return;
    }
    place(i + 1, current, used);
    for (const d of dates) {
      if (used.has(d)) continue;
      current.set(empty[i]!, d);
      used.add(d);
      place(i + 1, current, used);
      current.delete(empty[i]!);
      used.delete(d);
    }
  };
  place(0, new Map(), new Set());
  const most = Math.max(0, ...placements.map((p) => p.size));
  const maximal = placements.filter((p) => p.size === most);
  if (most === 0) return out;
  for (const field of empty) {
    const first = maximal[0]!.get(field);
    if (first !== undefined && maximal.every((p) => p.get(field) === first)) out.set(field, first);
  }
  return out;
}

function* subsetsOf<T>(items: readonly T[]): Generator<T[]> {
  for (let mask = 0; mask < 1 << items.length; mask += 1) yield items.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** A line that is one date alone (dates.ts dateAlone). */
export function wholeLineDate(line: FrontLine, order: NumericOrder): Reading | undefined {
  const found = dateAlone(line.text, order);
  return found === undefined ? undefined : { ...found, line, confidence: spanConfidence(line, found.start, found.end) };
}
