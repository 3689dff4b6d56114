/**
 * A fixed piece of the OCR stage's work, timed on one thread in the bench's own process, so that
 * stage timings of runs hours apart can be told apart from the machine they ran on. The build
 * machine's speed wanders: the barcode stage, whose code did not change, took 27 ms p50 one day
 * and 83 ms another, and the OCR stage moved with it. Two runs compare where their references
 * agree; where they do not, the stages suite's figures say as much about the machine as the code.
 *
 * Two workloads, each the median of `runs` after one unmeasured run, on fixed inputs:
 * - the text detector (folded PP-OCRv4, onnxruntime, one thread) on a 736 × 480 input, a front
 *   region's detection: onnxruntime's kernels, most of the OCR stage's time;
 * - the perspective warp of a 1500 × 1000 page into 1000 × 640 (sampling.ts), the line crops'
 *   and detector inputs' pixel work in plain JavaScript.
 */
import { floatTensor, loadSession, runFloat } from '../pipeline/backends/onnx.js';
import { DETECTION_MODEL, foldedModel } from '../pipeline/ocr/model-files.js';
import type { Quad } from '../pipeline/ocr/geometry.js';
import { warpQuad } from '../pipeline/ocr/sampling.js';
import { mulberry32 } from '../test/fixtures/random.js';
import { percentile, round } from './report.js';

export interface MachineReference {
  /** The detector on a 736 × 480 input, one thread, ms. */
  detectorMs: number;
  /** A 1500 × 1000 page warped into 1000 × 640, ms. */
  warpMs: number;
}

const [DETECTOR_WIDTH, DETECTOR_HEIGHT] = [736, 480];
const PAGE = { width: 1500, height: 1000 };
const WARPED = { width: 1000, height: 640 };

/** Median milliseconds of `runs` calls of `work`, after one unmeasured call. */
async function timed(runs: number, work: () => unknown): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return round(percentile(times.sort((a, b) => a - b), 50));
}

/** The reference workloads' times on this machine now. */
export async function machineReference(runs = 5): Promise<MachineReference> {
  const random = mulberry32(736);
  const input = Float32Array.from({ length: 3 * DETECTOR_WIDTH * DETECTOR_HEIGHT }, () => random() * 4 - 2);
  const session = await loadSession(await foldedModel(DETECTION_MODEL), { oneThread: true });
  const detectorMs = await timed(runs, () => runFloat(session, floatTensor(input, [1, 3, DETECTOR_HEIGHT, DETECTOR_WIDTH])));
  const page = { ...PAGE, rgb: Uint8Array.from({ length: 3 * PAGE.width * PAGE.height }, () => Math.floor(random() * 256)) };
  // A slanted quad, as a photographed card's region is.
  const quad: Quad = [{ x: 120, y: 90 }, { x: 1380, y: 160 }, { x: 1350, y: 930 }, { x: 90, y: 860 }];
  const warpMs = await timed(runs, () => warpQuad(page, quad, WARPED.width, WARPED.height));
  return { detectorMs, warpMs };
}
