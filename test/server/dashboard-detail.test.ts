/**
 * A validation request's last attempt on the dashboard: GET …/{id}/lastResponse (what a private key
 * may read of its invitations' verifications), the status filter, and the page's detail in a real
 * browser: the verdict's checks, the front's fields beside the machine-readable ones with
 * confidences, the verdict, the face crops (fetched with the key, shown through blob: URLs) and the
 * face score. The attempt is a real verification of a licence with a selfie through the real
 * pipeline; a genuine licence fails no check, so the marks of failed and undetermined checks are
 * shown on that same answer with other checks put in, as a forged or blurred one would have them.
 */
import t from 'tap';
import { FORGED_CHECKS, licenceBody, licenceFields, licenceSelfie } from './fixtures.js';
import type { Page } from 'puppeteer-core';
import { NEEDS_CHROMIUM, launchBrowser, openPage, signIn, waitForNames } from './browser.js';
import { NEEDS_SHARED_DATA, startServer } from './helper.js';

const BASE = '/api/PublicOnboarding/Requests';
const VERDICTS = ['OK', 'ItsFake', 'Expired', 'LowConfidence'];
const RESULTS: Record<string, string> = { passed: '✓ Passed', failed: '✗ Failed', undetermined: '? Undetermined', notChecked: '– Not checked' };


/** The rows of the detail's checks table: the check's name, result and each cell's text. */
function checkRows(page: Page): Promise<{ name: string; result: string; cells: string[]; marked: boolean }[]> {
  return page.$$eval('#detail table.checks tbody tr', (rows) => rows.map((row) => ({
    name: (row as HTMLElement).dataset.check ?? '',
    result: (row as HTMLElement).dataset.result ?? '',
    cells: [...row.children].map((cell) => cell.textContent ?? ''),
    marked: getComputedStyle(row).boxShadow !== 'none',
  })));
}

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
    const checks: { name: string; result: string; reason: string }[] = result.documentVerificationResult.checks;
    const shown = await checkRows(page);
    t.same(shown.map((row) => [row.name, row.result, row.cells[2], row.cells[6]]),
      checks.map((check) => [check.name, check.result, RESULTS[check.result], check.reason]), 'every check of the answer, in its order');
    if (checks.length === 0) t.match(facts, 'ChecksNo checks reported.', 'no checks, said so');
    t.match(await page.$eval('#detail .facts', (node) => node.textContent), /Attempts1/);
    await tab.screenshot('desktop');
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 740 });
      t.notOk(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `nothing overflows sideways at ${width} px`);
    }
    await tab.screenshot('phone');
    t.same(await tab.settledProblems(), [], 'no console error, CSP violation or failed request');
  });

  t.test('the page marks failed and undetermined checks and lists each check\'s values and reason', { skip: NEEDS_CHROMIUM }, async (t) => {
    const browser = await launched!;
    const tab = await openPage(browser, { width: 1280, height: 900 }, 'checks');
    const { page } = tab;
    // The answer read back is the attempt's, with the checks of a forged licence put in.
    const forged = {
      ...attempt.body,
      verificationResult: { ...result, documentVerificationResult: { ...result.documentVerificationResult, status: 1, checks: FORGED_CHECKS } },
    };
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().endsWith(`/${id}/lastResponse`)) void request.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(forged) });
      else void request.continue();
    });
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, keys.privateANorth);
    await waitForNames(page, ['Maud Reader']);
    await page.click('#requests tbody button');
    await page.waitForSelector('#detail table.checks');
    t.match(await page.$eval('#detail .attempt', (node) => node.textContent), 'VerdictItsFake');
    t.same(await checkRows(page), [
      { name: 'barcodeIntegrity', result: 'passed', cells: ['Barcode integrity', '—', '✓ Passed', '—', '—', '—', FORGED_CHECKS[0]!.reason], marked: false },
      {
        name: 'documentNumberMatch', result: 'failed', marked: true,
        cells: ['Document number matches', 'id', '✗ Failed', 'D1234568', 'D1234567', '2', FORGED_CHECKS[1]!.reason],
      },
      {
        name: 'familyNameMatch', result: 'undetermined', marked: true,
        cells: ['Family name matches', 'familyName', '? Undetermined', 'SAMPLF', 'SAMPLE', '61', FORGED_CHECKS[2]!.reason],
      },
      {
        name: 'issueDateMatch', result: 'notChecked', marked: false,
        cells: ['Issue date matches', 'issued', '– Not checked', '—', '2020-01-02', '—', FORGED_CHECKS[3]!.reason],
      },
      { name: 'notExpired', result: 'passed', cells: ['Not expired', '—', '✓ Passed', '—', '—', '—', FORGED_CHECKS[4]!.reason], marked: false },
    ], 'name in words, field, result with its mark, front and machine-readable values, score, reason');
    const colours = await page.$$eval('#detail table.checks .result', (cells) => cells.map((cell) => getComputedStyle(cell).color));
    t.not(colours[1], colours[0], 'a failed result is coloured apart from a passed one');
    t.not(colours[2], colours[0], 'so is an undetermined one');
    await tab.screenshot('desktop');
    await page.setViewport({ width: 375, height: 740 });
    t.notOk(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'nothing overflows sideways at 375 px');
    await tab.screenshot('phone');
    t.same(await tab.settledProblems(), [], 'no console error, CSP violation or failed request');
  });
});
