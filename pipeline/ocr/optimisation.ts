/**
 * What is done to an OCR source model to make the file a reader runs, as types only, so that the
 * service checks prepared files without importing the tooling (model-build/optimise/).
 */

/** A head for some classes: `weights` features × classes, row-major, and `bias` one a class. */
export interface TrainedHead {
  weights: Float32Array;
  bias: Float32Array;
}

/** Fold element-wise chains into convolutions, keep some classes (blank first), put a trained head in: in that order. */
export interface OcrOptimisation {
  fold: boolean;
  classes?: readonly number[];
  /** Weights for `classes` in place of the source's. */
  head?: TrainedHead;
}
