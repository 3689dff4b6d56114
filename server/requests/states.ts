/**
 * Request states (decisions.md): 0 Pending → 1 Success | 2 Failed | 3 Expired (final). A Pending
 * request past its deadline reads as Expired whether or not the sweeper has run.
 */
import { REQUEST_STATUS_NAMES, RequestStatus, type RequestStatusValue } from '../../common/document.js';
import type { VerificationRequestRecord } from '../store/store.js';

export function isOverdue(record: VerificationRequestRecord, now: Date): boolean {
  return record.status === RequestStatus.Pending && record.expiresAt.getTime() <= now.getTime();
}

export function effectiveStatus(record: VerificationRequestRecord, now: Date): RequestStatusValue {
  return isOverdue(record, now) ? RequestStatus.Expired : record.status;
}

export function statusName(status: RequestStatusValue): string {
  return REQUEST_STATUS_NAMES[status];
}
