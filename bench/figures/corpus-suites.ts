/**
 * The headline figures of the suites that score data (accuracy, forgery, real-docs,
 * mrz-robustness, faces, capture), one row per set with its role, from their results: the numbers docs/bench.md calls
 * each one's headline.
 */
import type { AccuracyReport } from '../accuracy/assemble.js';
import type { AccuracyResult } from '../accuracy/run.js';
import { ACCURACY_SIZE, ACCURACY_TEST_SIZE } from '../accuracy/run.js';
import { TAMPER_SET_SIZE } from '../accuracy/tamper-set.js';
import type { CaptureBenchResult } from '../capture-feedback.bench.js';
import { CAPTURE_SPECIMENS } from '../capture-feedback.bench.js';
import type { FacesResult } from '../faces.bench.js';
import { FACE_CORPUS_SIZE } from '../faces.bench.js';
import { FACE_SEED } from '../faces-data.js';
import type { ForgeryResult } from '../forgery/run.js';
import { FORGERY_PARTS, FORGERY_SIZE } from '../forgery/sets.js';
import type { GenuineTally, KindTally } from '../forgery/tally.js';
import type { MrzRobustnessResult } from '../mrz-robustness.js';
import type { RealDocsResult, RealDocsSummary } from '../real-docs.js';
import { p50p95, pct, pct100 } from './format.js';
import type { SuiteFigures } from './row.js';

/**
 * Each design family's role: the readers' rules were studied on the tuning designs; the validation
 * ones are only measured but decide; nothing is decided on the test family.
 */
const FAMILY_ROLES: Readonly<Record<string, string>> = Object.freeze({ tuning: 'tuning', validation: 'validation', test: 'test: nothing decided on it' });

function accuracyText(report: AccuracyReport): string {
  const h = report.headline;
  return [
    `${report.latency.verify.n} specimens`,
    `front key fields ${pct(h.ocrKeyFieldAccuracy)} (folded ${pct(h.ocrKeyFieldAccuracyFolded)})`,
    `names with marks ${pct(h.ocrMarkedNameAccuracy)}`,
    `MRZ exact ${pct(h.mrzExactReadRate)}`,
    `AAMVA read ${pct(h.aamvaReadRate)}`,
    `right verdict ${pct(h.verdictRightAnswer)}`,
    `false ItsFake ${pct(h.falseItsFake)}`,
    `tampered fronts caught ${pct(h.tamperDetection)} (tamper set ${pct(h.tamperSetDetection)})`,
    `anti-spoofing APCER ${pct(h.spoofApcer)}, BPCER ${pct(h.spoofBpcer)}`,
    `Verify ${p50p95({ p50: h.verifyP50Ms, p95: h.verifyP95Ms })}`,
  ].join('; ');
}

export function accuracyFigures(result: AccuracyResult): SuiteFigures {
  const { seed, size, testSize, designs, tamperSet, quick, ocrRecogniser } = result.meta;
  const smaller = [
    quick ? 'quick' : '', size < ACCURACY_SIZE.full ? `${size} specimens` : '', testSize < ACCURACY_TEST_SIZE.full ? `test family ${testSize}` : '',
    tamperSet < TAMPER_SET_SIZE.full ? `tamper set ${tamperSet}` : '',
  ].filter((s) => s !== '');
  return {
    run: `seed ${seed}, ${size} specimens, designs ${designs}, test family ${testSize}, tamper set ${tamperSet}, recogniser ${ocrRecogniser}`,
    partial: smaller.length === 0 ? null : smaller.join(', '),
    rows: Object.entries(result.families)
      .filter(([, report]) => report.latency.verify.n > 0)
      .map(([family, report]) => ({ set: `${family} designs (${FAMILY_ROLES[family] ?? family})`, figures: accuracyText(report) })),
  };
}

function forgeryText(altered: KindTally, genuine: GenuineTally): string {
  return `altered ${altered.altered}: caught ${pct(altered.caughtRate)}, not passed ${pct(altered.notPassedRate)}, errors ${altered.errors}; `
    + `genuine ${genuine.genuine}: false ItsFake ${pct(genuine.falseItsFakeRate)}, false LowConfidence ${pct(genuine.falseLowConfidenceRate)}, errors ${genuine.errors}`;
}

export function forgeryFigures(result: ForgeryResult): SuiteFigures {
  const { seed, size, parts, quick, ocrRecogniser } = result.meta;
  const smaller = [quick ? 'quick' : '', parts.length < FORGERY_PARTS.length ? `sets ${parts.join(', ')}` : '', size < FORGERY_SIZE.full ? `${size} a family` : ''].filter((s) => s !== '');
  const families = Object.entries(result.sets).map(([family, tally]) => ({ set: `${family} designs (${FAMILY_ROLES[family] ?? family})`, figures: forgeryText(tally.altered, tally.genuine) }));
  const real = 'skipped' in result.real ? [] : Object.entries(result.real).map(([part, tally]) => ({
    set: `${part} of ../shared/data/real-docs (development)`,
    figures: `${forgeryText(tally.altered, tally.genuine)}; ${tally.skipped.length} left out`,
  }));
  return {
    run: `seed ${seed}, ${size} genuine + ${size} altered a family, recogniser ${ocrRecogniser}`,
    partial: smaller.length === 0 ? null : smaller.join(', '),
    rows: [...families, ...real],
  };
}

function realDocsText(name: string, s: Omit<RealDocsSummary, 'results'>): string {
  return `${name} key fields ${s.keyFieldsRight} of ${s.keyFields} (${pct100(s.exact)}, folded ${pct100(s.folded)}), ${s.wrong} read wrong`;
}

export function realDocsFigures(result: RealDocsResult): SuiteFigures {
  return {
    run: `recogniser ${result.meta.recogniser}`,
    partial: null,
    rows: [{
      set: `../shared/data/real-docs, ${result.documents} documents (development)`,
      figures: `${realDocsText('front guided', result)}; ${realDocsText('unguided', result.unguided)}; MRZ ${result.mrzRight} of ${result.mrzDocuments}; `
        + `OcrImage ${result.ocrImage.found} of ${result.ocrImage.fields} transcribed text fields in ${result.ocrImage.ms} ms`,
    }],
  };
}

/** Anti-spoofing at 50 on each attack set, fused (MiniFASNet alone in brackets); the held-out overall when no set is named. */
function spoofLine(roles: FacesResult['spoof']['roles'], overall: FacesResult['spoof']['overall']): string {
  const rate = (set: unknown, score: string, key: 'APCER' | 'BPCER'): number | undefined => roles.find((r) => r.set === set && r.score === score)?.[key] as number | undefined;
  const sets = [...new Set(roles.map((r) => r.set))];
  if (sets.length === 0) return `anti-spoofing at 50: APCER ${pct(overall.APCER)} (${overall.attacks} attacks), BPCER ${pct(overall.BPCER)} (${overall.live} live), EER ${pct(overall.EER)}`;
  return `anti-spoofing at 50, fused (MiniFASNet alone): ${sets.map((set) => `${set} APCER ${pct(rate(set, 'fused', 'APCER'))} (${pct(rate(set, 'miniFasNet', 'APCER'))}), BPCER ${pct(rate(set, 'fused', 'BPCER'))} (${pct(rate(set, 'miniFasNet', 'BPCER'))})`).join(', ')}`;
}

export function facesFigures(result: FacesResult): SuiteFigures {
  const { corpusSize, seed, embedder } = result.meta;
  const pooled = result.candidates.find((c) => c.name === embedder)?.centred.pooled;
  const spoof = result.spoof.overall;
  return {
    run: `seed ${seed}, ${corpusSize} specimens, embedder ${embedder}`,
    partial: corpusSize < FACE_CORPUS_SIZE.full ? `${corpusSize} specimens` : null,
    rows: [{
      set: `../shared/data/faces and corpus seed ${seed} (${seed === FACE_SEED ? 'tuning: the calibrations are fitted on it' : 'validation'})`,
      figures: [
        `pooled pairs TAR at FAR 1 % ${pct(pooled?.tarAtFar1)}, at FAR 0.1 % ${pct(pooled?.tarAtFar01)}, EER ${pct(pooled?.eer)}`,
        spoofLine(result.spoof.roles, spoof),
        `face stage p50/p90 ${result.latency.p50}/${result.latency.p90} ms`,
      ].join('; '),
    }],
  };
}

export function captureFigures(result: CaptureBenchResult): SuiteFigures {
  const { seed, specimens, images } = result.meta;
  const reasons = result.table.map((row) => `${row.reason} ${pct100(row.recall)} / ${pct100(row.falseRate)}`);
  return {
    run: `seed ${seed}, ${specimens} specimens, ${images} images`,
    partial: specimens < CAPTURE_SPECIMENS.full ? `${specimens} specimens` : null,
    rows: [{
      set: 'the labelled capture set (tuning: the limits sit where it puts them)',
      figures: `found on degraded / on clean: ${reasons.join(', ')}; measures per image ${p50p95(result.measureMs)}`,
    }],
  };
}

export function mrzRobustnessFigures(result: MrzRobustnessResult): SuiteFigures {
  const variants = Object.entries(result.byVariant).map(([name, v]) => `${name} ${v.right}/${v.pages}`);
  return {
    run: `${result.meta.documents} documents × ${Object.keys(result.byVariant).length} variants`,
    partial: result.meta.quick ? 'quick' : null,
    rows: [{
      set: `../shared/data/real-docs ICAO MRZ pages, turned, EXIF-oriented, scaled, on a table, tilted, dimmed (development)`,
      figures: `MRZ right ${result.right} of ${result.pages} (${variants.join(', ')}); unanswered ${result.unanswered}; MRZ stage p50/p95 ${result.msP50}/${result.msP95} ms, as sent p50 ${result.asSentMsP50} ms`,
    }],
  };
}
