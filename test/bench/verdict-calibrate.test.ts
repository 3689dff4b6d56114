import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { calibrationBlock, withBlock } from '../../bench/forgery/calibration-file.js';
import { chooseThresholds } from '../../bench/forgery/thresholds.js';

// 1000 genuine documents: most agree (margins 0), a tail of misreadings up to 9.3 nats.
const genuine = Array.from({ length: 1000 }, (_, i) => (i < 990 ? [0, 0, -0.2] : [0, 1 + (i - 990) * 0.9]));
// 200 altered fields: margins from 0.5 up.
const altered = Array.from({ length: 200 }, (_, i) => 0.5 + i * 0.25);

t.test('failAt leaves at most 0.5 % of genuine documents with a margin at or above it', async (t) => {
  const { failAt, rates } = chooseThresholds({ genuine, altered });
  // Maxima, highest first: 9.1, 8.2, 7.3, 6.4, 5.5, 4.6 (the sixth), … five may stay above.
  t.equal(failAt, 4.7);
  t.equal(rates.genuineFailed, 0.005);
  t.equal(rates.genuineDocuments, 1000);
});

t.test('failAt never falls below the floor', async (t) => {
  const clean = Array.from({ length: 1000 }, () => [0]);
  t.equal(chooseThresholds({ genuine: clean, altered }).failAt, 4);
  t.equal(chooseThresholds({ genuine: clean, altered }, { genuineFailed: 0.005, alteredPassed: 0.01, failAtFloor: 6 }).failAt, 6);
});

t.test('passAt is the largest tenth under failAt that passes at most 1 % of altered fields', async (t) => {
  const { failAt, passAt, rates } = chooseThresholds({ genuine, altered });
  // Two of 200 may pass: the third lowest is 1.0, so passAt stands just under it.
  t.equal(passAt, 0.9);
  t.ok(passAt < failAt);
  t.equal(rates.alteredPassed, 0.01);
  t.equal(rates.alteredFields, 200);
  t.equal(rates.alteredFailed, altered.filter((m) => m >= failAt).length / 200);
  t.equal(rates.genuineUndetermined, 5 / 1000, 'the genuine tail between passAt and failAt is undetermined');
});

t.test('passAt stays under failAt when the altered margins are all high', async (t) => {
  const high = Array.from({ length: 100 }, () => 20);
  t.equal(chooseThresholds({ genuine, altered: high }).passAt, 4.6);
});

t.test('a sample without margins is refused with the counts', async (t) => {
  t.throws(() => chooseThresholds({ genuine: [], altered }), /got 0 genuine documents and 200 altered fields/);
  t.throws(() => chooseThresholds({ genuine, altered: [] }), /got 1000 genuine documents and 0 altered fields/);
});

t.test('the calibration file keeps what else it holds and gets the new constant with its comment', async (t) => {
  const block = calibrationBlock(chooseThresholds({ genuine, altered }), { seed: 5454, genuine: 1000, altered: 200 });
  t.match(block, /export const FIELD_CHECK = Object\.freeze\(\{ failAt: 4\.7, passAt: 0\.9 \}\);/);
  t.match(block, /bench\/verdict-calibrate\.ts/);
  t.match(block, /seed 5454/);
  const before = "import x from 'y';\n\n/** Old. */\nexport const FIELD_CHECK = Object.freeze({ failAt: 1, passAt: 0 });\n\n/** Other. */\nexport const OTHER = 1;\n";
  const after = withBlock(before, block);
  t.match(after, /^import x from 'y';\n\n\/\*\*\n \* Thresholds/);
  t.notMatch(after, /Old\./);
  t.match(after, /\/\*\* Other\. \*\/\nexport const OTHER = 1;\n$/);
  t.equal(withBlock(after, block), after, 'rewriting with the same block changes nothing');
  t.match(withBlock('export const OTHER = 1;\n', block), /^export const OTHER = 1;\n\n\/\*\*/);
});

t.test('--from calibrates on a bench run\'s tuning records, and only on them', async (t) => {
  const check = (margin: number) => ({ name: 'documentNumberMatch', field: 'id', result: margin >= 6 ? 'failed' : 'passed', margin });
  const answer = (margin: number) => ({ ok: true, ms: 1, status: margin >= 6 ? 1 : 0, checks: [check(margin)] });
  const tuning = [
    ...Array.from({ length: 300 }, (_, i) => ({ set: 'tuning', id: `g${i}`, documentType: 1, kind: null, answer: answer(i < 298 ? 0 : 3) })),
    ...Array.from({ length: 100 }, (_, i) => ({
      set: 'tuning', id: `a${i}`, documentType: 1, kind: 'number-digit', alteration: { kind: 'number-digit', field: 'id', genuine: '1', altered: '2' }, answer: answer(10 + i),
    })),
  ];
  // A validation genuine document with a high margin must not move the thresholds.
  const heldOut = { set: 'validation', id: 'h', documentType: 1, kind: null, answer: answer(50) };
  const file = join(mkdtempSync(join(tmpdir(), 'calibrate-')), 'forgery-documents-latest.json');
  writeFileSync(file, JSON.stringify([...tuning, heldOut]));
  const script = fileURLToPath(new URL('../../bench/verdict-calibrate.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--from', file, '--dry-run']);
  t.match(stdout, /300 genuine and 100 altered tuning documents/);
  t.match(stdout, /failAt 4 nats/, 'two genuine margins of 3 in 300 stay under the floor');
  t.match(stdout, /--dry-run: pipeline\/verdict\/calibration\.ts left as it is/);
  await t.rejects(promisify(execFile)(process.execPath, [script, '--from', join(tmpdir(), 'no-such-calibration-file.json'), '--dry-run']));
});
