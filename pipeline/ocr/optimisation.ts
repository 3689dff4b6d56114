/**
 * What is done to an OCR source model to make the file a reader runs, as types: the service names
 * the transform it needs (model-files.ts) and checks the prepared file's record against it
 * (model-cache.ts); model-build/optimise/ does it (`npm run models`). Types only, so that the
 * service compiles against them without importing the tooling.
 */

/** A head for some classes: `weights` features × classes, row-major, and `bias` one a class. */
export interface TrainedHead {
  weights: Float32Array;
  bias: Float32Array;
}

/**
 * Fold the model's element-wise chains into its convolutions, keep some output classes (the blank
 * first), put a trained head in the kept columns' place: in that order.
 */
export interface OcrOptimisation {
  fold: boolean;
  classes?: readonly number[];
  /** Weights for `classes` in place of the source's. */
  head?: TrainedHead;
}
