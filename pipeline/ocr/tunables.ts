/** The line reader's tunables; a change must hold on `npm run bench -- accuracy`, `-- real-docs` and `-- stages`. */
export const OCR_TUNING = Object.freeze({
  // Detection (detector.ts, upright-text.ts).
  detectionMaxSide: 736, // Larger side of the detector's input: small captions stay 9 px high or more.
  firstLookMaxSide: 512, // … of the first looks at a page to be localised (orientation and extent only).

  // The text region (localise.ts).
  skewMinAspect: 2.5, // Boxes this much longer than high give the page's skew.
  minSkew: 0.035, // Below this skew (radians, about 2°) …
  maxAreaShare: 0.7, // … and above this share of the page, a large page is not cropped.
  padHeights: 2.5, // Padding around the text's extent, in median box heights.
  minScore: 0.7, // Boxes with a lower detector score do not set the extent.
  targetSide: 960, // The region's larger side is brought to at least this …
  maxEnlarge: 2.5, // … but never enlarged more than this.

  // Orientation and crops (direction.ts, crop.ts).
  voters: 8, // Longest lines the direction classifier votes on.
  tallRatio: 1.5, // Boxes at least this much taller than wide hold text running down the page.

  // Recognition (recognizer.ts, second-reading.ts, second-view.ts).
  batchSpread: 1.3, // Lines batched together differ in width by at most this factor.
  maxBatch: 8, // Lines per recogniser batch.
  maxBatchedWidth: 192, // Lines wider than this (input columns) run alone: their batch outgrows the CPU caches.
  v6Squeeze: 0.8, // A front's lines are read narrowed to this share of their width (a capital keeps two steps).
  recheckBelow: 0.95, // A tiny reading whose mean character probability is under this is read again by small.
  doubtfulLetter: 0.9, // A name line with a letter read less surely than this gets a second, widened view.
  widen: 0.3, // The second view reaches this share of the line's height past each end of its box.

  // The MRZ's lines on a front (known-lines.ts).
  minAspectPerChar: 0.45, // Width over height of an MRZ line's box, per character, at least.
  widthSpread: 0.15, // The MRZ lines' boxes differ in width by less than this share.
});
