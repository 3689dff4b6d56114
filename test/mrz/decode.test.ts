import t from 'tap';
import { ALPHABET, BLANK } from '../../pipeline/mrz/alphabet.js';
import { checkDigit } from '../../pipeline/mrz/check-digit.js';
import { correctByChecks } from '../../pipeline/mrz/correct-by-checks.js';
import { decodeConstrained, type PositionReading } from '../../pipeline/mrz/ctc-constrained.js';
import { LAYOUTS } from '../../pipeline/mrz/layout.js';
import { encodeMrz, type MrzFields } from '../fixtures/mrz-encode.js';

/**
 * Folded probability rows (alphabet + blank) as the recogniser would give them: each frame puts
 * `p` on one character (or the blank) and spreads the rest. A frame is a character, '_' for a
 * blank, or `[X0.6,O0.3]` for a frame split between candidates.
 */
function rows(frames: readonly string[]): Float32Array {
  const width = BLANK + 1;
  const out = new Float32Array(frames.length * width);
  frames.forEach((frame, t) => {
    const shares = new Map<number, number>();
    if (frame.startsWith('[')) {
      for (const part of frame.slice(1, -1).split(',')) shares.set(ALPHABET.indexOf(part[0]!), Number(part.slice(1)));
    } else {
      shares.set(frame === '_' ? BLANK : ALPHABET.indexOf(frame), 0.97);
    }
    const rest = 1 - [...shares.values()].reduce((a, b) => a + b, 0);
    for (let k = 0; k < width; k++) out[t * width + k] = shares.get(k) ?? rest / (width - shares.size);
  });
  return out;
}

/** Frames of a clean read: each character on two frames, a blank between characters. */
function clean(line: string): string[] {
  return [...line].flatMap((c) => [c, c, '_']);
}

const UTOPIA: MrzFields = {
  documentCode: 'P', issuingState: 'UTO', familyName: 'Eriksson', givenNames: 'Anna Maria', documentNumber: 'L898902C3',
  nationality: 'UTO', birthDate: '1974-08-12', sex: 'F', expiryDate: '2012-04-15', optional1: 'ZE184226B',
};
const TD3 = encodeMrz(UTOPIA, 'TD3');

t.test('a clean read decodes to the line', async (t) => {
  const line = decodeConstrained(rows(clean(TD3[1]!)), LAYOUTS.TD3.classes[1]!);
  t.equal(line?.text, TD3[1]);
  t.ok(line!.positions.every((p) => p.p > 0.9));
});

t.test('an O read where only digits may stand becomes 0', async (t) => {
  // Birth date 740812: its 0 read as O.
  const frames = clean(TD3[1]!.slice(0, 15)).concat(['O', 'O', '_'], clean(TD3[1]!.slice(16)));
  const line = decodeConstrained(rows(frames), LAYOUTS.TD3.classes[1]!);
  t.equal(line?.text, TD3[1]);
});

t.test('a 0 read where only letters may stand becomes O', async (t) => {
  const frames = clean('P<UT').concat(['0', '0', '_'], clean(TD3[0]!.slice(5)));
  t.equal(decodeConstrained(rows(frames), LAYOUTS.TD3.classes[0]!)?.text, TD3[0]);
});

t.test('filler runs of every length are rebuilt when the recogniser merges them', async (t) => {
  // Name fields of every length leave trailing filler runs of 1 to 34 characters, and the
  // recogniser shows each run as one stretch of '<' frames (as many as the characters take,
  // the pitch being fixed) with no blank inside.
  for (let run = 1; run <= 34; run++) {
    const name = `${'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ'.slice(0, 39 - run - 2)}<<`;
    const text = `P<UTO${name}${'<'.repeat(run)}`.slice(0, 44).padEnd(44, '<');
    const body = text.replace(/<+$/, '');
    const trailing = 44 - body.length;
    const frames = clean(body).concat(Array<string>(trailing * 3).fill('<'));
    t.equal(decodeConstrained(rows(frames), LAYOUTS.TD3.classes[0]!)?.text, text, `run of ${trailing}`);
  }
});

t.test('an inner double filler merged into one run is rebuilt', async (t) => {
  const frames = clean('P<UTOERIKSSON').concat(Array<string>(6).fill('<'), clean(TD3[0]!.slice(15)));
  t.equal(decodeConstrained(rows(frames), LAYOUTS.TD3.classes[0]!)?.text, TD3[0]);
});

function readings(lines: readonly string[][], format: keyof typeof LAYOUTS): PositionReading[][] {
  return lines.map((frames, i) => decodeConstrained(rows(frames), LAYOUTS[format].classes[i]!)!.positions);
}

t.test('a misread digit is corrected by its check digit when the recogniser saw the alternative', async (t) => {
  // Expiry 120415: the 4 read as 9 with the 4 a close second.
  const line2 = clean(TD3[1]!.slice(0, 24)).concat(['[90.6,40.35]', '[90.6,40.35]', '_'], clean(TD3[1]!.slice(25)));
  const result = correctByChecks(LAYOUTS.TD3, readings([clean(TD3[0]!), line2], 'TD3'));
  t.same(result.lines, TD3);
  t.same(result.failed, []);
  t.same(result.corrections, [{ line: 1, at: 24, from: '9', to: '4', by: 'check' }]);
});

t.test('the usual O/0 confusion is corrected in a mixed field by the check digit', async (t) => {
  const fields = { ...UTOPIA, documentNumber: 'AB0123456' };
  const lines = encodeMrz(fields, 'TD3');
  // The document number's 0 read as O, the 0 barely seen.
  const line2 = clean('AB').concat(['[O0.99,00.005]', '_'], clean(lines[1]!.slice(3)));
  const result = correctByChecks(LAYOUTS.TD3, readings([clean(lines[0]!), line2], 'TD3'));
  t.same(result.lines, lines);
  t.same(result.failed, []);
});

t.test('a look-alike swap the recogniser gave no share stands only where it leaves the MRZ valid', async (t) => {
  const lines = encodeMrz({ ...UTOPIA, documentNumber: 'AB0123456' }, 'TD3');
  // The number's 0 read as O, and the birth date's check digit printed wrong: the swap would
  // make the number's check pass on an MRZ that is invalid anyway.
  const wrong = String((Number(lines[1]![19]) + 3) % 10);
  const printed = `${lines[1]!.slice(0, 19)}${wrong}${lines[1]!.slice(20)}`;
  const line2 = clean('AB').concat(['[O0.99,00.005]', '_'], clean(printed.slice(3)));
  const result = correctByChecks(LAYOUTS.TD3, readings([clean(lines[0]!), line2], 'TD3'));
  t.equal(result.lines[1], `ABO${printed.slice(3)}`, 'the number as read');
  t.same(result.failed, ['documentNumber', 'birthDate', 'composite']);
  t.same(result.corrections, []);
});

t.test('a passport card number whose leading C was read as 0 is repaired by its check digit', async (t) => {
  const lines = encodeMrz({ ...UTOPIA, documentCode: 'IP', documentNumber: 'C76993882', optional1: '' }, 'TD1');
  // The C read as 0 with the C far behind: a long shot for any other character, but C/0 is the
  // usual confusion of a blurred OCR-B C, and the check digit settles it.
  const line1 = clean(lines[0]!.slice(0, 5)).concat(['[00.75,C0.1]', '[00.75,C0.1]', '_'], clean(lines[0]!.slice(6)));
  const result = correctByChecks(LAYOUTS.TD1, readings([line1, clean(lines[1]!), clean(lines[2]!)], 'TD1'));
  t.same(result.lines, lines);
  t.same(result.failed, []);
});

t.test('a clean print of a wrong check digit stays invalid', async (t) => {
  const tampered = [TD3[0]!, `${TD3[1]!.slice(0, 19)}7${TD3[1]!.slice(20)}`];
  const result = correctByChecks(LAYOUTS.TD3, readings(tampered.map(clean), 'TD3'));
  t.same(result.lines, tampered);
  t.same(result.failed, ['birthDate', 'composite']);
  t.same(result.corrections, []);
});

t.test('a wrong check digit stays invalid even where a doubtful digit has a long-shot alternative that would pass', async (t) => {
  // Birth date 740812 with its check digit changed; one of its digits is read doubtfully, with a
  // distant alternative that happens to satisfy the changed digit. Choosing it would "fix" the
  // tampering, so it is not chosen.
  const line2 = TD3[1]!;
  const wrong = (Number(line2[19]) + 3) % 10;
  const [at, alternative] = [13, 14, 15, 16, 17, 18].flatMap((i) => '0123456789'.split('').map((d) => [i, d] as const))
    .find(([i, d]) => checkDigit(line2.slice(13, i) + d + line2.slice(i + 1, 19)) === wrong)!;
  const read = line2[at]!;
  const tampered = `${line2.slice(0, 19)}${wrong}${line2.slice(20)}`;
  const frames = clean(tampered.slice(0, at)).concat(
    [`[${read}0.55,${alternative}0.12]`, `[${read}0.55,${alternative}0.12]`, '_'], clean(tampered.slice(at + 1)));
  const result = correctByChecks(LAYOUTS.TD3, readings([clean(TD3[0]!), frames], 'TD3'));
  t.equal(result.lines[1], tampered, 'the digit stays as read');
  t.ok(result.failed.includes('birthDate'));
  t.same(result.corrections, []);
});

t.test('two rival repairs of one check, equally likely, leave the field as read and invalid', async (t) => {
  // Expiry 120415 (positions 21–26, check at 27): its 4 (at 24) read as 9 with the 4 close behind,
  // and its 1 (at 22) read right but with an alternative just as close that also passes the check
  // with the 9. The check cannot tell which repair is right, so it makes none.
  const line2 = TD3[1]!;
  const misread = `${line2.slice(0, 24)}9${line2.slice(25)}`;
  const rival = '0123456789'.split('').find((d) => d !== line2[22] && checkDigit(misread.slice(21, 22) + d + misread.slice(23, 27)) === Number(line2[27]))!;
  const doubt = (read: string, other: string) => [`[${read}0.6,${other}0.35]`, `[${read}0.6,${other}0.35]`, '_'];
  const frames = clean(line2.slice(0, 22)).concat(doubt(line2[22]!, rival), clean(line2.slice(23, 24)), doubt('9', line2[24]!), clean(line2.slice(25)));
  const result = correctByChecks(LAYOUTS.TD3, readings([clean(TD3[0]!), frames], 'TD3'));
  t.equal(result.lines[1], misread);
  t.ok(result.failed.includes('expirationDate'));
  t.same(result.corrections, []);
});

t.test('TD1 long document numbers are checked where their digit stands', async (t) => {
  const lines = encodeMrz({ ...UTOPIA, documentNumber: '007777779ZZ9', optional1: '' }, 'TD1');
  t.equal(lines[0], 'P<UTO007777779<ZZ92<<<<<<<<<<<');
  const result = correctByChecks(LAYOUTS.TD1, readings(lines.map(clean), 'TD1'));
  t.same(result.failed, []);
});
