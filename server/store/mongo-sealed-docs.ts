// `dataKeyBy` repeats the wrapping key's id: a rotation must find records under another key and
// MongoDB cannot filter on a prefix of binary data.
import { Binary } from 'mongodb';
import { wrappedBy } from '../data-protection/envelope.js';
import type { Personal, RecordCipher, RequestSecrets, SealedRequest } from '../data-protection/record-cipher.js';
import type { ValidationRequestRecord, VerificationRequestRecord } from './store.js';

type Sealed = Binary | null;
/** `webhookOutbox`: the JSON of the event the document's last state change caused, until relayed. */
export type Outbox = { webhookOutbox?: string };
type Wrapped = { dataKey: Sealed; dataKeyBy: string | null };

export type RequestDoc = Omit<VerificationRequestRecord, 'id' | 'content' | 'result' | 'failureMessage'> & Outbox & Wrapped & {
  _id: string;
  content: { verifyFace: boolean; frontImage: Sealed; backImage: Sealed; faceImage: Sealed; trackString: Sealed };
  result: Sealed;
  failureMessage: Sealed;
};

export type ValidationDoc = Omit<ValidationRequestRecord, 'id' | 'metadata' | 'firstName' | 'lastName' | 'phone' | 'email'> & Outbox & Wrapped & {
  _id: string;
  personal: Sealed;
  metadataTags: string[];
};

export const toBinary = (bytes: Buffer | null): Binary | null => (bytes === null ? null : new Binary(bytes));
export function toBuffer(value: Binary | null | undefined): Buffer | null {
  if (value === null || value === undefined) return null;
  const bytes = value.value();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export const wrappedFields = (dataKey: Buffer | null): Wrapped =>
  ({ dataKey: toBinary(dataKey), dataKeyBy: dataKey === null ? null : wrappedBy(dataKey) });

export function requestDoc(cipher: RecordCipher, r: VerificationRequestRecord): RequestDoc {
  const { id, content, result, failureMessage, ...rest } = r;
  const sealed = r.erasedAt !== null ? null : cipher.sealRequest(id, {
    frontImage: content.frontImage, backImage: content.backImage, faceImage: content.faceImage,
    trackString: content.trackString, result, failureMessage,
  });
  return {
    _id: id,
    ...rest,
    ...wrappedFields(sealed?.dataKey ?? null),
    content: {
      verifyFace: content.verifyFace,
      frontImage: toBinary(sealed?.frontImage ?? null),
      backImage: toBinary(sealed?.backImage ?? null),
      faceImage: toBinary(sealed?.faceImage ?? null),
      trackString: toBinary(sealed?.trackString ?? null),
    },
    result: toBinary(sealed?.result ?? null),
    failureMessage: toBinary(sealed?.failureMessage ?? null),
  };
}

const NO_SECRETS: RequestSecrets = { frontImage: null, backImage: null, faceImage: null, trackString: null, result: null, failureMessage: null };

export async function requestRecord(cipher: RecordCipher, doc: RequestDoc): Promise<VerificationRequestRecord> {
  const { _id, content, result, failureMessage, dataKey, dataKeyBy: _by, webhookOutbox: _outbox, ...rest } = doc;
  const key = toBuffer(dataKey);
  const sealed: SealedRequest | null = key === null ? null : {
    dataKey: key,
    frontImage: toBuffer(content.frontImage), backImage: toBuffer(content.backImage), faceImage: toBuffer(content.faceImage),
    trackString: toBuffer(content.trackString), result: toBuffer(result), failureMessage: toBuffer(failureMessage),
  };
  const secrets = sealed === null ? NO_SECRETS : await cipher.openRequest(_id, sealed);
  return {
    id: _id,
    ...rest,
    onboardingId: rest.onboardingId ?? null,
    erasedAt: rest.erasedAt ?? null,
    createdByKey: rest.createdByKey ?? null,
    content: {
      frontImage: secrets.frontImage, backImage: secrets.backImage, faceImage: secrets.faceImage,
      trackString: secrets.trackString, verifyFace: content.verifyFace,
    },
    result: secrets.result,
    failureMessage: secrets.failureMessage,
  };
}

export function validationDoc(cipher: RecordCipher, v: ValidationRequestRecord): ValidationDoc {
  const { id, metadata, firstName, lastName, phone, email, ...rest } = v;
  const sealed = v.erasedAt !== null ? null : cipher.sealPersonal(id, { firstName, lastName, phone, email, metadata });
  return {
    _id: id, ...rest, ...wrappedFields(sealed?.dataKey ?? null),
    personal: toBinary(sealed?.personal ?? null), metadataTags: cipher.metadataTags(metadata),
  };
}

const ERASED_PERSONAL: Personal = { firstName: null, lastName: null, phone: null, email: null, metadata: {} };

export async function validationRecord(cipher: RecordCipher, doc: ValidationDoc): Promise<ValidationRequestRecord> {
  const { _id, personal, metadataTags: _tags, dataKey, dataKeyBy: _by, webhookOutbox: _outbox, ...rest } = doc;
  const key = toBuffer(dataKey);
  const sealed = toBuffer(personal);
  const clear = key === null || sealed === null ? ERASED_PERSONAL : await cipher.openPersonal(_id, key, sealed);
  return { id: _id, ...rest, erasedAt: rest.erasedAt ?? null, ...clear, metadata: { ...clear.metadata } };
}

type Clear = Record<string, unknown> & { _id: string };

/** Outbox kept. */
export function sealedClearRequest(cipher: RecordCipher, doc: Clear): RequestDoc {
  const content = doc.content as Record<string, unknown>;
  const { webhookOutbox } = doc as Outbox;
  const record = {
    ...(doc as unknown as Omit<VerificationRequestRecord, 'id'>),
    id: doc._id,
    onboardingId: null,
    erasedAt: null,
    createdByKey: null,
    content: {
      frontImage: toBuffer(content.frontImage as Binary | null), backImage: toBuffer(content.backImage as Binary | null),
      faceImage: toBuffer(content.faceImage as Binary | null), trackString: (content.trackString as string | null) ?? null,
      verifyFace: Boolean(content.verifyFace),
    },
  } as VerificationRequestRecord & { _id?: string; webhookOutbox?: string };
  delete record._id;
  delete record.webhookOutbox;
  return { ...requestDoc(cipher, record), ...(webhookOutbox === undefined ? {} : { webhookOutbox }) };
}

/** Outbox kept. */
export function sealedClearValidation(cipher: RecordCipher, doc: Clear): ValidationDoc {
  const { _id, metadataPairs, webhookOutbox, ...rest } = doc as Clear & { metadataPairs: string[]; webhookOutbox?: string };
  const metadata = Object.fromEntries(metadataPairs.map((pair) => JSON.parse(pair) as [string, string]));
  const record = { ...(rest as unknown as ValidationRequestRecord), id: _id, metadata, erasedAt: null };
  return { ...validationDoc(cipher, record), ...(webhookOutbox === undefined ? {} : { webhookOutbox }) };
}
