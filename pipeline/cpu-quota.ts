/** The cores this process may use: its CPU affinity capped by a cgroup v1/v2 quota (a pod sees the node's cores). */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const CGROUP_ROOT = '/sys/fs/cgroup';

/** Whole cores of a quota of `quota` µs per `period` µs; undefined when there is no limit. */
export function quotaCores(quota: number, period: number): number | undefined {
  if (!Number.isFinite(quota) || !Number.isFinite(period) || quota <= 0 || period <= 0) return undefined;
  return Math.max(1, Math.ceil(quota / period));
}

/** cgroup v2's cpu.max ("max 100000", "200000 100000"). */
export function cpuMaxCores(text: string): number | undefined {
  const [quota, period] = text.trim().split(/\s+/);
  return quota === 'max' ? undefined : quotaCores(Number(quota), Number(period));
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** This process's cgroup paths from /proc/self/cgroup: v2's ("0::/path") and v1's cpu controller's. */
export function ownCgroups(text: string): { v2: string | undefined; v1cpu: string | undefined } {
  let v2: string | undefined;
  let v1cpu: string | undefined;
  for (const line of text.split('\n')) {
    const [id, controllers, ...rest] = line.split(':');
    const at = rest.join(':');
    if (id === '0' && controllers === '') v2 = at;
    else if (controllers?.split(',').includes('cpu')) v1cpu = at;
  }
  return { v2, v1cpu };
}

function readIn(dirs: string[], file: string): string | undefined {
  for (const dir of dirs) {
    const text = read(`${dir}/${file}`);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The CPU quota of this cgroup in whole cores, or undefined; `root` and `self` are for tests. */
export function cgroupCores(root = CGROUP_ROOT, self = read('/proc/self/cgroup') ?? ''): number | undefined {
  const own = ownCgroups(self);
  const v2 = readIn([...(own.v2 ? [`${root}${own.v2}`] : []), root], 'cpu.max');
  if (v2 !== undefined) return cpuMaxCores(v2);
  const v1 = [...(own.v1cpu ? [`${root}/cpu${own.v1cpu}`] : []), `${root}/cpu`];
  const quota = readIn(v1, 'cpu.cfs_quota_us');
  const period = readIn(v1, 'cpu.cfs_period_us');
  return quota === undefined || period === undefined ? undefined : quotaCores(Number(quota), Number(period));
}

/** Cores to size the pipeline on: Node's count, capped by the container's CPU quota. */
export function availableCores(): number {
  return Math.min(availableParallelism(), cgroupCores() ?? Number.POSITIVE_INFINITY);
}
