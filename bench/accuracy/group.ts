/** Small helpers the accuracy scorers share: grouping records, shares and names. */
import { DocumentType, VerdictStatus } from '../../common/document.js';
import type { SpecimenRecord } from './record.js';

/** Splits items by a key, keys in first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items) (groups[key(item)] ??= []).push(item);
  return groups;
}

/** Applies `score` to every group of `items` by `key`, groups sorted by name. */
export function scoreBy<T, R>(items: readonly T[], key: (item: T) => string, score: (group: T[]) => R): Record<string, R> {
  const groups = groupBy(items, key);
  return Object.fromEntries(Object.keys(groups).sort().map((name) => [name, score(groups[name] as T[])]));
}

/** count / total rounded to 4 places; null when there is nothing to divide (JSON has no NaN). */
export function share(count: number, total: number): number | null {
  return total === 0 ? null : Math.round((count / total) * 10_000) / 10_000;
}

/** A number rounded to 4 places, or null for NaN and infinities. */
export function rounded(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : null;
}

/** Counts of each value. */
export function tally(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

const TYPE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(DocumentType).map(([name, value]) => [value, name]));
const VERDICT_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(VerdictStatus).map(([name, value]) => [value, name]));

export const typeName = (value: number): string => TYPE_NAMES[value] ?? `type ${value}`;
export const verdictName = (value: number): string => VERDICT_NAMES[value] ?? `status ${value}`;

/** Group keys of a record. */
export const byType = (record: SpecimenRecord): string => typeName(record.truth.documentType);
export const byCapture = (record: SpecimenRecord): string => record.truth.capture.front.kind;
export const byFormat = (record: SpecimenRecord): string => record.truth.format;
