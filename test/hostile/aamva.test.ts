/**
 * Hostile AAMVA payloads: any text, real payloads mangled by random edits, and payloads built
 * from random elements behind a real header. The parser answers a result whose fields and
 * confidences keep their shapes, or TrackStringParserError, and throws nothing else (many runs).
 * Then a few dozen of them through the real pipeline's worker pool over gRPC: each answers a
 * result or the coded TrackStringParserError, never an internal error, and the worker that read
 * them serves the next call.
 */
import t from 'tap';
import fc from 'fast-check';
import { DOCUMENT_FIELDS } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { allElementIds } from '../../pipeline/aamva/field-codes.js';
import { parseAamva, type AamvaResult } from '../../pipeline/aamva/parse.js';
import { encodeAamva, type AamvaPerson } from '../fixtures/aamva-encode.js';
import { errorCode, startPipeline, verify } from '../pipeline/helper.js';
import './harness.js';

const PERSON: AamvaPerson = {
  familyName: 'SAMPLE', firstName: 'ALEX', middleName: 'J', dob: '1985-02-28', issued: '2021-03-01',
  expires: '2029-02-28', sex: 'F', heightIn: 66, weightLb: 140, eyes: 'GRN', hair: 'BLK', street: '1 STATE ST',
  city: 'ALBANY', state: 'NY', zip: '12207', dln: 'S12345678', vehicleClass: 'D',
};
const PAYLOADS = [
  encodeAamva(PERSON, { version: 10, iin: '636001', jurisdiction: 'NY', subfile: 'DL' }),
  encodeAamva(PERSON, { version: 1, iin: '636001', jurisdiction: 'NY', subfile: 'ID' }),
  encodeAamva(PERSON, { version: 8, iin: '636012', jurisdiction: 'ON', subfile: 'DL' }),
];
const ELEMENT_IDS = [...allElementIds()];
const DATE = /^\d{4}-\d\d-\d\d$/;

/** Characters that matter to the format: separators, the compliance mark, C0/C1 controls, a BOM. */
const special = fc.constantFrom('\n', '\r', '\x1e', '\x1c', '@', '\u0085', '\ufeff', '\u0000', 'ANSI ', 'AAMVA', 'DL', 'ZV', '\r\n');
const noise = fc.oneof(special, fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ maxLength: 12 }));

/** A real payload with a few random edits: cuts, insertions, replacements, repeats. */
const mangled = fc.tuple(fc.constantFrom(...PAYLOADS), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.nat({ max: 3 }), noise), { minLength: 1, maxLength: 6 }))
  .map(([payload, edits]) => edits.reduce((text, [at, span, kind, insert]) => {
    const i = at % (text.length + 1);
    switch (kind) {
      case 0: return text.slice(0, i) + text.slice(i + span);
      case 1: return text.slice(0, i) + insert + text.slice(i);
      case 2: return text.slice(0, i) + insert + text.slice(i + span);
      default: return text.slice(0, i + span) + text.slice(i, i + span) + text.slice(i + span);
    }
  }, payload));

/** A payload up to its document subfile's type (`DL`/`ID`), just before the first element. */
function headOf(payload: string): string {
  const at = payload.search(/(DL|ID)(?=D[A-Z]{2})/);
  if (at < 0) throw new Error('no document subfile');
  return payload.slice(0, at + 2);
}

/** A real header (directory included) followed by random elements with random values. */
const elementSoup = fc.tuple(
  fc.constantFrom(...PAYLOADS.map(headOf)),
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...ELEMENT_IDS), fc.stringMatching(/^[A-Z]{3}$/)), fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.stringMatching(/^[0-9]{0,10}$/))), { maxLength: 30 }),
  fc.constantFrom('\n', '\r', '\x1e', ''),
).map(([head, elements, separator]) => head + elements.map(([id, value]) => id + value).join(separator) + '\r');

const hostileText = fc.oneof(fc.string({ unit: 'binary', maxLength: 600 }), mangled, elementSoup);

/** Why a parse outcome breaks the parser's promise, or null. */
function brokenPromise(text: string): string | null {
  let result: AamvaResult;
  try {
    result = parseAamva(text);
  } catch (error) {
    if (error instanceof CodedError && error.code === 'TrackStringParserError') return null;
    return `threw ${error instanceof Error ? error.stack : String(error)}`;
  }
  for (const [field, value] of Object.entries(result.document)) {
    if (!(DOCUMENT_FIELDS as readonly string[]).includes(field)) return `unknown field ${field}`;
    if (typeof value !== 'string' || value === '') return `${field} is ${JSON.stringify(value)}, not a value`;
  }
  for (const [field, score] of Object.entries(result.confidence)) {
    if (typeof score !== 'number' || !Number.isFinite(score) || score < -1 || score > 100) return `confidence of ${field} is ${score}`;
    if (score > 0 && result.document[field as keyof typeof result.document] === undefined) return `${field} trusted at ${score} with no value`;
  }
  for (const field of ['dob', 'issued', 'expires'] as const) {
    const value = result.document[field];
    if (value !== undefined && (result.confidence[field] ?? 0) > 0 && !DATE.test(value)) return `${field} "${value}" trusted but not YYYY-MM-DD`;
  }
  return null;
}

t.test('the AAMVA parser answers a well-shaped result or TrackStringParserError, nothing else', async (t) => {
  for (const payload of PAYLOADS) t.equal(brokenPromise(payload), null, 'the unmangled payloads parse');
  fc.assert(fc.property(hostileText, (text) => {
    const broken = brokenPromise(text);
    if (broken !== null) throw new Error(broken);
  }), { numRuns: 4000 });
  t.pass('4000 hostile texts');
});

t.test('hostile trackStrings through the real worker pool answer a result or a coded 400', async (t) => {
  const { client } = await startPipeline(t, { threads: 1 });
  const codes = new Map<string, number>();
  await fc.assert(fc.asyncProperty(hostileText, async (trackString) => {
    const { error } = await verify(client, { documentType: 1, trackString });
    const outcome = error === null ? 'ok' : errorCode(error) ?? `gRPC ${error.code} ${error.details}`;
    codes.set(outcome, (codes.get(outcome) ?? 0) + 1);
    // An empty trackString is no trackString at all (proto3 strings have no null).
    const expected = trackString === '' ? ['BackImageOrTrackStringNotPresentError'] : ['ok', 'TrackStringParserError'];
    if (!expected.includes(outcome)) throw new Error(`answered ${outcome}`);
  }), { numRuns: 40 });
  t.ok((codes.get('ok') ?? 0) > 0 && (codes.get('TrackStringParserError') ?? 0) > 0, `both outcomes seen: ${JSON.stringify([...codes])}`);
  const after = await verify(client, { documentType: 1, trackString: PAYLOADS[0]! });
  t.equal(after.error, null, 'the worker serves the next call');
  t.equal(after.response?.machineReadable?.document.id, PERSON.dln);
});
