/**
 * Inputs as real clients send them (decisions.md, "Machine-readable input sent by the client"),
 * through the real HTTP server and pipeline: JSON under a charset and under application/*+json;
 * the barcode's decoded text as trackString, or wrapped as { "data": … }. MRZ text as
 * trackString: client-mrz-text.test.ts.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { AAMVA_D13, jpegImage, licenceBody, licenceFields, licenceTrackString } from './fixtures.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

t.test('licence inputs and JSON bodies as real clients send them, through the real pipeline', { skip: NEEDS_SHARED_DATA }, async (t) => {
  const server = await startServer(t);
  const { keys } = server;
  const licenceText = Buffer.from(await licenceTrackString(), 'base64').toString('latin1');

  t.test('a JSON body under application/json with a charset or under application/*+json is read', async (t) => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json-patch+json', 'application/vnd.api+json; charset=utf-8']) {
      const answer = await server.call('POST', '/api/Request', { key: keys.publicA, json: await licenceBody(), headers: { 'content-type': type } });
      t.equal(answer.status, 201, type);
    }
  });

  t.test('the barcode\'s decoded text as trackString reads as its base64 does, and is stored as sent', async (t) => {
    const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: await licenceBody({ trackString: licenceText }) });
    t.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
    const fields = await licenceFields();
    t.same([answer.body.machineReadable.document.id, answer.body.machineReadable.document.dob], [fields.id, fields.dob]);
    t.equal(answer.body.documentVerificationResult.checks[0].name, 'barcodeIntegrity');
    t.equal(answer.body.documentVerificationResult.checks[0].result, 'passed');
    t.equal(answer.body.request.content.trackString, licenceText);
    // The AAMVA standard's worked example, as a scanner hands it over, through the two-step flow.
    const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: { documentType: 1, frontImageBase64: (await jpegImage()).toString('base64'), trackString: readFileSync(AAMVA_D13, 'latin1') } });
    t.equal(created.status, 201);
    const content = await server.call('GET', `/api/Request/${created.body.requestId}/content`, { key: keys.secretA });
    t.equal(content.body.trackString, readFileSync(AAMVA_D13, 'latin1'), 'content retrieval returns what was sent');
  });

  t.test('trackString as { "data": … } holds base64 or the text itself', async (t) => {
    const answer = await server.call('POST', '/api/Verify', { key: keys.secretA, json: await licenceBody({ trackString: { data: await licenceTrackString() } }) });
    t.equal(answer.status, 200);
    t.equal(answer.body.machineReadable.document.id, (await licenceFields()).id);
    t.equal(answer.body.request.content.trackString, await licenceTrackString(), 'stored unwrapped');
    const created = await server.call('POST', '/api/Request', { key: keys.publicA, json: await licenceBody({ trackString: { data: licenceText } }) });
    t.equal(created.status, 201);
    const content = await server.call('GET', `/api/Request/${created.body.requestId}/content`, { key: keys.secretA });
    t.equal(content.body.trackString, licenceText);
  });
});
