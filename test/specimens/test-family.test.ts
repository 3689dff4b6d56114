import t from 'tap';
import { transliterate } from '../../common/icao-transliteration.js';
import { DocumentType } from '../../common/document.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { DESIGNS, choosesTest, designsFor, type FrontDesign } from '../fixtures/specimens/designs/index.js';
import { drawDocument } from '../fixtures/specimens/document.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { STANDARD_PEOPLE, asciiFold, drawPerson } from '../fixtures/specimens/person.js';
import { SANS } from '../fixtures/specimens/svg.js';
import { TEST_PEOPLE } from '../fixtures/specimens/test-people.js';

/** Every font a design prints its visual zone in (notes without a family print in SANS). */
const fontsOf = (design: FrontDesign): Set<string> => new Set([
  design.fonts.caption, design.fonts.value, ...[...design.header, ...design.footer].map((note) => note.style.family ?? SANS),
]);

const names = (people: typeof STANDARD_PEOPLE): string[] => [...people.familyNames, ...people.givenF, ...people.givenM];

t.test('the test family prints in fonts no other family uses', async (t) => {
  const test = DESIGNS.filter((design) => design.family === 'test');
  const others = DESIGNS.filter((design) => design.family !== 'test');
  const testFonts = new Set(test.flatMap((design) => [...fontsOf(design)]));
  const otherFonts = new Set(others.flatMap((design) => [...fontsOf(design)]));
  t.ok(testFonts.size > 0);
  for (const font of testFonts) t.notOk(otherFonts.has(font), `${font} is the test family's alone`);
});

t.test('the test family is drawn alone: `all` never draws it, a mix with other designs is refused', async (t) => {
  const person = drawPerson(drawFor(1, 'person'), 'p', 'F');
  for (const type of [DocumentType.ID, DocumentType.Passport, DocumentType.PassportCard, DocumentType.InternationalId]) {
    const doc = drawDocument(drawFor(1, 'doc', type), type, person, false);
    t.ok(designsFor(doc, 'all').every((design) => design.family !== 'test'), `no test design among all for type ${type}`);
    t.ok(designsFor(doc, 'test').length > 0, `the test family draws type ${type}`);
  }
  t.equal(choosesTest('test'), true);
  t.equal(choosesTest(['test-td3-portuguese']), true);
  t.equal(choosesTest('all'), false);
  t.throws(() => choosesTest(['classic', 'test-licence-foot']), /the test family's designs are drawn without the other families'/);
});

t.test('the test family\'s names are none of the other lists\', and every one has an MRZ spelling and an ASCII folding', async (t) => {
  const standard = new Set(names(STANDARD_PEOPLE));
  for (const name of names(TEST_PEOPLE)) {
    t.notOk(standard.has(name), `${name} is not in the other families' lists`);
    t.match(transliterate(name), /^[A-Z]+(<[A-Z]+)*$/, `${name}: MRZ ${transliterate(name)}`);
    t.match(asciiFold(name), /^[\x20-\x7e]+$/, `${name}: ASCII ${asciiFold(name)}`);
  }
  const letters = (list: string[]): Set<string> => new Set(list.join('').normalize('NFC').toLowerCase());
  const standardLetters = letters(names(STANDARD_PEOPLE));
  const own = [...letters(names(TEST_PEOPLE))].filter((c) => asciiFold(c) !== c && !standardLetters.has(c));
  t.ok(own.length >= 15, `marked letters the other lists lack: ${own.join(' ')}`);
});

t.test('a test-family specimen has its own people, captures and streams', async (t) => {
  const plan = { seed: 4242, index: 1, documentType: DocumentType.Passport, negative: null, capture: 'scan' } as const;
  const [test, validation] = [await generateSpecimen({ ...plan, designs: 'test' }), await generateSpecimen({ ...plan, designs: 'validation' })];
  t.equal(test.truth.id, '4242-test-1');
  t.equal(test.truth.design.family, 'test');
  t.ok(TEST_PEOPLE.familyNames.some((name) => name.toUpperCase() === test.truth.fields.familyName), `${test.truth.fields.familyName} is a test-family name`);
  t.not(test.truth.machineReadable.id, validation.truth.machineReadable.id, 'no draw shared with the other families\' specimen of the same index');
  t.type(test.truth.capture.front.degradation.rotateDeg, 'number', 'a test-family scan is turned a little (TEST_CAPTURE)');
  t.equal(validation.truth.capture.front.degradation.rotateDeg, undefined, 'as no standard scan is');
});
