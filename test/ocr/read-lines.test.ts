import t from 'tap';
import sharp from 'sharp';
import { readPage } from '../../pipeline/ocr/read-lines.js';
import { prepared, renderLicence } from '../front/render-front.js';
import { generateSpecimen } from '../fixtures/specimens/corpus.js';
import { renderSvg, svgOpen, text } from '../fixtures/specimens/svg.js';

async function textPage(): Promise<Buffer> {
  return renderSvg([
    svgOpen(900, 260), '<rect width="900" height="260" fill="#fff"/>',
    text(30, 80, '4d DLN D1234567', { size: 40 }),
    text(30, 170, 'SACRAMENTO, CA 95814', { size: 40 }),
    '</svg>',
  ].join(''));
}

t.test('rendered text reads to the exact strings with boxes clockwise from top-left', async (t) => {
  const { lines, orientation } = await readPage(await prepared(await textPage()));
  t.equal(orientation, 0);
  t.same(lines.map((l) => l.text), ['4d DLN D1234567', 'SACRAMENTO, CA 95814']);
  for (const line of lines) {
    t.ok(line.confidence > 0.9, `confidence of ${line.text}`);
    t.equal(line.chars?.length, line.text.length);
    const [x0, y0, x1, , , y2] = line.box;
    t.ok(x1! > x0! && y2! > y0!, 'top-left first, then top-right, then bottom-right');
  }
});

t.test('an orientation another reader settled is taken as given: the page is turned by it, not classified', async (t) => {
  const page = await prepared(await textPage());
  const upright = await readPage(page, { orientation: 0 });
  t.same(upright.lines.map((l) => l.text), ['4d DLN D1234567', 'SACRAMENTO, CA 95814']);
  // Told it stands upside down, the reader turns it so, where the classifier would not.
  const told = await readPage(page, { orientation: 180 });
  t.equal(told.orientation, 180);
  t.notSame(told.lines.map((l) => l.text), upright.lines.map((l) => l.text));
});

t.test('a line that reads one of the known names is marked so; the others are not', async (t) => {
  const page = await prepared(await textPage());
  const { lines } = await readPage(page, { knownNames: ['SACRAMENTO, CA 95814', 'SMITH'] });
  t.same(lines.map((l) => [l.text, l.knownName === true]), [['4d DLN D1234567', false], ['SACRAMENTO, CA 95814', true]]);
  t.notOk((await readPage(page)).lines.some((l) => l.knownName), 'no names known');
});

t.test('a blank image has no lines', async (t) => {
  const blank = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#f4f4f4' } }).png().toBuffer();
  t.same((await readPage(await prepared(blank))).lines, []);
});

for (const angle of [90, 180, 270]) {
  t.test(`a front turned ${angle}° is read upright`, async (t) => {
    const turned = await sharp(await renderLicence()).rotate(angle).png().toBuffer();
    const { lines, orientation } = await readPage(await prepared(turned));
    t.equal(orientation, (360 - angle) % 360);
    const texts = lines.map((l) => l.text);
    t.ok(texts.includes('D1234567'), texts.join(' | '));
    t.ok(texts.includes('08/31/1985'));
  });
}

// Corpus photos turned a quarter or a half, each read the wrong way up before: a long line running
// down the page was taken for a wide box (its corners ordered along its length), and MRZ fillers,
// signatures and captions merged with their values voted the way they read either way up.
const turnedPhotos: [number, number, number][] = [[2020, 11, 90], [2020, 34, 90], [2020, 39, 270], [6161, 139, 270], [2020, 41, 270]];
for (const [seed, index, angle] of turnedPhotos) {
  t.test(`corpus photo ${seed}-${index} turned ${angle}° is read upright`, async (t) => {
    const specimen = await generateSpecimen({ seed, index });
    const turned = await sharp(specimen.front).rotate(angle).png().toBuffer();
    const { orientation } = await readPage(await prepared(turned), { localise: true, latinOnly: true });
    t.equal(orientation, (360 - angle) % 360);
  });
}
