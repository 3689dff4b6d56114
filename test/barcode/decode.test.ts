/**
 * decodePdf417 on licence backs rendered by the project's fixtures: clean, and degraded as phone
 * photos are (turned ±15°, in perspective, blurred, JPEG 50, low resolution, all at once on a
 * surface), each read back to the exact payload; images without a symbol, and malformed
 * buffers, give null.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import t from 'tap';
import { decodePdf417 } from '../../pipeline/barcode/decode.js';
import { degrade, type Degradation } from '../fixtures/degrade.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { licenceBack, payload } from './licence-back.js';

const D13 = fileURLToPath(new URL('../../../../shared/data/aamva/aamva_standard/d13_example_raw.txt', import.meta.url));

t.test('a clean licence back decodes to the exact payload, for several versions and jurisdictions', async (t) => {
  for (const [version, jurisdiction, subfile] of [[10, 'VA', 'DL'], [8, 'ON', 'ID'], [3, 'TX', 'DL'], [1, 'AB', 'DL']] as const) {
    const text = payload(version, jurisdiction, subfile);
    t.equal(await decodePdf417(await preparedImage(await licenceBack(text))), text, `version ${version}, ${jurisdiction} ${subfile}`);
  }
});

t.test('the AAMVA standard\'s worked example decodes byte for byte', { skip: existsSync(D13) ? false : `shared data absent: ${D13}` }, async (t) => {
  const text = readFileSync(D13, 'latin1');
  t.equal(await decodePdf417(await preparedImage(await licenceBack(text))), text);
});

const DEGRADED: readonly [string, Degradation, number, string][] = [
  ['turned 15° clockwise', { rotateDeg: 15 }, 10, 'VA'],
  ['turned 15° anticlockwise', { rotateDeg: -15 }, 9, 'NY'],
  ['in perspective', { perspective: 0.12, rotateDeg: 4 }, 7, 'CA'],
  ['blurred', { blurSigma: 1.5 }, 6, 'FL'],
  ['saved as JPEG 50', { jpegQuality: 50 }, 5, 'QC'],
  ['at low resolution', { scale: 0.4, jpegQuality: 75 }, 4, 'IL'],
  ['photographed on a desk: turned, in perspective, unevenly lit, blurred, noisy, JPEG 50',
    { rotateDeg: -11, perspective: 0.08, blurSigma: 1, noise: 6, jpegQuality: 50, background: 'wood', unevenLight: 0.4, glare: 0.3, scale: 0.8 }, 2, 'BC'],
];

for (const [label, degradation, version, jurisdiction] of DEGRADED) {
  t.test(`a licence back ${label} decodes to the exact payload`, async (t) => {
    const text = payload(version, jurisdiction);
    const photo = await degrade(await licenceBack(text), degradation, version);
    t.equal(await decodePdf417(await preparedImage(photo)), text);
  });
}

t.test('an image without a barcode gives null', async (t) => {
  const blank = await sharp({ create: { width: 1300, height: 820, channels: 3, background: '#eef2f6' } }).png().toBuffer();
  t.equal(await decodePdf417(await preparedImage(await degrade(blank, { rotateDeg: 7, background: 'fabric', noise: 5, jpegQuality: 60 }, 1))), null);
});

t.test('a malformed image gives null instead of throwing', async (t) => {
  const grey = Buffer.alloc(100, 128);
  t.equal(await decodePdf417({ width: 20, height: 20, grey, rgb: Buffer.alloc(1200) }), null, 'buffer shorter than width × height');
  t.equal(await decodePdf417({ width: 0, height: 0, grey: Buffer.alloc(0), rgb: Buffer.alloc(0) }), null, 'empty image');
  t.equal(await decodePdf417({ width: 1, height: 1, grey: Buffer.alloc(1), rgb: Buffer.alloc(3) }), null, 'a single pixel');
  const noise = Buffer.from(Array.from({ length: 300 * 200 }, (_, i) => (i * 2654435761) >>> 24));
  t.equal(await decodePdf417({ width: 300, height: 200, grey: noise, rgb: Buffer.alloc(300 * 200 * 3) }), null, 'pure noise');
});
