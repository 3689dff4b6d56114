/**
 * The address a call is counted under (client-address.ts), and the per-address limiter's bound on
 * memory (rate-limit.ts maxBuckets), without a server: contexts are the few fields the code reads.
 */
import t from 'tap';
import type { Context } from 'koa';
import { addressBucket, clientAddress, plainAddress } from '../../server/client-address.js';
import { createRateLimiter } from '../../server/rate-limit.js';

function ctx(peer: string, forwardedFor?: string): Context {
  return {
    req: { socket: { remoteAddress: peer } },
    get: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? forwardedFor ?? '' : ''),
  } as unknown as Context;
}

t.test('without a trusted proxy the TCP peer counts, whatever X-Forwarded-For says', async (t) => {
  t.equal(clientAddress(ctx('198.51.100.4', '203.0.113.7'), false), '198.51.100.4');
  t.equal(clientAddress(ctx('::ffff:198.51.100.4'), false), '198.51.100.4', 'an IPv4-mapped peer is its IPv4 address');
  t.equal(clientAddress(ctx('::1', '203.0.113.7'), false), '::1', 'a loopback peer stays loopback (and is not limited)');
});

t.test('behind a trusted proxy the rightmost X-Forwarded-For entry counts', async (t) => {
  t.equal(clientAddress(ctx('10.0.0.2', '203.0.113.7'), true), '203.0.113.7');
  t.equal(clientAddress(ctx('10.0.0.2', '198.51.100.1, 192.0.2.9,203.0.113.7'), true), '203.0.113.7', 'entries the client sent before it are ignored');
  t.equal(clientAddress(ctx('10.0.0.2', '203.0.113.7:51234'), true), '203.0.113.7', 'a port is dropped');
  t.equal(clientAddress(ctx('10.0.0.2', '[2001:DB8::1]:443'), true), '2001:db8::1', 'brackets and port dropped, lower case');
  t.equal(clientAddress(ctx('10.0.0.2'), true), '10.0.0.2', 'no header: the peer');
  t.equal(clientAddress(ctx('10.0.0.2', '203.0.113.7, unknown'), true), '10.0.0.2', 'a rightmost entry that is no address: the peer');
});

t.test('addresses and their buckets', async (t) => {
  t.equal(plainAddress('fe80::1%eth0'), 'fe80::1', 'a zone is dropped');
  t.equal(plainAddress('not-an-ip'), null);
  t.equal(addressBucket('203.0.113.7'), '203.0.113.7', 'IPv4: the address');
  t.equal(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64', 'IPv6: its /64');
  t.equal(addressBucket('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  t.equal(addressBucket('2001:db8::1'), '2001:db8:0:0::/64', 'a :: inside the /64 is expanded');
  t.equal(addressBucket('2001:0db8:0001:0002::'), '2001:db8:1:2::/64', 'leading zeros do not make another bucket');
  t.equal(addressBucket('64:ff9b::198.51.100.1'), '64:ff9b:0:0::/64', 'an embedded IPv4 tail');
  t.equal(addressBucket('::1'), '0:0:0:0::/64');
});

t.test('a limiter with maxBuckets forgets the oldest bucket past it, so a flood of addresses is bounded', async (t) => {
  const limiter = createRateLimiter({ perSecond: 1, burst: 1, maxBuckets: 100, now: () => 0 });
  t.equal(limiter.take('first').allowed, true);
  t.equal(limiter.take('first').allowed, false);
  for (let i = 0; i < 1000; i++) limiter.take(`flood-${i}`);
  t.equal(limiter.size(), 100, 'never more than maxBuckets');
  t.equal(limiter.take('flood-999').allowed, false, 'the newest are still counted');
  t.equal(limiter.take('first').allowed, true, 'the oldest was forgotten: it starts full');
});

t.test('past 10,000 buckets a sweep runs at most once a second', async (t) => {
  let now = 0;
  const limiter = createRateLimiter({ perSecond: 1, burst: 1, now: () => now });
  for (let i = 0; i < 10_000; i++) limiter.take(`key-${i}`);
  now = 500;
  limiter.take('a');
  t.equal(limiter.size(), 10_001, 'at 10,000 a sweep ran and found no bucket full yet');
  now = 1_000;
  limiter.take('b');
  t.equal(limiter.size(), 10_002, 'half a second later no sweep runs, though the buckets are full by now');
  now = 2_600;
  limiter.take('c');
  t.equal(limiter.size(), 1, 'a second after the last sweep, the next one forgets every full bucket');
});
