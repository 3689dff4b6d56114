import t from 'tap';
import { CodedError } from '../../common/errors.js';
import { ApiProblem, combineErrors, errorBody, fieldErrors } from '../../server/http-errors.js';

t.test('an error body carries traceId, code, message and null extras', async (t) => {
  t.same(errorBody(new CodedError('NotFound'), 'trace-1', false), {
    traceId: 'trace-1', code: 'NotFound', message: 'The requested resource does not exist.', propertyErrors: null, multipleErrors: null,
  });
});

t.test('DeveloperMessage appears only in development mode and only on 5xx', async (t) => {
  const internal = new CodedError('ApiError', undefined, 'TypeError at x.js:1');
  t.equal(errorBody(internal, 't', true).DeveloperMessage, 'TypeError at x.js:1');
  t.notOk('DeveloperMessage' in errorBody(internal, 't', false));
  t.notOk('DeveloperMessage' in errorBody(new CodedError('OCRError', undefined, 'detail'), 't', true));
});

t.test('several problems combine into MultipleErrors; one stays itself', async (t) => {
  t.equal(combineErrors([]), null);
  const one = fieldErrors({ documentType: 'documentType must be …' });
  t.equal(combineErrors([one]), one);
  const both = combineErrors([one, new CodedError('FrontImageRequiredError')]) as ApiProblem;
  t.equal(both.code, 'MultipleErrors');
  const body = errorBody(both, 'tr', false);
  t.same(body.multipleErrors!.map((e) => [e.code, e.traceId]), [['ValidationError', 'tr'], ['FrontImageRequiredError', 'tr']]);
  t.same(body.multipleErrors![0]!.propertyErrors, { documentType: 'documentType must be …' });
});
