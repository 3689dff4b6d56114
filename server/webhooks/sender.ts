// Delivers from the store, so nothing depends on the process that caused an event. A sender dying
// between send and record leaves a claim retried after CLAIM_STALE_MS: at least once, never lost.
// Sends run beside the poll, so one slow receiver delays no other.
import type { Log } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { Store, WebhookDeliveryRecord } from '../store/store.js';
import { nextAttemptAt } from './schedule.js';
import { ATTEMPT_TIMEOUT_MS, sendAttempt } from './send.js';

/** A claim older than this belongs to a sender that died mid-attempt. */
export const CLAIM_STALE_MS = 3 * ATTEMPT_TIMEOUT_MS;
const BATCH = 32;

export interface SenderOptions {
  store: Store;
  log: Log;
  metrics: Pick<Metrics, 'webhookDeliveries' | 'webhookOldestPending'>;
  retryBaseMs: number;
  allowPrivate: boolean;
}

export interface WebhookSender {
  poll(): Promise<void>;
  stop(): Promise<void>;
}

export function pollIntervalMs(retryBaseMs: number): number {
  return Math.min(1000, Math.max(50, Math.round(retryBaseMs / 10)));
}

export function startWebhookSender(options: SenderOptions): WebhookSender {
  const { store, log, metrics } = options;
  const inFlight = new Map<string, Promise<void>>();
  let polling: Promise<void> | null = null;
  let stopped = false;

  async function attempt(delivery: WebhookDeliveryRecord): Promise<void> {
    const number = delivery.attempts + 1;
    const now = new Date();
    if (!await store.claimWebhookAttempt(delivery.id, number, delivery.nextAttemptAt ?? now, now, CLAIM_STALE_MS)) return;
    const endpoint = await store.getWebhookEndpoint(delivery.endpointId);
    const sentAt = new Date();
    const result = endpoint === null
      ? { statusCode: null, error: 'endpoint deleted' }
      : await sendAttempt(endpoint.url, endpoint.secret, delivery.eventId, delivery.payload, options.allowPrivate);
    const at = new Date();
    const durationMs = at.getTime() - sentAt.getTime();
    const next = result.error === null || endpoint === null ? null : nextAttemptAt(delivery.createdAt, number, at, options.retryBaseMs);
    const state = result.error === null ? 'delivered' : next === null ? 'abandoned' : 'pending';
    await store.recordWebhookAttempt(delivery.id, number, {
      state, at, statusCode: result.statusCode, error: result.error, nextAttemptAt: next, sentAt, durationMs,
    });
    const outcome = state === 'pending' ? 'failed' : state;
    metrics.webhookDeliveries.inc({ outcome });
    log({
      level: state === 'abandoned' ? 'warn' : state === 'pending' ? 'info' : 'debug',
      event: 'webhook', outcome, eventId: delivery.eventId, deliveryId: delivery.id, endpointId: delivery.endpointId,
      type: delivery.eventType, attempt: number, status: result.statusCode, error: result.error ?? undefined,
      ms: durationMs, nextAttemptAt: next?.toISOString(),
    });
  }

  async function pollOnce(): Promise<void> {
    await store.relayWebhookEvents(BATCH);
    for (const delivery of await store.dueWebhookDeliveries(new Date(), BATCH)) {
      if (stopped || inFlight.has(delivery.id)) continue;
      const running = attempt(delivery)
        .catch((error: unknown) => log({ level: 'error', event: 'webhook', deliveryId: delivery.id, eventId: delivery.eventId, details: String(error) }))
        .finally(() => inFlight.delete(delivery.id));
      inFlight.set(delivery.id, running);
    }
    const oldest = await store.oldestPendingWebhook();
    metrics.webhookOldestPending.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1000));
  }

  // Polls never overlap: a slow store delays the next one instead of piling them up.
  const poll = (): Promise<void> => {
    polling ??= pollOnce().finally(() => {
      polling = null;
    });
    return polling;
  };
  const timer = setInterval(() => {
    poll().catch((error: unknown) => log({ level: 'error', event: 'webhook-poll', details: String(error) }));
  }, pollIntervalMs(options.retryBaseMs));
  timer.unref();

  return {
    poll,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await polling?.catch(() => undefined);
      await Promise.all(inFlight.values());
    },
  };
}
