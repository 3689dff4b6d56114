// The dashboard interface (docs/api.md): a private key sees its account's invitations at its
// locations. Attempt reads and erasures are audited.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CodedError } from '../../common/errors.js';
import { recordAccess } from '../audit-trail.js';
import { callerKey, requireKey } from '../auth.js';
import { parseBody } from '../body.js';
import { newValidationRecord, runAttempt, storedOutcome, validationItem } from '../requests/onboarding.js';
import type { ValidationRequestRecord } from '../store/store.js';
import { validateContent } from '../validation/content.js';
import { parseListQuery, validateNewValidationRequest } from '../validation/onboarding.js';
import type { RouteDeps } from './deps.js';
import { pathId } from './params.js';

const BASE = '/api/PublicOnboarding/Requests';

/** Another account's or location's answers NotFound. */
async function ownInvitation(deps: RouteDeps, ctx: Context): Promise<ValidationRequestRecord> {
  const record = await deps.store.getValidationRequest(pathId(ctx.params.id));
  const key = callerKey(ctx);
  if (record === null || record.accountId !== key.accountId || !key.locations.includes(record.location)) {
    throw new CodedError('NotFound');
  }
  if (record.erasedAt !== null) throw new CodedError('Erased', `The validation request was erased at ${record.erasedAt.toISOString()}.`);
  return record;
}

export function onboardingRoutes(router: Router, deps: RouteDeps): void {
  const auth = requireKey(deps, 'private');

  router.get(BASE, auth, async (ctx) => {
    const query = parseListQuery(ctx.querystring);
    const key = callerKey(ctx);
    const { items, total } = await deps.store.listValidationRequests({
      accountId: key.accountId,
      locations: key.locations,
      ...query,
    });
    ctx.set('X-Total-Count', String(total));
    ctx.body = items.map(validationItem);
  });

  router.post(BASE, auth, parseBody('json-or-form', deps.bodyLimitBytes, 'BadRequest'), async (ctx) => {
    const key = callerKey(ctx);
    const input = validateNewValidationRequest(ctx.request.body, key.locations);
    const record = newValidationRecord(key.accountId, input);
    await deps.store.insertValidationRequest(record);
    ctx.status = 201;
    ctx.set('Location', `${BASE}/${record.id}`);
    ctx.body = validationItem(record);
  });

  router.get(`${BASE}/:id`, auth, async (ctx) => {
    ctx.body = validationItem(await ownInvitation(deps, ctx));
  });

  router.post(`${BASE}/:id/opened`, auth, async (ctx) => {
    const record = await ownInvitation(deps, ctx);
    const updated = await deps.store.recordLinkOpened(record.id);
    if (updated === null) throw new CodedError('NotFound');
    ctx.body = validationItem(updated);
  });

  router.post(`${BASE}/:id/attempts`, auth, parseBody('json-or-form', deps.bodyLimitBytes), async (ctx) => {
    const invitation = await ownInvitation(deps, ctx);
    const content = await validateContent(ctx.request.body);
    ctx.body = await runAttempt(deps, invitation, content, callerKey(ctx).hash);
  });

  // A private key reads results only through the invitation: /api/Request/{id}/result takes a secret key.
  router.get(`${BASE}/:id/lastResponse`, auth, async (ctx) => {
    const invitation = await ownInvitation(deps, ctx);
    if (invitation.lastResponseId === null) throw new CodedError('NotFound', 'No attempt has been made on this validation request yet.');
    const request = await deps.store.getRequest(invitation.lastResponseId);
    if (request === null || request.accountId !== invitation.accountId) throw new CodedError('NotFound');
    await recordAccess(deps.store, ctx, 'onboarding.attempts.read', invitation.id);
    ctx.body = storedOutcome(invitation, request);
  });

  router.delete(`${BASE}/:id`, auth, async (ctx) => {
    const invitation = await ownInvitation(deps, ctx);
    await deps.store.eraseValidationRequest(invitation.id, new Date());
    await recordAccess(deps.store, ctx, 'onboarding.erase', invitation.id);
    ctx.status = 204;
  });
}
