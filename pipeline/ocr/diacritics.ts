/**
 * Puts back the accents of capital letters that the recogniser cannot write. PP-OCRv4's
 * dictionary holds only a few accented capitals (É, Ó, Ü, Ë), so CASTAÑEDA reads CASTANEDA and
 * ŻÓŁKIEWSKI reads ZOLKIEWSKI, while the mark is plainly there in the line's crop, above the
 * cap height (or, for a cedilla, below the baseline).
 *
 * The line's letters, cap line and baseline come from its ink (line-letters.ts). A small blob
 * wholly above the cap line is a mark; the
 * character whose frames lie nearest it (the recogniser's time steps, 8 input columns each) takes
 * it, if that character is an unaccented capital A–Z. The mark's shape names it:
 *
 *   two small blobs side by side,      diaeresis  Ä Ë Ï Ö Ü
 *   or wide and level over an O, U, E
 *   a blob around a hole               ring       Å Ů
 *   wide, highest in the middle        circumflex Â Ê Î Ô Û
 *   wide, lowest in the middle,        caron      Č Ř Š Ž
 *   or notched like a V over C D R S T,
 *   or unslanted over an R
 *   wide and flat                      macron     Ā Ē Ī
 *   wide otherwise, or unslanted       tilde      Ã Ñ
 *   over an N
 *   rising to the right                acute      Á É Í Ó Ú Ś Ź
 *   falling to the right               grave      À È Ì Ò Ù
 *   (over a vowel, as the stroke's grey leans rather than its few pixels of ink)
 *   neither                            dot on Z, C, G (Ż Ċ Ġ); acute on the rest, where a few
 *                                      pixels cannot show a slant and the acute is by far the
 *                                      commonest mark
 *
 * and a C with ink hanging from the baseline is Ç (Ł, Ø, Þ and Ð are letters of their own:
 * struck-letters.ts). A letter and mark that Unicode does
 * not compose into one Latin-1 or Latin Extended-A character stay as read.
 */
import { blobPieces, blobWithin, hasHole, inkSpan, medianGrey, type Ink, type InkBlob } from './ink.js';
import { faintMarks, greySlant } from './faint-marks.js';
import { charPlaces, median, numberWords, wordsWhere, type LineLetters } from './line-letters.js';

/** A mark above ends at most this share of the cap height below the cap line … */
const MARK_OVERLAP = 0.12;
/** … and at least this share above it (a caption over the line ends further up) … */
const MARK_GAP = 0.3;
/** … and starts at most this share of the cap height above the cap line. */
const MARK_REACH = 0.8;
/** A mark is at most this share of the cap height tall, and at most its width … */
const MARK_HEIGHT = 0.6;
const MARK_WIDTH = 0.9;
/**
 * … and at least this share of the cap height squared in area (a speck of noise is less; INÉS's
 * acute at 96 dpi is 3 pixels at a 17-pixel cap height).
 */
const MARK_AREA = 0.01;
/** Letters whose top lies within this share of the cap height of the cap line stand at it. */
const CAP_SPREAD = 0.12;
/** At least this many letters show how the cap line tilts. */
const MIN_TILT_LETTERS = 4;
/** A mark belongs to the nearest character within this share of the character pitch. */
const PITCH_SHARE = 0.7;
/** A letter whose top is this share of the cap height over the cap line has its mark joined to it. */
const JOINED_RISE = 0.12;
/** Ink of a C reaching this share of the cap height below the baseline, or starting within it, is a cedilla. */
const CEDILLA_DROP = 0.15;
/**
 * A C whose bottom rows, TAIL_ROWS of them or more, span at most TAIL_SHARE of its width hangs a
 * cedilla joined to it, however short: at 96 dpi ÇELIK's hung 2 pixels below the baseline in 3
 * narrow rows. Over ten seeds' cached fronts no plain C (636) had more than one such row, its
 * round bottom's; 44 of 62 Ç had 3 to 6 (most of the others hang their cedilla apart).
 */
const TAIL_SHARE = 0.4;
const TAIL_ROWS = 2;
/**
 * Slant (pixel x–y correlation) beyond which a narrow mark is an acute or a grave stroke. An
 * acute's slant is clearly negative (−0.3 to −0.8 on the corpus, 0 for a dot too small to show
 * one), so a mark falling to the right is a grave already at 0.25 (LEFÈVRE's read 0.29 and 0.32).
 */
const ACUTE_SLANT = -0.35;
const GRAVE_SLANT = 0.25;
/** A blurred dot of Z, C or G leans a little (ELŻBIETA's 0.3); a mark leaning this far is none of theirs. */
const DOT_LEAN = 0.5;
/** A slant this clear makes an acute or grave whatever the mark's width; tildes and circumflexes lie level. */
const CLEAR_SLANT = 0.6;
/**
 * Pixels of a joined mark above the cut that parts it from its letter. The letter's rise over the
 * cap line is the evidence already; the part above the cut is only the mark's tip (at 96 dpi the
 * acute of NOÉMIE shows 2 pixels there, where a separate mark must have MARK_AREA).
 */
const JOINED_AREA = 2;
/** A mark joined to its letter keeps only a clear slant: its shape is the letter's top as much as the mark's. */
const JOINED_SLANT = 0.5;
/** Pixels a joined part needs before its slant makes it a grave rather than an acute. */
const SLANT_PIXELS = 6;
/** A Z's joined part of at most this many pixels shows no slant (ELŻBIETA's dots of 3 and 6 pixels leaned −0.5). */
const DOT_PIXELS = 6;
/**
 * A vowel's stroke whose grey (each pixel weighted by its darkness squared, over the mark's box and
 * a pixel around it) leans at least this far is a grave, else an acute. The ink's few pixels cannot
 * tell them apart (a LEFÈVRE grave of 4 pixels leaned 0, an acute of 3 pixels +0.5); the grey
 * keeps the stroke's blur: over ten seeds' cached fronts 498 acutes over A, E and O leaned at most
 * 0.04, 23 graves at least 0.10.
 */
const GRAVE_GREY_LEAN = 0.07;
/** A mark this much wider than tall is a tilde, circumflex, caron or macron. */
const WIDE_ASPECT = 1.7;

/** A mark joined to an O or a U by blur is at least this share of the cap height wide (two dots span about 0.45). */
const DOTS_WIDTH = 0.25;
/** Two dots of at least two pixels each and a pixel between them: a diaeresis is this many pixels wide at the least. */
const TWO_DOTS = 5;
/**
 * A faint mark (faint-marks.ts) over an O, U or E this share of the cap height wide, and TWO_DOTS,
 * is two dots blurred into one plume, whatever its lean: over ten seeds' cached fronts faint
 * acutes over them spanned at most 0.28 of the cap height, faint diaereses 0.25 to 0.43.
 */
const FAINT_DOTS_WIDTH = 0.3;
/**
 * Letters whose joined mark is a caron where it is wider than tall and at least this share of the
 * cap height wide, and an acute where not: Š's joined part was 4 or 5 pixels wide and 2 tall at 13
 * to 18 pixels cap height, Ś's tip 2 to 4 wide and 2 to 4 tall at 15 to 20.
 */
const ACUTE_OR_CARON = 'SC';
const TIP_WIDTH = 0.2;
/** A part leaning less than this either way (pixel x–y correlation) lies level. */
const LEVEL_SLANT = 0.2;

const COMBINING = Object.freeze({
  grave: '\u0300', acute: '\u0301', circumflex: '\u0302', tilde: '\u0303', macron: '\u0304',
  dot: '\u0307', diaeresis: '\u0308', ring: '\u030a', caron: '\u030c',
});
type Mark = keyof typeof COMBINING;

/**
 * Letters whose level mark (no slant, no peak) is their diaeresis when blur leaves its shape in
 * doubt: blur runs the two dots together into a bar that reads as a tilde or a macron, and Ö and Ü
 * are by far the commonest level marks of O, U and E in names (Õ, Ō, Ũ, Ū, Ē are rare; a
 * Portuguese -ÕES reads -ÖES). Ô, Û and Ê, whose mark peaks, keep their circumflex.
 */
const DOTTED_WHEN_LEVEL = 'OUE';

/**
 * Letters that take a caron (Č Ď Ř Š Ť; Ě, Ň and Ž are rare beside Ë, Ñ and Ż). Blurred to a few rows,
 * a caron's V sinks in its middle by a pixel or two, its point hanging hardly below its arms
 * (DVOŘÁK at 19 px cap height: tops 16 16 17 18 18 17 16, bottoms 17 18 19 19 19 19 18), which the
 * bottom edge alone reads as a tilde, and, narrower than wide, its lack of slant as an acute.
 */
const CARON_LETTERS = 'CDRST';


/** The topmost and bottommost ink row of each column of a blob. */
function profiles(ink: Ink, blob: InkBlob): { tops: number[]; bottoms: number[] } {
  const tops: number[] = []; const bottoms: number[] = [];
  for (let x = blob.left; x <= blob.right; x++) {
    let top = -1; let bottom = -1;
    for (let y = blob.top; y <= blob.bottom; y++) {
      if (ink.labels[y * ink.width + x] !== blob.label) continue;
      if (top < 0) top = y;
      bottom = y;
    }
    if (top >= 0) { tops.push(top); bottoms.push(bottom); }
  }
  return { tops, bottoms };
}

function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}

/** The shape of a wide mark, from how its middle third sits against its outer thirds. */
function wideMark(ink: Ink, blob: InkBlob): Mark {
  const { tops, bottoms } = profiles(ink, blob);
  const height = blob.bottom - blob.top + 1;
  // Two dots that blur joined: the ink thins to a neck between them, where a tilde keeps its stroke.
  const thickness = tops.map((top, i) => bottoms[i]! - top + 1);
  const thick = thirds(thickness);
  if (Math.min(...thick.middleValues) <= 0.5 * Math.min(thick.first, thick.last)) return 'diaeresis';
  const top = thirds(tops); const bottom = thirds(bottoms);
  if (Math.min(top.first, top.last) - top.middle >= 0.25 * height) return 'circumflex';
  if (bottom.middle - Math.max(bottom.first, bottom.last) >= 0.25 * height) return 'caron';
  const width = blob.right - blob.left + 1;
  if (blob.area >= 0.75 * width * height && width >= 3 * height) return 'macron';
  return 'tilde';
}

/** A column profile's first, middle and last thirds (a third is one column at least): their means, and the middle's values. */
function thirds(values: number[]): { first: number; middle: number; last: number; middleValues: number[] } {
  const third = Math.max(1, Math.floor(values.length / 3));
  const middleValues = values.slice(third, values.length - third);
  return { first: mean(values.slice(0, third)), middle: mean(middleValues), last: mean(values.slice(-third)), middleValues };
}

/**
 * Whether a mark sinks in its middle third like a V: both its edges lie no higher there than at
 * its lower end, and its midline an eighth of its height lower (a stroke slopes, a dot bulges).
 */
function notchedLikeV(ink: Ink, blob: InkBlob): boolean {
  const { tops, bottoms } = profiles(ink, blob);
  const midline = tops.map((top, i) => (top + bottoms[i]!) / 2);
  const sink = (values: number[]) => { const t = thirds(values); return t.middle - Math.max(t.first, t.last); };
  return sink(tops) >= 0 && sink(bottoms) >= 0 && sink(midline) >= 0.125 * (blob.bottom - blob.top + 1);
}

/**
 * The mark of a part joined to its letter: a clear stroke; the tilde of a wide part over an N; the
 * caron of a part notched like a V over C, D, R, S or T; a
 * ring around a hole over an A or U, or a dome over an A whose hole blur filled (Å; Â is rare in
 * names); two dots over an O or U where the part is as wide as they are, or over an E where it
 * also lies wide; an acute (a grave, where it falls to the right) of a narrower part over an A, E,
 * I, O or U, however flat (an acute's tip above the cut is two rows of four pixels): Ó, É, Í, Ú, Á
 * are the commonest marks of names, and the one narrow one; the dot of a
 * narrow part over a Z; the caron of any part over an R. Else none.
 */
function joinedMarkOf(ink: Ink, joined: { part: InkBlob; letter: InkBlob; capLine: number }, base: string, capHeight: number): Mark | undefined {
  const blob = joined.part;
  // A ring's hole lies about the cap line; the letter's own counter (an A's) lies well below it.
  if ((base === 'A' || base === 'U') && hasHole(ink, joined.letter, joined.capLine)) return 'ring';
  // Ż is common in names and Ź rare: a part of a few pixels over a Z is its dot, however it leans.
  if (base === 'Z' && blob.area <= DOT_PIXELS) return 'dot';
  if (blob.slant <= -JOINED_SLANT) return 'acute';
  if (blob.slant >= JOINED_SLANT && blob.area >= SLANT_PIXELS) return 'grave';
  const width = blob.right - blob.left + 1; const height = blob.bottom - blob.top + 1;
  const wide = width >= WIDE_ASPECT * height;
  if (base === 'N') return wide ? 'tilde' : undefined;
  if (CARON_LETTERS.includes(base) && height >= 2 && notchedLikeV(ink, blob)) return 'caron';
  // An S or a C takes an acute or a caron (Ś Ć, Š Č): joined, the acute's tip is the narrower.
  if (ACUTE_OR_CARON.includes(base) && height >= 2) return width >= TIP_WIDTH * capHeight && width > height ? 'caron' : 'acute';
  // Over an E, a part that lies level and spans two dots and the gap between them (TWO_DOTS pixels
  // and DOTS_WIDTH) is the diaeresis however high it stands: a blurred acute joined to an E's top
  // is narrower, or leans (ZOË read ZOÉ with parts 5 and 6 pixels wide; no É's was over 4).
  if (base === 'E' && height >= 2 && width >= Math.max(TWO_DOTS, DOTS_WIDTH * capHeight) && Math.abs(blob.slant) < LEVEL_SLANT) return 'diaeresis';
  // Over an O, a U or an E, a level part as wide as two dots is the diaeresis, unless it peaks;
  // over an E it must also lie wide, as a blurred acute joined to an E's flat top is as wide.
  if (DOTTED_WHEN_LEVEL.includes(base) && height >= 2 && width >= DOTS_WIDTH * capHeight && (base !== 'E' || wide)) {
    return wideMark(ink, blob) === 'circumflex' ? 'circumflex' : 'diaeresis';
  }
  if (base === 'A' && height >= 2) {
    if (width >= DOTS_WIDTH * capHeight) return domed(ink, blob) ? 'ring' : undefined;
    return wide ? undefined : 'acute';
  }
  // A flat part is a mark only in two rows or more: one row is as likely the letter's own top,
  // uneven on a photo (LEFÈVRE read LEFÈVRÉ, FRANCOIS FŘANCOIS).
  const flatMark = height >= 2 && width < DOTS_WIDTH * capHeight;
  // A slant measured on a few pixels is noise (a low-resolution ÓLAFSDÓTTIR's Ó tips of 3 to 5
  // pixels leaned 0.33 to 0.5 either way); the acute, the commoner mark, stands unless more shows.
  if ('EIOU'.includes(base) && (!wide || flatMark)) return blob.slant >= GRAVE_SLANT && blob.area >= SLANT_PIXELS ? 'grave' : 'acute';
  // Ź's acute shows a clear slant even joined; what rises unslanted from a Z is its dot.
  if (base === 'Z' && !wide) return 'dot';
  // What rises from an R without a clear slant is its caron: Ř is common in names, Ŕ rare.
  if (base === 'R' && (!wide || height >= 2)) return 'caron';
  return undefined;
}

/** Whether a letter's bottom rows narrow to a tail, as a C's joined cedilla does (TAIL_ROWS). */
function hangsTail(ink: Ink, blob: InkBlob): boolean {
  const width = blob.right - blob.left + 1;
  let rows = 0;
  for (let y = blob.bottom; y > blob.top && rows < TAIL_ROWS; y--) {
    if (inkSpan(ink, blob, y, y) > TAIL_SHARE * width) break;
    rows++;
  }
  return rows >= TAIL_ROWS;
}

/** Whether a part's top rises from both its ends to its middle, as the top of a ring does. */
function domed(ink: Ink, blob: InkBlob): boolean {
  const { tops } = profiles(ink, blob);
  const highest = Math.min(...tops.slice(1, -1));
  return tops.length >= 3 && tops[0]! > highest && tops[tops.length - 1]! > highest;
}

/** The mark a group of blobs above one letter makes. */
function markOf(ink: Ink, blobs: InkBlob[], base: string, capHeight: number): Mark | undefined {
  if (blobs.length >= 2) {
    const [a, b] = [...blobs].sort((x, y) => y.area - x.area) as [InkBlob, InkBlob];
    const small = (m: InkBlob) => m.right - m.left < 0.4 * capHeight && m.bottom - m.top < 0.4 * capHeight;
    const apart = a.right < b.left || b.right < a.left;
    return small(a) && small(b) && apart && a.area < 3 * b.area ? 'diaeresis' : undefined;
  }
  const blob = blobs[0]!;
  if (hasHole(ink, blob)) return 'ring';
  const width = blob.right - blob.left + 1; const height = blob.bottom - blob.top + 1;
  // A clearly slanted stroke is an acute or grave however flat it lies (a bold acute is a wedge).
  if (blob.slant <= -CLEAR_SLANT) return 'acute';
  if (blob.slant >= CLEAR_SLANT) return 'grave';
  if (width >= WIDE_ASPECT * height) {
    // A wide mark over an N is its tilde (Ň is rare, and a blurred tilde's wave can sag like a caron).
    if (base === 'N') return 'tilde';
    const shape = wideMark(ink, blob);
    // A blurred caron's arms can thin at its point like two dots' neck; C, D, R, S and T take no diaeresis.
    if ((shape === 'tilde' || shape === 'diaeresis') && CARON_LETTERS.includes(base) && notchedLikeV(ink, blob)) return 'caron';
    const level = shape === 'tilde' || shape === 'macron';
    // An acute blurred flat over an E still leans (JOSÉ's −0.52); two dots run together lie level.
    if (level && base === 'E' && blob.slant <= ACUTE_SLANT) return 'acute';
    return level && DOTTED_WHEN_LEVEL.includes(base) ? 'diaeresis' : shape;
  }
  if (blob.slant <= ACUTE_SLANT) return 'acute';
  // A caron blurred narrower than wide still shows its V (a stroke's top edge slopes, a dot's bulges).
  if (CARON_LETTERS.includes(base) && notchedLikeV(ink, blob)) return 'caron';
  // Ŕ is rare beside Ř: an R's mark that does not lean like an acute is its caron.
  if (base === 'R' && blob.slant < GRAVE_SLANT) return 'caron';
  // An N's unslanted mark is its tilde blurred narrow (CASTAÑEDA); Ń's acute slants like any other.
  if (base === 'N') return blob.slant < GRAVE_SLANT ? 'tilde' : undefined;
  // Z, C and G take no grave: a mark leaning right short of DOT_LEAN is still their dot (Ż Ċ Ġ).
  if ('ZCG'.includes(base)) return blob.slant >= DOT_LEAN ? undefined : 'dot';
  if (blob.slant >= GRAVE_SLANT) return 'grave';
  return 'acute';
}

/**
 * The cap line at each crop column, to a fraction of a pixel. The detector's box leaves a photo's
 * line tilted by a pixel or two along its length, and marks joined to the letters at one end
 * (Ż and Ó of a low-resolution ŻÓŁKIEWSKI) raise the tops there, so a line fitted to the tops
 * leans with them and the marks rise under JOINED_RISE. The tilt comes from the letters' bottoms,
 * which no mark above moves (the median slope of their pairs: a cedilla or a J's descent is an
 * outlier among many). The cap line lies parallel to it, through the mean of the tops that stand
 * within CAP_SPREAD of their median (a median of whole pixels is a pixel off where the tops split
 * between two rows).
 */
function tiltedCapLine(letters: readonly InkBlob[], capLine: number, capHeight: number): (x: number) => number {
  if (letters.length < MIN_TILT_LETTERS) return () => capLine;
  const slopes: number[] = [];
  letters.forEach((a, i) => letters.slice(i + 1).forEach((b) => { if (b.cx !== a.cx) slopes.push((b.bottom - a.bottom) / (b.cx - a.cx)); }));
  const slope = slopes.length > 0 ? median(slopes) : 0;
  const residuals = letters.map((b) => b.top - slope * b.cx);
  const middle = median(residuals);
  const level = residuals.filter((r) => Math.abs(r - middle) <= CAP_SPREAD * capHeight);
  const offset = level.reduce((sum, r) => sum + r, 0) / level.length;
  return (x) => offset + slope * x;
}

/**
 * The marks joined to a blob above its row `cut`, by the character each stands over. Letters that
 * blur joined carry each its own (DVOŘÁK's R and A, caron and acute): each piece of ink above the
 * cut goes to its nearest character, and the pieces over one character (two dots) are one part.
 */
function joinedMarks(ink: Ink, blob: InkBlob, cut: number, nearest: (x: number) => number | undefined): Map<number, InkBlob> {
  const byChar = new Map<number, InkBlob[]>();
  for (const piece of blobPieces(ink, blob, cut)) {
    const at = nearest(piece.cx);
    if (at !== undefined) byChar.set(at, [...(byChar.get(at) ?? []), piece]);
  }
  const parts = new Map<number, InkBlob>();
  for (const [at, pieces] of byChar) {
    const part = blobWithin(ink, blob, {
      left: Math.min(...pieces.map((p) => p.left)), top: blob.top, right: Math.max(...pieces.map((p) => p.right)), bottom: cut,
    });
    if (part !== undefined && part.area >= JOINED_AREA) parts.set(at, part);
  }
  return parts;
}

/** The letter with the mark, when Unicode composes them into one Latin-1 or Latin Extended-A character. */
function compose(base: string, mark: Mark | undefined): string | undefined {
  if (mark === undefined) return undefined;
  const composed = (base + COMBINING[mark]).normalize('NFC');
  const code = composed.codePointAt(0)!;
  return composed.length === 1 && code >= 0xc0 && code <= 0x17f ? composed : undefined;
}


/**
 * `text` with the marks of its capitals put back, from the ink of its line (line-letters.ts);
 * `spans` are each character's first and last time step (ctc-decode.ts).
 */
export function restoreMarks(line: LineLetters | undefined, text: string, spans: readonly (readonly [number, number])[]): string {
  if (line === undefined || !/[A-Z]/.test(text) || spans.length !== text.length) return text;
  const { ink, letters, baseline, capHeight } = line;
  const capLineAt = tiltedCapLine(letters, line.capLine, capHeight);
  const { nearest } = charPlaces(line, spans, PITCH_SHARE);

  const isLetter = new Set(letters);
  const above = new Map<number, InkBlob[]>();
  const joinedAbove = new Map<number, { part: InkBlob; letter: InkBlob; capLine: number }>();
  const below = new Set<number>();
  for (const blob of ink.blobs) {
    const width = blob.right - blob.left + 1; const height = blob.bottom - blob.top + 1;
    if (isLetter.has(blob)) {
      const at = nearest(blob.cx);
      if (at !== undefined && text[at] === 'C' && (blob.bottom - baseline >= CEDILLA_DROP * capHeight || hangsTail(ink, blob))) below.add(at);
      // A letter reaching well over the cap line carries its mark, joined by blur: its rows above.
      const capLine = capLineAt(blob.cx);
      if (capLine - blob.top >= JOINED_RISE * capHeight) {
        // The cut counts from the cap line's row: the first row wholly at or under it.
        const capRow = Math.ceil(capLine);
        for (const [at, part] of joinedMarks(ink, blob, capRow - 1 - Math.round(JOINED_RISE * capHeight / 3), nearest)) {
          joinedAbove.set(at, { part, letter: blob, capLine: capRow });
        }
      }
      continue;
    }
    if (blob.area < Math.max(3, MARK_AREA * capHeight ** 2) || height > MARK_HEIGHT * capHeight || width > MARK_WIDTH * capHeight) continue;
    const at = nearest(blob.cx);
    if (at === undefined) continue;
    const capLine = capLineAt(blob.cx);
    if (!blob.atEdge && blob.bottom <= capLine + MARK_OVERLAP * capHeight && blob.bottom >= capLine - MARK_GAP * capHeight && blob.top >= capLine - MARK_REACH * capHeight) {
      above.set(at, [...(above.get(at) ?? []), blob]);
    } else if (!blob.atEdge && Math.abs(blob.top - baseline) <= CEDILLA_DROP * capHeight && blob.bottom <= baseline + MARK_HEIGHT * capHeight) {
      below.add(at);
    }
  }

  const out = [...text];
  // Marks over most capitals are a caption or a line above, not accents.
  const capitals = out.filter((c) => /[A-Z]/.test(c)).length;
  if (above.size >= 3 && above.size > capitals / 2) return text;
  // Joined marks over many letters are a cap line gone wrong: a photo's perspective grows the
  // letters along the line, and the bottoms' tilt is not the tops'.
  if (joinedAbove.size >= 3 && joinedAbove.size > capitals / 3) joinedAbove.clear();
  // Only words of letters take marks: a letter in a document number (WLD2107788657) has none.
  const inNumber = numberWords(text);
  // An accented I in a word of capitals often reads as an i, the mark taken for its dot.
  const capital = (at: number): string | undefined => (inNumber[at] ? undefined : /[A-Z]/.test(out[at]!) ? out[at]
    : out[at] === 'i' && /[A-Z]/.test(out[at - 1] ?? '') && /[A-Z]/.test(out[at + 1] ?? '') ? 'I' : undefined);
  // A vowel's stroke is an acute or a grave as its grey leans (GRAVE_GREY_LEAN). A mark apart from
  // its O, U or E that is as wide as two dots and whose grey lies level is the two dots blur ran
  // together (ZOË's, 5 by 3 pixels, lean 0.00): a stroke that wide leans steeply (acutes of five
  // pixels or more, −0.56 or beyond).
  // The paper's grey, which the faint marks below measure from too.
  const paper = medianGrey(line.grey.grey);
  const stroke = (mark: Mark | undefined, base: string, box: InkBlob, apart: boolean): Mark | undefined => {
    if ((mark !== 'acute' && mark !== 'grave') || !'AEIOU'.includes(base)) return mark;
    const lean = greySlant(line.grey, paper, { left: box.left - 1, right: box.right + 1, top: box.top }, () => box.bottom + 2);
    const twoDotsWide = box.right - box.left + 1 >= Math.max(TWO_DOTS, DOTS_WIDTH * capHeight);
    if (apart && DOTTED_WHEN_LEVEL.includes(base) && twoDotsWide && Math.abs(lean) < LEVEL_SLANT) return 'diaeresis';
    return lean >= GRAVE_GREY_LEAN ? 'grave' : 'acute';
  };
  for (const [at, blobs] of above) {
    const base = capital(at);
    // One dot apart and the other joined to the letter make a diaeresis too.
    const joined = joinedAbove.get(at);
    const group = blobs.length === 1 && joined ? [...blobs, joined.part] : blobs;
    const composed = base && compose(base, stroke(markOf(ink, group, base, capHeight), base, group[0]!, true));
    if (composed) out[at] = composed;
  }
  // In a word of small letters the cap line is their x-height, and a capital rises over it by
  // itself (a word of capitals may hold a small letter misread: ŻÓŁKIEWSKI read ZOtKIEWSKI).
  const count = (word: string, letters: RegExp) => word.match(letters)?.length ?? 0;
  const inSmallLetters = wordsWhere(text, (word) => count(word, /\p{Ll}/gu) > count(word, /\p{Lu}/gu));
  for (const [at, joined] of joinedAbove) {
    // A C hanging a cedilla is a Ç, and what rises joined over it is its own round top, lifted by
    // a cap line tilted wrong at the line's end (a 96 dpi ÇELIK read ČELIK, 1414-123).
    const hangsCedilla = below.has(at) && text[at] === 'C';
    const base = above.has(at) || inSmallLetters[at] || hangsCedilla ? undefined : capital(at);
    const mark = base && stroke(joinedMarkOf(ink, joined, base, capHeight), base, joined.part, false);
    const composed = base && mark && compose(base, mark);
    if (composed) out[at] = composed;
  }
  // Marks that blur left only in the grey (faint-marks.ts), over a vowel or a Z that has none yet.
  for (const mark of faintMarks(line, capLineAt, paper)) {
    const at = nearest(mark.cx);
    if (at === undefined || above.has(at) || inSmallLetters[at] || out[at] !== text[at]) continue;
    const base = capital(at);
    if (base === undefined || !'AEIOUZ'.includes(base)) continue;
    // Of the graves only È is common in names (LEFÈVRE): a faint lean over another vowel is a
    // blurred acute's (RAMÍREZ's 0.29, SIOBHÁN's 0.27, where LEFÈVRE's were 0.23 and 0.39).
    const shape = mark.shape === 'grave' && base !== 'E' ? 'acute' : mark.shape;
    const twoDotsWide = mark.right - mark.left + 1 >= Math.max(TWO_DOTS, FAINT_DOTS_WIDTH * capHeight);
    const composed = compose(base, base === 'Z' ? 'dot' : DOTTED_WHEN_LEVEL.includes(base) && twoDotsWide ? 'diaeresis' : shape);
    if (composed) out[at] = composed;
  }
  for (const at of below) if (out[at] === 'C' && !inNumber[at]) out[at] = 'Ç';
  return out.join('');
}
