/**
 * The embedding candidates measured side by side: for each, raw and centred descriptors
 * (centred on the mean of the unlabelled reference faces, as the service centres them), scored on
 * every pair set of the face bench. A candidate the service does not run is not in the model cache
 * that `npm run models` prepares: it is converted into it here.
 */
import { prepareFaceModels } from '../model-build/cache.js';
import { EMBEDDERS, type EmbedderName } from '../pipeline/face/embed.js';
import { centreAll, embedAll, figures, meanOf, scorePairs, type AnalysedImage, type PairFigures } from './faces-eval.js';
import type { FaceBenchData } from './faces-data.js';

export type SetName = keyof FaceBenchData['sets'];

export interface CandidateResult {
  name: EmbedderName;
  zoom: number;
  /** Mean of the reference faces' unit embeddings (what calibration.ts stores for the chosen one). */
  mean: Float32Array;
  raw: Partial<Record<SetName, PairFigures>>;
  centred: Partial<Record<SetName, PairFigures>>;
  /** Centred similarities of the pooled set's pairs (the calibration's input). */
  pooled: Array<{ score: number; genuine: boolean }>;
}

/** Measures every candidate; `analysed` must hold the data's images and its reference faces. */
export async function measureCandidates(data: FaceBenchData, analysed: Map<string, AnalysedImage>): Promise<CandidateResult[]> {
  const referenceKeys = new Set(data.reference.map((r) => r.key));
  await prepareFaceModels(Object.keys(EMBEDDERS));
  const results: CandidateResult[] = [];
  for (const name of Object.keys(EMBEDDERS) as EmbedderName[]) {
    const spec = EMBEDDERS[name];
    const embeddings = await embedAll(analysed, spec);
    const mean = meanOf([...embeddings].filter(([key]) => referenceKeys.has(key)).map(([, e]) => e));
    const centred = centreAll(embeddings, mean);
    const result: CandidateResult = { name, zoom: spec.zoom, mean, raw: {}, centred: {}, pooled: scorePairs(data.sets.pooled, centred) };
    for (const [set, pairs] of Object.entries(data.sets) as Array<[SetName, FaceBenchData['sets'][SetName]]>) {
      if (pairs.length === 0) continue;
      result.raw[set] = figures(scorePairs(pairs, embeddings));
      result.centred[set] = figures(scorePairs(pairs, centred));
    }
    results.push(result);
  }
  return results;
}

/** The candidate with the highest centred TAR at FAR 0.1% on the pooled set (then the lowest EER). */
export function bestCandidate(results: readonly CandidateResult[]): CandidateResult {
  const key = (r: CandidateResult): [number, number] => [r.centred.pooled?.tarAtFar01 ?? 0, -(r.centred.pooled?.eer ?? 1)];
  return [...results].sort((p, q) => key(q)[0] - key(p)[0] || key(q)[1] - key(p)[1])[0]!;
}
