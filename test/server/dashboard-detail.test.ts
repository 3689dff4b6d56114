/**
 * A validation request's last attempt on the dashboard: GET …/{id}/lastResponse (what a private key
 * may read of its invitations' verifications), the status filter, and the page's detail in a real
 * browser: the front's fields beside the machine-readable ones with confidences, the verdict, the
 * face crops (fetched with the key, shown through blob: URLs) and the face score. The attempt is
 * a real verification of a licence with a selfie through the real pipeline.
 */
import t from 'tap';
import { licenceBody, licenceFields, licenceSelfie } from './fixtures.js';
import { NEEDS_CHROMIUM, launchBrowser, openPage, signIn, waitForNames } from './browser.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

const BASE = '/api/PublicOnboarding/Requests';
const VERDICTS = ['OK', 'ItsFake', 'Expired', 'LowConfidence'];

t.test('the last attempt through the API and on the page', { skip: NEEDS_SHARED_DATA }, async (t) => {
  // The specimen is drawn while the server and its pipeline start.
  const [server, body, fields] = await Promise.all([
    startServer(t),
    licenceSelfie().then((selfie) => licenceBody({ verifyFace: true, faceImageBase64: selfie })),
    licenceFields(),
  ]);
  const { keys } = server;
  // The browser starts while the attempt runs.
  const launched = NEEDS_CHROMIUM ? null : launchBrowser(t);
  const created = await server.call('POST', BASE, { key: keys.privateANorth, json: { firstName: 'Maud', lastName: 'Reader', metadata: { desk: '3' } } });
  const id: string = created.body.validationRequestId;
  const last = `${BASE}/${id}/lastResponse`;

  t.test('before any attempt there is no last response', async (t) => {
    const none = await server.call('GET', last, { key: keys.privateANorth });
    t.equal(none.status, 404);
    t.equal(none.body.code, 'NotFound');
    t.equal(none.body.message, 'No attempt has been made on this validation request yet.');
  });

  const attempt = await server.call('POST', `${BASE}/${id}/attempts`, {
    key: keys.privateANorth, json: body,
  });
  t.equal(attempt.status, 200, JSON.stringify(attempt.body).slice(0, 300));
  const result = attempt.body.verificationResult;
  t.ok(result?.facePhotoFromDocument && result.facePhoto, 'the attempt found both faces');

  t.test('lastResponse reads the attempt back, to the invitation\'s keys only', async (t) => {
    const read = await server.call('GET', last, { key: keys.privateANorth });
    t.equal(read.status, 200);
    t.same(read.body, attempt.body, 'the same outcome as the attempt answered');
    t.equal((await server.call('GET', last, { key: keys.privateA })).status, 200, 'a key of the same account and location');
    t.equal((await server.call('GET', last, { key: keys.privateB })).status, 404, 'another account');
    t.equal((await server.call('GET', last, { key: keys.secretA })).status, 403, 'a verification key');
  });

  t.test('the list filters by status, as a value or a name', async (t) => {
    const status: number = attempt.body.validationRequest.status;
    const other = status === 1 ? 2 : 1;
    const names = ['Pending', 'Success', 'Failed', 'Expired'];
    for (const query of [`status=${status}`, `status=${names[status]!.toLowerCase()}`]) {
      const listed = await server.call('GET', `${BASE}?${query}`, { key: keys.privateANorth });
      t.same(listed.body.map((item: { validationRequestId: string }) => item.validationRequestId), [id], query);
    }
    const none = await server.call('GET', `${BASE}?status=${other}`, { key: keys.privateANorth });
    t.same(none.body, []);
    t.equal(none.headers.get('x-total-count'), '0');
    const bad = await server.call('GET', `${BASE}?status=done`, { key: keys.privateANorth });
    t.equal(bad.status, 400);
    t.equal(bad.body.code, 'BadRequest');
    t.equal(bad.body.propertyErrors.status, 'status must be one of 0, 1, 2, 3 or a name (Pending, Success, Failed, Expired), got "done"');
  });

  t.test('the page shows the fields side by side, the verdict, the faces and the score', { skip: NEEDS_CHROMIUM }, async (t) => {
    const browser = await launched!;
    const tab = await openPage(browser, { width: 1280, height: 900 }, 'attempt');
    const { page } = tab;
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, keys.privateANorth);
    await waitForNames(page, ['Maud Reader']);
    t.equal(await page.$eval('#requests tbody td:nth-child(3)', (cell) => cell.textContent), '1', 'attempts in the row');
    await page.click('#requests tbody button');
    await page.waitForSelector('#detail .attempt');
    // Both crops decoded: blob: URLs whose images have pixels.
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('#detail img.face')];
      return images.length === 2 && images.every((image) => image.complete && image.naturalWidth > 0);
    }, { timeout: 5000 });
    const sources = await page.$$eval('#detail img.face', (images) => images.map((image) => (image as HTMLImageElement).src));
    t.ok(sources.every((source) => source.startsWith('blob:')), 'faces through blob: URLs');
    const row = await page.$$eval('#detail table.fields tr[data-field="familyName"] td', (cells) => cells.map((cell) => cell.textContent));
    t.equal(row[2], fields.familyName, 'machine-readable family name');
    t.not(row[0], '—', `the front's family name beside it: ${row[0]}`);
    t.match(row[1], /^(\d+|—)$/, 'the confidences');
    t.match(row[3], /^(\d+|—)$/);
    const facts = await page.$eval('#detail .attempt', (node) => node.textContent);
    t.match(facts, `Verdict${VERDICTS[result.documentVerificationResult.status]}`, 'verdict');
    t.match(facts, `Face score${Math.round(result.faceVerificationResult.confidence)}`, 'face score');
    t.match(await page.$eval('#detail .facts', (node) => node.textContent), /Attempts1/);
    await tab.screenshot('desktop');
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 740 });
      t.notOk(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `nothing overflows sideways at ${width} px`);
    }
    await tab.screenshot('phone');
    t.same(await tab.settledProblems(), [], 'no console error, CSP violation or failed request');
  });
});
