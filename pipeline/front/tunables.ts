/** The front reader's tunables; a change must hold on `npm run bench -- accuracy`, `-- real-docs` and `-- forgery`. */
export const FRONT_TUNING = Object.freeze({
  // Reading the page (read-front.ts).
  minLineConfidence: 0.5, // Lines below this mean confidence are noise (guilloche, photo texture) rather than text.

  // Lines (layout.ts).
  skewMinAspect: 2.5, // Lines at least this many times longer than high give the skew (short ones have no clear long side).
  maxSkew: Math.PI / 6, // Skews beyond this are not measured from text lines (a page on its side is turned by the OCR first).
  maxFragmentGap: 0.5, // Boxes in a row closer than this many line heights are one line cut at a word space (`01 MAR` │ `2024`) …
  minFragmentHeightRatio: 0.8, // … if the shorter is at least this share of the taller's height.

  // Fields found from the machine-readable values (guided.ts).
  agreedConfidence: 95, // The confidence, at least, of a place whose reading agrees exactly with an independent reading of the field.
  nearConfidence: 89, // A name found one letter away from the machine's agrees with nothing: its confidence is at most this.
  nearNameLength: 6, // Names at least this long are found with one letter read otherwise.

  // Values without their captions (unlabelled-names.ts, shaped-number.ts, visual-zone-number.ts).
  minUnlabelledConfidence: 80, // An unlabelled value (name, number) is read at least this surely, on average (garbled captions are less).
  minUnlabelledHeight: 0.7, // An unlabelled value is printed at least this high relative to the values beside it (captions are smaller).
  columnSlack: 2, // A line is in a value's column when its left edge is within this many of that value's heights.
  maxNamePitch: 3, // Family and given names stand at most this many line heights apart, top to top (a caption may lie between).
  maxLevelHeight: 4.5, // The most box height a level line has, in its text's heights (layout.ts ungrownHeight, unclip 2).
  signedEdits: 4, // A signed word matches a printed name within a quarter of its letters (a stroke read as another letter).
  shapedNumberMinLength: 6, // Shorter numbers take the shape of too many other things on a page (codes, heights, weights).
  zoneNumberMinLength: 6, // A passport's number below the date of birth has this many characters at least: fewer is a caption's garble.
  zoneNumberMinDigits: 1, // ICAO numbers mix letters and digits at random, and one digit in nine is common (KYXCMPTJ6).

  // Dates (date-order.ts).
  captionRemnantMax: 3, // A date alone on its line may follow this many characters of a caption the OCR lost (`P` of `EXP`).
  maxValidityYears: 15, // Longest validity, years: an EU licence may run 15 to the day (directive 2006/126/EC article 7).

  // The signature (signature.ts).
  signatureMaxConfidence: 0.65, // Lines read above this mean confidence are print (captions, values), not handwriting.
  signatureMinCentre: 0.5, // A signature box lies below this share of the page's height …
  signatureMinAspect: 1.5, // … is at least this many times wider than high …
  signatureMinWidthShare: 0.08, // … and at least this share of the page's width …
  signatureMinHeightRatio: 1.1, // … and taller than the printed lines: garbled captions, also read at low confidence, are smaller.
  printedConfidence: 0.9, // The printed lines' height is the median of those read at this confidence or more.
  signatureMargin: 0.4, // Strokes stray beyond the detector's box by about this share of its height (each side).

  // Look-alike glyphs read alone (glyphs-alone.ts), chosen on the forgery bench's tuning designs: no genuine glyph settled otherwise.
  glyphMinNats: 1, // A glyph is its look-alike when read alone it favours it by this many nats …
  glyphMinContrast: 3.5, // … and by this many more than the document's most look-alike print of the character read.
  glyphAloneNats: 5, // With no print to weigh it against, a glyph settled either way only beyond this: twice the most any tuning glyph leant from what it was.
});
