// Webhook endpoints (docs/api.md); another account's endpoint answers 404 NotFound.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CodedError } from '../../common/errors.js';
import { callerKey, requireKey } from '../auth.js';
import { parseBody } from '../body.js';
import type { WebhookAttemptRecord, WebhookDeliveryListing, WebhookEndpointRecord } from '../store/store.js';
import { endpointItem, registerEndpoint } from '../webhooks/endpoints.js';
import type { RouteDeps } from './deps.js';
import { pathId } from './params.js';

export const DELIVERIES_LISTED = 100;

function attemptItem(a: WebhookAttemptRecord): Record<string, unknown> {
  return { attempt: a.attempt, at: a.at.toISOString(), statusCode: a.statusCode, error: a.error, durationMs: a.durationMs };
}

function deliveryItem(d: WebhookDeliveryListing): Record<string, unknown> {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.eventType,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.createdAt.toISOString(),
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    attemptLog: d.attemptLog.map(attemptItem),
  };
}

async function ownEndpoint(deps: RouteDeps, ctx: Context): Promise<WebhookEndpointRecord> {
  const endpoint = await deps.store.getWebhookEndpoint(pathId(ctx.params.id));
  if (endpoint === null || endpoint.accountId !== callerKey(ctx).accountId) throw new CodedError('NotFound');
  return endpoint;
}

export function webhookRoutes(router: Router, deps: RouteDeps): void {
  router.post('/api/Webhooks', requireKey(deps, 'secret'), parseBody('json', deps.bodyLimitBytes), async (ctx) => {
    const record = await registerEndpoint(deps.store, callerKey(ctx).accountId, ctx.request.body, deps.webhookAllowPrivate);
    ctx.status = 201;
    ctx.set('Location', `/api/Webhooks/${record.id}`);
    ctx.body = endpointItem(record, true);
  });

  router.get('/api/Webhooks', requireKey(deps, 'secret'), async (ctx) => {
    ctx.body = (await deps.store.listWebhookEndpoints(callerKey(ctx).accountId)).map((e) => endpointItem(e));
  });

  router.delete('/api/Webhooks/:id', requireKey(deps, 'secret'), async (ctx) => {
    const endpoint = await ownEndpoint(deps, ctx);
    await deps.store.deleteWebhookEndpoint(endpoint.id);
    ctx.status = 204;
  });

  router.get('/api/Webhooks/:id/deliveries', requireKey(deps, 'secret'), async (ctx) => {
    const endpoint = await ownEndpoint(deps, ctx);
    ctx.body = (await deps.store.listWebhookDeliveries(endpoint.id, DELIVERIES_LISTED)).map(deliveryItem);
  });
}
