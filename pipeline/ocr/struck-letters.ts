/**
 * Puts back the letters of their own that the recogniser's dictionary lacks and reads as their
 * plain look-alike: Ø as O, Þ as P, Ð as D, Ł as L (SØNDERGAARD reads SONDERGAARD, ÞÓRÐARSON
 * PÓRDARSON). They are not marks over a letter (diacritics.ts): each differs from its look-alike
 * by a stroke inside the letter's own blob, which the line's ink (line-letters.ts) still shows:
 *
 *   Ø      a slash through the counter: ink along the rising diagonal across the middle of the
 *          letter, where an O is hollow, and none along the falling one
 *   Þ      the bowl moved down the stem: the top and bottom rows hold the stem alone, where a P's
 *          bowl starts at the cap line; looked for only at a word's start
 *   Ð  Ł   a bar through the stem halfway up: ink left of the stem in the middle rows, where a
 *          D's or an L's stem is straight (even a serif L's serifs are at its ends)
 *   Ł      or the bar's other end: ink right of the stem above the middle, then none below it
 *          until the foot, where an L's ink right of its stem only grows down to the foot
 *
 * A letter standing alone is judged whole: a blob that blur joined to its neighbour holds the
 * neighbour's strokes too. An L joined to its neighbour (an Ł whose bar touches the Ó before it,
 * ŻÓŁKIEWSKI) is judged by its right side only, from its stem, found in the columns left of the
 * character's place; an L alone by either side.
 */
import { blobWithin, holes, inkSpan, type Ink, type InkBlob } from './ink.js';
import { charPlaces, LETTER_REACH, median, numberWords, type LineLetters } from './line-letters.js';

/**
 * A blob wider than this share of the cap height (or 1.3 pitches) is more than one letter. The
 * strokes make a struck letter wider than its look-alike (Ø's slash and Ð's bar stand out past the
 * O and the D: 1.11 and 1.13 caps on two photos), so the bound is looser than a plain letter's.
 */
const LONE_LETTER = 1.25;
/**
 * Where a slash is looked for: points on the letter box's diagonals, at these shares of the way
 * from the centre to a corner. An O's ring lies further out (a circle's at about 0.7), its
 * counter here.
 */
const DIAGONAL_STEPS = [0.2, 0.3, 0.4];
/** A slash inks at least this share of the rising diagonal's points … */
const SLASH_INKED = 0.8;
/** … and at most this share of the falling diagonal's (a letter filled in by blur inks both). */
const COUNTER_INKED = 0.5;
/** A part of a counter is at least this many pixels (one is as likely a speck of paper in the ink). */
const MIN_HOLE = 2;
/** A thorn's top and bottom rows span at most this share of its width (its stem and serifs; a P's top, its bowl, 0.75 or more) … */
const THORN_STEM = 0.65;
/** … and its bowl, in the middle rows, at least this share. */
const THORN_BOWL = 0.8;
/** The print's lean is measured on at least this many other letters with a stem, else taken as upright. */
const MIN_STEMS = 2;
/** A bar reaches at least this share of the cap height, and MIN_BAR_PIXELS, left of the stem … */
const BAR_REACH = 0.08;
const MIN_BAR_PIXELS = 2;
/**
 * … or, past an edge fitted to the letter's own stem above and below the bar (a Ð's), which a
 * ragged pixel does not move, FITTED_BAR_PIXELS in FITTED_BAR_ROWS rows or more (a Ð of 96 dpi
 * reached 1.5 pixels past it in three rows).
 */
const FITTED_BAR_PIXELS = 1.5;
const FITTED_BAR_ROWS = 2;
/**
 * An Ł's bar end right of its stem: at least BAR_END of the cap height (and MIN_BAR_PIXELS) wider
 * in the rows above the middle (BAR_END_ROWS) than at the narrowest below them (NOTCH_ROWS), and
 * at most NOTCH_PIXELS wide there. Measured on 22 ŻÓŁKIEWSKI and 40 plain L on photos and 96 dpi
 * captures: an Ł's bar end stands 0.17 to 0.3 caps out before its notch, an L's ink right of its
 * stem never narrows below its widest above. Bolder print blurred at 96 dpi leaves less where the
 * L is joined to the Ó before it: 2 pixels at an 18-pixel cap height (0.11, ŻÓŁKIEWSKI); at
 * JOINED_BAR_END no L of ten seeds' cached fronts became Ł. A lone serif L's top serif juts out
 * right of its stem as far (LEFÈVRE in DejaVu Serif read ŁEFÈVRE at 0.1), so a lone L keeps BAR_END.
 */
const BAR_END = 0.12;
const JOINED_BAR_END = 0.1;
const NOTCH_PIXELS = 1;
/** A stem's column is inked over at least this share of the letter's rows … */
const STEM_COVER = 0.8;
/** … and an L's stands this share of the pitch left of the letter's centre. */
const STEM_OFFSET = 0.25;
type Band = readonly [number, number];
const ABOVE_BAR_END: Band = [0.02, 0.15];
const BAR_END_ROWS: Band = [0.12, 0.5];
const NOTCH_ROWS: Band = [0.5, 0.72];
/** Rows of a letter (shares of its height) above a bar through its stem, and below it … */
const ABOVE_BAR: Band = [0.1, 0.3];
const BELOW_BAR: Band = [0.7, 0.85];
/** … and where the bar lies. */
const BAR_ROWS: Band = [0.35, 0.75];

/** Whether the ink of `blob` is at (x, y), rounded to a pixel. */
function inked(ink: Ink, blob: InkBlob, x: number, y: number): boolean {
  return ink.labels[Math.round(y) * ink.width + Math.round(x)] === blob.label;
}

/**
 * Whether an O's counter is parted by a slash: two holes, one up and left of the other. Blur
 * fills most of the counter of a small Ø, so that the diagonals' points are inked both ways
 * (ØDEGÅRD on a photo: 1.0 and 0.67), but the slash still parts what is left of it. Left is
 * measured along the print's `lean` (leanOf): sheared print carries the upper hole right of where
 * upright print has it (ØYSTEIN on a photo leaning right: holes 0.9 pixels apart across, 4.6 down).
 */
function partedCounter(ink: Ink, blob: InkBlob, lean: number): boolean {
  const [first, second] = holes(ink, blob).filter((hole) => hole.area >= MIN_HOLE).sort((a, b) => b.area - a.area);
  if (first === undefined || second === undefined) return false;
  const [upper, lower] = first.cy < second.cy ? [first, second] : [second, first];
  const down = lower.cy - upper.cy;
  return down >= 1 && lower.cx - upper.cx - lean * down >= 1;
}

/** Whether an O's blob has the slash of an Ø through its counter. */
function slashedO(ink: Ink, blob: InkBlob, lean: number): boolean {
  if (partedCounter(ink, blob, lean)) return true;
  const cx = (blob.left + blob.right) / 2; const cy = (blob.top + blob.bottom) / 2;
  const halfWidth = (blob.right - blob.left) / 2; const halfHeight = (blob.bottom - blob.top) / 2;
  const steps = DIAGONAL_STEPS.flatMap((t) => [t, -t]);
  const share = (rising: boolean) =>
    steps.filter((t) => inked(ink, blob, cx + t * halfWidth, rising ? cy - t * halfHeight : cy + t * halfHeight)).length / steps.length;
  return share(true) >= SLASH_INKED && share(false) <= COUNTER_INKED;
}

/** The rows of a blob in a band of them (shares of its height, from the top), top first. */
function bandRows(blob: InkBlob, [from, to]: Band): number[] {
  const height = blob.bottom - blob.top + 1;
  const rows: number[] = [];
  for (let y = blob.top + Math.floor(from * height); y <= Math.min(blob.bottom, blob.top + Math.floor(to * height)); y++) rows.push(y);
  return rows;
}

/** The span of a blob's ink, as a share of its width, over a band of its rows. */
function spanOf(ink: Ink, blob: InkBlob, band: Band): number {
  const rows = bandRows(blob, band);
  return rows.length === 0 ? 0 : inkSpan(ink, blob, rows[0]!, rows[rows.length - 1]!) / (blob.right - blob.left + 1);
}

/** Whether a P's blob is a Þ: stem alone at the top and bottom, the bowl between. */
function thorn(ink: Ink, blob: InkBlob): boolean {
  return spanOf(ink, blob, [0, 0.1]) <= THORN_STEM && spanOf(ink, blob, [0.9, 1]) <= THORN_STEM && spanOf(ink, blob, [0.35, 0.65]) >= THORN_BOWL;
}

/** The left edge of a blob over a band of its rows: each row's leftmost ink, and the band's typical edge and row. */
function leftEdge(ink: Ink, blob: InkBlob, band: Band): { rows: { y: number; x: number }[]; x: number; y: number } {
  const rows: { y: number; x: number }[] = [];
  for (const y of bandRows(blob, band)) {
    const x = firstInk(ink, blob, y);
    if (x <= blob.right) rows.push({ y, x });
  }
  return { rows, x: rows.length > 0 ? median(rows.map((r) => r.x)) : NaN, y: rows.length > 0 ? median(rows.map((r) => r.y)) : NaN };
}

/** The column of a blob's leftmost ink on row `y` (past its right edge where the row has none). */
function firstInk(ink: Ink, blob: InkBlob, y: number): number {
  let x = blob.left;
  while (x <= blob.right && ink.labels[y * ink.width + x] !== blob.label) x++;
  return x;
}

/** Capitals whose left side is a straight stem from top to bottom: they lean as the print does. */
const STEMS = 'BDEFHIKLMNPR';

/** How far a letter's left edge moves per row down (negative where its lower rows lie further left). */
function leanOf(ink: Ink, blob: InkBlob): number {
  const above = leftEdge(ink, blob, ABOVE_BAR); const below = leftEdge(ink, blob, BELOW_BAR);
  return (below.x - above.x) / (below.y - above.y);
}

/**
 * Whether a D's or an L's blob has a bar through its stem: ink left of the stem's edge halfway up,
 * where a D's or an L's stem is straight (even a serif L's serifs are at its ends). A Ð's bar lies
 * level, so its stem shows above and below it and gives the edge's line, lean and all; an Ł's falls
 * to the left into the rows below it, so its edge runs from the rows above at the lean of the line's other stems.
 */
function barredStem(ink: Ink, blob: InkBlob, capHeight: number, lean: number, level: boolean): boolean {
  const above = leftEdge(ink, blob, ABOVE_BAR);
  const slope = level ? leanOf(ink, blob) : lean;
  if (!Number.isFinite(above.x) || !Number.isFinite(slope)) return false;
  const bar = leftEdge(ink, blob, BAR_ROWS).rows;
  const past = (reach: number): number => bar.filter(({ y, x }) => x <= above.x + slope * (y - above.y) - reach).length;
  return past(Math.max(MIN_BAR_PIXELS, BAR_REACH * capHeight)) > 0 || (level && past(FITTED_BAR_PIXELS) >= FITTED_BAR_ROWS);
}

/**
 * Whether the L at crop column `centre` (alone, or in a blob joined to its neighbours) has an Ł's bar end:
 * its stem is the run of well-inked columns, in the pitch left of the centre, nearest where an L's
 * stem stands, followed at the print's `lean`; right of it, the rows above the middle reach
 * further than the rows below them, by `least` of the cap height.
 */
function barEndRightOfStem(line: LineLetters, blob: InkBlob, centre: number, pitch: number, lean: number, least = BAR_END): boolean {
  const { ink, capLine, baseline } = line;
  const height = baseline - capLine + 1;
  const middle = (capLine + baseline) / 2;
  const column = (x: number, y: number): number => Math.round(x + lean * (y - middle));
  const stemColumn = (x: number): boolean => {
    let inkedRows = 0;
    for (let y = capLine; y <= baseline; y++) if (ink.labels[y * ink.width + column(x, y)] === blob.label) inkedRows++;
    return inkedRows / height >= STEM_COVER;
  };
  const runs: { left: number; right: number }[] = [];
  for (let x = Math.max(blob.left, Math.round(centre - pitch)); x <= Math.min(blob.right, Math.round(centre)); x++) {
    if (!stemColumn(x)) continue;
    const last = runs[runs.length - 1];
    if (last !== undefined && last.right === x - 1) last.right = x; else runs.push({ left: x, right: x });
  }
  // The stem stands a quarter pitch left of the letter's centre; the Ó's side a pitch away.
  const offset = (run: { left: number; right: number }): number => Math.abs((run.left + run.right) / 2 - (centre - STEM_OFFSET * pitch));
  const stem = runs.reduce<{ left: number; right: number } | undefined>((best, run) => (best === undefined || offset(run) < offset(best) ? run : best), undefined);
  if (stem === undefined) return false;
  const reach = (y: number): number => {
    let x = column(stem.right, y) + 1;
    const start = x;
    while (x < ink.width && ink.labels[y * ink.width + x] === blob.label) x++;
    return x - start;
  };
  const rows = ([from, to]: Band): number[] => {
    const out: number[] = [];
    for (let y = capLine + Math.round(from * height); y <= capLine + Math.round(to * height); y++) out.push(reach(y));
    return out;
  };
  // The stem's own blurred edge, above the bar, is what the other rows are measured from.
  const edge = median(rows(ABOVE_BAR_END));
  const end = Math.max(...rows(BAR_END_ROWS)) - edge;
  const notch = Math.min(...rows(NOTCH_ROWS)) - edge;
  return notch <= NOTCH_PIXELS && end - notch >= Math.max(MIN_BAR_PIXELS, least * height);
}

/** Rows of a D (shares of its height) where its stem stands alone beside the counter, above and below a bar … */
const STEM_ABOVE_BAR: Band = [0.2, 0.35];
const STEM_BELOW_BAR: Band = [0.6, 0.75];
/** … and where a Ð's bar crosses it. */
const BAR_ACROSS: Band = [0.35, 0.6];

/** The length of the ink run from a blob's left edge, on each row of a band of its rows. */
function runsFromLeft(ink: Ink, blob: InkBlob, band: Band): number[] {
  const runs: number[] = [];
  for (const y of bandRows(blob, band)) {
    const start = firstInk(ink, blob, y);
    let x = start;
    while (x <= blob.right && ink.labels[y * ink.width + x] === blob.label) x++;
    if (x > start) runs.push(x - start);
  }
  return runs;
}

/**
 * Whether a D's bar reaches into its counter: halfway up, the ink from the left edge runs past
 * the stem by BAR_REACH (and MIN_BAR_PIXELS) in FITTED_BAR_ROWS rows or more. On a sharp scan a
 * Ð's bar may stand out left of the stem by a single pixel, which barredStem cannot tell from a
 * ragged edge, while it crosses the stem and runs 2 to 3 pixels into the counter (9191-166).
 */
function barIntoCounter(ink: Ink, blob: InkBlob, capHeight: number): boolean {
  // Rows whose ink runs half the letter's width are its bowl's top or bottom, not the stem beside
  // the counter: on a blurred photo the bowl takes up most of those bands (ÞÓRÐARSON at 18 px).
  const width = blob.right - blob.left + 1;
  const alone = [...runsFromLeft(ink, blob, STEM_ABOVE_BAR), ...runsFromLeft(ink, blob, STEM_BELOW_BAR)].filter((run) => run < width / 2);
  const stem = median(alone);
  if (!Number.isFinite(stem)) return false;
  const reach = stem + Math.max(MIN_BAR_PIXELS, BAR_REACH * capHeight);
  return runsFromLeft(ink, blob, BAR_ACROSS).filter((run) => run >= reach).length >= FITTED_BAR_ROWS;
}

/** Each look-alike the recogniser writes, the letter it may stand for, and the stroke that tells them apart. */
const STRUCK: Readonly<Record<string, { letter: string; test: (ink: Ink, blob: InkBlob, capHeight: number, lean: number) => boolean }>> = {
  O: { letter: 'Ø', test: (ink, blob, _capHeight, lean) => slashedO(ink, blob, lean) },
  P: { letter: 'Þ', test: thorn },
  D: { letter: 'Ð', test: (ink, blob, capHeight, lean) => barredStem(ink, blob, capHeight, lean, true) || barIntoCounter(ink, blob, capHeight) },
  L: { letter: 'Ł', test: (ink, blob, capHeight, lean) => barredStem(ink, blob, capHeight, lean, false) },
};

/**
 * The part of a blob of joined letters that is character `at`'s: its columns up to halfway to the
 * characters either side that stand in the same blob (crop columns `centres`), else to the blob's
 * edge (a space's place, or a letter of another blob, is no bound).
 */
function ownColumns(ink: Ink, blob: InkBlob, text: string, centres: readonly number[], at: number): InkBlob | undefined {
  const centre = centres[at]!;
  const inBlob = (c: number | undefined): c is number => c !== undefined && c > blob.left && c < blob.right;
  const letterAt = (i: number): number | undefined => (/\s/.test(text[i] ?? ' ') ? undefined : centres[i]);
  const before = letterAt(at - 1); const after = letterAt(at + 1);
  const left = inBlob(before) ? Math.ceil((before + centre) / 2) : blob.left;
  const right = inBlob(after) ? Math.floor((centre + after) / 2) : blob.right;
  return blobWithin(ink, blob, { left, top: blob.top, right, bottom: blob.bottom });
}

/** Whether the characters either side of `at` (those there are, one at least) are capitals. */
function capitalsAround(text: string, at: number): boolean {
  const sides = [text[at - 1], text[at + 1]].filter((c): c is string => c !== undefined && c !== ' ');
  return sides.length > 0 && sides.every((c) => /\p{Lu}/u.test(c));
}

/** Whether the character at `at` begins a word: first, or after a space or hyphen. */
function startsWord(text: string, at: number): boolean {
  return at === 0 || /[\s\-‐]/.test(text[at - 1]!);
}

/**
 * `text` with its Ø, Þ, Ð and Ł put back, from the ink of its line (line-letters.ts); `spans` are
 * each character's first and last time step (ctc-decode.ts). A word holding a digit is a number
 * and keeps its O's.
 */
export function restoreStruckLetters(line: LineLetters | undefined, text: string, spans: readonly (readonly [number, number])[]): string {
  if (line === undefined || !/[ODLPt]/.test(text) || spans.length !== text.length) return text;
  const { ink, letters, capHeight } = line;
  const { centres, pitch, nearest } = charPlaces(line, spans, LETTER_REACH);
  const inNumber = numberWords(text);
  // The recogniser reads a small or blurred Ł as a t, its bar as the t's cross: among capitals, a
  // t is looked at as an L would be.
  const lookAlike = (at: number): string | undefined => (text[at] === 't' && capitalsAround(text, at) ? 'L' : text[at]);
  const out = [...text];
  // A photo's perspective shears the print: the stems of the line's other letters show how far.
  const stems = letters.flatMap((blob) => {
    const at = nearest(blob.cx);
    const lean = at !== undefined && STEMS.includes(text[at]!) ? leanOf(ink, blob) : NaN;
    return Number.isFinite(lean) ? [{ blob, lean }] : [];
  });
  const leanBeside = (blob: InkBlob): number => {
    const others = stems.filter((stem) => stem.blob !== blob).map((stem) => stem.lean);
    return others.length >= MIN_STEMS ? median(others) : 0;
  };
  for (const blob of letters) {
    if (blob.right - blob.left + 1 > Math.min(LONE_LETTER * capHeight, 1.3 * pitch)) {
      // Joined letters: each L among them by its right side alone, each O by its own columns.
      centres.forEach((centre, at) => {
        if (inNumber[at] || centre < blob.left || centre > blob.right) return;
        if (lookAlike(at) === 'L' && barEndRightOfStem(line, blob, centre, pitch, leanBeside(blob), JOINED_BAR_END)) out[at] = 'Ł';
        if (lookAlike(at) === 'O') {
          // The diagonals need the letter's own box, which columns cut from a joined blob only
          // approximate (a blurred SOPHIE's O read Ø by them): its counter must show the slash.
          const own = ownColumns(ink, blob, text, centres, at);
          if (own !== undefined && partedCounter(ink, own, leanBeside(blob))) out[at] = 'Ø';
        }
      });
      continue;
    }
    const at = nearest(blob.cx);
    const struck = at === undefined || inNumber[at] ? undefined : STRUCK[lookAlike(at)!];
    // Þ begins Icelandic words (ÞÓRÐARSON, ÞÓRUNN) and stands inside one only where two are joined:
    // a P within a word stays a P (a blurred P of PAPADOPOULOS had read Þ).
    if (struck?.letter === 'Þ' && !startsWord(text, at!)) continue;
    const lean = leanBeside(blob);
    if (struck !== undefined && struck.test(ink, blob, capHeight, lean)) out[at!] = struck.letter;
    // A bar standing out a pixel left of the stem is no more than a ragged edge, but its other end
    // may still stand out right of the stem over a notch (ŁUKASIEWICZ at 96 dpi and on photos).
    else if (struck?.letter === 'Ł' && barEndRightOfStem(line, blob, centres[at!]!, pitch, lean)) out[at!] = 'Ł';
  }
  return out.join('');
}
