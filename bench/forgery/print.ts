/** The forgery bench's printed tables (the same figures as its JSON). */
import { printTable } from '../report.js';
import { checksWith, outcome } from './checks.js';
import type { ForgeryRecord } from './record.js';
import type { GenuineTally, KindTally, SetTally } from './tally.js';

const percent = (rate: number | null): string => (rate === null ? '–' : `${(100 * rate).toFixed(1)} %`);

const names = (counts: Record<string, number>): string =>
  Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name}×${n}`).join(' ') || '–';

const kindRow = (kind: string, t: KindTally) => ({
  kind, altered: t.altered, caught: t.caught, 'caught %': percent(t.caughtRate), 'not passed': t.notPassed, 'not passed %': percent(t.notPassedRate),
  errors: t.errors, 'on field': t.caughtOnField, 'failed checks': names(t.failedChecks),
});

const genuineRow = (set: string, t: GenuineTally) => ({
  set, genuine: t.genuine, 'false ItsFake': t.falseItsFake, 'ItsFake %': percent(t.falseItsFakeRate), 'false LowConfidence': t.falseLowConfidence,
  'LowConfidence %': percent(t.falseLowConfidenceRate), errors: t.errors, 'failed checks': names(t.failedChecks), 'undetermined checks': names(t.undeterminedChecks),
});

/** One set's tables: altered documents per kind, then its genuine documents; `role` says what the set is for. */
export function printSet(set: string, role: string, tally: SetTally): void {
  console.log(`\n== ${set}: ${role}`);
  printTable(`${set}: altered documents (caught = ItsFake; not passed = ItsFake or LowConfidence; on field = caught by the altered field's own check)`,
    [...Object.entries(tally.kinds).map(([kind, t]) => kindRow(kind, t)), kindRow('all', tally.altered)]);
  printTable(`${set}: genuine documents`, [genuineRow(set, tally.genuine)]);
}

/** Real documents one by one: each genuine document's outcome and the checks behind it. */
export function printRealGenuine(set: string, records: readonly ForgeryRecord[], filled: Record<string, string[]> = {}): void {
  printTable(`${set}: genuine documents, one by one (Expired with an undetermined key field counts as LowConfidence)`, records.filter((r) => r.kind === null).map((r) => ({
    document: r.id, outcome: outcome(r.answer) === 'error' ? `error ${r.answer.code ?? ''}` : outcome(r.answer),
    'failed checks': checksWith(r.answer, 'failed').join(' ') || '–', 'undetermined checks': checksWith(r.answer, 'undetermined').join(' ') || '–',
    'left out of the payload': (filled[r.id] ?? []).join(' ') || '–',
  })));
}
