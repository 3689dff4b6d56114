/**
 * The dashboard page (GET /dashboard) in a real browser against the real front door and store:
 * its files and CSP, signing in (a wrong key, a verification key, a private key), the list with
 * paging and filters, a request's detail, creating an invitation, phone width, signing out, and
 * no console error, CSP violation or unexpected HTTP error on the way. Screenshots go to
 * .tap/screenshots/. The last attempt's fields and faces are in dashboard-detail.test.ts.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'puppeteer-core';
import { DASHBOARD_CSP } from '../../server/routes/dashboard-page.js';
import { NEEDS_CHROMIUM, launchBrowser, openPage, signIn, waitForNames } from './browser.js';
import { NO_PIPELINE, startServer } from './helper.js';
import { checkedFetch } from './openapi-conformance.js';

const BASE = '/api/PublicOnboarding/Requests';
const FILES = ['app.js', 'api.js', 'dom.js', 'list.js', 'detail.js', 'invite.js', 'style.css', 'icon.svg'];
const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };

// One server for the file: the page needs no pipeline (nothing listens on port 1).
const server = await startServer(t, { args: NO_PIPELINE });

t.test('the page and its files are served under a strict CSP', async (t) => {
  const page = await checkedFetch(`${server.url}/dashboard`);
  const html = await page.text();
  t.equal(page.status, 200);
  t.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  const csp = page.headers.get('content-security-policy')!;
  t.equal(csp, DASHBOARD_CSP);
  t.match(csp, /script-src 'self';/);
  t.match(csp, /style-src 'self';/);
  t.notMatch(csp, /unsafe|data:|\*/, 'no inline, eval, data: or wildcard sources');
  t.equal(page.headers.get('x-frame-options'), 'DENY');
  t.equal(page.headers.get('cache-control'), 'no-store');
  t.notMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, 'every script is a file');
  t.notMatch(html, /<style|\sstyle=/, 'no inline style');

  for (const name of FILES) {
    const file = await checkedFetch(`${server.url}/dashboard/${name}`);
    const text = await file.text();
    t.equal(file.status, 200, name);
    t.equal(file.headers.get('content-type'), TYPES[name.split('.')[1]!], name);
    for (const [, imported] of text.matchAll(/from '\.\/([^']+)'/g)) t.ok(FILES.includes(imported!), `${name} imports ${imported}, which is served`);
    t.notMatch(text, /\.(inner|outer)HTML\s*=|insertAdjacentHTML\(|document\.write|\beval\(|new Function\(/, `${name} writes no markup from strings`);
  }
  for (const path of ['/dashboard/nothing.js', '/dashboard/%2e%2e%2fpackage.json', '/dashboard/..%2F..%2Fpackage.json', '/dashboard/README.md']) {
    const answer = await checkedFetch(server.url + path);
    t.equal(answer.status, 404, path);
    t.equal((await answer.json()).code, 'NotFound', path);
  }
});

/** Lines the page must never show: a horizontal scroll bar at phone width. */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

t.test('staff sign in, list, page, filter, open a request and invite someone', { skip: NEEDS_CHROMIUM }, async (t) => {
  const { keys } = server;
  const launched = launchBrowser(t);
  // 22 invitations, newest last; distinct creation times keep the newest-first order exact.
  for (let i = 0; i < 22; i++) {
    const answer = await server.call('POST', BASE, {
      key: keys.privateA,
      json: { firstName: `Person${i}`, lastName: 'Test', email: `p${i}@example.org`, location: i < 20 ? 'north' : 'south', metadata: { batch: i < 3 ? 'first' : 'rest' } },
    });
    t.equal(answer.status, 201);
    await sleep(3);
  }
  const newestFirst = Array.from({ length: 22 }, (_, i) => `Person${21 - i} Test`);
  const browser = await launched;
  const desk = await openPage(browser, { width: 1280, height: 900 }, 'desktop');
  const { page } = desk;
  await page.goto(`${server.url}/dashboard`);

  t.test('a wrong key and a verification key are refused with a clear message', async (t) => {
    desk.expectStatus(401);
    desk.expectStatus(403);
    await signIn(page, 'prk_NotAKeyOfThisServer0000000000000000000000');
    await page.waitForSelector('#sign-in-message:not([hidden])');
    t.match(await page.$eval('#sign-in-message', (node) => node.textContent), /This key was not accepted: it is unknown or has been revoked/);
    await desk.screenshot('wrong-key');
    await signIn(page, keys.secretA);
    await page.waitForFunction(() => /not a dashboard key/.test(document.querySelector('#sign-in-message')!.textContent!));
    t.ok(await page.$eval('#workspace', (node) => (node as HTMLElement).hidden), 'the requests stay hidden');
  });

  t.test('a private key signs in: the newest 20, then the next page', async (t) => {
    await signIn(page, keys.privateA);
    await waitForNames(page, newestFirst.slice(0, 20));
    t.equal(await page.$eval('#page-info', (node) => node.textContent), '1–20 of 22');
    t.ok(await page.$eval('#previous-page', (node) => (node as HTMLButtonElement).disabled));
    const first = await page.$eval('#requests tbody tr', (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    t.match(first[0], /^Person21 Testp21@example\.org$/, 'names (and e-mail)');
    t.equal(first[1], 'Pending');
    t.equal(first[2], '0', 'attempts');
    t.ok(await page.$eval('#requests tbody tr time', (node) => Date.now() - Date.parse((node as HTMLTimeElement).dateTime) < 600_000), 'created, read as UTC');
    await desk.screenshot('list');
    await page.click('#next-page');
    await waitForNames(page, newestFirst.slice(20));
    t.equal(await page.$eval('#page-info', (node) => node.textContent), '21–22 of 22');
    t.ok(await page.$eval('#next-page', (node) => (node as HTMLButtonElement).disabled));
    // The key: in this tab's session storage only, never in the URL, no cookie, not left in the form.
    t.equal(await page.evaluate(() => sessionStorage.getItem('idv.dashboard.key')), keys.privateA);
    t.notOk(page.url().includes(keys.privateA.slice(4)), 'not in the URL');
    t.equal(await page.evaluate(() => document.cookie), '');
    t.equal(await page.$eval('[name=key]', (input) => (input as HTMLInputElement).value), '');
  });

  t.test('filters by metadata and by status; Clear shows all again', async (t) => {
    await page.type('#filters [name=metadataKey]', 'batch');
    await page.type('#filters [name=metadataValue]', 'first');
    await page.click('#filters button[type=submit]');
    await waitForNames(page, ['Person2 Test', 'Person1 Test', 'Person0 Test']);
    t.equal(await page.$eval('#page-info', (node) => node.textContent), '1–3 of 3');
    await desk.screenshot('filtered');
    await page.select('#filters [name=status]', '1');
    await page.click('#filters button[type=submit]');
    await waitForNames(page, []);
    t.equal(await page.$eval('#list-message', (node) => node.textContent), 'No validation requests match.');
    await page.click('#filters button[type=reset]');
    await waitForNames(page, newestFirst.slice(0, 20));
  });

  t.test('a request\'s detail shows the invitation', async (t) => {
    await page.click('#requests tbody tr:nth-child(2) button');
    await page.waitForSelector('#detail h2');
    t.equal(await page.$eval('#detail h2', (node) => node.textContent), 'Person20 Test');
    const facts = await page.$eval('#detail .facts', (node) => node.textContent);
    t.match(facts, /E-mailp20@example\.org/);
    t.match(facts, /Link opened0 times/);
    t.match(facts, /Attempts0/);
    t.match(facts, /batch = rest/);
    t.match(await page.$eval('#detail .attempt', (node) => node.textContent), /No attempt yet\./);
    await desk.screenshot('detail');
    await page.click('#back-to-list');
    await waitForNames(page, newestFirst.slice(0, 20));
  });

  t.test('an invitation made in the form is listed first; a missing location is explained', async (t) => {
    desk.expectStatus(400);
    await page.click('#show-invite');
    await page.type('#invite-form [name=firstName]', 'Zelda');
    await page.type('#invite-form [name=lastName]', 'Fitzgerald');
    await page.type('#invite-form [name=email]', 'zelda@example.org');
    await page.type('#invite-form [name=phone]', '+1 555 0100');
    await page.type('#invite-form [name=pairKey]', 'customer');
    await page.type('#invite-form [name=pairValue]', 'z-1');
    await page.click('#invite-form button[type=submit]');
    await page.waitForSelector('#invite-message:not([hidden])');
    t.match(await page.$eval('#invite-message', (node) => node.textContent), /location must name one of the key's 2 locations/);
    await page.type('#invite-form [name=location]', 'south');
    await page.click('#invite-form button[type=submit]');
    await waitForNames(page, ['Zelda Fitzgerald', ...newestFirst.slice(0, 19)]);
    const listed = await server.call('GET', `${BASE}?metadata[customer]=z-1`, { key: keys.privateA });
    t.match(listed.body, [{ firstName: 'Zelda', lastName: 'Fitzgerald', email: 'zelda@example.org', phone: '+1 555 0100', metadata: { customer: 'z-1' } }]);
    await page.type('#filters [name=metadataKey]', 'customer');
    await page.type('#filters [name=metadataValue]', 'z-1');
    await page.click('#filters button[type=submit]');
    await waitForNames(page, ['Zelda Fitzgerald']);
  });

  t.test('a reload keeps the session; signing out forgets the key', async (t) => {
    await page.reload();
    await waitForNames(page, ['Zelda Fitzgerald', ...newestFirst.slice(0, 19)]);
    await page.click('#sign-out');
    await page.waitForSelector('#sign-in-form', { visible: true });
    t.equal(await page.evaluate(() => sessionStorage.getItem('idv.dashboard.key')), null);
    t.ok(await page.$eval('#workspace', (node) => (node as HTMLElement).hidden));
  });

  t.test('at phone width nothing overflows sideways', async (t) => {
    const phone = await openPage(browser, { width: 375, height: 740 }, 'phone');
    await phone.page.goto(`${server.url}/dashboard`);
    await signIn(phone.page, keys.privateANorth);
    // The north key sees the 20 north invitations, not the south ones nor Zelda.
    await waitForNames(phone.page, newestFirst.slice(2, 22));
    t.equal(await phone.page.$eval('#page-info', (node) => node.textContent), '1–20 of 20');
    t.notOk(await overflowsSideways(phone.page), 'list');
    await phone.screenshot('list');
    await phone.page.click('#requests tbody tr:first-child button');
    await phone.page.waitForSelector('#detail h2');
    t.notOk(await overflowsSideways(phone.page), 'detail');
    await phone.screenshot('detail');
    await phone.page.click('#show-invite');
    t.notOk(await overflowsSideways(phone.page), 'invitation form');
    await phone.screenshot('invite');
    t.same(await phone.settledProblems(), [], 'no console error, CSP violation or failed request');
  });

  t.same(await desk.settledProblems(), [], 'no console error, CSP violation or failed request');
});
