/**
 * The audit trail of personal data: every read of a request's content or result or of an
 * invitation's attempts, and every erasure, is appended to the store (append-only) before the
 * answer leaves; when the entry cannot be written the call fails. `idv audit` prints it.
 */
import type { Context } from 'koa';
import { callerKey } from './auth.js';
import type { AuditAction, AuditEntry, Store } from './store/store.js';
import { traceIdOf } from './trace.js';

export async function recordAccess(store: Store, ctx: Context, action: AuditAction, requestId: string): Promise<void> {
  const key = callerKey(ctx);
  await store.appendAudit({
    at: new Date(), accountId: key.accountId, keyPrefix: key.hint, keyType: key.type, action, requestId, traceId: traceIdOf(ctx),
  });
}

export function auditLine(entry: AuditEntry): string {
  return JSON.stringify({
    time: entry.at.toISOString(), account: entry.accountId, keyPrefix: entry.keyPrefix, keyType: entry.keyType,
    action: entry.action, requestId: entry.requestId, traceId: entry.traceId,
  });
}
