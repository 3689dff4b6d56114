// On every answer, errors included (this sits outside the error handler); why each: docs/api.md.
// Not helmet: its defaults target HTML pages, not a JSON API.
import type { Context, Next } from 'koa';

/** One year, the HSTS preload lists' minimum. Subdomains are the operator's call, not ours. */
const HSTS = 'max-age=31536000';

const ALWAYS: Readonly<Record<string, string>> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
});

export function securityHeaders() {
  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    ctx.set(ALWAYS);
    // ctx.secure: the socket is TLS, or (app.proxy, i.e. IDV_TRUSTED_PROXY) X-Forwarded-Proto is https.
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}
