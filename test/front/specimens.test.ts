import t from 'tap';
import { DocumentType, type DocumentField, type DocumentTypeValue } from '../../common/document.js';
import { KEY_FIELDS } from '../../pipeline/verdict/decide.js';
import { similarity } from '../../pipeline/verdict/similarity.js';
import type { RecogniserModel } from '../../pipeline/ocr/model-files.js';
import { FRONT_KEYS, fold, readSpecimen as read } from './read-specimen.js';

// Corpus specimens read by readFront alone. Fronts read with what their machine-readable part
// knows: specimen-known.test.ts; accented names: specimen-two-dots, -carons, -acutes, -grey-marks,
// -dot-cedilla, -letters and -barred-letters.test.ts.
const scans: [string, DocumentTypeValue, number][] = [
  ['a licence', DocumentType.ID, 300],
  ['a passport data page', DocumentType.Passport, 301],
  ['a permanent resident card (US dates)', DocumentType.GreenCard, 302],
  ['an identity card', DocumentType.InternationalId, 303],
];
for (const [name, documentType, index] of scans) {
  t.test(`${name} scanned from the specimen corpus reads to its printed key fields`, async (t) => {
    const { visual, printed } = await read({ seed: 4242, index, documentType, negative: null, capture: 'scan' });
    for (const field of FRONT_KEYS) t.equal(fold(visual[field]), fold(printed[field]), field);
  });
}

t.test('a licence photo (corpus specimen 4242-0) takes no header line for a name and no other date for the birth date', async (t) => {
  const { visual, printed, machine } = await read({ seed: 4242, index: 0 });
  t.equal(visual.familyName, printed.familyName, 'family name, not the state OHIO');
  t.equal(visual.dob, printed.dob, 'date of birth, not the issue date');
  // What the verdict compares: no key field read may disagree with the barcode.
  for (const field of KEY_FIELDS) {
    if (visual[field] !== undefined && machine[field] !== undefined) t.ok(similarity(visual[field]!, machine[field]!) >= 50, `${field} agrees with the barcode`);
  }
});

// Whole fronts whose key fields were lost or misplaced before: each field is compared (a number
// with a look-alike glyph is left out: readFront alone has no machine-readable part to settle it).
// The readings quoted are PP-OCRv6 small's; where the default reader reads otherwise, small reads.
const wholeFronts: [string, number, number, readonly DocumentField[], RecogniserModel?][] = [
  ['a passport photo whose MRZ fillers, signature and merged captions voted it upside down', 3030, 101, FRONT_KEYS.filter((f) => f !== 'id')],
  ['a passport photo whose date of birth reads 15FE81957 (the B as an 8), which places the names', 2020, 96, FRONT_KEYS],
  ['a licence capture whose `3 DOB` caption reads 3008 right above the date of birth', 3030, 5, FRONT_KEYS],
  ['a card photo whose number caption was lost, the number holding a single digit (KYXCMPTJ6)', 6161, 194, FRONT_KEYS],
  ['a card photo whose number caption was lost, the number holding a single digit (TZRG8GKLK)', 7171, 94, FRONT_KEYS],
  ['a passport card photo whose dates read 0Z MAY1977 (the 2 as a Z), which places the names, and 28UL2023 (the J lost)', 1313, 132, FRONT_KEYS.filter((f) => f !== 'id'), 'v6'],
];
for (const [name, seed, index, fields, model] of wholeFronts) {
  t.test(`corpus specimen ${seed}-${index}: ${name} reads to its printed key fields`, async (t) => {
    const { visual, printed } = await read({ seed, index }, false, model);
    for (const field of fields) t.equal(fold(visual[field]), fold(printed[field]), field);
  });
}
