import t from 'tap';
import type { CorrectedReading } from '../../pipeline/mrz/correct.js';
import { mrzDocument } from '../../pipeline/mrz/fields.js';
import { LAYOUTS, checkHolds, resolveChecks } from '../../pipeline/mrz/layout.js';
import { settledNames } from '../../pipeline/mrz/settle-names.js';

/** ICAO 9303's specimen passport, its family name read SNITH with the N in doubt (probability `p`). */
const LINES = ['P<UTOSNITH<<JOHN<PETER<<<<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122M1204159ZE184226B<<<<<10'];
const N_AT = 6;

function reading(p: number, lines = LINES): CorrectedReading {
  const checks = resolveChecks(LAYOUTS.TD3, lines);
  const probs = lines.map((line) => Array<number>(line.length).fill(0.99));
  probs[0]![N_AT] = p;
  return { lines, probs, corrections: [], checks, failed: checks.filter((c) => !checkHolds(c, lines)).map((c) => c.name) };
}

const VISUAL = { familyName: 'SMITH', privateName: 'JOHN PETER' };
const SURE = { familyName: 89, privateName: 97 };

t.test('a name letter the MRZ read doubtfully is the visual zone\'s', async (t) => {
  const settled = settledNames(reading(0.3), 'TD3', VISUAL, SURE);
  t.equal(settled?.lines[0], 'P<UTOSMITH<<JOHN<PETER<<<<<<<<<<<<<<<<<<<<<<');
  t.same(settled?.corrections, [{ line: 0, at: N_AT, from: 'N', to: 'M', by: 'visual-zone' }]);
  t.equal(mrzDocument(settled!, 'TD3').document.familyName, 'SMITH');
  // The given names not read on the front: the family name is settled all the same.
  t.equal(settledNames(reading(0.3), 'TD3', { familyName: 'SMITH' }, { familyName: 85 })?.lines[0], settled?.lines[0]);
  // Marks spelled as the MRZ spells them: Ö is OE.
  const marked = reading(0.3, ['P<UTOSNITH<<JOERG<<<<<<<<<<<<<<<<<<<<<<<<<<<', LINES[1]!]);
  t.equal(settledNames(marked, 'TD3', { familyName: 'SMITH', privateName: 'JÖRG' }, SURE)?.lines[0], 'P<UTOSMITH<<JOERG<<<<<<<<<<<<<<<<<<<<<<<<<<<');
});

t.test('a letter the MRZ read surely, a doubtful visual zone, or names that differ otherwise stay as the MRZ reads them', async (t) => {
  t.equal(settledNames(reading(0.9), 'TD3', VISUAL, SURE), undefined, 'the MRZ\'s N read surely: the document holds it');
  t.equal(settledNames(reading(0.3), 'TD3', VISUAL, { familyName: 70, privateName: 97 }), undefined, 'the front read doubtfully');
  t.equal(settledNames(reading(0.3), 'TD3', { familyName: 'SMITH', privateName: 'JOHN' }, SURE), undefined, 'the MRZ holds a name the front lacks');
  t.equal(settledNames(reading(0.3), 'TD3', { familyName: 'SMYTHE', privateName: 'JOHN PETER' }, SURE), undefined, 'another name');
  t.equal(settledNames(reading(0.99), 'TD3', { familyName: 'SNITH', privateName: 'JOHN PETER' }, SURE), undefined, 'nothing to settle');
  const doubtful = reading(0.3);
  doubtful.probs[0]!.fill(0.3, 5, 10);
  t.equal(settledNames(doubtful, 'TD3', { familyName: 'SMYTE', privateName: 'JOHN PETER' }, SURE), undefined, 'three letters are more than a misread');
});
