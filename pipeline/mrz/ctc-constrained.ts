/**
 * Viterbi CTC decoding of an MRZ line of known length, each position from its allowed set (look-alikes count). The
 * recogniser runs fillers together without blanks, so (j, c) → (j + 1, c) is allowed once (j, c) has lasted two frames.
 */
import { ALPHABET, BLANK, CLASS_MEMBERS, FILLER, rowsForClass } from './alphabet.js';
import type { CharClass } from './layout.js';
import { MRZ_TUNING } from './tunables.js';


// Back-pointers: a character state records the blank before it or (j − 1, k) as k (+ LASTED if that
// lasted); a state that stayed records STAY_ONCE / STAY_LONGER.
const STAY_ONCE = -1;
const STAY_LONGER = -3;
const FROM_BLANK = -2;
const LASTED = 64;

export interface PositionReading {
  index: number;
  /** The highest of its frames. */
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

/** The rows as probabilities: NaN, negative or over 1 (a broken model output) clamped into 0..1. */
function asProbabilities(rows: Float32Array): Float32Array {
  return rows.every((p) => p >= 0 && p <= 1) ? rows : rows.map((p) => (p >= 0 ? Math.min(p, 1) : 0));
}

/** A frame's share of each character a position allows, among those and the blank; 0 when they hold nothing. */
function shares(rows: Float32Array, row: number, allowed: readonly number[]): number[] {
  const mass = rows[row + BLANK]! + allowedMass(rows, row, allowed);
  return allowed.map((k) => (mass > 0 ? rows[row + k]! / mass : 0));
}

/** Decodes folded rows into a line whose position j holds a `classes[j]`; null with fewer frames than characters. */
export function decodeConstrained(input: Float32Array, classes: readonly CharClass[], splitPenalty = MRZ_TUNING.splitPenalty): ConstrainedLine | null {
  const rows = asProbabilities(input);
  const width = BLANK + 1;
  const steps = rows.length / width;
  const length = classes.length;
  if (steps < length) return null;
  const A = ALPHABET.length;
  const byClass = new Map<CharClass, { rows: Float32Array; logp: Float64Array }>();
  for (const cls of new Set(classes)) {
    const classRows = rowsForClass(rows, cls);
    byClass.set(cls, { rows: classRows, logp: Float64Array.from(classRows, (p) => Math.log(Math.max(p, MRZ_TUNING.probabilityFloor))) });
  }
  const logpAt = classes.map((cls) => byClass.get(cls)!.logp);
  const rowsAt = classes.map((cls) => byClass.get(cls)!.rows);
  const logp = logpAt[0]!;
  const allowed = classes.map((cls) => CLASS_MEMBERS[cls]);

    // Scores of the previous and current frame; a character state also knows whether it has lasted
    // one frame (d = 0) or more (d = 1), as a run splits into two equal characters only after two.
  const at = (d: number, j: number, c: number): number => (d * length + j) * A + c;
  let chars = new Float64Array(2 * length * A).fill(-Infinity);
  let blanks = new Float64Array(length + 1).fill(-Infinity);
  let nextChars = new Float64Array(2 * length * A);
  let nextBlanks = new Float64Array(length + 1);
  const charFrom = new Int8Array(steps * 2 * length * A);
  const blankFrom = new Int8Array(steps * (length + 1));

  blanks[0] = logp[BLANK]!;
  for (const c of allowed[0]!) { chars[at(0, 0, c)] = logpAt[0]![c]!; charFrom[at(0, 0, c)] = FROM_BLANK; }

  const plane = length * A;
    // Per frame: for each (j, k), the better of its two duration states; per j its best two characters.
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
        let v = fromBlank; let from = FROM_BLANK;
        const otherK = fk === c ? sk : fk;
        const other = fk === c ? second : first;
        if (other > v) { v = other; from = otherK + (mergedLasted[(j - 1) * A + otherK] ? LASTED : 0); }
        if (j > 0) {
          const split = chars[plane + i - A]! + (c === FILLER ? MRZ_TUNING.fillerSplitPenalty : splitPenalty);
          if (split > v) { v = split; from = c + LASTED; }
        }
        nextChars[i] = v + emit;
        charFrom[frame + i] = from;
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
        // Probabilities among what the position allows: where only letters stand, 0 over O means nothing.
    const frameShares = frames[j]!.map((t) => shares(rowsAt[j]!, t * width, allowed[j]!));
    const candidates = allowed[j]!.map((k, i) => ({
      index: k,
      p: Math.max(...frameShares.map((frame) => frame[i]!)),
    })).sort((a, b) => b.p - a.p);
    return { index, p: candidates.find((c) => c.index === index)!.p, candidates };
  });
  return { text: labels.map((k) => ALPHABET[k]).join(''), positions, score };
}
