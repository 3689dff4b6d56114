/**
 * The key-field checks' thresholds, in nats of margin (field-evidence.ts): a field whose front
 * reading the line's frames favour over the machine-readable value by `failAt` or more fails; one
 * they favour by `passAt` or less passes (its pixels explain the machine's value about as well as
 * the reading: a misread); between the two it is undetermined. Written by
 * bench/verdict-calibrate.ts from genuine and altered documents of the corpus's tuning family;
 * until it has run, a first setting.
 */
export const FIELD_CHECK = Object.freeze({ failAt: 8, passAt: 2 });
