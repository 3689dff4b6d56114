/**
 * The fit of anti-spoofing's fusion (pipeline/face/spoof-fusion.ts) on scored rows of the tuning
 * set (faces-attacks.ts): a logistic regression of live vs attack on the standardised cues,
 * classes weighted equally, a ridge penalty to keep the weights of cues that the tuning
 * attacks happen to separate on from growing without bound; then the bias moved so that the
 * fused logit 0 (the score 50) lies where 5 % of the live selfies fall below it. Each weight must
 * point its cue's way (CUE_DIRECTION); which cue families enter is chosen on the tuning rows
 * too, by holding out people (selectFeatures).
 */
import { CUE_DIRECTION, CUE_NAMES, type CueName, type Cues } from '../pipeline/face/spoof-cues.js';
import { fusedLogit, standardised, type FusionModel } from '../pipeline/face/spoof-fusion.js';

/** The ridge penalty on the standardised weights (not on the bias). */
export const RIDGE = 1;
/** The BPCER on the tuning live selfies at the score 50. */
export const FUSION_BPCER = 0.05;

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Weighted logistic regression by Newton's method: the weights and bias maximising
 * Σ wᵢ log p(yᵢ | xᵢ) − ridge/2 · |weights|².
 */
export function fitLogistic(x: readonly number[][], y: readonly number[], ridge = RIDGE, iterations = 30): { weights: number[]; bias: number } {
  const d = x[0]?.length ?? 0;
  const positives = y.filter((v) => v === 1).length;
  const classWeight = (v: number): number => (v === 1 ? y.length / (2 * positives) : y.length / (2 * (y.length - positives)));
  let beta = new Array<number>(d + 1).fill(0); // [bias, ...weights]
  for (let it = 0; it < iterations; it++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    x.forEach((row, i) => {
      const features = [1, ...row];
      const z = features.reduce((s, f, k) => s + f * beta[k]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const w = classWeight(y[i]!);
      for (let k = 0; k <= d; k++) {
        gradient[k]! += w * (y[i]! - p) * features[k]!;
        for (let l = 0; l <= d; l++) hessian[k]![l]! += w * p * (1 - p) * features[k]! * features[l]!;
      }
    });
    for (let k = 1; k <= d; k++) {
      gradient[k]! -= ridge * beta[k]!;
      hessian[k]![k]! += ridge;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, k) => b + step[k]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { bias: beta[0]!, weights: beta.slice(1) };
}

/** The logit under which `share` of the live logits fall: midway between the last counted and the next. */
export function logitAtBpcer(live: readonly number[], share: number): number {
  const sorted = [...live].sort((a, b) => a - b);
  const k = Math.floor(share * sorted.length);
  return k === 0 ? sorted[0]! - 1 : (sorted[k - 1]! + sorted[k]!) / 2;
}

/**
 * The fusion fitted on scored rows (live or not, with their cues) and calibrated on their live
 * ones. A cue whose weight comes out against its direction (CUE_DIRECTION) is dropped and the
 * rest refitted, until every weight points the cue's way.
 */
export function fitFusion(rows: ReadonlyArray<{ live: boolean; cues: Cues }>, features: FusionModel['features'] = CUE_NAMES, ridge = RIDGE): FusionModel {
  let model = fitUnconstrained(rows, features, ridge);
  for (;;) {
    const kept = model.features.filter((name, i) => Math.sign(model.weights[i]!) === CUE_DIRECTION[name]);
    if (kept.length === model.features.length) return model;
    if (kept.length === 0) throw new Error(`no cue of ${features.join(', ')} points its way on these rows: are live and attacks swapped?`);
    model = fitUnconstrained(rows, kept, ridge);
  }
}

function fitUnconstrained(rows: ReadonlyArray<{ live: boolean; cues: Cues }>, features: FusionModel['features'], ridge: number): FusionModel {
  if (!rows.some((r) => r.live) || !rows.some((r) => !r.live)) throw new Error('the fusion needs live and attack rows');
  const columns = features.map((name) => rows.map((r) => r.cues[name]));
  const centre = columns.map((c) => c.reduce((s, v) => s + v, 0) / c.length);
  const scale = columns.map((c, i) => Math.sqrt(c.reduce((s, v) => s + (v - centre[i]!) ** 2, 0) / c.length) || 1);
  const standard = { features, centre, scale };
  const { weights, bias } = fitLogistic(rows.map((r) => standardised(r.cues, standard)), rows.map((r) => (r.live ? 1 : 0)), ridge);
  const model: FusionModel = { features, centre, scale, weights, bias };
  const shift = logitAtBpcer(rows.filter((r) => r.live).map((r) => fusedLogit(r.cues, model)), FUSION_BPCER);
  return { ...model, bias: bias - shift };
}

/** The cue families (spoof-cues.ts) the selection keeps or leaves out whole; MiniFASNet is always in. */
export const CUE_FAMILIES: Readonly<Record<string, readonly CueName[]>> = Object.freeze({
  spectrum: ['moire', 'banding', 'halftone'],
  frame: ['frameFirst', 'frameSecond'],
  glare: ['glare', 'clipped'],
  colour: ['blackLevel', 'contrast', 'chroma', 'cast'],
});

export type FitRow = { live: boolean; cues: Cues; identity: string };

/**
 * APCER + BPCER at 50 over folds that each hold out a quarter of the identities: the fusion of
 * `features` fitted and calibrated on the rest, counted on the people it never saw.
 */
export function heldOutError(rows: readonly FitRow[], features: readonly CueName[], folds = 4): number {
  const people = [...new Set(rows.map((r) => r.identity))].sort();
  let errors = 0;
  for (let fold = 0; fold < folds; fold++) {
    const out = new Set(people.filter((_, i) => i % folds === fold));
    const model = fitFusion(rows.filter((r) => !out.has(r.identity)), features);
    const test = rows.filter((r) => out.has(r.identity));
    const live = test.filter((r) => r.live);
    const attacks = test.filter((r) => !r.live);
    errors += live.filter((r) => fusedLogit(r.cues, model) < 0).length / Math.max(1, live.length) / folds;
    errors += attacks.filter((r) => fusedLogit(r.cues, model) >= 0).length / Math.max(1, attacks.length) / folds;
  }
  return errors;
}

/**
 * The features whose fusion errs least on held-out people of the tuning rows: MiniFASNet with
 * every combination of whole cue families. A family that separates the people it was fitted on
 * but not others (a background's edges, a face's own colouring) is left out.
 */
export function selectFeatures(rows: readonly FitRow[]): { features: CueName[]; error: number; tried: Array<{ families: string; error: number }> } {
  const names = Object.keys(CUE_FAMILIES);
  const tried: Array<{ families: string; error: number; features: CueName[] }> = [];
  for (let mask = 0; mask < 1 << names.length; mask++) {
    const families = names.filter((_, i) => mask & (1 << i));
    const features: CueName[] = ['miniFasNet', ...families.flatMap((f) => CUE_FAMILIES[f]!)];
    tried.push({ families: families.join('+') || 'none', error: heldOutError(rows, features), features });
  }
  // Fewer features win a tie: the simpler fusion.
  const best = [...tried].sort((a, b) => a.error - b.error || a.features.length - b.features.length)[0]!;
  return { features: best.features, error: best.error, tried: tried.map(({ families, error }) => ({ families, error })) };
}
