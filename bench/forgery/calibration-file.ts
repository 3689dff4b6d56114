/**
 * Writes the chosen thresholds into pipeline/verdict/calibration.ts: the `FIELD_CHECK` constant
 * and its doc comment are replaced where they stand (anything else in the file is left as it
 * is), or appended to a file that has none. A file that does not exist is not created: the
 * verdict that reads it comes with it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CALIBRATION_TARGETS, type Thresholds } from './thresholds.js';

export const CALIBRATION_FILE = 'pipeline/verdict/calibration.ts';

const pct = (share: number): string => `${(100 * share).toFixed(2)} %`;

/** The constant with a comment saying which script wrote it, on what data, and what it measured there. */
export function calibrationBlock(thresholds: Thresholds, data: { seed: number; genuine: number; altered: number }): string {
  const { rates } = thresholds;
  return `/**
 * Thresholds of the key-field checks (decisions.md, "Verdict"), in nats of a check's \`margin\`:
 * how much likelier the field line's recogniser frames make the front's own reading than the same
 * line with the machine-readable value. margin ≥ failAt: failed; margin ≤ passAt: passed; between:
 * undetermined.
 *
 * Written by bench/verdict-calibrate.ts (\`npx tsc -p tsconfig.json; node dist/bench/verdict-calibrate.js [size]\`)
 * on the forgery bench's tuning designs (seed ${data.seed}): ${data.genuine} genuine documents, ${data.altered} altered ones,
 * ${rates.genuineDocuments} genuine answered with a verdict, ${rates.alteredFields} altered fields whose check carried a margin.
 * Targets: at most ${pct(CALIBRATION_TARGETS.genuineFailed)} of genuine documents with a key-field margin ≥ failAt (never
 * below ${CALIBRATION_TARGETS.failAtFloor} nats); at most ${pct(CALIBRATION_TARGETS.alteredPassed)} of altered fields with a margin ≤ passAt.
 * Measured there: genuine documents with a margin ≥ failAt ${pct(rates.genuineFailed)}, with one undetermined
 * ${pct(rates.genuineUndetermined)}; altered fields ≥ failAt ${pct(rates.alteredFailed)}, ≤ passAt ${pct(rates.alteredPassed)}.
 * The validation designs and the real documents: \`npm run bench -- forgery\`.
 */
export const FIELD_CHECK = Object.freeze({ failAt: ${thresholds.failAt}, passAt: ${thresholds.passAt} });
`;
}

/** The file's text with `block` in place of its FIELD_CHECK (and that constant's doc comment). */
export function withBlock(source: string, block: string): string {
  const existing = /(?:\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export const FIELD_CHECK\b[^;]*;\n?/;
  return existing.test(source) ? source.replace(existing, () => block) : `${source.trimEnd()}\n\n${block}`;
}

/** Rewrites the calibration file; false (nothing written) where it does not exist. */
export function rewriteCalibration(block: string, file = CALIBRATION_FILE): boolean {
  if (!existsSync(file)) return false;
  writeFileSync(file, withBlock(readFileSync(file, 'utf8'), block));
  return true;
}
