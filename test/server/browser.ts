/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (DOM types for the functions that run in the page: page.evaluate, $eval, waitForFunction.)
/**
 * A real browser for the dashboard page's tests: Debian's chromium (or IDV_TEST_CHROMIUM) driven by
 * puppeteer-core. Tests skip, saying why, when no chromium is installed; CI installs it (.ci/run).
 *
 * Every page opened here records what a user would never see but must not happen: console
 * errors (CSP violations are reported there), uncaught exceptions, failed requests, 4xx/5xx
 * answers other than those a test expects, and answers that the OpenAPI document does not describe.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Test } from 'tap';
import { documentProblems } from './openapi-conformance.js';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
];

/** IDV_TEST_CHROMIUM is used as given (CI sets it: a wrong path fails instead of skipping). */
export const CHROMIUM: string | undefined = process.env.IDV_TEST_CHROMIUM || CANDIDATES.find((file) => existsSync(file));

/** `skip` option of tests that need a browser: false when chromium is there. */
export const NEEDS_CHROMIUM: string | false = CHROMIUM === undefined
  ? 'no chromium found (apt-get install chromium, or set IDV_TEST_CHROMIUM to a Chrome/Chromium binary)'
  : false;

/** Screenshots go to .tap/screenshots/ (git-ignored, beside tap's own output). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../.tap/screenshots/', import.meta.url));

export async function launchBrowser(t: Test): Promise<Browser> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM!,
    headless: true,
    // Root in a container has no user namespaces for chromium's sandbox; /dev/shm is often tiny.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--no-default-browser-check'],
  });
  t.teardown(() => browser.close());
  return browser;
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors, failed requests and unexpected HTTP errors so far. */
  problems: string[];
  /** The problems once every answer received so far has been checked against the OpenAPI document. */
  settledProblems(): Promise<string[]>;
  /** HTTP statuses ≥ 400 that are part of the test (a wrong key's 401): not problems. */
  expectStatus(status: number): void;
  screenshot(name: string): Promise<string>;
}

/** A new tab (its own session storage) at phone or desktop size, watched for problems. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }, prefix: string): Promise<WatchedPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const problems: string[] = [];
  const expected = new Set<number>();
  page.on('console', (message) => {
    // A failed fetch also logs "Failed to load resource: … 401"; that is the answer checked below.
    if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of (\d+)/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${(error as Error).message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  const checks: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && !expected.has(response.status())) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    if (!/^https?:/.test(response.url())) return; // blob: face crops are made by the page itself
    // Every answer the page gets from the server is held to the OpenAPI document, as httpCall's are.
    checks.push(response.text().then((text) => {
      const answer = { method: response.request().method(), url: response.url(), status: response.status(), headers: new Headers(response.headers()), text };
      for (const problem of documentProblems(answer)) problems.push(`OpenAPI: ${answer.method} ${new URL(answer.url).pathname} ${problem}`);
    }, (error: Error) => {
      problems.push(`OpenAPI: the body of ${response.url()} could not be read to check it: ${error.message}`);
    }));
  });
  return {
    page,
    problems,
    expectStatus: (status) => expected.add(status),
    async settledProblems() {
      await Promise.all(checks);
      return problems;
    },
    async screenshot(name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${prefix}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
}

/** Types the key into the sign-in form and submits it. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.waitForSelector('#sign-in-form [name=key]', { visible: true });
  await page.$eval('#sign-in-form [name=key]', (input) => {
    (input as HTMLInputElement).value = '';
  });
  await page.type('#sign-in-form [name=key]', key);
  await page.click('#sign-in-form button[type=submit]');
}

/** The rows of the list in view: each row's cells as text, once the list has loaded. */
export async function listedRows(page: Page): Promise<{ id: string; cells: string[] }[]> {
  return page.$$eval('#requests tbody tr', (rows) => rows.map((row) => ({
    id: (row as HTMLElement).dataset.id ?? '',
    cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  })));
}

/** The names of the listed rows (the first cell's link), in order. */
export function listedNames(page: Page): Promise<string[]> {
  return page.$$eval('#requests tbody tr td:first-child button', (links) => links.map((link) => link.textContent ?? ''));
}

/**
 * Waits until the list shows exactly `names`, in order (the page loads asynchronously after each
 * action); fails after 5 s saying what it shows instead.
 */
export async function waitForNames(page: Page, names: string[]): Promise<void> {
  try {
    await page.waitForFunction((wanted: string[]) => {
      const shown = [...document.querySelectorAll('#requests tbody tr td:first-child button')].map((link) => link.textContent);
      return !document.querySelector('#list-view')!.hasAttribute('hidden') && JSON.stringify(shown) === JSON.stringify(wanted);
    }, { timeout: 5000 }, names);
  } catch {
    const message = await page.$eval('#list-message', (node) => node.textContent);
    throw new Error(`the list shows ${JSON.stringify(await listedNames(page))} (message: ${JSON.stringify(message)}), not ${JSON.stringify(names)}`);
  }
}
