/**
 * The client's dashboard list against the real front door (no pipeline needed): metadata
 * filters, status, paging with the total, listAll over several pages, the key's locations, and
 * the dashboard's coded errors.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import type { ValidationRequest } from '../../client/src/index.js';
import { NO_PIPELINE, startServer } from '../server/helper.js';
import { clientOf, failure } from './helper.js';

t.test('the dashboard list through the client', async (t) => {
  const server = await startServer(t, { args: NO_PIPELINE });
  const { keys } = server;
  const dashboard = clientOf(server, keys.privateA).dashboard;

  const made: ValidationRequest[] = [];
  for (let i = 0; i < 5; i++) {
    made.push(await dashboard.create({
      location: i % 2 === 0 ? 'north' : 'south',
      firstName: `Person${i}`,
      email: `p${i}@example.org`,
      metadata: { batch: 'b1', customer: `c-${i % 2}` },
    }));
    // createdUtc has milliseconds: apart, so that newest-first is this order and not the id's tie-break.
    await sleep(3);
  }
  await dashboard.create({ location: 'north', metadata: { batch: 'b2', customer: 'c-0' } });
  const newestFirst = made.map((item) => item.validationRequestId).reverse();

  t.test('create answers the new item', async (t) => {
    t.match(made[0], { firstName: 'Person0', status: 0, statusName: 'Pending', metadata: { batch: 'b1', customer: 'c-0' } });
  });

  t.test('list filters by metadata: every pair must match', async (t) => {
    const b1 = await dashboard.list({ metadata: { batch: 'b1' } });
    t.equal(b1.total, 5);
    t.same(b1.items.map((item) => item.validationRequestId), newestFirst, 'newest first');
    const both = await dashboard.list({ metadata: { batch: 'b1', customer: 'c-0' } });
    t.same(both.items.map((item) => item.firstName).sort(), ['Person0', 'Person2', 'Person4']);
    t.equal(both.total, 3);
    t.equal((await dashboard.list({ metadata: { customer: 'c-0' } })).total, 4, 'across batches');
    t.same(await dashboard.list({ metadata: { batch: 'none' } }), { items: [], total: 0 });
    t.equal((await dashboard.list()).total, 6, 'no filter: the key\'s whole scope');
    t.equal((await dashboard.list({ status: 'Pending', metadata: { batch: 'b1' } })).total, 5, 'status by name');
    t.equal((await dashboard.list({ status: 1 })).total, 0, 'status by value');
  });

  t.test('list pages with offset and limit; the total counts every match', async (t) => {
    const page = await dashboard.list({ metadata: { batch: 'b1' }, offset: 2, limit: 2 });
    t.equal(page.total, 5);
    t.same(page.items.map((item) => item.validationRequestId), newestFirst.slice(2, 4));
    const last = await dashboard.list({ metadata: { batch: 'b1' }, offset: 4, limit: 2 });
    t.same(last.items.map((item) => item.validationRequestId), newestFirst.slice(4));
  });

  t.test('listAll walks every page in order', async (t) => {
    const all: string[] = [];
    for await (const item of dashboard.listAll({ metadata: { batch: 'b1' }, pageSize: 2 })) all.push(item.validationRequestId);
    t.same(all, newestFirst);
  });

  t.test('a key sees its own locations only', async (t) => {
    t.equal((await clientOf(server, keys.privateANorth).dashboard.list({ metadata: { batch: 'b1' } })).total, 3);
    t.same(await clientOf(server, keys.privateB).dashboard.list(), { items: [], total: 0 }, 'another account sees none');
  });

  t.test('coded errors: BadRequest with propertyErrors, Forbidden, Unauthorized', async (t) => {
    const tooMany = await failure(dashboard.list({ limit: 5000 }));
    t.match(tooMany, { status: 400, code: 'BadRequest' });
    t.ok(tooMany.propertyErrors && 'limit' in tooMany.propertyErrors, 'names the limit');
    t.match(await failure(clientOf(server, keys.secretA).dashboard.list()), { status: 403, code: 'Forbidden' });
    t.match(await failure(clientOf(server, 'prk_unknown').dashboard.list()), { status: 401, code: 'Unauthorized' });
  });
});
