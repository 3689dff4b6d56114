import t from 'tap';
import sharp from 'sharp';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { prepared } from '../front/render-front.js';
import { linePage, namesPage } from './names-page.js';

/** Letters of their own (Ø Þ Ð; Ł in diacritics.test.ts) and their plain look-alikes, in two fonts the specimen corpus does not use. */
const NAMES = ['SØNDERGAARD', 'BJØRN', 'ÞÓRÐARSON', 'GUÐRÚN', 'ODEGARD', 'PORTER', 'DAVID', 'LILLE'];

for (const family of ['DejaVu Serif', 'DejaVu Sans']) {
  t.test(`Ø, Þ and Ð are read, and O, P, D and L stay plain (${family})`, async (t) => {
    const read = (await readPage(await prepared(await namesPage(NAMES, family, 'Surname')), { latinOnly: true })).lines.map((l) => l.text);
    for (const name of NAMES) t.ok(read.includes(name), `${name} in ${JSON.stringify(read)}`);
  });
}

t.test('a word holding a digit is a number, and its O stays an O', async (t) => {
  const page = await linePage('ØD4410');
  const [line] = (await readPage(await prepared(page), { latinOnly: true })).lines.map((l) => l.text);
  t.match(line, /^[O0]D4410$/);
});

t.test('an Ł joined to the Ó before it is read by its bar\'s end right of the stem; joined L stay plain', async (t) => {
  // Letters set tight (0.76 of their width) and blurred: the Ó and the Ł are one blob, as in a
  // photo, and the bar's left end is lost in the Ó. The plain names hold an L joined the same way.
  const names = ['ŻÓŁKIEWSKI', 'ÓLAFSDÓTTIR', 'MÜLLER', 'OLGA', 'WOLFE'];
  const page = await namesPage(names, 'DejaVu Sans', 'Surname', 0.76);
  const read = (await readPage(await prepared(await sharp(page).blur(1).png().toBuffer()), { latinOnly: true })).lines.map((l) => l.text);
  // The caption, however read (Surname, Suname, Sumame), is the one line with small letters.
  t.same(read.filter((line) => !/\p{Ll}/u.test(line)), names);
});

t.test('an Ø joined to the Y after it is read by the slash that parts its counter; joined O stay plain', async (t) => {
  // Set tight and blurred as the Ø and the Y of a photo's ØYSTEIN, one blob; the blur fills much
  // of the counter, so the diagonals alone no longer tell it.
  const names = ['ØYSTEIN', 'OYSTER', 'YOLO'];
  const page = await namesPage(names, 'DejaVu Sans', 'Given names', 0.76);
  const read = (await readPage(await prepared(await sharp(page).blur(1.2).png().toBuffer()), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read.filter((line) => !/\p{Ll}/u.test(line)), names);
});

t.test('an Ø in print leaning right is read by its counter\'s two parts, measured along the lean; O stays plain', async (t) => {
  // Sheared as a photo's perspective or an oblique face leans it, halved: blur fills the counter
  // but for two holes, the upper one carried right by the lean, nearly over the lower one.
  const names = ['ØYSTEIN', 'SØREN', 'OLSEN', 'GODOY', 'BJØRN'];
  const sheared = await sharp(await namesPage(names, 'DejaVu Sans', 'Surname', 0.8)).affine([[1, -0.3], [0, 1]], { background: '#fbfaf6' }).png().toBuffer();
  const { width } = await sharp(sheared).metadata();
  const small = await sharp(sheared).resize(Math.round(width! / 2)).blur(1).png().toBuffer();
  const read = (await readPage(await prepared(small), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read.filter((line) => !/\p{Ll}/u.test(line)), names);
});
