/**
 * Thresholds of the key-field checks (decisions.md, "Verdict"), in nats of a check's `margin`:
 * how much likelier the field line's recogniser frames make the front's own reading than the same
 * line with the machine-readable value. margin ≥ failAt: failed; margin ≤ passAt: passed; between:
 * undetermined.
 *
 * Written by bench/verdict-calibrate.ts (`npx tsc -p tsconfig.json; node dist/bench/verdict-calibrate.js [size]`)
 * on the forgery bench's tuning designs (seed 5454): 300 genuine documents, 300 altered ones,
 * 298 genuine answered with a verdict, 292 altered fields whose check carried a margin.
 * Targets: at most 0.50 % of genuine documents with a key-field margin ≥ failAt (never
 * below 4 nats); at most 1.00 % of altered fields with a margin ≤ passAt.
 * Measured there: genuine documents with a margin ≥ failAt 0.34 %, with one undetermined
 * 1.34 %; altered fields ≥ failAt 95.21 %, ≤ passAt 3.42 %.
 * The validation designs and the real documents: `npm run bench -- forgery`.
 */
export const FIELD_CHECK = Object.freeze({ failAt: 5.9, passAt: 0 });
