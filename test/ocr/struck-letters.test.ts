import t from 'tap';
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
