import t from 'tap';
import { settleMrzMarks, withMrzMarks } from '../../pipeline/front/mrz-marks.js';
import { similarity } from '../../pipeline/verdict/similarity.js';

t.test('a lost or misread mark over A, O or U is the one the MRZ spells out', async (t) => {
  t.equal(withMrzMarks('MULLER', 'MUELLER'), 'MÜLLER', 'dots lost in blur');
  t.equal(withMrzMarks('MÚLLER', 'MUELLER'), 'MÜLLER', 'dots read as an acute');
  t.equal(withMrzMarks('NOÉMIE RENEE BJÒRG', 'NOEMIE RENEE BJOERG'), 'NOÉMIE RENEE BJÖRG', 'the other marks stay as read');
  t.equal(withMrzMarks('NGOZI ASA', 'NGOZI AASA'), 'NGOZI ÅSA', 'a ring');
  t.equal(withMrzMarks('MAKINEN', 'MAEKINEN'), 'MÄKINEN');
  t.equal(withMrzMarks('MARY-KATE  MULLER', 'MARY KATE MUELLER'), 'MARY-KATE  MÜLLER', 'the front keeps its own separators');
});

t.test('nothing but those marks changes', async (t) => {
  t.equal(withMrzMarks('MULLEP', 'MUELLER'), 'MULLEP', 'another letter differs: the name stays as read');
  t.equal(withMrzMarks('SCHMIDT', 'MUELLER'), 'SCHMIDT', 'a name printed otherwise than the MRZ holds');
  t.equal(withMrzMarks('MÜLLER', 'MULLER'), 'MÜLLER', 'an MRZ that writes Ü as U says nothing of the dots');
  t.equal(withMrzMarks('MUELLER', 'MUELLER'), 'MUELLER', 'a front that spells it out already');
  t.equal(withMrzMarks('RENEE', 'RENEE'), 'RENEE');
  t.equal(withMrzMarks('ØRN', 'OERN'), 'ØRN', 'Ø is a letter of its own, read from its stroke (struck-letters.ts)');
  t.equal(withMrzMarks('OYSTEIN', 'OEYSTEIN'), 'OYSTEIN', 'a plain O over OE may be an Ø as well as an Ö');
  t.equal(withMrzMarks('FERNANDEZ DE CORDOBA', 'FERNANDEZ DE CORDOB'), 'FERNANDEZ DE CORDOBA', 'a truncated MRZ name');
});

t.test('settled fields keep their confidence; others are untouched', async (t) => {
  const visual = {
    document: { familyName: 'MULLER', privateName: 'ASA', fullName: 'ASA MULLER', id: 'C01X00T47' },
    confidence: { familyName: 71, privateName: 88, fullName: 80, id: 95 },
  };
  const settled = settleMrzMarks(visual, { familyName: 'MUELLER', privateName: 'AASA', fullName: 'AASA MUELLER', id: 'C01X00T47' });
  t.same(settled.document, { familyName: 'MÜLLER', privateName: 'ÅSA', fullName: 'ÅSA MÜLLER', id: 'C01X00T47' });
  t.same(settled.confidence, visual.confidence);
  t.equal(settleMrzMarks(visual, { familyName: 'SCHMIDT' }), visual, 'nothing to settle: the same object');
});

t.test('names compare with the MRZ both ways it may spell a mark', async (t) => {
  t.equal(similarity('MÜLLER', 'MUELLER'), 100, 'spelled out, as ICAO 9303 spells it');
  t.equal(similarity('MÜLLER', 'MULLER'), 100, 'stripped, as some issuers write it');
  t.equal(similarity("O'BRIEN", 'OBRIEN'), 100, 'an apostrophe is dropped, as in the MRZ');
  t.ok(similarity('MULLER', 'MUELLER') < 90, 'a lost mark still costs');
});
