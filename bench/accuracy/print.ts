/**
 * The printed side of the accuracy bench: compact tables of the report and the change of the
 * headline numbers since the previous result of the same suite (bench/report.ts keeps it as
 * `<suite>-latest.json`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printTable, resultsDir } from '../report.js';
import type { AccuracyReport } from './assemble.js';
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
      'OCR read': pct(ocr?.readRate), 'OCR key': pct(ocr?.keyFieldAccuracy), 'OCR key (folded)': pct(ocr?.keyFieldAccuracyFolded),
      'false ItsFake': pct(fake?.rate), 'faces compared': pct(face?.compared),
    };
  });
}

/** The most frequent wrong fields per reader; OCR limited to its key fields (the JSON has all). */
function mismatchRows(report: AccuracyReport) {
  const rows: Array<Record<string, string | number>> = [];
  const ocrKey = Object.entries(report.ocr.mismatches).filter(([field]) => (OCR_KEY_FIELDS as readonly string[]).includes(field));
  for (const [reader, entries] of [['AAMVA', Object.entries(report.aamva.mismatches)], ['MRZ', Object.entries(report.mrz.mismatches)], ['OCR', ocrKey]] as const) {
    for (const [field, { wrong, examples }] of entries.slice(0, 6)) {
      rows.push({ reader, field, wrong, example: examples[0] ?? '' });
    }
  }
  return rows;
}

/** Prints the report's tables. */
export function printAccuracy(report: AccuracyReport): void {
  printTable('Readers by document type (PDF417/MRZ fields: exact, over what was read; OCR: key fields, unread fronts wrong)', readerRows(report, 'byDocumentType'));
  printTable('Readers by capture kind', readerRows(report, 'byCapture'));
  printTable('Verdict by negative kind (right: expected verdict, or an expected error code)',
    Object.entries(report.verdict.byNegative).map(([negative, v]) => ({ negative, n: v.specimens, right: pct(v.right), answers: counts(v.answers) })));
  printTable('Verdict confusion (rows expected, columns answered)', Object.entries(report.verdict.matrix).map(([row, cells]) => ({ '': row, ...cells })));
  const { faces } = report;
  printTable('Faces (document vs selfie) and anti-spoofing', [{
    'pairs gen/imp': `${faces.genuinePairs}/${faces.impostorPairs}`,
    'TAR@FAR1%': pct(faces.tarAtFar1.tar), 'TAR@FAR0.1%': pct(faces.tarAtFar01.tar), EER: pct(faces.eer),
    '≥50 TAR/FAR': `${pct(faces.calibrated.atConfidence50?.tar)}/${pct(faces.calibrated.atConfidence50?.far)}`,
    '≥70 TAR/FAR': `${pct(faces.calibrated.atConfidence70?.tar)}/${pct(faces.calibrated.atConfidence70?.far)}`,
    'live/spoof': `${faces.antiSpoofing.live}/${faces.antiSpoofing.spoofs}`,
    APCER: pct(faces.antiSpoofing.apcer), BPCER: pct(faces.antiSpoofing.bpcer), 'spoof EER': pct(faces.antiSpoofing.eer),
    'face errors': counts(faces.detection.overall.errors),
  }]);
  printTable('Stage latency (ms, successful Verify calls; verify: client round trip of every call)',
    [...Object.entries(report.latency.stages), ['verify', report.latency.verify] as const].map(([stage, q]) => ({ stage, n: q.n, p50: q.p50 ?? '–', p95: q.p95 ?? '–' })));
  printTable('Most frequent mismatches (truth → read)', mismatchRows(report));
}

export interface AccuracyMeta {
  seed: number;
  size: number;
  quick: boolean;
}

/** Prints the headline's change since the previous result of `suite`, when one exists. */
export function printHeadlineDiff(suite: string, meta: AccuracyMeta, headline: AccuracyReport['headline']): void {
  const file = join(resultsDir(), `${suite}-latest.json`);
  if (!existsSync(file)) {
    console.log(`\nNo previous ${suite} result to compare with.`);
    return;
  }
  const previous = JSON.parse(readFileSync(file, 'utf8')) as { meta?: Partial<AccuracyMeta>; headline?: Record<string, number | null> };
  const before = previous.headline ?? {};
  const same = previous.meta?.seed === meta.seed && previous.meta?.size === meta.size && previous.meta?.quick === meta.quick;
  const note = same ? '' : ` (NOT the same corpus: before seed ${previous.meta?.seed} size ${previous.meta?.size}${previous.meta?.quick ? ' quick' : ''})`;
  const rows = Object.entries(headline).map(([name, now]) => {
    const was = before[name] ?? null;
    const delta = now === null || was === null ? '–' : name.endsWith('Ms') ? (now - was).toFixed(1) : `${((now - was) * 100).toFixed(1)} pt`;
    const show = (v: number | null): string => (name.endsWith('Ms') ? String(v ?? '–') : pct(v));
    return { headline: name, before: show(was), now: show(now), change: delta };
  });
  printTable(`Headline since the previous ${suite} run${note}`, rows);
}
