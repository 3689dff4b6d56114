import t from 'tap';
import sharp from 'sharp';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { prepared } from '../front/render-front.js';
import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';
import { namesPage } from './names-page.js';

/** Letters of their own (Ø Þ Ð; Ł in diacritics.test.ts) and their plain look-alikes, in two fonts the specimen corpus does not use. */
const NAMES = ['SØNDERGAARD', 'BJØRN', 'ÞÓRÐARSON', 'GUÐRÚN', 'ODEGARD', 'PORTER', 'DAVID', 'LILLE'];

for (const family of ['DejaVu Serif', 'DejaVu Sans']) {
  t.test(`Ø, Þ and Ð are read, and O, P, D and L stay plain (${family})`, async (t) => {
    const read = (await readPage(await prepared(await namesPage(NAMES, family, 'Surname')), { latinOnly: true })).lines.map((l) => l.text);
    for (const name of NAMES) t.ok(read.includes(name), `${name} in ${JSON.stringify(read)}`);
  });
}

t.test('a word holding a digit is a number, and its O stays an O', async (t) => {
  const page = await renderSvg([
    svgOpen(700, 100), '<rect width="700" height="100" fill="#fbfaf6"/>',
    text(40, 60, 'ØD4410', { size: 34, family: 'DejaVu Sans', weight: 'bold' }),
    '</svg>',
  ].join(''));
  const [line] = (await readPage(await prepared(page), { latinOnly: true })).lines.map((l) => l.text);
  t.match(line, /^[O0]D4410$/);
});

t.test('an Ł joined to the Ó before it is read by its bar\'s end right of the stem; joined L stay plain', async (t) => {
  // Letters set tight (0.76 of their width) and blurred: the Ó and the Ł are one blob, as in a
  // photo, and the bar's left end is lost in the Ó. The plain names hold an L joined the same way.
  const names = ['ŻÓŁKIEWSKI', 'ÓLAFSDÓTTIR', 'MÜLLER', 'OLGA', 'WOLFE'];
  const height = 90 * names.length + 40;
  const page = await renderSvg([
    svgOpen(700, height), `<rect width="700" height="${height}" fill="#fbfaf6"/>`,
    ...names.flatMap((name, i) => [
      text(40, 60 + 90 * i, 'Surname', { size: 15, fill: '#3a3f6b' }),
      text(40, 98 + 90 * i, name, { size: 34, family: 'DejaVu Sans', weight: 'bold', length: Math.round(0.76 * 34 * 0.78 * name.length), adjust: 'spacing' }),
    ]),
    '</svg>',
  ].join(''));
  const read = (await readPage(await prepared(await sharp(page).blur(1).png().toBuffer()), { latinOnly: true })).lines.map((l) => l.text);
  t.same(read.filter((line) => !/urname/.test(line)), names);
});
