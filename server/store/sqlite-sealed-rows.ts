/**
 * Rows of the embedded store's sealed tables: a record's columns, sealed on the way in, and a row's
 * record, opened on the way out. An erased row has no data key: nulls where the sealed fields were.
 */
import type { DocumentTypeValue, RequestStatusValue } from '../../common/document.js';
import type { Personal, RecordCipher, RequestSecrets, SealedRequest } from '../data-protection/record-cipher.js';
import {
  bool01, bytes, date, dateOrNull, flag, flagOrNull, ms, msOrNull, text, textOrNull, type Param, type Row,
} from './sqlite-schema.js';
import type { ValidationRequestRecord, VerificationRequestRecord } from './store.js';

export type Columns = Record<string, Param>;

export function insertInto(table: string, columns: Columns): [string, Param[]] {
  const names = Object.keys(columns);
  return [`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`, Object.values(columns)];
}

export function requestSecrets(r: VerificationRequestRecord): RequestSecrets {
  const c = r.content;
  return {
    frontImage: c.frontImage, backImage: c.backImage, faceImage: c.faceImage, trackString: c.trackString,
    result: r.result, failureMessage: r.failureMessage,
  };
}

export function requestColumns(r: VerificationRequestRecord, sealed: SealedRequest | null): Columns {
  return {
    id: r.id, account_id: r.accountId, document_type: r.documentType, status: r.status,
    verify_face: bool01(r.content.verifyFace), images_deleted: bool01(r.imagesDeleted), created: ms(r.created),
    expires_at: ms(r.expiresAt), finished_at: msOrNull(r.finishedAt), claimed_at: msOrNull(r.claimedAt),
    failure_code: r.failureCode, onboarding_id: r.onboardingId, erased_at: msOrNull(r.erasedAt),
    created_by_key: r.createdByKey, data_key: sealed?.dataKey ?? null, failure_message: sealed?.failureMessage ?? null, track_string: sealed?.trackString ?? null,
    result: sealed?.result ?? null, front_image: sealed?.frontImage ?? null, back_image: sealed?.backImage ?? null,
    face_image: sealed?.faceImage ?? null,
  };
}

function sealedOf(row: Row): SealedRequest | null {
  const dataKey = bytes(row.data_key);
  if (dataKey === null) return null;
  return {
    dataKey,
    frontImage: bytes(row.front_image), backImage: bytes(row.back_image), faceImage: bytes(row.face_image),
    trackString: bytes(row.track_string), result: bytes(row.result), failureMessage: bytes(row.failure_message),
  };
}

const NO_SECRETS: RequestSecrets = { frontImage: null, backImage: null, faceImage: null, trackString: null, result: null, failureMessage: null };

export async function requestFromRow(cipher: RecordCipher, row: Row): Promise<VerificationRequestRecord> {
  const id = text(row.id);
  const sealed = sealedOf(row);
  const secrets = sealed === null ? NO_SECRETS : await cipher.openRequest(id, sealed);
  return {
    id,
    accountId: text(row.account_id),
    documentType: Number(row.document_type) as DocumentTypeValue,
    status: Number(row.status) as RequestStatusValue,
    content: {
      frontImage: secrets.frontImage,
      backImage: secrets.backImage,
      faceImage: secrets.faceImage,
      trackString: secrets.trackString,
      verifyFace: flag(row.verify_face),
    },
    imagesDeleted: flag(row.images_deleted),
    created: date(row.created),
    expiresAt: date(row.expires_at),
    finishedAt: dateOrNull(row.finished_at),
    result: secrets.result,
    failureCode: textOrNull(row.failure_code),
    failureMessage: secrets.failureMessage,
    claimedAt: dateOrNull(row.claimed_at),
    onboardingId: textOrNull(row.onboarding_id),
    erasedAt: dateOrNull(row.erased_at),
    createdByKey: textOrNull(row.created_by_key),
  };
}

export const personalOf = (v: ValidationRequestRecord): Personal => ({
  firstName: v.firstName, lastName: v.lastName, phone: v.phone, email: v.email, metadata: v.metadata,
});

export function validationColumns(v: ValidationRequestRecord, sealed: { dataKey: Buffer; personal: Buffer } | null): Columns {
  return {
    id: v.id, account_id: v.accountId, location: v.location, opened_link_times: v.openedLinkTimes,
    created_utc: ms(v.createdUtc), completed: bool01(v.completed), status: v.status, last_response_id: v.lastResponseId,
    success_response_id: v.successResponseId, attempts_used: v.attemptsUsed,
    document_expired: v.documentExpired === null ? null : bool01(v.documentExpired), erased_at: msOrNull(v.erasedAt),
    data_key: sealed?.dataKey ?? null, personal: sealed?.personal ?? null,
  };
}

const ERASED_PERSONAL: Personal = { firstName: null, lastName: null, phone: null, email: null, metadata: {} };

export async function validationFromRow(cipher: RecordCipher, row: Row): Promise<ValidationRequestRecord> {
  const id = text(row.id);
  const dataKey = bytes(row.data_key);
  const sealed = bytes(row.personal);
  const personal = dataKey === null || sealed === null ? ERASED_PERSONAL : await cipher.openPersonal(id, dataKey, sealed);
  return {
    id,
    accountId: text(row.account_id),
    location: text(row.location),
    ...personal,
    metadata: { ...personal.metadata },
    openedLinkTimes: Number(row.opened_link_times),
    createdUtc: date(row.created_utc),
    completed: flag(row.completed),
    status: Number(row.status) as RequestStatusValue,
    lastResponseId: textOrNull(row.last_response_id),
    successResponseId: textOrNull(row.success_response_id),
    attemptsUsed: Number(row.attempts_used),
    documentExpired: flagOrNull(row.document_expired),
    erasedAt: dateOrNull(row.erased_at),
  };
}
