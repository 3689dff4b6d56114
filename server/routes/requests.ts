// The two-step flow (docs/api.md). Content and result reads and erasures are audited.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { RequestStatus } from '../../common/document.js';
import { CodedError, ERROR_CODES } from '../../common/errors.js';
import { recordAccess } from '../audit-trail.js';
import { callerKey, requireKey } from '../auth.js';
import { parseBody } from '../body.js';
import { maxPendingOf, requirePendingRoom } from '../requests/pending-cap.js';
import { contentObject } from '../requests/response.js';
import { isOverdue, statusName } from '../requests/states.js';
import { createRequest } from '../requests/verification.js';
import type { VerificationRequestRecord } from '../store/store.js';
import { validateContent } from '../validation/content.js';
import type { RouteDeps } from './deps.js';
import { pathId } from './params.js';

function requestSummary(record: VerificationRequestRecord): Record<string, unknown> {
  return {
    requestId: record.id,
    status: record.status,
    statusName: statusName(record.status),
    documentType: record.documentType,
  };
}

export function erasedError(erasedAt: Date): CodedError {
  return new CodedError('Erased', `The request was erased at ${erasedAt.toISOString()}: its content and result are gone.`);
}

/** An overdue Pending request is expired before it is shown, so a late sweeper never lets images out. */
async function ownRequest(deps: RouteDeps, ctx: Context): Promise<VerificationRequestRecord> {
  const id = pathId(ctx.params.id);
  let record = await deps.store.getRequest(id);
  if (record === null || record.accountId !== callerKey(ctx).accountId) throw new CodedError('NotFound');
  if (record.erasedAt !== null) throw erasedError(record.erasedAt);
  const now = new Date();
  if (isOverdue(record, now)) {
    await deps.store.expireDue(now);
    record = await deps.store.getRequest(id);
    if (record === null) throw new CodedError('NotFound');
  }
  return record;
}

export function requestRoutes(router: Router, deps: RouteDeps): void {
  const room = requirePendingRoom(deps);
  router.post('/api/Request', requireKey(deps, 'public', 'secret'), room, parseBody('json', deps.bodyLimitBytes), async (ctx) => {
    const content = await validateContent(ctx.request.body);
    const key = callerKey(ctx);
    const record = await createRequest(deps, { accountId: key.accountId, keyHash: key.hash, maxPending: maxPendingOf(key, deps) }, content);
    ctx.status = 201;
    ctx.set('Location', `/api/Request/${record.id}`);
    ctx.body = requestSummary(record);
  });

  router.get('/api/Request/:id', requireKey(deps, 'public', 'secret'), async (ctx) => {
    ctx.body = requestSummary(await ownRequest(deps, ctx));
  });

  router.get('/api/Request/:id/content', requireKey(deps, 'secret'), async (ctx) => {
    const record = await ownRequest(deps, ctx);
    await recordAccess(deps.store, ctx, 'content.read', record.id);
    ctx.body = {
      documentType: record.documentType,
      verifyFace: record.content.verifyFace,
      ...contentObject(record.content, true),
    };
  });

  router.get('/api/Request/:id/result', requireKey(deps, 'secret'), async (ctx) => {
    const record = await ownRequest(deps, ctx);
    await recordAccess(deps.store, ctx, 'result.read', record.id);
    switch (record.status) {
      case RequestStatus.Pending:
        throw new CodedError('NotFound', 'The request has not been checked yet.');
      case RequestStatus.Success:
        ctx.body = { requestId: record.id, verificationResult: record.result, succeeded: true, failureMessage: null, failureCode: null };
        return;
      case RequestStatus.Failed:
        ctx.body = { requestId: record.id, verificationResult: null, succeeded: false, failureMessage: record.failureMessage, failureCode: record.failureCode };
        return;
      case RequestStatus.Expired:
        ctx.body = { requestId: record.id, verificationResult: null, succeeded: false, failureMessage: ERROR_CODES.RequestExpired.message, failureCode: 'RequestExpired' };
        return;
    }
  });

  router.delete('/api/Request/:id', requireKey(deps, 'secret'), async (ctx) => {
    const record = await ownRequest(deps, ctx);
    // A concurrent DELETE erased it between the read and now: it is erased either way.
    await deps.store.eraseRequest(record.id, new Date());
    await recordAccess(deps.store, ctx, 'request.erase', record.id);
    ctx.status = 204;
  });
}
