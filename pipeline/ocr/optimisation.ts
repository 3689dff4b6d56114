/** What is done to an OCR source model, as types only, so the service checks files without importing model-build/. */

/** A head for some classes: `weights` features × classes, row-major, and `bias` one a class. */
export interface TrainedHead {
  weights: Float32Array;
  bias: Float32Array;
}

/** Fold element-wise chains into convolutions, keep some classes (blank first), put a trained head in: in that order. */
export interface OcrOptimisation {
  fold: boolean;
  classes?: readonly number[];
  head?: TrainedHead;
}
