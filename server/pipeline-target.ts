// A list is resolved here, once, into one `ipv4:a:p,b:p` (or `ipv6:`) target; one address or `dns:` goes as is.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ConfigError } from './config.js';
import { pipelineEntries } from './pipeline-address.js';

async function addressesOf(host: string): Promise<{ v4: string[]; v6: string[] }> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare) === 4) return { v4: [bare], v6: [] };
  if (isIP(bare) === 6) return { v4: [], v6: [bare] };
  try {
    const found = await lookup(bare, { all: true });
    return { v4: found.filter((a) => a.family === 4).map((a) => a.address), v6: found.filter((a) => a.family === 6).map((a) => a.address) };
  } catch (error) {
    throw new ConfigError(`pipeline host "${bare}" cannot be resolved: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** IPv4 where a name has it (pipelines listen on IPv4 by default); one gRPC target holds one family. */
export async function pipelineTarget(address: string): Promise<string> {
  const entries = pipelineEntries(address);
  if (entries.length === 1) return entries[0]!;
  const resolved = await Promise.all(entries.map(async (entry) => {
    const colon = entry.lastIndexOf(':');
    const { v4, v6 } = await addressesOf(entry.slice(0, colon));
    return { entry, port: entry.slice(colon + 1), v4, v6 };
  }));
  const unresolved = resolved.find(({ v4, v6 }) => v4.length === 0 && v6.length === 0);
  if (unresolved !== undefined) throw new ConfigError(`pipeline "${unresolved.entry}" resolves to no address`);
  const family = resolved.every(({ v4 }) => v4.length > 0) ? 4 : resolved.every(({ v6 }) => v6.length > 0) ? 6 : null;
  if (family === null) throw new ConfigError(`pipelines "${address}" mix IPv4-only and IPv6-only hosts; give addresses of one family`);
  const targets = resolved.flatMap(({ port, v4, v6 }) => (family === 4 ? v4.map((ip) => `${ip}:${port}`) : v6.map((ip) => `[${ip}]:${port}`)));
  return `ipv${family}:${[...new Set(targets)].join(',')}`;
}
