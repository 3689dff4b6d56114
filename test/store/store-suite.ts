/**
 * The one store test suite, run against every implementation (sqlite.test.ts, mongo.test.ts).
 * Each test opens a fresh, empty store; times are fixed (records.ts), so nothing waits.
 */
import type { Test } from 'tap';
import type { MakeStore } from './records.js';
import { pendingSuite } from './suite-pending.js';
import { protectionSuite } from './suite-protection.js';
import { keySuite, requestSuite } from './suite-requests.js';
import { validationSuite } from './suite-validation.js';
import { webhookSuite } from './suite-webhooks.js';

export type { MakeStore, StoreHandle } from './records.js';

/** Registers every store test on `t`, each on a store from `makeStore`. */
export function storeSuite(t: Test, makeStore: MakeStore): void {
  keySuite(t, makeStore);
  requestSuite(t, makeStore);
  validationSuite(t, makeStore);
  webhookSuite(t, makeStore);
  pendingSuite(t, makeStore);
  protectionSuite(t, makeStore);
}
