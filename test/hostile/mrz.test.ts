/**
 * Hostile MRZ readings, through the three pure steps that turn recogniser output into fields:
 *
 *   decodeConstrained (probability rows → one line of the layout's classes)
 *     → correctByChecks (check-digit-guided correction)
 *       → mrzDocument (the contract's fields and confidences)
 *
 * Rows of garbage (unnormalised, NaN, infinite, negative) and readings of random characters with
 * random probabilities and alternatives never make a step throw, and each step keeps its promise:
 * a line of exactly the layout's length and classes; corrections only where a check digit failed,
 * only to an alternative the recogniser gave, and a clean read never changed; fields whose check
 * failed at confidence 0, trusted dates that are calendar dates, confidences within 0–100.
 */
import t from 'tap';
import fc from 'fast-check';
import { ALPHABET, BLANK, CLASS_MEMBERS } from '../../pipeline/mrz/alphabet.js';
import { correctByChecks, type CorrectedReading } from '../../pipeline/mrz/correct-by-checks.js';
import { decodeConstrained, type PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { mrzDocument } from '../../pipeline/mrz/fields.js';
import { LAYOUTS, checkHolds, type MrzFormat } from '../../pipeline/mrz/layout.js';
import './harness.js';

const FORMATS = Object.keys(LAYOUTS) as MrzFormat[];
const WIDTH = BLANK + 1;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** One line of a layout: its format, line number and position classes. */
const layoutLine = fc.constantFrom(...FORMATS.flatMap((format) => LAYOUTS[format].classes.map((classes, line) => ({ format, line, classes }))));

/**
 * One frame as a recogniser gives it: a share on its favourite (a character or the blank), the
 * rest spread over a few others, every other entry exactly 0 (float32 softmax underflows to 0
 * when the model is sure).
 */
const frame = fc.tuple(fc.nat({ max: BLANK }), fc.double({ min: 0, max: 1, noNaN: true }), fc.uniqueArray(fc.nat({ max: BLANK }), { maxLength: 4 }));

function rowsOf(frames: readonly (readonly [number, number, readonly number[]])[]): Float32Array {
  const rows = new Float32Array(frames.length * WIDTH);
  frames.forEach(([top, p, others], t) => {
    const rest = others.filter((k) => k !== top);
    rows[t * WIDTH + top] = rest.length === 0 ? 1 : p;
    for (const k of rest) rows[t * WIDTH + k] = (1 - p) / rest.length;
  });
  return rows;
}

/** Frames for a line: from a few too few to three per character. */
const framesFor = (length: number) => fc.integer({ min: Math.max(0, length - 3), max: length * 2 + 4 });

t.test('constrained CTC decoding keeps the layout whatever the rows hold', async (t) => {
  t.test('distributions: a line of exactly the classes, with probabilities', async (t) => {
    const input = layoutLine.chain((line) => framesFor(line.classes.length).chain((steps) =>
      fc.array(frame, { minLength: steps, maxLength: steps }).map((frames) => ({ ...line, steps, rows: rowsOf(frames) }))));
    fc.assert(fc.property(input, ({ classes, steps, rows }) => {
      const decoded = decodeConstrained(rows, classes);
      if (steps < classes.length) {
        if (decoded !== null) throw new Error('a line from fewer frames than characters');
        return;
      }
      if (decoded === null || decoded.text.length !== classes.length || decoded.positions.length !== classes.length) throw new Error(`no line of ${classes.length}: ${decoded?.text}`);
      decoded.positions.forEach((position, j) => {
        const allowed = CLASS_MEMBERS[classes[j]!];
        if (!allowed.includes(position.index) || ALPHABET[position.index] !== decoded.text[j]) throw new Error(`${j} (${classes[j]}) holds ${decoded.text[j]}`);
        if (!(position.p >= 0 && position.p <= 1.0001)) throw new Error(`${j} has probability ${position.p}`);
        if (!position.candidates.every((c) => allowed.includes(c.index))) throw new Error(`${j} offers a character its class does not allow`);
      });
    }), { numRuns: 300 });
    t.pass('300 lines');
  });

  t.test('garbage rows (NaN, infinities, negatives, huge values) never make it throw', async (t) => {
    // A clean frame's rows with some entries replaced by garbage: cheap to make and to shrink.
    const garbage = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 0, 1e38));
    const input = layoutLine.chain((line) => framesFor(line.classes.length).chain((steps) =>
      fc.tuple(fc.array(frame, { minLength: steps, maxLength: steps }), fc.array(fc.tuple(fc.nat(), garbage), { maxLength: 60 }), fc.array(fc.tuple(fc.nat(), garbage), { maxLength: 20 }))
        .map(([frames, entries, wholeFrames]) => {
          const rows = rowsOf(frames);
          if (steps === 0) return { ...line, steps, rows };
          for (const [at, value] of entries) rows[at % rows.length] = value;
          for (const [at, value] of wholeFrames) rows.fill(value, (at % steps) * WIDTH, (at % steps + 1) * WIDTH);
          return { ...line, steps, rows };
        })));
    fc.assert(fc.property(input, ({ classes, steps, rows }) => {
      const decoded = decodeConstrained(rows, classes);
      return steps < classes.length ? decoded === null : decoded === null || decoded.text.length === classes.length;
    }), { numRuns: 200 });
    t.pass('200 lines of garbage');
  });
});

/** A reading of one position: mostly a character its class allows, sometimes any character. */
function positionReading(allowed: readonly number[], clean: boolean): fc.Arbitrary<PositionReading> {
  const index = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...allowed) }, { weight: 1, arbitrary: fc.nat({ max: ALPHABET.length - 1 }) });
  const share = fc.double({ min: 0, max: 1, noNaN: true });
  const others = clean ? fc.constant([]) : fc.array(fc.tuple(fc.constantFrom(...allowed), share), { maxLength: 3 });
  return fc.tuple(index, share, others).map(([read, p, alternatives]) => ({
    index: read,
    p,
    candidates: [{ index: read, p }, ...alternatives.filter(([k]) => k !== read).map(([k, q]) => ({ index: k, p: q }))],
  }));
}

/** Readings of every line of a random format; `clean`: no alternatives anywhere. */
const readingsOf = (clean: boolean) => fc.constantFrom(...FORMATS).chain((format) =>
  fc.tuple(...LAYOUTS[format].classes.map((classes) => fc.tuple(...classes.map((cls) => positionReading(CLASS_MEMBERS[cls], clean)))))
    .map((readings) => ({ format, readings: readings as PositionReading[][] })));

/** Why a correction breaks its promise, or null. */
function brokenCorrection(format: MrzFormat, readings: PositionReading[][], corrected: CorrectedReading): string | null {
  const layout = LAYOUTS[format];
  const read = readings.map((line) => line.map((r) => ALPHABET[r.index]).join(''));
  if (corrected.lines.length !== layout.classes.length || corrected.lines.some((line) => line.length !== layout.lineLength)) return 'lines lost their shape';
  const changed = new Set(corrected.corrections.map((c) => `${c.line}:${c.at}`));
  for (let line = 0; line < read.length; line++) {
    for (let at = 0; at < layout.lineLength; at++) {
      if (read[line]![at] !== corrected.lines[line]![at] && !changed.has(`${line}:${at}`)) return `${line}:${at} changed without a correction`;
    }
  }
  for (const c of corrected.corrections) {
    if (!readings[c.line]![c.at]!.candidates.some((candidate) => ALPHABET[candidate.index] === c.to)) return `${c.line}:${c.at} became ${c.to}, which the recogniser never offered`;
  }
  if (corrected.corrections.length > 2 * corrected.checks.length) return 'more than two changes per check';
  const failing = corrected.checks.filter((spec) => !checkHolds(spec, corrected.lines)).map((spec) => spec.name);
  if (failing.join() !== corrected.failed.join()) return `failed says ${corrected.failed}, the lines fail ${failing}`;
  if (corrected.probs.flat().some((p) => !(p >= 0 && p <= 1))) return 'a probability outside 0..1';
  return null;
}

t.test('check-digit correction changes only what a failing check and the recogniser allow', async (t) => {
  fc.assert(fc.property(readingsOf(false), ({ format, readings }) => {
    const broken = brokenCorrection(format, readings, correctByChecks(LAYOUTS[format], readings));
    if (broken !== null) throw new Error(`${format}: ${broken}`);
  }), { numRuns: 1500 });
  fc.assert(fc.property(readingsOf(true), ({ format, readings }) => {
    const corrected = correctByChecks(LAYOUTS[format], readings);
    return corrected.corrections.length === 0;
  }), { numRuns: 500 });
  t.pass('1500 readings corrected within bounds; 500 clean reads left as read');
});

t.test('the fields of any reading keep their shapes and a failed check means confidence 0', async (t) => {
  const today = new Date(Date.UTC(2026, 0, 15));
  fc.assert(fc.property(readingsOf(false), ({ format, readings }) => {
    const corrected = correctByChecks(LAYOUTS[format], readings);
    const { document, confidence } = mrzDocument(corrected, format, today);
    for (const [field, value] of Object.entries(document)) {
      if (typeof value !== 'string' || value === '') throw new Error(`${field} is ${JSON.stringify(value)}`);
      const score = confidence[field as keyof typeof confidence];
      if (score === undefined || !Number.isInteger(score) || score < 0 || score > 100) throw new Error(`${field} confidence ${score}`);
    }
    for (const [field, check] of [['dob', 'birthDate'], ['expires', 'expirationDate'], ['id', 'documentNumber']] as const) {
      if (document[field] !== undefined && corrected.failed.includes(check) && confidence[field] !== 0) throw new Error(`${field} trusted though ${check} failed`);
      if ((field === 'dob' || field === 'expires') && (confidence[field] ?? 0) > 0 && !DATE.test(document[field]!)) throw new Error(`${field} "${document[field]}" trusted but no date`);
    }
    if (document.id !== undefined && corrected.failed.includes('composite') && confidence.id !== 0) throw new Error('id trusted though the composite failed');
    if (document.gender !== undefined && !['M', 'F', 'X'].includes(document.gender)) throw new Error(`gender ${document.gender}`);
  }), { numRuns: 1500 });
  t.pass('1500 readings');
});
