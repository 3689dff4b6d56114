/**
 * The forgery bench's counts. Per set and alteration kind: how many altered documents, how many
 * caught (ItsFake), how many not passed (ItsFake or LowConfidence), and which checks failed. On
 * the genuine documents of the same set: false ItsFake and false LowConfidence, with the checks
 * that failed or stayed undetermined.
 */
import { round } from '../report.js';
import { checksWith, fieldOf, isKeyFieldCheck, outcome } from './checks.js';
import type { ForgeryRecord } from './record.js';

export interface KindTally {
  altered: number;
  caught: number;
  notPassed: number;
  /** Answered with an error instead of a verdict. */
  errors: number;
  caughtRate: number | null;
  notPassedRate: number | null;
  /** Caught by the check of the field that was altered (not by another field's). */
  caughtOnField: number;
  failedChecks: Record<string, number>;
}

export interface GenuineTally {
  genuine: number;
  falseItsFake: number;
  falseLowConfidence: number;
  errors: number;
  falseItsFakeRate: number | null;
  falseLowConfidenceRate: number | null;
  failedChecks: Record<string, number>;
  undeterminedChecks: Record<string, number>;
}

const rate = (count: number, of: number): number | null => (of === 0 ? null : round(count / of, 4));

function countNames(names: readonly string[], into: Record<string, number>): void {
  for (const name of names) into[name] = (into[name] ?? 0) + 1;
}

export function tallyAltered(records: readonly ForgeryRecord[]): KindTally {
  const failedChecks: Record<string, number> = {};
  let caught = 0;
  let notPassed = 0;
  let errors = 0;
  let caughtOnField = 0;
  for (const record of records) {
    const result = outcome(record.answer);
    if (result === 'error') errors++;
    if (result === 'ItsFake') caught++;
    if (result === 'ItsFake' || result === 'LowConfidence') notPassed++;
    if (result === 'ItsFake' && record.answer.checks.some((check) => check.result === 'failed' && isKeyFieldCheck(check) && fieldOf(check) === record.alteration?.field)) caughtOnField++;
    countNames(checksWith(record.answer, 'failed'), failedChecks);
  }
  return { altered: records.length, caught, notPassed, errors, caughtRate: rate(caught, records.length), notPassedRate: rate(notPassed, records.length), caughtOnField, failedChecks };
}

export function tallyGenuine(records: readonly ForgeryRecord[]): GenuineTally {
  const failedChecks: Record<string, number> = {};
  const undeterminedChecks: Record<string, number> = {};
  let falseItsFake = 0;
  let falseLowConfidence = 0;
  let errors = 0;
  for (const record of records) {
    const result = outcome(record.answer);
    if (result === 'error') errors++;
    if (result === 'ItsFake') falseItsFake++;
    if (result === 'LowConfidence') falseLowConfidence++;
    countNames(checksWith(record.answer, 'failed'), failedChecks);
    countNames(checksWith(record.answer, 'undetermined'), undeterminedChecks);
  }
  return {
    genuine: records.length, falseItsFake, falseLowConfidence, errors,
    falseItsFakeRate: rate(falseItsFake, records.length), falseLowConfidenceRate: rate(falseLowConfidence, records.length),
    failedChecks, undeterminedChecks,
  };
}

export interface SetTally {
  genuine: GenuineTally;
  /** Every altered document together, then per kind. */
  altered: KindTally;
  kinds: Record<string, KindTally>;
  /** The same per document type (contract value). */
  types: Record<string, { genuine: GenuineTally; altered: KindTally }>;
}

function groupBy<K extends string | number>(records: readonly ForgeryRecord[], key: (record: ForgeryRecord) => K): Map<K, ForgeryRecord[]> {
  const groups = new Map<K, ForgeryRecord[]>();
  for (const record of records) groups.set(key(record), [...(groups.get(key(record)) ?? []), record]);
  return groups;
}

/** The tally of one set's records (genuine and altered together). */
export function tallySet(records: readonly ForgeryRecord[], kindOrder: readonly string[]): SetTally {
  const genuine = records.filter((record) => record.kind === null);
  const altered = records.filter((record) => record.kind !== null);
  const byKind = groupBy(altered, (record) => record.kind as string);
  const kinds = Object.fromEntries(kindOrder.filter((kind) => byKind.has(kind)).map((kind) => [kind, tallyAltered(byKind.get(kind)!)]));
  const types = Object.fromEntries([...groupBy(records, (record) => record.documentType)].sort(([a], [b]) => a - b).map(([type, group]) => [
    String(type), { genuine: tallyGenuine(group.filter((r) => r.kind === null)), altered: tallyAltered(group.filter((r) => r.kind !== null)) },
  ]));
  return { genuine: tallyGenuine(genuine), altered: tallyAltered(altered), kinds, types };
}
