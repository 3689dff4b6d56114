import t from 'tap';
import { DocumentType } from '../../common/document.js';
import { readFront } from '../../pipeline/front/read-front.js';
import { readMrz } from '../../pipeline/mrz/read-mrz.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { prepared } from './render-front.js';
import { fold, readSpecimen as read } from './read-specimen.js';

// Corpus specimens whose front is read with what their machine-readable part holds, as the OCR
// stage reads it: the names the barcode or MRZ holds, or the MRZ reader's lines.
t.test('corpus specimen 9191-185: a two-letter family name (LI) is read, with the barcode\'s names known or not, and places the given names', async (t) => {
  const { visual, printed } = await read({ seed: 9191, index: 185 }, true);
  t.equal(visual.privateName, printed.privateName);
  t.equal(visual.familyName, printed.familyName);
  const alone = (await read({ seed: 9191, index: 185 })).visual;
  t.same([alone.familyName, alone.privateName], [printed.familyName, printed.privateName], 'without the names known');
});

t.test('corpus specimen 1313-163: a given name that spells a caption nearly (ANNA CHIAMAKA: Nachname) is the name the MRZ holds', async (t) => {
  const { visual, printed } = await read({ seed: 1313, index: 163 }, true);
  for (const field of ['familyName', 'privateName', 'id'] as const) t.equal(fold(visual[field]), fold(printed[field]), field);
});

t.test('a passport photo read with its MRZ known takes the MRZ reader\'s lines and reads the same fields', async (t) => {
  const specimen = await generateSpecimen({ seed: 4242, index: 11 });
  t.equal(specimen.truth.documentType, DocumentType.Passport);
  const image = await prepared(specimen.front);
  const { lines: mrz } = await readMrz(image);
  const whole = await readFront(image, DocumentType.Passport);
  const known = await readFront(image, DocumentType.Passport, { knownMrz: mrz });
  t.same(known.lines.slice(-mrz.length).map((l) => l.text), mrz, 'the MRZ\'s boxes hold its lines as read');
  t.same(known.visual.document, whole.visual.document);
});
