/** GET /openapi.json: the OpenAPI 3.1 document (openapi/document.ts), no key, like the probes. */
import type Router from '@koa/router';
import { OPENAPI_DOCUMENT } from '../openapi/document.js';

export function openapiRoutes(router: Router): void {
  const text = JSON.stringify(OPENAPI_DOCUMENT);
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = text;
  });
}
