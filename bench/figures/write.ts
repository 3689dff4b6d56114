/**
 * Rewrites a suite's rows of the figures file after its run. The file is docs/figures.md, or
 * `figures.md` in IDV_BENCH_OUT when the results go elsewhere (a test's or CI's run leaves the
 * checkout's figures alone), or IDV_BENCH_FIGURES.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunContext, SuiteFigures } from './row.js';
import { updateFigures } from './table.js';

export function figuresFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.IDV_BENCH_FIGURES !== undefined && env.IDV_BENCH_FIGURES !== '') return env.IDV_BENCH_FIGURES;
  if (env.IDV_BENCH_OUT !== undefined && env.IDV_BENCH_OUT !== '') return join(env.IDV_BENCH_OUT, 'figures.md');
  return join(process.cwd(), 'docs', 'figures.md');
}

/** Writes the file with `suite`'s rows rewritten; returns its path. */
export function writeFigures(suite: string, figures: SuiteFigures, context: RunContext, order: readonly string[], file = figuresFile()): string {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : null;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, updateFigures(previous, suite, figures, context, order));
  return file;
}
