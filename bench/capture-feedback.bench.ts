/**
 * Capture feedback on the labelled capture set (test/fixtures/capture-set.ts): for each reason,
 * the share of images degraded for it where it is found (target ≥ 90 %) and the share of clean
 * captures where it is found (target ≤ 2 %), and the time the measures add per image (target:
 * ≤ 15 ms per verification). The measures run on the pixels intake decodes, as in the pipeline.
 * `npm run bench -- capture [--quick]`; IDV_BENCH_CAPTURE_SIZE specimens (default 40, quick 10).
 */
import { performance } from 'node:perf_hooks';
import { CAPTURE_REASONS, type CaptureReason } from '../common/capture.js';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { captureReasons, measureCapture, type CaptureQuality } from '../pipeline/capture/index.js';
import { captureSet, type CaptureLabel } from '../test/fixtures/capture-set.js';
import { percentile, round } from './report.js';

interface Row {
  reason: CaptureReason;
  /** Images degraded for this reason that also got another reason (a side effect of the degradation, or a confusion). */
  alsoOther: number;
  degraded: number;
  foundOnDegraded: number;
  clean: number;
  foundOnClean: number;
}

export interface CaptureBenchResult {
  meta: { seed: number; specimens: number; images: number };
  table: (Row & { recall: number; falseRate: number })[];
  /** Per image; min is the figure of an idle core (the bench often shares its machine). */
  measureMs: { min: number; p50: number; p95: number; max: number };
  /** Each label's range of each measure: where the limits sit between clean and degraded. */
  ranges: Record<string, Record<string, [number, number]>>;
  misses: { specimen: string; label: CaptureLabel; variant: string; reasons: CaptureReason[]; quality: CaptureQuality }[];
}

/** Specimens of the labelled set a run measures (IDV_BENCH_CAPTURE_SIZE overrides). */
export const CAPTURE_SPECIMENS = Object.freeze({ full: 40, quick: 10 });

export async function benchCapture(options: { quick: boolean }): Promise<CaptureBenchResult> {
  const seed = 4242;
  const size = Number(process.env.IDV_BENCH_CAPTURE_SIZE ?? (options.quick ? CAPTURE_SPECIMENS.quick : CAPTURE_SPECIMENS.full));
  const rows = new Map<CaptureReason, Row>(CAPTURE_REASONS.map((reason) => [reason, { reason, alsoOther: 0, degraded: 0, foundOnDegraded: 0, clean: 0, foundOnClean: 0 }]));
  const times: number[] = [];
  const misses: CaptureBenchResult['misses'] = [];
  let images = 0;
  const ranges: CaptureBenchResult['ranges'] = {};
  for await (const capture of captureSet({ seed, size })) {
    images += 1;
    const decoded = await decodeImage(capture.bytes, 'frontImageBase64');
    const started = performance.now();
    const quality = measureCapture('front', decoded, capture.bytes, capture.documentType, decoded.sourceWidth / decoded.width);
    const reasons = captureReasons(quality);
    times.push(performance.now() - started);
    const range = (ranges[capture.label] ??= {});
    for (const name of ['sharpness', 'glare', 'brightness', 'documentCoverage', 'dpi', 'jpegQuality'] as const) {
      const value = quality[name];
      if (value === null) continue;
      const [low, high] = range[name] ?? [value, value];
      range[name] = [Math.min(low, value), Math.max(high, value)];
    }
    for (const row of rows.values()) {
      if (capture.label === 'clean') {
        row.clean += 1;
        if (reasons.includes(row.reason)) row.foundOnClean += 1;
      } else if (capture.label === row.reason) {
        row.degraded += 1;
        if (reasons.includes(row.reason)) row.foundOnDegraded += 1;
        if (reasons.some((reason) => reason !== row.reason)) row.alsoOther += 1;
      }
    }
    const wrong = capture.label === 'clean' ? reasons.length > 0 : !reasons.includes(capture.label);
    if (wrong) misses.push({ specimen: capture.specimen, label: capture.label, variant: capture.variant, reasons, quality });
  }
  times.sort((a, b) => a - b);
  const table = [...rows.values()].map((row) => ({
    ...row,
    recall: round((100 * row.foundOnDegraded) / Math.max(1, row.degraded), 1),
    falseRate: round((100 * row.foundOnClean) / Math.max(1, row.clean), 1),
  }));
  console.log(`capture feedback: ${size} specimens, ${images} images (seed ${seed})`);
  console.log('reason            found on degraded   found on clean      degraded images with another reason too');
  for (const row of table) {
    console.log(`${row.reason.padEnd(18)}${`${row.foundOnDegraded}/${row.degraded} (${row.recall} %)`.padEnd(20)}${`${row.foundOnClean}/${row.clean} (${row.falseRate} %)`.padEnd(20)}${row.alsoOther}/${row.degraded}`);
  }
  const measureMs = { min: round(times[0] ?? 0), p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times.at(-1) ?? 0) };
  console.log(`measures per image: min ${measureMs.min} ms, p50 ${measureMs.p50} ms, p95 ${measureMs.p95} ms, max ${measureMs.max} ms`);
  for (const [label, range] of Object.entries(ranges)) {
    console.log(`  ${label.padEnd(17)}${Object.entries(range).map(([name, [low, high]]) => `${name} ${low}–${high}`).join(', ')}`);
  }
  for (const miss of misses) console.log(`  miss: ${miss.specimen} ${miss.label} (${miss.variant}) → [${miss.reasons.join(', ')}] ${JSON.stringify(miss.quality)}`);
  return { meta: { seed, specimens: size, images }, table, measureMs, ranges, misses };
}
