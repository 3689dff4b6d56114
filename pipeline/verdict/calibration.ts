/**
 * Thresholds of the key-field checks in nats of a check's `margin` (field-evidence.ts): ≥ failAt
 * failed, ≤ passAt passed, between undetermined. Written by bench/verdict-calibrate.ts on the
 * forgery bench's tuning designs; its targets and figures: `npm run bench -- forgery`.
 */
export const FIELD_CHECK = Object.freeze({ failAt: 5.9, passAt: 0 });
