/** The webhook retry schedule and the private-address rule, as decisions.md states them. */
import t from 'tap';
import { isPrivateAddress } from '../../server/webhooks/address.js';
import { nextAttemptAt } from '../../server/webhooks/schedule.js';
import { signatureHeader, verifySignature } from '../../server/webhooks/signature.js';

t.test('retries come 10 s, 30 s, 2 min, 10 min, 1 h later, then every 6 h until 24 h have passed', async (t) => {
  const created = new Date('2030-01-01T00:00:00Z');
  let now = created;
  const delays: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const next = nextAttemptAt(created, attempt, now, 10_000);
    if (next === null) break;
    delays.push((next.getTime() - now.getTime()) / 1000);
    now = next;
  }
  t.same(delays, [10, 30, 120, 600, 3600, 21600, 21600, 21600], 'the schedule in seconds');
  t.ok((now.getTime() - created.getTime()) / 3_600_000 <= 24, 'the last attempt within 24 h');
  t.ok((now.getTime() - created.getTime()) / 3_600_000 > 18, 'and after 18 h');
  t.same(nextAttemptAt(created, 1, created, 100), new Date(created.getTime() + 100), 'the base scales it');
});

t.test('loopback, private, link-local, metadata and mapped addresses are private; public ones are not', async (t) => {
  for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.100.100.200', '0.0.0.0',
    '::1', '::', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', 'not an ip']) {
    t.equal(isPrivateAddress(address), true, address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) {
    t.equal(isPrivateAddress(address), false, address);
  }
});

t.test('a signature verifies over t.body with its secret only, within the tolerance', async (t) => {
  const header = signatureHeader('whsec_a', 1_900_000_000, '{"id":"x"}');
  t.match(header, /^t=1900000000,v1=[0-9a-f]{64}$/);
  t.ok(verifySignature('whsec_a', header, '{"id":"x"}', 1_900_000_010));
  t.notOk(verifySignature('whsec_b', header, '{"id":"x"}', 1_900_000_010), 'another secret');
  t.notOk(verifySignature('whsec_a', header, '{"id":"y"}', 1_900_000_010), 'another body');
  t.notOk(verifySignature('whsec_a', header, '{"id":"x"}', 1_900_001_000), 'too old');
  t.notOk(verifySignature('whsec_a', 'garbage', '{"id":"x"}', 1_900_000_010));
});
