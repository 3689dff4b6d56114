/**
 * `npm run bench -- mrz-robustness`: every real document of ../shared/data/real-docs whose ICAO
 * MRZ is transcribed, as sent and in each way of mrz-variants.ts (turned, EXIF-oriented, scaled,
 * on a table, tilted, dimmed), through the pipeline's intake and MRZ stage alone, one at a time.
 * Scored: the MRZ read line for line as transcribed, and every page answered (an MRZ, or a coded
 * error). Documents and variants are development data: the reader was looked at on their
 * failures, so their figures are validation figures (bench/real-docs.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newJob } from '../pipeline/job.js';
import { intakeFor } from '../pipeline/stages/intake.js';
import { mrz } from '../pipeline/stages/mrz.js';
import { documentTypeOf, loadRealDocs, REAL_DOCS_DIR, type RealDoc } from './real-docs.js';
import { MRZ_VARIANTS } from './mrz-variants.js';
import { percentile, round } from './report.js';

/** The error of a page that the stage answered with no coded error. */
const UNANSWERED = 'unanswered';

/** The variant name of a page read as it is stored. */
export const AS_SENT = 'as sent';

export interface MrzPageResult {
  path: string;
  variant: string;
  right: boolean;
  /** The error code the page was answered with, where it was ('unanswered': no coded error). */
  error?: string;
  /** How far the page had to turn clockwise to stand upright, as the MRZ reader found it. */
  orientation?: number;
  /** The MRZ stage's time on the page (intake apart). */
  ms: number;
}

/** Documents with an ICAO MRZ (two lines of 44, or three of 30) that the MRZ stage reads. */
export function icaoMrzDocs(dir = REAL_DOCS_DIR): RealDoc[] {
  return loadRealDocs(dir).filter((doc) => doc.mrz !== null && mrz.applies(newJob({
    documentType: documentTypeOf(doc), front: Buffer.alloc(0), back: null, face: null, trackString: null, verifyFace: false,
  })) && (doc.mrz.length === 2 && doc.mrz[0]!.length === 44 || doc.mrz.length === 3 && doc.mrz[0]!.length === 30));
}

/** One page (as `bytes`) through intake and the MRZ stage. */
export async function readMrzPage(doc: RealDoc, variant: string, bytes: Buffer): Promise<MrzPageResult> {
  const job = newJob({ documentType: documentTypeOf(doc), front: bytes, back: null, face: null, trackString: null, verifyFace: false });
  await intakeFor([mrz]).run(job);
  const started = performance.now();
  try {
    await mrz.run(job);
  } catch (error) {
    // A coded error is an answer; anything else is a page left unanswered, counted as such.
    const code = (error as { code?: string }).code ?? UNANSWERED;
    return { path: doc.path, variant, right: false, error: code, ms: Math.round(performance.now() - started) };
  }
  const right = job.mrz !== undefined && job.mrz.lines.join('\n') === doc.mrz!.join('\n');
  const orientation = job.mrz?.orientation;
  return { path: doc.path, variant, right, ...(orientation === undefined ? {} : { orientation }), ms: Math.round(performance.now() - started) };
}

/** The page's file and each of its variants that applies to it. */
export async function* pagesOf(doc: RealDoc, variants = MRZ_VARIANTS, dir = REAL_DOCS_DIR): AsyncGenerator<{ variant: string; bytes: Buffer }> {
  const file = readFileSync(join(dir, doc.path));
  yield { variant: AS_SENT, bytes: file };
  for (const variant of variants) {
    const bytes = await variant.make(file);
    if (bytes !== null) yield { variant: variant.name, bytes };
  }
}

export async function benchMrzRobustness(options: { quick: boolean }) {
  const docs = icaoMrzDocs();
  if (docs.length === 0) throw new Error(`no real documents with an MRZ at ${REAL_DOCS_DIR} (fields.jsonl)`);
  const chosen = options.quick ? docs.slice(0, 4) : docs;
  const results: MrzPageResult[] = [];
  for (const doc of chosen) {
    const cells: string[] = [];
    for await (const { variant, bytes } of pagesOf(doc)) {
      const result = await readMrzPage(doc, variant, bytes);
      results.push(result);
      cells.push(`${variant}: ${result.right ? 'ok' : result.error ?? 'wrong'} ${result.ms}`);
    }
    console.log(`${doc.path}\n  ${cells.join(' | ')}`);
  }
  const variants = [AS_SENT, ...MRZ_VARIANTS.map((v) => v.name)];
  const byVariant = Object.fromEntries(variants.map((name) => {
    const mine = results.filter((r) => r.variant === name);
    return [name, { pages: mine.length, right: mine.filter((r) => r.right).length }];
  }));
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const asSent = results.filter((r) => r.variant === AS_SENT).map((r) => r.ms).sort((a, b) => a - b);
  const summary = {
    pages: results.length,
    right: results.filter((r) => r.right).length,
    unanswered: results.filter((r) => r.error === UNANSWERED).length,
    errors: Object.fromEntries([...new Set(results.flatMap((r) => (r.error ? [r.error] : [])))].map((code) => [code, results.filter((r) => r.error === code).length])),
    msP50: round(percentile(times, 50)),
    msP95: round(percentile(times, 95)),
    asSentMsP50: round(percentile(asSent, 50)),
  };
  console.log(`\n${variants.map((v) => `${v}: ${byVariant[v]!.right}/${byVariant[v]!.pages}`).join('; ')}`);
  console.log(`MRZ right ${summary.right}/${summary.pages}; errors ${JSON.stringify(summary.errors)}; MRZ stage p50/p95 ${summary.msP50}/${summary.msP95} ms (as sent p50 ${summary.asSentMsP50} ms)`);
  return {
    meta: { suite: 'mrz-robustness', at: new Date().toISOString(), documents: chosen.length, quick: options.quick, role: 'development data (validation figures): the reader was looked at on these pages and variants' },
    // Per page, what was read; the times only in the percentiles, so that a run's diff against
    // the last (report.ts) shows the pages whose answer changed.
    ...summary, byVariant, results: results.map(({ ms, ...page }) => page),
  };
}

/** What one mrz-robustness run returns and saves. */
export type MrzRobustnessResult = Awaited<ReturnType<typeof benchMrzRobustness>>;
