/** The MRZ reader's tunables; a change must hold on `npm run bench -- stages`, `-- mrz-robustness` and `-- real-docs`. */
export const MRZ_TUNING = Object.freeze({
  // Band candidates (band-group.ts, band-lines.ts).
  maxAngleDifference: 4, // Blobs joined into one band differ in angle by at most this many degrees.
  minWidthRatio: 0.8, // … are at least this share of each other's width.
  minHeightRatio: 0.2, // … and of each other's height: a blob may hold two lines and a shadow, 3.6 line heights.
  maxShiftAlong: 0.12, // … have centres at most this share of the first's width apart along it …
  maxGapLines: 2.5, // … and a blank between them of at most this many heights of the smaller.
  maxCandidates: 3, // Band candidates read per look at the page (a cost bound).
  minLineHeightRatio: 0.6, // Lines of one set are at least this share of each other's height.
  linePad: 0.25, // A line's crop margin around its ink, in line heights.
  lengthTolerance: 0.12, // Lines of one set differ in length by at most this share.
  backgroundColumnShare: 0.8, // A column inked in more than this share of a band's rows is background, not text.
  backgroundRowShare: 0.85, // A row inked across more than this share of the band's width is the page's edge.
  minRowInkShare: 0.12, // A text row holds at least this share of the inkiest row's ink.
  lineBackgroundColumnShare: 0.95, // A column inked in this share of a line's rows is background, not the line's ink.
  minHeightShare: 0.4, // A run of rows below this share of the tallest is noise (a stain, an underline).

  // The page search (search-page.ts).
  minDecileProbability: 0.1, // A reading stands only where nine characters in ten reach this probability.
  maxCorrections: 4, // Check-digit corrections a standing reading may need (state codes not counted).
  setsPerBand: 2, // Line sets tried per band and orientation.
  widerPadsX: Object.freeze([0.2, 0.4]), // Side paddings (share of the band's width) of a band cut again where its text runs into the cut's side.

  // Reading one line set (read-line-set.ts).
  columnsPerChar: 25, // Input columns per character, at most, of the first reading (lines in pieces).
  secondScale: 1.2, // Scale of the second reading (doubtful lines, whole) against the first: errors fall elsewhere.
  pieceChars: 22, // Characters per recognised piece of a line (PP-OCR trains on labels of at most 25).
  formatMargin: 34, // Log-likelihood a layout's path must gain to beat the layout the measured pitch suggests.

  // Constrained decoding (ctc-constrained.ts).
  fillerSplitPenalty: Math.log(0.05), // Log-probability cost of splitting one run of filler frames into two fillers.
  splitPenalty: Math.log(0.005), // … and of splitting a run of any other character into two.
  lenientSplitPenalty: Math.log(0.1), // The split cost of the retry when checks fail: doubled letters split like fillers.
  probabilityFloor: 1e-7, // Probability floor before taking logs.

  // Check-digit correction (correct-by-checks.ts) and the table corrections.
  alternativeFloor: 0.02, // An alternative below this probability is not tried, unless it is the usual confusion.
  confusionProbability: 1e-3, // The probability a usual confusion (O/0, I/1 …) is tried at when the recogniser gave it none.
  maxChanges: 2, // Characters one check's repair may change.
  maxCost: Math.log(4), // Log of how many times less likely the repaired lines may be than the lines read.
  ambiguityMargin: Math.log(1.25), // Log-likelihood by which a rival repair of as many changes must be costlier than the one taken.
  minTableSupport: 0.01, // Support a state code, document code or filler put in by a table needs among the candidates.

  // Doubt (doubt.ts).
  doubtfulProbability: 0.5, // A character below this probability is doubtful: re-read unless the checks vouch for it.
  minLikeness: 0.75, // A reading below this share of MRZ-like ink is text of another kind.
  minMeanProbability: 0.5, // Below this mean probability a reading is no MRZ, or not the right way up.
  conclusiveProbability: 0.75, // A valid reading at this mean probability or more ends the search.
  firstReadingDoubt: 0.7, // A character of PP-OCRv6 tiny's reading below this, unvouched, sends the band to small.

  // The text detector's lines (detected-lines.ts), in line heights unless said.
  minLineAspect: 12, // An MRZ line is at least this much wider than high.
  minLengthRatio: 0.85, // The shorter line of a set is at least this share of the longer …
  maxStartOffset: 1, // … or starts within this many line heights of it and is taken at its length.
  minPitch: 0.8, // Lines of a set stand at least this far apart, centre to centre …
  maxPitch: 2.5, // … and at most this far.
  maxJoinGap: 2, // Pieces of one row at most this far apart are one line.
  minJoinHeightRatio: 0.45, // … if each is at least this share of the other's height …
  maxJoinOffset: 0.5, // … and their centres differ by at most this share of a height.
});
