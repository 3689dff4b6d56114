// With IDV_TRUSTED_PROXY, the rightmost X-Forwarded-For entry (the one that proxy appended). IPv6
// counts by its /64, so changing the low bits does not multiply the limit.
import net from 'node:net';
import type { Context } from 'koa';

/** An address without brackets, port or zone, IPv4-mapped IPv6 as IPv4; null when it is not an IP address. */
export function plainAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  return net.isIP(address) === 0 ? null : address;
}

export function clientAddress(ctx: Context, trustedProxy: boolean): string {
  const peer = ctx.req.socket.remoteAddress ?? '';
  if (trustedProxy) {
    const last = ctx.get('X-Forwarded-For').split(',').map((hop) => hop.trim()).filter(Boolean).at(-1);
    const forwarded = last === undefined ? null : plainAddress(last);
    if (forwarded !== null) return forwarded;
  }
  return plainAddress(peer) ?? peer;
}

export function addressBucket(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined): string[] => {
    if (!part) return [];
    // An embedded IPv4 tail (64:ff9b::198.51.100.1) fills the last two groups.
    return part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  };
  const front = groups(head);
  const back = groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
