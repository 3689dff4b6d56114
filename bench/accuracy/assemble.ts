/**
 * Turns the collected records into the accuracy report: per reader (score-readers.ts), verdict
 * (score-verdict.ts), faces (score-face.ts), per-stage latency, and the headline numbers that the
 * printed summary and the run-to-run diff use.
 */
import { percentile, round } from '../report.js';
import { byType, rounded, scoreBy } from './group.js';
import type { SpecimenRecord } from './record.js';
import { scoreFaces } from './score-face.js';
import { scoreAamva, scoreFront, scoreMrz, scoreReliability } from './score-readers.js';
import { scoreVerdict, tamperDetection } from './score-verdict.js';

function quantiles(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: sorted.length === 0 ? null : round(percentile(sorted, 50)), p95: sorted.length === 0 ? null : round(percentile(sorted, 95)) };
}

/**
 * Stage timings as the pipeline reports them (successful Verify calls: a failed call carries
 * none), and the client-side round trip of every Verify call.
 */
function latency(records: readonly SpecimenRecord[]) {
  const stages: Record<string, number[]> = {};
  for (const record of records) for (const { stage, ms } of record.verify.timings) (stages[stage] ??= []).push(ms);
  return {
    stages: Object.fromEntries(Object.entries(stages).map(([stage, values]) => [stage, quantiles(values)])),
    verify: quantiles(records.map((r) => r.verify.latencyMs)),
    verifyByDocumentType: scoreBy(records, byType, (group) => quantiles(group.map((r) => r.verify.latencyMs))),
  };
}

export type AccuracyReport = ReturnType<typeof assembleReport>;

/**
 * The whole report for a set of records; `meta` is the caller's (corpus, machine, duration).
 * `tamperSet`: the tamper set's records (tamper-set.ts), scored for tamper detection alone.
 */
export function assembleReport(records: readonly SpecimenRecord[], tamperSet: readonly SpecimenRecord[] = []) {
  const aamva = scoreAamva(records);
  const mrz = scoreMrz(records);
  const ocr = scoreFront(records);
  const verdict = scoreVerdict(records);
  const tampering = tamperDetection(tamperSet);
  const faces = scoreFaces(records);
  const timing = latency(records);
  return {
    headline: {
      aamvaReadRate: aamva.overall.readRate,
      aamvaFieldAccuracy: aamva.overall.fieldAccuracy,
      mrzReadRate: mrz.overall.readRate,
      mrzExactReadRate: mrz.overall.exactReadRate,
      mrzFieldAccuracy: mrz.overall.fieldAccuracy,
      ocrReadRate: ocr.overall.readRate,
      ocrKeyFieldAccuracy: ocr.overall.keyFieldAccuracy,
      ocrKeyFieldAccuracyFolded: ocr.overall.keyFieldAccuracyFolded,
      ocrMarkedNameAccuracy: ocr.overall.markedNameAccuracy,
      verdictRightAnswer: verdict.rightAnswer,
      falseItsFake: verdict.falseItsFake.overall.rate,
      tamperDetection: verdict.tamperedFront.detection,
      tamperSetDetection: tampering.detection,
      faceTarAtFar1: faces.tarAtFar1.tar,
      faceTarAtFar01: faces.tarAtFar01.tar,
      faceEer: faces.eer,
      spoofApcer: faces.antiSpoofing.apcer,
      spoofBpcer: faces.antiSpoofing.bpcer,
      verifyP50Ms: timing.verify.p50,
      verifyP95Ms: timing.verify.p95,
    },
    aamva,
    mrz,
    ocr,
    verdict,
    tamperSet: tampering,
    faces,
    /** Key visual fields by the confidence the service gave them: how often each band is right. */
    reliability: scoreReliability(records),
    latency: timing,
    probes: probeCounts(records),
  };
}

/** The design families in report order (test/fixtures/specimens/designs). */
export const FAMILIES = Object.freeze(['tuning', 'validation', 'test'] as const);
export type FamilyReports = Record<(typeof FAMILIES)[number], AccuracyReport>;

/**
 * The report of every family on its own: the tuning designs (the readers' rules were studied on
 * them) beside the validation ones (only measured, but used to decide) and the test family's own
 * corpus (only measured, nothing decided on it), so that what a rule learnt of a layout shows, and
 * what a choice made on validation figures learnt of them.
 */
export function assembleFamilies(records: readonly SpecimenRecord[], tamperSet: readonly SpecimenRecord[] = []): FamilyReports {
  const of = (family: string) => (r: SpecimenRecord): boolean => r.truth.design.family === family;
  return Object.fromEntries(FAMILIES.map((family) => [family, assembleReport(records.filter(of(family)), tamperSet.filter(of(family)))])) as FamilyReports;
}

/** How many isolation probes ran, and how much the corpus took to generate. */
function probeCounts(records: readonly SpecimenRecord[]) {
  const counts: Record<string, number> = {};
  for (const record of records) for (const name of Object.keys(record.probes)) counts[name] = (counts[name] ?? 0) + 1;
  const generate = records.map((r) => r.generateMs);
  return { ...counts, generateMsMean: rounded(generate.reduce((a, b) => a + b, 0) / Math.max(1, generate.length)) };
}
