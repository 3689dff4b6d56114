/** GET /openapi.json: the OpenAPI 3.1 document (openapi/document.ts), no key, limited per address. */
import type Router from '@koa/router';
import { limitByAddress, type AddressLimit } from '../address-limit.js';
import { OPENAPI_DOCUMENT } from '../openapi/document.js';

export function openapiRoutes(router: Router, addressLimit: AddressLimit): void {
  const text = JSON.stringify(OPENAPI_DOCUMENT);
  router.get('/openapi.json', limitByAddress(addressLimit), (ctx) => {
    ctx.type = 'application/json';
    ctx.body = text;
  });
}
