// POST /api/Verify[/{requestId}] (docs/api.md).
import type Router from '@koa/router';
import { recordAccess } from '../audit-trail.js';
import { requireKey, callerKey } from '../auth.js';
import { parseBody } from '../body.js';
import { createRequest, storedContent, verifyCreated, verifyStored } from '../requests/verification.js';
import { withContent } from '../requests/response.js';
import { validateContent } from '../validation/content.js';
import type { RouteDeps } from './deps.js';
import { pathId, returnContentParam } from './params.js';

export function verifyRoutes(router: Router, deps: RouteDeps): void {
  router.post('/api/Verify', requireKey(deps, 'secret'), parseBody('json', deps.bodyLimitBytes), async (ctx) => {
    const returnContent = returnContentParam(ctx.query);
    const content = await validateContent(ctx.request.body);
    const key = callerKey(ctx);
    const record = await createRequest(deps, { accountId: key.accountId, keyHash: key.hash }, content);
    const response = await verifyCreated(deps, record);
    ctx.body = returnContent ? withContent(response, storedContent(content)) : response;
  });

  router.post('/api/Verify/:requestId', requireKey(deps, 'secret'), async (ctx) => {
    const id = pathId(ctx.params.requestId);
    const returnContent = returnContentParam(ctx.query);
    ctx.body = await verifyStored(deps, callerKey(ctx).accountId, id, returnContent);
    // The answer carries the stored images: a read of the content.
    if (returnContent) await recordAccess(deps.store, ctx, 'content.read', id);
  });
}
