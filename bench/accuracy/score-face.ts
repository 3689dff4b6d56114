/**
 * Faces on the corpus: document portrait vs selfie, scored by faceVerificationResult.confidence
 * against truth.selfie.genuine, and anti-spoofing of live vs replayed selfies.
 *
 * TAR at FAR is read off the measured scores (metrics.ts); with N impostor pairs the smallest
 * FAR that can be told from zero is 1/N, so at a few hundred specimens FAR 0.1% means "no
 * impostor accepted". The contract's calibration (decisions.md, Faces: 50 at FAR 1%, 70 at
 * FAR 0.1%) is checked beside it by the rates measured at those two confidences.
 */
import { equalErrorRate, tarAtFar, type ScoredPair } from './metrics.js';
import { byCapture, byType, rounded, scoreBy, share, tally } from './group.js';
import { faceOutcome, type SpecimenRecord } from './record.js';

/** The live-or-not threshold of antiSpoofing (pipeline/face/spoof.ts maps it to 50). */
const SPOOF_THRESHOLD = 50;
const CALIBRATED = [50, 70] as const;

/** Face comparison results of the specimens that have a document. */
function scored(records: readonly SpecimenRecord[]) {
  return records
    .filter((r) => r.truth.negative !== 'no-document')
    .map((record) => ({ record, outcome: faceOutcome(record) }));
}

function matching(pairs: readonly ScoredPair[]) {
  const genuine = pairs.filter((p) => p.genuine);
  const impostor = pairs.filter((p) => !p.genuine);
  const at = (far: number) => {
    const { tar, threshold } = tarAtFar(pairs, far);
    // No genuine pair (a design family without faces compared): no rate, rather than 0.
    return { tar: genuine.length === 0 ? null : rounded(tar), threshold: rounded(threshold) };
  };
  return {
    genuinePairs: genuine.length,
    impostorPairs: impostor.length,
    tarAtFar1: at(0.01),
    tarAtFar01: at(0.001),
    eer: rounded(equalErrorRate(pairs).eer),
    // What the calibrated confidence does at the contract's two operating points (accept ≥ value).
    calibrated: Object.fromEntries(CALIBRATED.map((value) => [`atConfidence${value}`, {
      tar: share(genuine.filter((p) => p.score >= value).length, genuine.length),
      far: share(impostor.filter((p) => p.score >= value).length, impostor.length),
    }])),
  };
}

function detection(items: ReturnType<typeof scored>) {
  const measured = items.filter((i) => i.outcome !== null);
  return {
    measured: measured.length,
    compared: share(measured.filter((i) => i.outcome?.score !== undefined).length, measured.length),
    errors: tally(measured.flatMap((i) => (i.outcome?.code === undefined ? [] : [i.outcome.code]))),
  };
}

/** Face matching (TAR at FAR, EER, calibrated points), face errors and anti-spoofing. */
export function scoreFaces(records: readonly SpecimenRecord[]) {
  const items = scored(records);
  const pairs: ScoredPair[] = items.flatMap(({ record, outcome }) =>
    (outcome?.score === undefined ? [] : [{ score: outcome.score.confidence, genuine: record.truth.selfie.genuine }]));
  return {
    ...matching(pairs),
    detection: {
      overall: detection(items),
      byDocumentType: scoreBy(items, (i) => byType(i.record), detection),
      byCapture: scoreBy(items, (i) => byCapture(i.record), detection),
    },
    antiSpoofing: scoreSpoofing(items),
  };
}

/** Live vs replayed selfies by antiSpoofing (higher means live). */
function scoreSpoofing(items: ReturnType<typeof scored>) {
  const withScore = items.flatMap(({ record, outcome }) =>
    (outcome?.score === undefined ? [] : [{ spoof: record.truth.selfie.spoof, score: outcome.score.antiSpoofing }]));
  const live = withScore.filter((i) => i.spoof === null);
  const spoofs = withScore.filter((i) => i.spoof !== null);
  const mean = (xs: readonly { score: number }[]): number | null => (xs.length === 0 ? null : rounded(xs.reduce((a, x) => a + x.score, 0) / xs.length));
  return {
    live: live.length,
    spoofs: spoofs.length,
    // ISO 30107-3 terms: APCER, attacks taken as live; BPCER, live selfies refused.
    apcer: share(spoofs.filter((i) => i.score >= SPOOF_THRESHOLD).length, spoofs.length),
    bpcer: share(live.filter((i) => i.score < SPOOF_THRESHOLD).length, live.length),
    eer: rounded(equalErrorRate(withScore.map((i) => ({ score: i.score, genuine: i.spoof === null }))).eer),
    meanScore: { live: mean(live), ...scoreBy(spoofs, (i) => i.spoof as string, mean) },
  };
}
