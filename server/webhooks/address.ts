// SSRF rules of decisions.md, checked at registration and at delivery, where `guardedLookup` is the
// socket's own resolver, so DNS rebinding gains nothing.
import dns from 'node:dns';
import net from 'node:net';

const BLOCKED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(prefix, bits, 'ipv6');

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, 64:ff9b::/96 NAT64), or null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (match === null) return null;
  if (match[1] !== undefined) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Metadata services sit in 169.254/16 and fc00::/7. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const inner = embeddedIpv4(address);
  return inner !== null ? BLOCKED.check(inner, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

export function urlFormProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `url must be an absolute https URL, got ${JSON.stringify(raw.slice(0, 40))}`;
  }
  if (url.username !== '' || url.password !== '') return 'url must not carry a user name or password';
  return null;
}

/** Null for https (http too when private addresses are allowed). */
export function schemeProblem(url: URL, allowPrivate: boolean): string | null {
  return url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:') ? null : `url must use https, got ${url.protocol.replace(/:$/, '')}`;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export async function checkDestination(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  let addresses: dns.LookupAddress[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.promises.lookup(host, { all: true });
  } catch {
    throw new Error(`url host ${host} cannot be resolved`);
  }
  if (addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new Error(`url host ${host} resolves to a loopback, private, link-local or metadata address`);
  }
}

/** Refuses private answers. IP literals bypass `lookup`: the sender checks them (checkDestination). */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some(({ address }) => isPrivateAddress(address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
