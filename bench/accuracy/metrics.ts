/**
 * Accuracy metrics for the specimen benchmark, as pure functions over labelled results: read
 * rate, exact and per-field accuracy, character error rate, face-match TAR at a fixed FAR and the
 * equal error rate from scored pairs, and the verdict confusion matrix.
 */

/** Share of attempts that produced a reading (0 when there were none). */
export function readRate(attempts: readonly { read: boolean }[]): number {
  return attempts.length === 0 ? 0 : attempts.filter((attempt) => attempt.read).length / attempts.length;
}

export interface FieldAccuracy {
  /** Share of documents whose every labelled field was read exactly. */
  exact: number;
  /** Per field: share of labelled documents where the read value equals the truth. */
  fields: Record<string, number>;
  /** Share of all labelled (document, field) pairs read exactly. */
  overall: number;
}

/**
 * Field accuracy of readings against truth. Only fields the truth holds count; a missing reading
 * counts as wrong. `normalise` applies to both sides (e.g. case and spacing).
 */
export function fieldAccuracy(
  pairs: readonly { truth: Readonly<Record<string, string | undefined>>; read: Readonly<Record<string, string | undefined>> | undefined }[],
  normalise: (value: string) => string = (value) => value,
): FieldAccuracy {
  const right: Record<string, number> = {};
  const total: Record<string, number> = {};
  let exactDocuments = 0;
  for (const { truth, read } of pairs) {
    let all = true;
    for (const [field, value] of Object.entries(truth)) {
      if (value === undefined) continue;
      total[field] = (total[field] ?? 0) + 1;
      const got = read?.[field];
      if (got !== undefined && normalise(got) === normalise(value)) right[field] = (right[field] ?? 0) + 1;
      else all = false;
    }
    if (all) exactDocuments += 1;
  }
  const fields = Object.fromEntries(Object.keys(total).sort().map((field) => [field, (right[field] ?? 0) / (total[field] as number)]));
  const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    exact: pairs.length === 0 ? 0 : exactDocuments / pairs.length,
    fields,
    overall: sum(total) === 0 ? 0 : sum(right) / sum(total),
  };
}

/** Levenshtein distance (insertions, deletions, substitutions), by code point. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitution = (previous[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[y.length] as number;
}

/** Character error rate: total edit distance over total truth length (a missing reading is all wrong). */
export function characterErrorRate(pairs: readonly { truth: string; read: string | undefined }[]): number {
  let errors = 0;
  let length = 0;
  for (const { truth, read } of pairs) {
    errors += editDistance(truth, read ?? '');
    length += [...truth].length;
  }
  return length === 0 ? 0 : errors / length;
}

export interface ScoredPair {
  /** Similarity score: higher means more alike. */
  score: number;
  /** Whether both faces are the same person. */
  genuine: boolean;
}

/**
 * True accept rate at the threshold whose false accept rate is at most `far`: the threshold is the
 * lowest score above which at most floor(far × impostors) impostor scores lie (ties accept).
 */
export function tarAtFar(pairs: readonly ScoredPair[], far: number): { tar: number; threshold: number } {
  const genuine = pairs.filter((pair) => pair.genuine).map((pair) => pair.score);
  const impostor = pairs.filter((pair) => !pair.genuine).map((pair) => pair.score).sort((a, b) => b - a);
  if (genuine.length === 0) return { tar: 0, threshold: Infinity };
  const allowed = Math.floor(far * impostor.length);
  // Accept scores strictly above the (allowed+1)-th highest impostor score.
  const threshold = allowed < impostor.length ? (impostor[allowed] as number) : -Infinity;
  const accepted = genuine.filter((score) => score > threshold).length;
  return { tar: accepted / genuine.length, threshold };
}

/**
 * Equal error rate: over every candidate threshold (accept score ≥ threshold), the point where the
 * false accept and false reject rates are closest, reported as their mean.
 */
export function equalErrorRate(pairs: readonly ScoredPair[]): { eer: number; threshold: number } {
  const genuine = pairs.filter((pair) => pair.genuine).map((pair) => pair.score);
  const impostor = pairs.filter((pair) => !pair.genuine).map((pair) => pair.score);
  if (genuine.length === 0 || impostor.length === 0) return { eer: NaN, threshold: NaN };
  const candidates = [...new Set([...genuine, ...impostor, Infinity])].sort((a, b) => a - b);
  let best = { gap: Infinity, eer: NaN, threshold: NaN };
  for (const threshold of candidates) {
    const far = impostor.filter((score) => score >= threshold).length / impostor.length;
    const frr = genuine.filter((score) => score < threshold).length / genuine.length;
    const gap = Math.abs(far - frr);
    if (gap < best.gap) best = { gap, eer: (far + frr) / 2, threshold };
  }
  return { eer: best.eer, threshold: best.threshold };
}

/** Confusion matrix: `matrix[expected][actual]` counts, over the given labels plus "error". */
export function confusionMatrix<L extends string | number>(
  results: readonly { expected: L; actual: L | 'error' }[],
  labels: readonly L[],
): { labels: (L | 'error')[]; matrix: number[][]; accuracy: number } {
  const all: (L | 'error')[] = [...labels, 'error'];
  const matrix = all.map(() => all.map(() => 0));
  let right = 0;
  for (const { expected, actual } of results) {
    const row = all.indexOf(expected);
    const column = all.indexOf(actual);
    if (row < 0 || column < 0) throw new RangeError(`label not in the matrix: ${String(row < 0 ? expected : actual)}`);
    (matrix[row] as number[])[column] = ((matrix[row] as number[])[column] as number) + 1;
    if (expected === actual) right += 1;
  }
  return { labels: all, matrix, accuracy: results.length === 0 ? 0 : right / results.length };
}

/** Lower edges of the confidence bands of a reliability table: <50, 50–70, 70–90, 90–95, ≥95. */
export const CONFIDENCE_BANDS = Object.freeze([50, 70, 90, 95] as const);

export interface ReliabilityBand {
  /** `<50`, `50–70`, …, `≥95`. */
  band: string;
  /** Readings whose confidence falls in the band. */
  n: number;
  /** How many of them equal the truth. */
  right: number;
  /** right / n; null for an empty band. */
  share: number | null;
}

/**
 * A reliability table: readings grouped by the confidence the reader gave them, each band with how
 * many were right. A reader whose confidence means something is right more often in higher bands.
 */
export function reliability(readings: readonly { confidence: number; right: boolean }[], edges: readonly number[] = CONFIDENCE_BANDS): ReliabilityBand[] {
  const names = edges.map((edge, i) => (i === 0 ? `<${edge}` : `${edges[i - 1]}–${edge}`)).concat(`≥${edges[edges.length - 1]}`);
  const bands = names.map((band) => ({ band, n: 0, right: 0 }));
  for (const { confidence, right } of readings) {
    const index = edges.filter((edge) => confidence >= edge).length;
    const band = bands[index] as { band: string; n: number; right: number };
    band.n += 1;
    if (right) band.right += 1;
  }
  return bands.map((band) => ({ ...band, share: band.n === 0 ? null : Math.round((band.right / band.n) * 10_000) / 10_000 }));
}
