/**
 * The dashboard page for a location's staff (decisions.md, "Dashboard page"): GET /dashboard and
 * its .js, .css and .svg files, plain files from web/dashboard/. The page sends the private key
 * typed in, so these routes take none, but sit behind the HTTPS rule so that the key never travels
 * in clear. Their own CSP is as strict as the page allows: this origin only (images also blob:),
 * no inline script or style, no framing, and no form submission: the page's script handles every
 * form, so a form sent without it cannot carry the key anywhere.
 */
import { readFile } from 'node:fs/promises';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { CodedError } from '../../common/errors.js';
import { limitByAddress, type AddressLimit } from '../address-limit.js';

/** web/dashboard/ of the repository: dist/server/routes/ → ../../../web/dashboard/. */
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

/** One file of web/dashboard/ by its plain name (no folders, no dots but the extension's). */
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

/** The page takes no key, so its files are limited per address (address-limit.ts); one load is 9 files. */
export function dashboardPageRoutes(router: Router, addressLimit: AddressLimit): void {
  const limit = limitByAddress(addressLimit);
  router.get('/dashboard', limit, (ctx) => serveFile(ctx, 'index.html'));
  router.get('/dashboard/:name', limit, (ctx) => serveFile(ctx, ctx.params.name ?? ''));
}
