/** The barcode reader's tunables; a change must hold on `npm run bench -- accuracy`, `-- real-docs` and `-- stages`. */
export const BARCODE_TUNING = Object.freeze({
  // Finding the symbol (decode.ts, locate.ts).
  searchSide: 1100, // The gradient is taken with the image halved to this larger side at most: licence bars stay 2 px or more wide.
  minAreaShare: 0.004, // A block smaller than this share of the searched image is noise, not a symbol.
  maxAspect: 16, // PDF417 symbols are from about square to 15:1 wide.
  maxCandidates: 3, // Largest blocks tried as symbols.

  // The upright crop (rectify.ts).
  cropWidth: 1000, // Symbols are brought to about this width: a licence symbol is about 290 modules wide, so a module spans 3 px or more.
  maxUpscale: 3, // Small symbols are upscaled at most this much (beyond it interpolation adds no detail) …
  minScale: 0.75, // … and large ones downscaled at most to this.
  marginY: 0.12, // Margin above and below the symbol, a share of its height (the located block may stop short of the outer bars) …
  marginX: 0.04, // … and either side, a share of its width …
  minMargin: 16, // … and at least this many pixels.
});
