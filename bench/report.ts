/**
 * Bench output: a readable table on stdout and the same figures as JSON in IDV_BENCH_OUT
 * (default bench/results/), as `<name>-latest.json` plus a timestamped copy. The previous latest
 * result is diffed against the new one so regressions show.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function resultsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.IDV_BENCH_OUT ?? join(process.cwd(), 'bench', 'results');
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Flattens nested numbers into dotted paths, for diffing two results. */
function flatten(value: unknown, prefix = '', out: Record<string, number> = {}): Record<string, number> {
  if (typeof value === 'number') out[prefix] = value;
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** Writes the result, prints the diff against the previous one, returns the file written. */
export function saveResult(name: string, result: object): string {
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const latest = join(dir, `${name}-latest.json`);
  if (existsSync(latest)) {
    const before = flatten(JSON.parse(readFileSync(latest, 'utf8')));
    const after = flatten(result);
    const changes = Object.keys(after)
      .filter((key) => before[key] !== undefined && before[key] !== after[key] && !key.startsWith('meta.'))
      .map((key) => `  ${key}: ${before[key]} → ${after[key]}`);
    if (changes.length > 0) console.log(`\nChanges since the last ${name} run:\n${changes.join('\n')}`);
  }
  const text = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(latest, text);
  const stamped = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(stamped, text);
  return stamped;
}

/** Prints rows as an aligned table. */
export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const width = (column: string): number => Math.max(column.length, ...rows.map((row) => String(row[column]).length));
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padEnd(width(columns[i]!))).join('  ');
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((column) => String(row[column]))));
}
