import t from 'tap';
import sharp from 'sharp';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { prepared } from '../front/render-front.js';
import { linePage, namesPage } from './names-page.js';

/** Names in two fonts the specimen corpus does not use, each under a small caption as on a card. */
const NAMES = ['CASTAÑEDA', 'JOSÉ GARCÍA', 'MÜLLER', 'ÅSA', 'FRANÇOIS', 'DVOŘÁK', 'LEFÈVRE', 'ŁUKASZ', 'SMITH JOHN', 'ODEGARD', 'LILLE'];

for (const family of ['DejaVu Serif', 'DejaVu Sans']) {
  t.test(`capitals keep their accents, cedillas, rings and strokes, and plain names stay plain (${family})`, async (t) => {
    const { lines } = await readPage(await prepared(await namesPage(NAMES, family, 'Given names')), { latinOnly: true });
    const read = lines.map((l) => l.text);
    for (const name of NAMES) {
      t.ok(read.includes(name), `${name} in ${JSON.stringify(read)}`);
    }
    t.notOk(read.some((l) => /given/i.test(l) && /[^\x20-\x7e]/.test(l)), 'no mark put on a caption');
  });
}

t.test('without latinOnly (OcrImage) the lines are as the recogniser wrote them', async (t) => {
  const { lines } = await readPage(await prepared(await namesPage(NAMES, 'DejaVu Sans', 'Given names')));
  t.ok(lines.some((l) => l.text === 'CASTANEDA'), 'Ñ is not in the dictionary, and no mark is put back');
});

t.test('a word holding a digit is a number, and its letters take no marks', async (t) => {
  // Even a number printed with an accent (a document number has none); the name beside it keeps its own.
  const page = await linePage('ÉD4410 MÜLLER');
  const read = (await readPage(await prepared(page), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read, ['ED4410 MÜLLER']);
});

t.test('marks blur joined to an S or a C at half size on a tilted photo: a narrow tip is an acute, a wide one a caron', async (t) => {
  // Set tight, turned a degree, halved and blurred: each mark runs into its letter's top, and the
  // line's tops lean. Plain S and C beside them stay plain.
  const names = ['KOWALCZYK-WIŚNIEWSKA', 'TOMÁŠ', 'ŚLUSARSKI', 'STASIAK', 'ĆWIK', 'ČAPEK', 'CZECH'];
  const page = sharp(await namesPage(names, 'DejaVu Sans', 'Surname', 0.8));
  const { width } = await page.metadata();
  const turned = await page.rotate(1, { background: '#fbfaf6' }).png().toBuffer();
  const small = await sharp(turned).resize(Math.round(width! / 2)).blur(0.8).png().toBuffer();
  const read = (await readPage(await prepared(small), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read.filter((line) => !/\p{Ll}/u.test(line)), names);
});

t.test('a capital rising over the small letters of its word carries no mark (a caption in mixed case)', async (t) => {
  const names = ['ŚLUSARSKI', 'CZECH'];
  const read = (await readPage(await prepared(await namesPage(names, 'DejaVu Sans', 'Surname', 0.76)), { latinOnly: true })).lines.map((l) => l.text);
  t.ok(read.includes('ŚLUSARSKI') && read.includes('CZECH'), JSON.stringify(read));
  t.notOk(read.some((l) => /\p{Ll}/u.test(l) && /[^\x20-\x7e]/.test(l)), `no mark on a caption: ${JSON.stringify(read)}`);
});

t.test('acutes that blur washed out of the ink are read from the grey over their letters (faint-marks.ts)', async (t) => {
  // Halved and blurred by 1.3 px, each acute is a grey plume over its letter, under the ink's
  // threshold or a speck of a pixel or two; the plain names beside them stay plain.
  const names = ['NOÉMIE', 'SIOBHÁN', 'GARCÍA', 'RAMÍREZ', 'RENÉE', 'MAXIMILIANE', 'RENEE', 'JOSE'];
  const page = await namesPage(names, 'DejaVu Sans', 'Surname', 0.8);
  const { width } = await sharp(page).metadata();
  const blurred = await sharp(page).resize(Math.round(width! / 2)).blur(1.3).png().toBuffer();
  const read = (await readPage(await prepared(blurred), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read.filter((line) => !/\p{Ll}/u.test(line)), names);
});

t.test('two dots that blur left only in the grey, as one plume as wide as both, are a diaeresis; acutes stay acutes', async (t) => {
  // Halved and blurred as above: each diaeresis is one faint plume over its O or E, wider than an
  // acute's (read as an acute before: BJÓRG, ZOÉ, SCHÓNBERG, GÓRAN, SÓREN).
  const dotted = ['BJÖRG', 'ZOË', 'SCHÖNBERG', 'GÖRAN', 'SÖREN'];
  const page = await namesPage([...dotted.slice(0, 4), 'RENÉE', 'ÓLAFUR', dotted[4]!], 'DejaVu Sans', 'Surname', 0.8);
  const { width } = await sharp(page).metadata();
  const blurred = await sharp(page).resize(Math.round(width! / 2)).blur(1.3).png().toBuffer();
  const read = (await readPage(await prepared(blurred), { latinOnly: true })).lines.map((l) => l.text);
  for (const name of [...dotted, 'RENÉE']) t.ok(read.includes(name), `${name} in ${JSON.stringify(read)}`);
  // Its acute blurred past reading, ÓLAFUR may come back plain, but never dotted.
  t.notOk(read.some((line) => /[ËÖÜ]LAFUR|RENË/.test(line)), JSON.stringify(read));
});
