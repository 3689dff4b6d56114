/**
 * The choice of the key-field checks' thresholds from measured margins (decisions.md, "Verdict":
 * margin ≥ failAt fails a check, margin ≤ passAt passes it, between is undetermined):
 *   failAt  the lowest value, on a 0.1-nat grid and never below `failAtFloor`, at which at most 0.5 % of
 *           genuine documents have any key-field margin ≥ failAt (a false ItsFake);
 *   passAt  the largest value on the grid under failAt at which at most 1 % of the altered fields'
 *           margins are ≤ passAt (an alteration passed as genuine).
 */

export interface CalibrationTargets {
  /** Share of genuine documents a key-field check may fail. */
  genuineFailed: number;
  /** Share of altered fields a check may pass. */
  alteredPassed: number;
  /** Nats: failAt never below this, however clean the genuine margins look on a small sample. */
  failAtFloor: number;
}

export const CALIBRATION_TARGETS: Readonly<CalibrationTargets> = Object.freeze({ genuineFailed: 0.005, alteredPassed: 0.01, failAtFloor: 4 });

export interface MarginSample {
  /** Per genuine document answered with a verdict: its key-field margins (none where no check carried one). */
  genuine: readonly (readonly number[])[];
  /** Per altered document: the margin of the altered field's check, where it carried one. */
  altered: readonly number[];
}

export interface Thresholds {
  failAt: number;
  passAt: number;
  /** The sample's rates at these thresholds. */
  rates: {
    genuineDocuments: number;
    /** Genuine documents with a key-field margin ≥ failAt. */
    genuineFailed: number;
    /** Genuine documents with none ≥ failAt but one > passAt (LowConfidence from an undetermined check). */
    genuineUndetermined: number;
    alteredFields: number;
    /** Altered fields whose margin is ≥ failAt (caught). */
    alteredFailed: number;
    /** Altered fields whose margin is ≤ passAt (passed as genuine). */
    alteredPassed: number;
  };
}

/** The smallest tenth strictly above v, and the largest strictly below it. */
const tenthAbove = (v: number): number => (Math.floor(Math.round(v * 1e6) / 1e5) + 1) / 10;
const tenthBelow = (v: number): number => (Math.ceil(Math.round(v * 1e6) / 1e5) - 1) / 10;

const share = (count: number, of: number): number => (of === 0 ? 0 : count / of);

export function chooseThresholds(sample: MarginSample, targets: Readonly<CalibrationTargets> = CALIBRATION_TARGETS): Thresholds {
  const { genuine, altered } = sample;
  if (genuine.length === 0 || altered.length === 0) {
    throw new Error(`thresholds need margins of genuine and altered documents, got ${genuine.length} genuine documents and ${altered.length} altered fields`);
  }
  // failAt must stand above the highest document maximum beyond the allowed share.
  const maxima = genuine.map((margins) => Math.max(-Infinity, ...margins)).sort((a, b) => b - a);
  const beyond = maxima[Math.floor(targets.genuineFailed * maxima.length)];
  const failAt = Math.max(targets.failAtFloor, beyond === undefined || beyond === -Infinity ? -Infinity : tenthAbove(beyond));
  // passAt must stand below the lowest altered margin beyond the allowed share, and not below 0:
  // a value the frames explain at least as well as the front's own reading is what the front shows
  // as far as its pixels tell, and an alteration that leaves no trace in them no threshold catches.
  const sorted = [...altered].sort((a, b) => a - b);
  const first = sorted[Math.floor(targets.alteredPassed * sorted.length)];
  const passAt = Math.max(0, Math.round(10 * Math.min(failAt - 0.1, first === undefined ? Infinity : tenthBelow(first))) / 10);
  const failedDoc = maxima.filter((m) => m >= failAt).length;
  return {
    failAt, passAt,
    rates: {
      genuineDocuments: genuine.length,
      genuineFailed: share(failedDoc, genuine.length),
      genuineUndetermined: share(maxima.filter((m) => m < failAt && m > passAt).length, genuine.length),
      alteredFields: altered.length,
      alteredFailed: share(altered.filter((m) => m >= failAt).length, altered.length),
      alteredPassed: share(altered.filter((m) => m <= passAt).length, altered.length),
    },
  };
}
