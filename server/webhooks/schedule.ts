/**
 * The retry schedule of decisions.md: 10 s, 30 s, 2 min, 10 min, 1 h after a failure, then every
 * 6 h, until 24 h after the event. IDV_WEBHOOK_RETRY_BASE_MS scales it all.
 */

/** Delays after attempts 1, 2, 3…, in units of the first one (10 s); the last repeats. */
const STEPS = Object.freeze([1, 3, 12, 60, 360, 2160]);
/** Give up when the next attempt would be this many units (24 h) after the event. */
const GIVE_UP_AFTER = 8640;

/** When to try again after failed attempt number `attempt` of an event created at `created`; null: abandon. */
export function nextAttemptAt(created: Date, attempt: number, now: Date, baseMs: number): Date | null {
  const step = STEPS[Math.min(attempt, STEPS.length) - 1]!;
  const next = now.getTime() + step * baseMs;
  return next - created.getTime() > GIVE_UP_AFTER * baseMs ? null : new Date(next);
}

/**
 * The most attempts the schedule makes of one event (9): attempt n + 1 comes at least the first n
 * delays after the event, and none comes later than 24 h after it. Stores keep this many attempts
 * of a delivery, the newest.
 */
export const MAX_ATTEMPTS: number = (() => {
  let attempts = 1;
  for (let elapsed = STEPS[0]!; elapsed <= GIVE_UP_AFTER; elapsed += STEPS[Math.min(attempts, STEPS.length) - 1]!) attempts++;
  return attempts;
})();
