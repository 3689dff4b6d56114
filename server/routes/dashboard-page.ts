// The page takes no key but sits behind the HTTPS rule, as it sends the key typed in. Its CSP forbids
// form submission: the script handles every form, so a form sent without it cannot carry the key.
import { readFile } from 'node:fs/promises';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CodedError } from '../../common/errors.js';
import { limitByAddress, type AddressLimit } from '../address-limit.js';

const PAGE_DIR = new URL('../../../web/dashboard/', import.meta.url);

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = Object.freeze({
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
});

/** Plain names only: no folders, no dots but the extension's. */
async function serveFile(ctx: Context, name: string): Promise<void> {
  const match = /^[a-z0-9-]+\.(html|js|css|svg)$/.exec(name);
  if (match === null) throw new CodedError('NotFound');
  let body: Buffer;
  try {
    body = await readFile(new URL(name, PAGE_DIR));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CodedError('NotFound');
    throw error;
  }
  ctx.set('Content-Security-Policy', DASHBOARD_CSP);
  ctx.type = TYPES[match[1]!]!;
  ctx.body = body;
}

/** Limited per address, as the page takes no key. */
export function dashboardPageRoutes(router: Router, addressLimit: AddressLimit): void {
  const limit = limitByAddress(addressLimit);
  router.get('/dashboard', limit, (ctx) => serveFile(ctx, 'index.html'));
  router.get('/dashboard/:name', limit, (ctx) => serveFile(ctx, ctx.params.name ?? ''));
}
