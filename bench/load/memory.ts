/**
 * Resident memory and CPU time of the service's processes, read from /proc/<pid>/status (Linux):
 * VmRSS (now) and VmHWM (the peak since the process started), and /proc/<pid>/stat: user + system
 * CPU seconds of all its threads, so a step says what one verification costs each process. The pipeline is found as the front door's
 * child each time, so a pipeline that `serve` restarted is followed.
 *
 * A sampler reads every few seconds and keeps, per process role, the first, last and peak RSS:
 * a steady climb from first to last over a soak is the sign of a leak.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  rssMb: number;
  hwmMb: number;
}

/** VmRSS and VmHWM of `pid` in MiB, or null when the process is gone (or this is not Linux). */
export function readMemory(pid: number): ProcessMemory | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const rss = kib('VmRSS');
  const hwm = kib('VmHWM');
  if (!Number.isFinite(rss) || !Number.isFinite(hwm)) return null;
  return { rssMb: Math.round(rss / 102.4) / 10, hwmMb: Math.round(hwm / 102.4) / 10 };
}

/** User + system CPU seconds of `pid`, all threads (USER_HZ is 100 on Linux), or null. */
export function readCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** Process ids of the children of `pid`. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n').map(Number).filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Where to read: a role name and a function giving its current pid (or null). */
export type WatchedProcesses = Record<string, () => number | null>;

export interface MemorySeries {
  /** Seconds since the sampler started, per sample. */
  samples: { t: number; rssMb: number }[];
  firstRssMb: number | null;
  lastRssMb: number | null;
  peakRssMb: number | null;
  /**
   * The highest VmHWM read: the kernel's own peak over the process's life. The highest, not the
   * last: the kernel raises its mark lazily (on unmap and exit), so after RSS fell through
   * madvise a later VmHWM can read below an earlier VmRSS; each reading's VmHWM is at least that
   * reading's VmRSS, so the highest is at least the sampled peak.
   */
  hwmMb: number | null;
  /** CPU seconds the process spent between the first and the last sample (null if it changed pid). */
  cpuSeconds: number | null;
  /** Internal: pid and CPU time at the first sample. */
  firstCpu?: { pid: number; seconds: number };
}

export interface MemorySampler {
  /** Takes a sample now (also done every interval). */
  sample(): void;
  /** The series so far, per role. */
  series(): Record<string, MemorySeries>;
  /** Starts a new window: the next series() covers only samples after this. */
  reset(): void;
  stop(): void;
}

/** Samples the watched processes every `intervalMs`. */
export function startMemorySampler(watched: WatchedProcesses, intervalMs: number): MemorySampler {
  let started = performance.now();
  let series: Record<string, MemorySeries> = {};
  const empty = (): MemorySeries => ({ samples: [], firstRssMb: null, lastRssMb: null, peakRssMb: null, hwmMb: null, cpuSeconds: null });
  const sample = (): void => {
    const t = Math.round((performance.now() - started) / 100) / 10;
    for (const [role, pidOf] of Object.entries(watched)) {
      const pid = pidOf();
      const memory = pid === null ? null : readMemory(pid);
      if (memory === null) continue;
      const s = (series[role] ??= empty());
      s.samples.push({ t, rssMb: memory.rssMb });
      s.firstRssMb ??= memory.rssMb;
      s.lastRssMb = memory.rssMb;
      s.peakRssMb = Math.max(s.peakRssMb ?? 0, memory.rssMb);
      s.hwmMb = Math.max(s.hwmMb ?? 0, memory.hwmMb);
      const cpu = readCpuSeconds(pid!);
      if (cpu !== null) {
        s.firstCpu ??= { pid: pid!, seconds: cpu };
        s.cpuSeconds = s.firstCpu.pid === pid ? Math.round((cpu - s.firstCpu.seconds) * 100) / 100 : null;
      }
    }
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  sample();
  return {
    sample,
    series: () => structuredClone(series),
    reset() {
      started = performance.now();
      series = {};
      sample();
    },
    stop: () => clearInterval(timer),
  };
}
