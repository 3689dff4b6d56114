import t from 'tap';
import { settleMrzMarks, withMrzMarks } from '../../pipeline/front/mrz-marks.js';
import { similarity } from '../../pipeline/verdict/similarity.js';

// [front's reading, MRZ's name, settled, why]
const settled: [string, string, string, string][] = [
  ['MULLER', 'MUELLER', 'MÜLLER', 'dots lost in blur'],
  ['MÚLLER', 'MUELLER', 'MÜLLER', 'dots read as an acute'],
  ['NOÉMIE RENEE BJÒRG', 'NOEMIE RENEE BJOERG', 'NOÉMIE RENEE BJÖRG', 'the other marks stay as read'],
  ['NGOZI ASA', 'NGOZI AASA', 'NGOZI ÅSA', 'a ring'],
  ['MAKINEN', 'MAEKINEN', 'MÄKINEN', 'dots over an A'],
  ['MARY-KATE  MULLER', 'MARY KATE MUELLER', 'MARY-KATE  MÜLLER', 'the front keeps its own separators'],
  ['EDJOSÉ', 'ED JOSE', 'ED JOSÉ', 'a space lost between two short names (9191-86)'],
  ['OLGAJO', 'OLGA JO', 'OLGA JO', 'the same (9191-129)'],
  ['ANNAMULLER', 'ANNA MUELLER', 'ANNA MÜLLER', 'a space and a mark together'],
  ['PÓRÐARSON', 'THORDARSON', 'ÞÓRÐARSON', "a thorn read as its look-alike P, over the MRZ's TH"],
];
const unsettled: [string, string, string][] = [
  ['MULLEP', 'MUELLER', 'another letter differs: the name stays as read'],
  ['SCHMIDT', 'MUELLER', 'a name printed otherwise than the MRZ holds'],
  ['MÜLLER', 'MULLER', 'an MRZ that writes Ü as U says nothing of the dots'],
  ['MUELLER', 'MUELLER', 'a front that spells it out already'],
  ['RENEE', 'RENEE', 'nothing to settle'],
  ['PETERSEN', 'PETERSEN', 'a P over a P'],
  ['PORDARSON', 'TORDARSON', 'a P is no T: only the whole TH makes it a thorn'],
  ['ØRN', 'OERN', 'Ø is a letter of its own, never settled to Ö'],
  ['OYSTEIN', 'OEYSTEIN', 'a plain O over OE may be an Ø as well as an Ö'],
  ['FERNANDEZ DE CORDOBA', 'FERNANDEZ DE CORDOB', 'a truncated MRZ name'],
  ['EDJOSÉ', 'EDWARD JOSE', 'a space only where the letters around it spell the MRZ'],
  ['ED JOSE', 'EDJOSE', 'a space read is kept, whatever the MRZ'],
  ['JOSEMARIA', 'JOSE MARIA LUIS', 'spaced, the front still spells only part of the MRZ'],
];

t.test('a lost or misread mark over A, O or U, or a thorn read P, is what the MRZ spells out', async (t) => {
  for (const [read, mrz, expected, why] of settled) t.equal(withMrzMarks(read, mrz), expected, why);
});

t.test('nothing but those marks changes', async (t) => {
  for (const [read, mrz, why] of unsettled) t.equal(withMrzMarks(read, mrz), read, why);
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
