/**
 * The audit trail of personal data: every read of a request's content or result, of an onboarding
 * invitation's attempts, and every erasure, is appended to the store (append-only: the store has
 * no method that changes or removes an entry, and the embedded store's table refuses it by
 * trigger) before the answer leaves, so no personal data goes out unrecorded: when the entry
 * cannot be written the call fails instead. `idv audit --account UUID` prints it.
 */
import type { Context } from 'koa';
import { callerKey } from './auth.js';
import type { AuditAction, AuditEntry, Store } from './store/store.js';
import { traceIdOf } from './trace.js';

/** Records that the caller of `ctx` did `action` on request or invitation `requestId`. */
export async function recordAccess(store: Store, ctx: Context, action: AuditAction, requestId: string): Promise<void> {
  const key = callerKey(ctx);
  await store.appendAudit({
    at: new Date(), accountId: key.accountId, keyPrefix: key.hint, keyType: key.type, action, requestId, traceId: traceIdOf(ctx),
  });
}

/** One entry as a JSON line of `idv audit`. */
export function auditLine(entry: AuditEntry): string {
  return JSON.stringify({
    time: entry.at.toISOString(), account: entry.accountId, keyPrefix: entry.keyPrefix, keyType: entry.keyType,
    action: entry.action, requestId: entry.requestId, traceId: entry.traceId,
  });
}
