/**
 * The server is killed -9 right after acknowledging writes of every kind: a new request (201), a
 * verification's outcome (a coded pipeline failure, 400: the request became Failed), a new
 * invitation (201) and a link opening (200). After a restart on the same store each is there as
 * acknowledged. (test/server/durability.test.ts does the same for a 201 and its images.)
 */
import t from 'tap';
import { jpegImage } from '../server/fixtures.js';
import { startServer } from '../server/helper.js';

const ONBOARDING = '/api/PublicOnboarding/Requests';

t.test('every acknowledged write survives kill -9 and a restart', async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const body = {
    documentType: 1,
    frontImageBase64: (await jpegImage()).toString('base64'),
    trackString: Buffer.from('not a licence at all').toString('base64'),
  };
  const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: body });
  t.equal(created.status, 201);
  const id: string = created.body.requestId;
  const verified = await server.call('POST', `/api/Verify/${id}`, { key: keys.secretA });
  t.equal(verified.status, 400, `the check ended in a coded pipeline error (${verified.body.code})`);
  const invitation = await server.call('POST', ONBOARDING, { key: keys.privateA, json: { location: 'north', firstName: 'Ada' } });
  t.equal(invitation.status, 201);
  const opened = await server.call('POST', `${ONBOARDING}/${invitation.body.validationRequestId}/opened`, { key: keys.privateA });
  t.equal(opened.body.openedLinkTimes, 1);

  await server.kill9();
  await server.restart();

  const result = await server.call('GET', `/api/Request/${id}/result`, { key: keys.secretA });
  t.same(result.body, { requestId: id, verificationResult: null, succeeded: false, failureMessage: verified.body.message, failureCode: verified.body.code },
    'the request is Failed with the code that was answered');
  const item = await server.call('GET', `${ONBOARDING}/${invitation.body.validationRequestId}`, { key: keys.privateA });
  t.match(item.body, { firstName: 'Ada', openedLinkTimes: 1 }, 'the invitation and its opening are there');
});
