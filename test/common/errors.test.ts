import t from 'tap';
import { CodedError, ERROR_CODES, isErrorCode } from '../../common/errors.js';

t.test('every contract error code has an HTTP status and a message', async (t) => {
  for (const [code, entry] of Object.entries(ERROR_CODES)) {
    t.ok(entry.http >= 400 && entry.http < 600, `${code} has an error status`);
    t.ok(entry.message.length > 0, `${code} has a message`);
  }
});

t.test('coded errors survive a trip as plain data', async (t) => {
  const original = new CodedError('PDF417Error', 'no barcode', 'tried 3 angles');
  const copy = CodedError.fromWire(structuredClone(original.toWire()));
  t.equal(copy.code, 'PDF417Error');
  t.equal(copy.message, 'no barcode');
  t.equal(copy.details, 'tried 3 angles');
  t.equal(copy.httpStatus, 400);
});

t.test('unknown data becomes ApiError', async (t) => {
  t.equal(CodedError.fromWire({ code: 'Nope' }).code, 'ApiError');
  t.equal(CodedError.fromWire(new Error('boom')).code, 'ApiError');
  t.notOk(isErrorCode('toString'));
});
