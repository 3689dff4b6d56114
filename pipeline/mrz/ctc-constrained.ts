/**
 * CTC decoding of one MRZ line constrained to its layout: exactly `classes.length` characters,
 * each from the set its position allows (digits in dates, letters in state codes …). It is a
 * Viterbi search over the CTC lattice of a line of known length:
 *
 *   state (j, c)  the frame shows character j of the line, read as alphabet letter c
 *   state  b_j    a blank frame after character j − 1
 *
 * Plain CTC needs a blank between two equal neighbours, and the recogniser, shown a run of
 * fillers `<<<<` at a tight pitch, often emits one long run of `<` frames without blanks: greedy
 * decoding then loses fillers. Here a step from (j, c) straight to (j + 1, c) is allowed at a
 * cost (FILLER_SPLIT_PENALTY, SPLIT_PENALTY) once (j, c) has lasted two frames, so the known
 * line length rebuilds the run instead of trusting the count of blanks. Where a position allows
 * only digits (or only letters), the look-alike's probability counts for the allowed character
 * (alphabet.ts). Each character keeps its frames, from which the caller takes its probability and
 * the alternatives the check digits may choose among.
 */
import { ALPHABET, BLANK, CLASS_MEMBERS, FILLER, rowsForClass } from './alphabet.js';
import type { CharClass } from './layout.js';

/**
 * Log-probability cost of splitting one run of frames into two equal characters: cheap for the
 * filler, whose runs the recogniser merges, dear for the others, whose doubles it separates.
 */
const FILLER_SPLIT_PENALTY = Math.log(0.05);
const SPLIT_PENALTY = Math.log(0.005);
/** What the caller may retry with when the check digits fail: doubled letters merged like fillers. */
export const LENIENT_SPLIT_PENALTY = Math.log(0.1);
const FLOOR = 1e-7;

// Back-pointer codes. A character state entered at frame t records where it came from: the
// blank before it, or (j − 1, k) as k (k + LASTED when that state had lasted two frames or more).
// A character state that lasted records STAY_ONCE / STAY_LONGER for the state it stayed from;
// a blank state records STAY_ONCE when it stayed, or the character it followed as above.
const STAY_ONCE = -1;
const STAY_LONGER = -3;
const FROM_BLANK = -2;
const LASTED = 64;

export interface PositionReading {
  /** Alphabet index of the character read. */
  index: number;
  /** Its probability: the highest of its frames. */
  p: number;
  /** Every allowed alphabet index with its highest probability over the frames, best first. */
  candidates: { index: number; p: number }[];
}

export interface ConstrainedLine {
  text: string;
  positions: PositionReading[];
  /** Log-probability of the best path, comparable between lengths over the same frames. */
  score: number;
}

function allowedMass(rows: Float32Array, row: number, allowed: readonly number[]): number {
  let sum = 0;
  for (const k of allowed) sum += rows[row + k]!;
  return sum;
}

/**
 * The rows as probabilities: an entry that is NaN, negative or over 1 (a broken model output) is
 * clamped into 0..1, so that no comparison of the search meets a NaN or an infinity.
 */
function asProbabilities(rows: Float32Array): Float32Array {
  return rows.every((p) => p >= 0 && p <= 1) ? rows : rows.map((p) => (p >= 0 ? Math.min(p, 1) : 0));
}

/** A frame's share of each character a position allows, among those and the blank; 0 when they hold nothing. */
function shares(rows: Float32Array, row: number, allowed: readonly number[]): number[] {
  const mass = rows[row + BLANK]! + allowedMass(rows, row, allowed);
  return allowed.map((k) => (mass > 0 ? rows[row + k]! / mass : 0));
}

/**
 * Decodes folded rows (steps × (alphabet + blank), see alphabet.ts) into a line whose position
 * j holds a character of `classes[j]`. Null when the line has fewer frames than characters.
 * `splitPenalty` is the cost of splitting a run of another character than the filler.
 */
export function decodeConstrained(input: Float32Array, classes: readonly CharClass[], splitPenalty = SPLIT_PENALTY): ConstrainedLine | null {
  const rows = asProbabilities(input);
  const width = BLANK + 1;
  const steps = rows.length / width;
  const length = classes.length;
  if (steps < length) return null;
  const A = ALPHABET.length;
  // Per position class: the rows with look-alikes folded in (alphabet.ts), and their logs.
  const byClass = new Map<CharClass, { rows: Float32Array; logp: Float64Array }>();
  for (const cls of new Set(classes)) {
    const classRows = rowsForClass(rows, cls);
    byClass.set(cls, { rows: classRows, logp: Float64Array.from(classRows, (p) => Math.log(Math.max(p, FLOOR))) });
  }
  const logpAt = classes.map((cls) => byClass.get(cls)!.logp);
  const rowsAt = classes.map((cls) => byClass.get(cls)!.rows);
  const logp = logpAt[0]!;
  const allowed = classes.map((cls) => CLASS_MEMBERS[cls]);

  // Scores of the previous and current frame. A character state also knows whether it has
  // lasted one frame (d = 0) or more (d = 1): a run splits into two equal characters only after
  // two frames, so a short run is not cut in two while a long one may be.
  const at = (d: number, j: number, c: number): number => (d * length + j) * A + c;
  let chars = new Float64Array(2 * length * A).fill(-Infinity);
  let blanks = new Float64Array(length + 1).fill(-Infinity);
  let nextChars = new Float64Array(2 * length * A);
  let nextBlanks = new Float64Array(length + 1);
  // Back-pointers (see the codes above).
  const charFrom = new Int8Array(steps * 2 * length * A);
  const blankFrom = new Int8Array(steps * (length + 1));

  blanks[0] = logp[BLANK]!;
  for (const c of allowed[0]!) { chars[at(0, 0, c)] = logpAt[0]![c]!; charFrom[at(0, 0, c)] = FROM_BLANK; }

  const plane = length * A;
  // Per frame: for each (j, k), the better of its two duration states and which one it was; and
  // per position j its best two characters (entering j + 1, or the blank after j, from them).
  const merged = new Float64Array(plane);
  const mergedLasted = new Uint8Array(plane);
  const firstV = new Float64Array(length); const firstK = new Int32Array(length);
  const secondV = new Float64Array(length); const secondK = new Int32Array(length);
  for (let t = 1; t < steps; t++) {
    const row = t * width;
    const frame = t * 2 * plane;
    nextChars.fill(-Infinity);
    nextBlanks.fill(-Infinity);
    // Character j can stand at frame t only if j ≤ t and the characters after it still fit.
    const lo = Math.max(0, length - (steps - t));
    const hi = Math.min(length - 1, t);
    for (let j = Math.max(0, lo - 1); j <= hi; j++) {
      let first = -Infinity; let fk = -1; let second = -Infinity; let sk = -1;
      for (const k of allowed[j]!) {
        const once = chars[j * A + k]!; const longer = chars[plane + j * A + k]!;
        const v = longer > once ? longer : once;
        merged[j * A + k] = v;
        mergedLasted[j * A + k] = longer > once ? 1 : 0;
        if (v > first) { second = first; sk = fk; first = v; fk = k; } else if (v > second) { second = v; sk = k; }
      }
      firstV[j] = first; firstK[j] = fk; secondV[j] = second; secondK[j] = sk;
    }
    for (let j = lo; j <= hi; j++) {
      // The two best characters of position j − 1, to enter j from a different one.
      const first = j > 0 ? firstV[j - 1]! : -Infinity; const fk = j > 0 ? firstK[j - 1]! : -1;
      const second = j > 0 ? secondV[j - 1]! : -Infinity; const sk = j > 0 ? secondK[j - 1]! : -1;
      const fromBlank = blanks[j]!;
      const emitRow = logpAt[j]!;
      for (const c of allowed[j]!) {
        const i = j * A + c;
        const emit = emitRow[row + c]!;
        // Entering character j read as c.
        let v = fromBlank; let from = FROM_BLANK;
        const otherK = fk === c ? sk : fk;
        const other = fk === c ? second : first;
        if (other > v) { v = other; from = otherK + (mergedLasted[(j - 1) * A + otherK] ? LASTED : 0); }
        if (j > 0) {
          const split = chars[plane + i - A]! + (c === FILLER ? FILLER_SPLIT_PENALTY : splitPenalty);
          if (split > v) { v = split; from = c + LASTED; }
        }
        nextChars[i] = v + emit;
        charFrom[frame + i] = from;
        // Staying on it.
        const once = chars[i]!; const longer = chars[plane + i]!;
        nextChars[plane + i] = (longer > once ? longer : once) + emit;
        charFrom[frame + plane + i] = longer > once ? STAY_LONGER : STAY_ONCE;
      }
    }
    const blankEmit = logp[row + BLANK]!;
    for (let b = lo; b <= Math.min(length, hi + 1); b++) {
      let v = blanks[b]!; let from = STAY_ONCE;
      // Leaving position b − 1 for the blank: from its best character (the first of equals).
      if (b > 0 && firstV[b - 1]! > v) {
        v = firstV[b - 1]!;
        from = firstK[b - 1]! + (mergedLasted[(b - 1) * A + firstK[b - 1]!] ? LASTED : 0);
      }
      nextBlanks[b] = v + blankEmit;
      blankFrom[t * (length + 1) + b] = from;
    }
    [chars, nextChars] = [nextChars, chars];
    [blanks, nextBlanks] = [nextBlanks, blanks];
  }

  // The path ends on the last character or the blank after it.
  let score = blanks[length]!;
  let state = { blank: true, d: 0, j: length, c: -1 };
  for (const c of allowed[length - 1]!) {
    for (const d of [0, 1]) {
      const v = chars[at(d, length - 1, c)]!;
      if (v > score) { score = v; state = { blank: false, d, j: length - 1, c }; }
    }
  }
  if (score === -Infinity) return null;

  const frames: number[][] = Array.from({ length }, () => []);
  const labels = new Array<number>(length).fill(-1);
  const enter = (code: number, j: number) => ({ blank: false, d: code >= LASTED ? 1 : 0, j, c: code % LASTED });
  for (let t = steps - 1; t >= 0; t--) {
    if (state.blank) {
      const from = blankFrom[t * (length + 1) + state.j]!;
      if (from >= 0) state = enter(from, state.j - 1);
      continue;
    }
    frames[state.j]!.push(t);
    labels[state.j] = state.c;
    const from = charFrom[t * 2 * length * A + at(state.d, state.j, state.c)]!;
    if (from === STAY_ONCE) state = { ...state, d: 0 };
    else if (from === STAY_LONGER) state = { ...state, d: 1 };
    else if (from === FROM_BLANK) state = { blank: true, d: 0, j: state.j, c: -1 };
    else state = enter(from, state.j - 1);
  }

  const positions = labels.map((index, j) => {
    // Probabilities among what the position allows (and the blank): where only letters may stand,
    // the model's preference of 0 over O says nothing against the O.
    const frameShares = frames[j]!.map((t) => shares(rowsAt[j]!, t * width, allowed[j]!));
    const candidates = allowed[j]!.map((k, i) => ({
      index: k,
      p: Math.max(...frameShares.map((frame) => frame[i]!)),
    })).sort((a, b) => b.p - a.p);
    return { index, p: candidates.find((c) => c.index === index)!.p, candidates };
  });
  return { text: labels.map((k) => ALPHABET[k]).join(''), positions, score };
}
