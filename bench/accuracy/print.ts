/**
 * The printed side of the accuracy bench: compact tables of the report and the change of the
 * headline numbers since the previous result of the same suite (bench/report.ts keeps it as
 * `<suite>-latest.json`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printTable, resultsDir } from '../report.js';
import type { AccuracyReport, FAMILIES } from './assemble.js';
import { OCR_KEY_FIELDS } from './normalise.js';

const pct = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`);
const counts = (record: Record<string, number>): string => Object.entries(record).map(([k, v]) => `${k} ${v}`).join(', ') || '–';

function readerRows(report: AccuracyReport, by: 'byDocumentType' | 'byCapture') {
  const groups = new Set([...Object.keys(report.aamva[by]), ...Object.keys(report.mrz[by]), ...Object.keys(report.ocr[by])]);
  return [...groups].sort().map((group) => {
    const aamva = report.aamva[by][group];
    const mrz = report.mrz[by][group];
    const ocr = report.ocr[by][group];
    const fake = report.verdict.falseItsFake[by][group];
    const face = report.faces.detection[by][group];
    return {
      [by === 'byDocumentType' ? 'type' : 'capture']: group,
      'n': (aamva?.specimens ?? 0) + (mrz?.specimens ?? 0),
      'PDF417 read': pct(aamva?.readRate), 'AAMVA fields': pct(aamva?.fieldAccuracy),
      'MRZ read': pct(mrz?.readRate), 'MRZ exact': pct(mrz?.exactReadRate), 'MRZ fields': pct(mrz?.fieldAccuracy),
      'OCR read': pct(ocr?.readRate), 'OCR key': pct(ocr?.keyFieldAccuracy), 'OCR key (folded)': pct(ocr?.keyFieldAccuracyFolded), 'OCR names with marks': pct(ocr?.markedNameAccuracy),
      'marked names missed: unread/mark/letter': ocr ? `${ocr.markedNameMisses.absent}/${ocr.markedNameMisses.marks}/${ocr.markedNameMisses.letters}` : '–',
      'false ItsFake': pct(fake?.rate), 'faces compared': pct(face?.compared),
    };
  });
}

/** The families whose designs no rule was tuned on. */
const MEASURED_ONLY: ReadonlySet<(typeof FAMILIES)[number]> = new Set(['validation', 'test'] as const);

/**
 * The most frequent wrong fields per reader; OCR limited to its key fields (the JSON has all).
 * The validation and test families' are counted without an example: their fronts are measured,
 * never studied, and an example printed with every run is read by whoever tunes the readers next.
 */
function mismatchRows(report: AccuracyReport, family: string) {
  const rows: Array<Record<string, string | number>> = [];
  const ocrKey = Object.entries(report.ocr.mismatches).filter(([field]) => (OCR_KEY_FIELDS as readonly string[]).includes(field));
  for (const [reader, entries] of [['AAMVA', Object.entries(report.aamva.mismatches)], ['MRZ', Object.entries(report.mrz.mismatches)], ['OCR', ocrKey]] as const) {
    for (const [field, { wrong, examples }] of entries.slice(0, 6)) {
      rows.push({ reader, field, wrong, example: MEASURED_ONLY.has(family as (typeof FAMILIES)[number]) ? `(${family}: counted only)` : examples[0] ?? '' });
    }
  }
  return rows;
}

/** Reports by design family (assemble.ts, `assembleFamilies`), in print order. */
export type Reports = Readonly<Record<string, AccuracyReport>>;

/** The rows of every family's table one after the other, each led by its family. */
function perFamily(reports: Reports, rows: (report: AccuracyReport, family: string) => Array<Record<string, string | number>>): Array<Record<string, string | number>> {
  return Object.entries(reports).flatMap(([family, report]) => rows(report, family).map((row) => ({ family, ...row })));
}

const showHeadline = (name: string, value: number | null): string => (name.endsWith('Ms') ? String(value ?? '–') : pct(value));

/** Every headline number, one column per family. */
function headlineRows(reports: Reports) {
  const names = Object.keys(Object.values(reports)[0]?.headline ?? {}) as (keyof AccuracyReport['headline'])[];
  return names.map((name) => ({ headline: name, ...Object.fromEntries(Object.entries(reports).map(([family, report]) => [family, showHeadline(name, report.headline[name])])) }));
}

/** Per key visual field and confidence band: readings and share right, families side by side. */
function reliabilityRows(reports: Reports) {
  const families = Object.entries(reports);
  const first = families[0]?.[1].reliability ?? {};
  return Object.entries(first).flatMap(([field, { bands }]) => [
    ...bands.map(({ band }, i) => ({
      field, confidence: band,
      ...Object.fromEntries(families.flatMap(([family, report]) => {
        const cell = report.reliability[field]?.bands[i];
        return [[`${family} n`, cell?.n ?? 0], [`${family} right`, pct(cell?.share)]];
      })),
    })),
    { field, confidence: 'not read', ...Object.fromEntries(families.flatMap(([family, report]) => [[`${family} n`, report.reliability[field]?.absent ?? 0], [`${family} right`, '']])) },
  ]);
}

/** Prints the reports' tables: the headline for every report side by side, then each table per family. */
export function printAccuracy(reports: Reports): void {
  printTable('Headline by design family (tuning: the readers were tuned on it; validation: only measured, decides; test: only measured, decides nothing; all: tuning and validation)', headlineRows(reports));
  const families = Object.fromEntries(Object.entries(reports).filter(([family]) => family !== 'all'));
  printTable('Readers by document type (PDF417/MRZ fields: exact, over what was read; OCR: key fields, unread fronts wrong)', perFamily(families, (r) => readerRows(r, 'byDocumentType')));
  printTable('Readers by capture kind', perFamily(families, (r) => readerRows(r, 'byCapture')));
  printTable('Verdict by negative kind (right: expected verdict, or an expected error code)', perFamily(families, (r) =>
    Object.entries(r.verdict.byNegative).map(([negative, v]) => ({ negative, n: v.specimens, right: pct(v.right), answers: counts(v.answers) }))));
  printTable('Tamper set: tampered fronts given ItsFake, by kind (tamper-set.ts)', perFamily(families, (r) =>
    Object.entries(r.tamperSet.byKind).map(([kind, v]) => ({ kind, n: v.specimens, 'ItsFake': pct(v.rate) }))));
  printTable('Verdict confusion (rows expected, columns answered)', perFamily(families, (r) => Object.entries(r.verdict.matrix).map(([row, cells]) => ({ '': row, ...cells }))));
  printTable('Faces (document vs selfie) and anti-spoofing', perFamily(families, ({ faces }) => [{
    'pairs gen/imp': `${faces.genuinePairs}/${faces.impostorPairs}`,
    'TAR@FAR1%': pct(faces.tarAtFar1.tar), 'TAR@FAR0.1%': pct(faces.tarAtFar01.tar), EER: pct(faces.eer),
    '≥50 TAR/FAR': `${pct(faces.calibrated.atConfidence50?.tar)}/${pct(faces.calibrated.atConfidence50?.far)}`,
    '≥70 TAR/FAR': `${pct(faces.calibrated.atConfidence70?.tar)}/${pct(faces.calibrated.atConfidence70?.far)}`,
    'live/spoof': `${faces.antiSpoofing.live}/${faces.antiSpoofing.spoofs}`,
    APCER: pct(faces.antiSpoofing.apcer), BPCER: pct(faces.antiSpoofing.bpcer), 'spoof EER': pct(faces.antiSpoofing.eer),
    'face errors': counts(faces.detection.overall.errors),
  }]));
  printTable('Stage latency (ms, successful Verify calls; verify: client round trip of every call)', perFamily(families, (r) =>
    [...Object.entries(r.latency.stages), ['verify', r.latency.verify] as const].map(([stage, q]) => ({ stage, n: q.n, p50: q.p50 ?? '–', p95: q.p95 ?? '–' }))));
  printTable('Reliability of the key visual fields: readings by the confidence the service gave them, and the share right', reliabilityRows(families));
  printTable('Most frequent mismatches (truth → read)', perFamily(families, mismatchRows));
}

export interface AccuracyMeta {
  seed: number;
  size: number;
  /** Specimens of the test family's own corpus (0 when the corpus itself is the test family's). */
  testSize: number;
  /** Specimens of the tamper set (tamper-set.ts). */
  tamperSet: number;
  quick: boolean;
  /** The designs the corpus drew from (test/fixtures/specimens/designs). */
  designs: string;
}

/**
 * Prints the change of every family's headline since the previous result of `suite`, when one
 * exists (a result from before the families compares its whole-corpus headline with `all`).
 */
export function printHeadlineDiff(suite: string, meta: AccuracyMeta, reports: Reports): void {
  const file = join(resultsDir(), `${suite}-latest.json`);
  if (!existsSync(file)) {
    console.log(`\nNo previous ${suite} result to compare with.`);
    return;
  }
  type Headline = Record<string, number | null>;
  const previous = JSON.parse(readFileSync(file, 'utf8')) as { meta?: Partial<AccuracyMeta>; headline?: Headline; families?: Record<string, { headline?: Headline }> };
  const same = previous.meta?.seed === meta.seed && previous.meta?.size === meta.size && previous.meta?.quick === meta.quick && previous.meta?.designs === meta.designs
    && previous.meta?.testSize === meta.testSize;
  const note = same ? '' : ` (NOT the same corpus: before seed ${previous.meta?.seed} size ${previous.meta?.size}${previous.meta?.quick ? ' quick' : ''} designs ${previous.meta?.designs ?? 'classic'} test family ${previous.meta?.testSize ?? 'none'})`;
  const rows = Object.entries(reports).flatMap(([family, report]) => {
    const before = (family === 'all' ? previous.headline : previous.families?.[family]?.headline) ?? {};
    return Object.entries(report.headline).map(([name, now]) => {
      const was = before[name] ?? null;
      const delta = now === null || was === null ? '–' : name.endsWith('Ms') ? (now - was).toFixed(1) : `${((now - was) * 100).toFixed(1)} pt`;
      return { family, headline: name, before: showHeadline(name, was), now: showHeadline(name, now), change: delta };
    });
  });
  printTable(`Headline since the previous ${suite} run${note}`, rows);
}
