import { createHash } from 'node:crypto';
import t from 'tap';
import sharp from 'sharp';
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { jurisdictionByCode, type Jurisdiction } from '../fixtures/aamva-encode.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { AAMVA_DESIGNATORS, type FieldKey, type FrontDesign } from '../fixtures/specimens/designs/design.js';
import { CLASSIC, DESIGN_FAMILIES, DESIGNS, designsFor, pickDesign } from '../fixtures/specimens/designs/index.js';
import { captionOf, frontValues, renderDesign } from '../fixtures/specimens/designs/render-design.js';
import { drawDocument, type SpecimenDocument } from '../fixtures/specimens/document.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { machineText } from '../fixtures/specimens/machine.js';
import { drawAddress, drawPerson } from '../fixtures/specimens/person.js';
import { faceIdentities, portrait } from '../fixtures/specimens/portraits.js';

const sha = (buffer: Buffer | undefined): string => createHash('sha256').update(buffer ?? '').digest('hex').slice(0, 16);
const licences = DESIGNS.filter((design) => design.kind === 'licence');
const icao = DESIGNS.filter((design) => design.kind !== 'licence');
const inFamily = (family: string): FrontDesign[] => DESIGNS.filter((design) => design.family === family);

/** A document that `design` can draw: a licence of its country, or the card type and MRZ format of its kind. */
function documentFor(design: FrontDesign, seed: number): SpecimenDocument {
  const draw = drawFor(seed, 'design-test', design.name);
  const face = faceIdentities()[0];
  if (face === undefined) throw new Error('no face identities');
  let person = drawPerson(draw, face.id, face.sex);
  const country = design.countries?.[0];
  if (country !== undefined) person = { ...person, address: drawAddress(draw, jurisdictionByCode(country === 'CAN' ? 'ON' : 'VA') as Jurisdiction) };
  const type: DocumentTypeValue = design.kind === 'licence' ? DocumentType.ID : design.kind === 'TD3' ? DocumentType.Passport : DocumentType.InternationalId;
  const doc = drawDocument(draw, type, person, false);
  if (design.kind === 'TD1') return { ...doc, mrzFormat: 'TD1', idType: 'ID' };
  if (design.kind === 'TD2') return { ...doc, mrzFormat: 'TD2', idType: 'I' };
  return doc;
}

t.test('the catalogue: 16+ licence and 8+ ICAO designs, unique names, three disjoint families that each cover every kind', async (t) => {
  t.ok(licences.length >= 16, `${licences.length} licence designs`);
  t.ok(icao.length >= 8, `${icao.length} ICAO designs`);
  t.equal(new Set(DESIGNS.map((design) => design.name)).size, DESIGNS.length, 'names are unique');
  t.same([...DESIGN_FAMILIES].sort(), ['test', 'tuning', 'validation']);
  t.equal(inFamily('tuning').length + inFamily('validation').length + inFamily('test').length, DESIGNS.length, 'every design is in exactly one family');
  const tuningShare = inFamily('tuning').length / (inFamily('tuning').length + inFamily('validation').length);
  t.ok(tuningShare > 0.55 && tuningShare < 0.75, `about 2/3 tuning (${tuningShare.toFixed(2)})`);
  for (const family of DESIGN_FAMILIES) {
    const kinds = new Set(inFamily(family).map((design) => design.kind));
    t.ok(kinds.has('licence') && kinds.has('TD3') && kinds.has('TD1') && kinds.has('TD2'), `${family} has licence, TD3, TD1 and TD2 designs`);
    for (const country of ['USA', 'CAN'] as const) {
      t.ok(inFamily(family).some((design) => design.kind === 'licence' && (design.countries ?? ['USA', 'CAN']).includes(country)), `${family} draws ${country} licences`);
    }
  }
  for (const classic of Object.values(CLASSIC)) t.equal(classic.family, 'tuning', `${classic.name}: the reader was tuned on it`);
});

t.test('the designs cover the patterns of real cards', async (t) => {
  const captions = (design: FrontDesign, field: FieldKey): string => captionOf(design, design.captions, field);
  const all = (field: FieldKey): Set<string> => new Set(DESIGNS.map((design) => captions(design, field)));
  const has = (set: Set<string>, value: string): void => { t.ok(set.has(value), `some design prints ${JSON.stringify(value)}`); };
  for (const value of ['4d DLN', '4dNUMBER/NUMERO', '4dCustID', '4d Cust ID', '4d IDN', '4d Cl', '4dDLN', 'ID']) has(all('number'), value);
  for (const value of ['3 DOB', '3 Date of Birth', '3DOB/DDN', 'DATE OF BIRTH']) has(all('dob'), value);
  for (const value of ['4bEXP/EXP']) has(all('expires'), value);
  for (const value of ['4aIss']) has(all('issued'), value);
  for (const value of ['15SEX/SEXE', '15 SEX/SEXE']) has(all('sex'), value);
  has(all('height'), '16 HGT/TAILLE');
  const slotsOf = (field: FieldKey): FrontDesign[] => licences.filter((design) => design.slots.some((slot) => slot.field === field));
  t.ok(slotsOf('namesFamilyGiven').length > 0 && slotsOf('namesGivenFamily').length > 0, 'names on one line, family first and given first');
  const bare = (field: FieldKey): boolean => licences.some((design) => design.slots.some((slot) => slot.field === field && slot.bare === true));
  t.ok(bare('number') && bare('family') && bare('given'), 'a number and names printed with no caption');
  t.same(new Set(DESIGNS.map((design) => design.designatorStyle)), new Set(['spaced', 'glued', 'none']));
  t.same(new Set(DESIGNS.map((design) => design.arrangement)), new Set(['above', 'inline', 'column']));
  t.same(new Set(DESIGNS.map((design) => design.case)), new Set(['upper', 'mixed']));
  t.same(new Set(DESIGNS.map((design) => design.art)), new Set(['guilloche', 'photo', 'gradient']));
  t.ok(DESIGNS.some((design) => design.slots.some((slot) => slot.rotate !== undefined)), 'a value up a strip beside the portrait');
  const overprints = DESIGNS.map((design) => design.overprint?.text ?? '').join(' ');
  for (const word of ['SAMPLE', 'TEMPORARY', 'UNDER 21 UNTIL']) t.match(overprints, word);
  const fonts = new Set(DESIGNS.flatMap((design) => [design.fonts.caption, design.fonts.value]));
  for (const font of ['DejaVu Sans', 'DejaVu Sans Condensed', 'DejaVu Serif', 'DejaVu Serif Condensed', 'DejaVu Sans Mono']) t.ok(fonts.has(font), font);
  const icaoCaptions = icao.map((design) => captions(design, 'family')).join(' | ');
  for (const word of ['Surname', 'Nom', 'Apellidos', 'Nachname', 'Cognome', 'Nazwisko', '1. ']) t.match(icaoCaptions, word);
  t.ok(icao.some((design) => captions(design, 'family') === 'Surname / Nom'), 'bilingual Surname / Nom');
  // Dates: US month first, Canada year first.
  const us = documentFor(CLASSIC.licence, 1);
  const canadian = { ...us, jurisdiction: jurisdictionByCode('ON') as Jurisdiction };
  t.match(frontValues(CLASSIC.licence, { ...us, jurisdiction: jurisdictionByCode('VA') as Jurisdiction }).dob, /^\d\d\/\d\d\/\d{4}$/);
  t.match(frontValues(CLASSIC.licence, canadian).dob, /^\d{4}\/\d\d\/\d\d$/);
  t.equal(CLASSIC.licence.designators, AAMVA_DESIGNATORS);
});

t.test('every design prints what the truth holds', async (t) => {
  for (const design of DESIGNS) {
    const fields = new Set(design.slots.map((slot) => slot.field));
    const names = (fields.has('family') && fields.has('given')) || fields.has('namesFamilyGiven') || fields.has('namesGivenFamily');
    const needed: FieldKey[] = design.kind === 'licence'
      ? ['number', 'dob', 'expires', 'issued', 'street', 'cityLine', 'sex', 'height', 'weight', 'eyes', 'hair', 'class']
      : ['number', 'dob', 'expires', 'issued', 'sex'];
    t.same(needed.filter((field) => !fields.has(field)), [], `${design.name} prints every field`);
    t.ok(names, `${design.name} prints both names`);
  }
});

t.test('one front per design, at its size', async (t) => {
  const face = faceIdentities()[0];
  if (face === undefined) throw new Error('no face identities');
  for (const design of DESIGNS) {
    const doc = documentFor(design, 2);
    t.same(designsFor(doc, [design.name]), [design], `${design.name} can draw its document`);
    const png = await renderDesign(design, doc, machineText(doc).mrz, await portrait(face, design.portrait.width, design.portrait.height), drawFor(2, design.name));
    const { width, height } = await sharp(png).metadata();
    t.same([width, height], [design.width, design.height], `${design.name} is ${design.width}×${design.height}`);
  }
});

t.test('classic specimens are byte-identical to the corpus before designs; other designs leave the truth alone', async (t) => {
  // Fronts of seed 9191 hashed before designs existed (licence, TD3, TD1 passport card, TD2).
  const before: Record<number, string> = { 0: 'e210ce6c64f2de6c', 1: 'a1b26313c9c031bf', 2: 'd546bd424877955f', 24: '90bbd1f1d3d16dda' };
  for (const [index, hash] of Object.entries(before)) {
    const specimen = await generateSpecimen({ seed: 9191, index: Number(index), capture: 'scan' });
    t.equal(sha(specimen.front), hash, `9191-${index} front unchanged`);
    t.same(specimen.truth.design, { name: CLASSIC[specimen.truth.format === 'AAMVA' ? 'licence' : specimen.truth.format].name, family: 'tuning' });
    const varied = await generateSpecimen({ seed: 9191, index: Number(index), capture: 'scan', designs: 'validation' });
    t.equal(varied.truth.design.family, 'validation');
    t.same(varied.truth.fields, specimen.truth.fields, 'the same document, only drawn otherwise');
    t.equal(sha(varied.selfie), sha(specimen.selfie));
    t.not(sha(varied.front), hash);
  }
});

t.test('a design is drawn from the choice, among those that fit the document', async (t) => {
  const doc = documentFor(licences.find((design) => design.countries?.includes('CAN') === true && design.family === 'validation') as FrontDesign, 3);
  t.equal(doc.jurisdiction?.country, 'CAN');
  for (let i = 0; i < 20; i++) {
    const design = pickDesign(doc, 'validation', drawFor(3, i));
    t.ok(design.family === 'validation' && design.kind === 'licence' && (design.countries ?? ['CAN']).includes('CAN'), design.name);
  }
  t.equal(pickDesign(doc, 'classic', drawFor(3, 0)), CLASSIC.licence);
  t.throws(() => pickDesign(doc, ['td3-spanish'], drawFor(3, 0)), /no design/);
  t.throws(() => designsFor(doc, ['no-such-design']), /no design named/);
});
