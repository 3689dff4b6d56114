/**
 * Headers on every answer, errors included (this middleware sits outside the error handler):
 *
 *   X-Content-Type-Options: nosniff     a JSON body is never sniffed into HTML or script
 *   Referrer-Policy: no-referrer        request ids in URLs never leak onward
 *   Cache-Control: no-store             answers carry personal data
 *   Content-Security-Policy: default-src 'none'; frame-ancestors 'none'   a rendered answer runs nothing, cannot be framed
 *   X-Frame-Options: DENY               the same for browsers that predate frame-ancestors
 *   Strict-Transport-Security           only on HTTPS answers: browsers ignore it over HTTP
 *
 * Not helmet: its defaults target HTML pages, not a JSON API.
 */
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
