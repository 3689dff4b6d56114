/**
 * Waits between steps until the service has finished the verifications the last step left
 * behind. autocannon drops its connections when a step's time is up, but the front door still
 * finishes the pipeline calls they started; without a wait the next step would begin on a busy
 * pipeline and measure the previous step's tail.
 *
 * The front door says how many calls are in the pipeline (`idv_pipeline_calls_in_flight` on
 * GET /metrics, readable from this machine by default). When /metrics cannot be read (a remote
 * front door), the bench waits a fixed time instead.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 250;
const MAX_WAIT_MS = 90_000;

async function inFlight(url: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/metrics`);
    const text = await response.text();
    if (!response.ok) return null;
    const match = /^idv_pipeline_calls_in_flight(?:\{[^}]*\})? (\d+(?:\.\d+)?)$/m.exec(text);
    return match === null ? null : Number(match[1]);
  } catch {
    return null;
  }
}

/** Resolves once no pipeline call is in flight, or after `fallbackMs` when that cannot be seen. */
export async function drain(url: string, fallbackMs: number): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (;;) {
    const calls = await inFlight(url);
    if (calls === null) {
      await sleep(Math.min(fallbackMs, MAX_WAIT_MS));
      return;
    }
    if (calls === 0 || Date.now() > deadline) return;
    await sleep(POLL_MS);
  }
}
