/**
 * server/requests/response.ts fed the pipeline's answer as the gRPC client decodes it: the verdict
 * as the REST answer carries it (decisions.md, "Verdict"). The checks keep the pipeline's order and
 * only their documented members: the proto's empty `field` and unset optionals are left out, and
 * the pipeline-internal `margin` never comes through. The verdict's confidences, total and scores
 * are integers, -1 still meaning no value.
 */
import t from 'tap';
import { DOCUMENT_FIELDS } from '../../common/document.js';
import type { VerificationCheck__Output } from '../../proto/generated/idv/pipeline/v1/VerificationCheck.js';
import type { VerifyResponse__Output } from '../../proto/generated/idv/pipeline/v1/VerifyResponse.js';
import { checkObject, verificationResponse } from '../../server/requests/response.js';
import { FORGED_CHECKS } from './fixtures.js';
import type { VerificationRequestRecord } from '../../server/store/store.js';

const RECORD: VerificationRequestRecord = {
  id: '5d1f0e6a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  accountId: '0a0a0a0a-0000-4000-8000-00000000000a',
  documentType: 1,
  status: 0,
  content: { frontImage: null, backImage: null, faceImage: null, trackString: 'QEFOU0kg', verifyFace: false },
  imagesDeleted: false,
  created: new Date('2026-01-02T03:04:05.000Z'),
  expiresAt: new Date('2026-01-02T04:04:05.000Z'),
  finishedAt: null,
  result: null,
  failureCode: null,
  failureMessage: null,
  claimedAt: null,
  onboardingId: null,
  createdByKey: null,
  erasedAt: null,
};

/** Checks as proto-loader decodes them (defaults on): `field` '' when unset, unset optionals absent. */
const CHECKS: VerificationCheck__Output[] = [
  { name: 'barcodeIntegrity', field: '', result: 'passed', reason: 'Every integrity marker of the barcode is set.' },
  {
    name: 'documentNumberMatch', field: 'id', result: 'failed', visual: 'D1234568', machineReadable: 'D1234567', score: 2,
    reason: 'The front shows D1234568, the barcode holds D1234567.', margin: 7.25, _visual: 'visual', _machineReadable: 'machineReadable', _score: 'score', _margin: 'margin',
  },
  {
    name: 'familyNameMatch', field: 'familyName', result: 'undetermined', visual: 'SAMPLF', machineReadable: 'SAMPLE', score: 61,
    reason: 'Glare on the front does not settle the family name.', margin: 0.4,
  },
  { name: 'issueDateMatch', field: 'issued', result: 'notChecked', machineReadable: '2020-01-02', reason: 'The front shows no issue date.' },
  { name: 'notExpired', field: '', result: 'passed', reason: 'The document expires on 2030-08-29.', margin: 0 },
];

function output(verdict: VerifyResponse__Output['documentVerificationResult']): VerifyResponse__Output {
  return {
    documentType: 1, document: { familyName: 'SAMPLE' }, visual: null, machineReadable: null,
    facePhotoFromDocument: Buffer.alloc(0), facePhoto: Buffer.alloc(0), signature: Buffer.alloc(0),
    documentVerificationResult: verdict, faceVerificationResult: null, quality: [], timings: [],
  };
}

t.test('the checks come in the pipeline\'s order with their documented members only, never margin', async (t) => {
  const response = verificationResponse(output({ status: 1, verificationConfidence: {}, totalConfidence: 0, checks: CHECKS }), RECORD);
  const checks = (response.documentVerificationResult as { checks: Record<string, unknown>[] }).checks;
  t.strictSame(checks, FORGED_CHECKS);
  t.same(Object.keys(checks[1]!), ['name', 'field', 'result', 'visual', 'machineReadable', 'score', 'reason'], 'members in the documented order');
  t.notMatch(JSON.stringify(response), /margin|"_/, 'neither margin nor the decoder\'s oneof names reach the answer');
});

t.test('an empty field and unset optionals are absent, not empty strings or nulls', async (t) => {
  const check = checkObject({ name: 'mrzCheckDigits', field: '', result: 'failed', reason: 'The check digit of the document number fails.' });
  t.same(Object.keys(check), ['name', 'result', 'reason']);
});

t.test('the verdict\'s confidences, total and scores are integers; -1 stays for no value', async (t) => {
  const response = verificationResponse(output({
    status: 3,
    verificationConfidence: { id: 99.6, dob: 100, familyName: 12.4, expires: 49.5 },
    totalConfidence: 65.37,
    checks: [{ ...CHECKS[2]!, score: 60.5 }],
  }), RECORD);
  const verdict = response.documentVerificationResult as { verificationConfidence: Record<string, number>; totalConfidence: number; checks: { score: number }[] };
  t.same(Object.keys(verdict), ['status', 'verificationConfidence', 'totalConfidence', 'checks']);
  t.same(Object.keys(verdict.verificationConfidence), [...DOCUMENT_FIELDS], 'all 24 fields');
  t.same(verdict.verificationConfidence, {
    ...Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, -1])), id: 100, dob: 100, familyName: 12, expires: 50,
  });
  t.equal(verdict.totalConfidence, 65);
  t.equal(verdict.checks[0]!.score, 61);
});

t.test('no verdict stays null', async (t) => {
  t.equal(verificationResponse(output(null), RECORD).documentVerificationResult, null);
});
