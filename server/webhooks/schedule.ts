// The retry schedule of decisions.md, scaled by IDV_WEBHOOK_RETRY_BASE_MS.

/** Delays after attempts 1, 2, 3…, in units of the first one (10 s); the last repeats. */
const STEPS = Object.freeze([1, 3, 12, 60, 360, 2160]);
/** Give up when the next attempt would be this many units (24 h) after the event. */
const GIVE_UP_AFTER = 8640;

/** Null: abandon. */
export function nextAttemptAt(created: Date, attempt: number, now: Date, baseMs: number): Date | null {
  const step = STEPS[Math.min(attempt, STEPS.length) - 1]!;
  const next = now.getTime() + step * baseMs;
  return next - created.getTime() > GIVE_UP_AFTER * baseMs ? null : new Date(next);
}

/** The most attempts of one event; stores keep this many, the newest. */
export const MAX_ATTEMPTS: number = (() => {
  let attempts = 1;
  for (let elapsed = STEPS[0]!; elapsed <= GIVE_UP_AFTER; elapsed += STEPS[Math.min(attempts, STEPS.length) - 1]!) attempts++;
  return attempts;
})();
