/**
 * decodePdf417 on the real PDF417 images of zxing's blackbox tests (/work/shared/data/pdf417/zxing):
 * the single-symbol ones (structured-append parts are left out: one part is not a whole text).
 * The read rate is reported; the images the reader must read are asserted on, those it does not
 * read are listed with the reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { decodePdf417 } from '../../pipeline/barcode/decode.js';
import { preparedImage } from '../fixtures/prepared-image.js';

const ROOT = fileURLToPath(new URL('../../../../shared/data/pdf417/zxing/', import.meta.url));

/** Symbols cut off at the image's edge (start pattern missing): unreadable by design. */
const KNOWN_MISSES = new Set(['pdf417-3/13.png', 'pdf417-3/14.png', 'pdf417-3/15.png']);

interface Sample { image: string; expected: string }

function samples(): Sample[] {
  const [, ...rows] = readFileSync(`${ROOT}manifest.csv`, 'utf8').trim().split('\n');
  return rows.map((row) => row.split(',')).filter((cells) => !cells[4]).map(([image, file, encoding]) => ({
    image: image!,
    expected: readFileSync(`${ROOT}${file}`).toString(encoding === 'utf-8' ? 'utf8' : 'latin1'),
  }));
}

t.test('zxing\'s single-symbol PDF417 images decode to their expected text', { skip: existsSync(ROOT) ? false : `shared data absent: ${ROOT}` }, async (t) => {
  const all = samples();
  let read = 0;
  for (const { image, expected } of all) {
    const text = await decodePdf417(await preparedImage(readFileSync(`${ROOT}${image}`)));
    if (text === expected) read++;
    if (!KNOWN_MISSES.has(image)) t.equal(text, expected, image);
  }
  t.comment(`read rate: ${read}/${all.length}`);
  t.ok(all.length >= 30, 'the manifest lists the single-symbol images');
});
