/**
 * Records for the store suite, and the handle type the suite runs on.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Test } from 'tap';
import { DocumentType, RequestStatus } from '../../common/document.js';
import { newValidationRecord } from '../../server/requests/onboarding.js';
import type { ApiKeyRecord, Store, StoreKeys, ValidationRequestRecord, VerificationRequestRecord } from '../../server/store/store.js';

export interface StoreHandle {
  /** A fresh, initialised, empty store; closed (and its data removed) at teardown. */
  store: Store;
  /** Another connection to the same data, initialised; closed at teardown. `dataKey`: open with this master key instead. */
  connect(dataKey?: Buffer): Promise<Store>;
}

/** Opens a fresh store for test `t`. */
export type MakeStore = (t: Test) => Promise<StoreHandle>;

export const HOUR = 3_600_000;

/** A master key of this test process, for stores built directly rather than through openStore. */
export const TEST_KEYS: StoreKeys = Object.freeze({ candidates: [randomBytes(32)], origin: 'the test key' });
/** A fixed clock: every time in the suite is relative to it, so nothing waits. */
export const T0 = new Date('2030-01-01T12:00:00.000Z');
export const at = (offsetMs: number): Date => new Date(T0.getTime() + offsetMs);

export function keyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    hash: randomBytes(32).toString('hex'),
    hint: 'sk_live_abcd',
    type: 'secret',
    accountId: 'account-a',
    locations: [],
    createdAt: T0,
    revokedAt: null,
    ...overrides,
  };
}

/** A Pending request created at T0, due at T0 + 1 h, with three distinct random images. */
export function requestRecord(overrides: Partial<VerificationRequestRecord> = {}): VerificationRequestRecord {
  return {
    id: randomUUID(),
    accountId: 'account-a',
    documentType: DocumentType.ID,
    status: RequestStatus.Pending,
    content: {
      frontImage: randomBytes(3000),
      backImage: randomBytes(2000),
      faceImage: randomBytes(1000),
      trackString: Buffer.from('@\nANSI 636000').toString('base64'),
      verifyFace: true,
    },
    imagesDeleted: false,
    created: T0,
    expiresAt: at(HOUR),
    finishedAt: null,
    result: null,
    failureCode: null,
    failureMessage: null,
    claimedAt: null,
    onboardingId: null,
    erasedAt: null,
    createdByKey: null,
    ...overrides,
  };
}

/** A fresh invitation as the service makes it (newValidationRecord), created at T0. */
export function validationRecord(overrides: Partial<ValidationRequestRecord> = {}): ValidationRequestRecord {
  const fresh = newValidationRecord('account-a', {
    location: 'north', firstName: 'Ada', lastName: 'Lovelace', phone: null, email: 'ada@example.com', metadata: {},
  });
  return { ...fresh, createdUtc: T0, ...overrides };
}

/** Inserts a request and claims it at `now`; fails the test when the claim is refused. */
export async function claimed(t: Test, store: Store, request: VerificationRequestRecord, now = at(1000)): Promise<VerificationRequestRecord> {
  await store.insertRequest(request);
  const outcome = await store.claimRequest(request.id, now, at(-HOUR));
  if (!outcome.ok) throw new Error(`claim refused: ${outcome.reason}`);
  t.ok(outcome.request.claimedAt, 'the claim is recorded');
  return outcome.request;
}
