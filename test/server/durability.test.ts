/** A request acknowledged with 201 survives a kill -9 of the server and a restart. */
import t from 'tap';
import { jpegImage } from './fixtures.js';
import { startServer } from './helper.js';

t.test('a 201 survives kill -9 and a restart', async (t) => {
  const server = await startServer(t);
  const body = {
    documentType: 'Passport',
    frontImageBase64: (await jpegImage()).toString('base64'),
    trackString: Buffer.from('P<UTO').toString('base64'),
  };
  const created = await server.call('POST', '/api/Request', { key: server.keys.publicA, json: body });
  t.equal(created.status, 201);
  await server.kill9();
  await server.restart();
  const id: string = created.body.requestId;
  const status = await server.call('GET', `/api/Request/${id}`, { key: server.keys.publicA });
  t.same(status.body, { requestId: id, status: 0, statusName: 'Pending', documentType: 2 });
  const content = await server.call('GET', `/api/Request/${id}/content`, { key: server.keys.secretA });
  t.equal(content.body.frontImageBase64, body.frontImageBase64, 'the images survived too');
  t.equal(content.body.trackString, body.trackString);
});
