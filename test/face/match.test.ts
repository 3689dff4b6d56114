/**
 * The calibrated face match on real photos: pairs.csv of ../shared/data/faces, the CompareFaces
 * entry point, and a selfie whose pixels are stored sideways with an EXIF orientation tag.
 */
import sharp from 'sharp';
import t from 'tap';
import { compareFaces, confidenceOf } from '../../pipeline/face/compare.js';
import { SIMILARITY } from '../../pipeline/face/calibration.js';
import { preparedImage } from '../fixtures/prepared-image.js';
import { SKIP_SHARED, ensureFaceModels, sharedPairs, sharedPhoto } from './helper.js';

await ensureFaceModels();

t.test('confidence is 50 at the FAR-1% threshold, 70 at the FAR-0.1% one, and monotone', async (t) => {
  t.equal(confidenceOf(SIMILARITY.far1), 50);
  t.equal(confidenceOf(SIMILARITY.far01), 70);
  t.equal(confidenceOf(-1), 0);
  t.equal(confidenceOf(1), 100);
  const curve = Array.from({ length: 201 }, (_, i) => confidenceOf(i / 100 - 1));
  t.same(curve.filter((c, i) => i > 0 && c < curve[i - 1]!), [], 'never falls as similarity rises');
});

t.test('same-person pairs of the shared photos score above 70, different-person pairs below', { skip: SKIP_SHARED }, async (t) => {
  const images = new Map<string, Awaited<ReturnType<typeof preparedImage>>>();
  const image = async (path: string) => {
    if (!images.has(path)) images.set(path, await preparedImage(sharedPhoto(path)));
    return images.get(path)!;
  };
  const wrong: string[] = [];
  for (const { a, b, same } of sharedPairs()) {
    const { confidence } = await compareFaces(await image(a), await image(b));
    if ((confidence > 70) !== same) wrong.push(`${a} ${b} ${same ? 'same' : 'different'}: ${confidence}`);
  }
  t.same(wrong, [], 'every pair on its side of 70');
});

t.test('a selfie stored sideways with an EXIF orientation tag still matches', { skip: SKIP_SHARED }, async (t) => {
  const document = await preparedImage(sharedPhoto('face_recognition/obama.jpg'));
  // Pixels turned a quarter to the left, tagged "rotate 90° clockwise to view" (orientation 6).
  const sideways = await sharp(await sharp(sharedPhoto('face_recognition/obama2.jpg')).rotate(-90).toBuffer())
    .withMetadata({ orientation: 6 }).jpeg().toBuffer();
  const selfie = await preparedImage(sideways);
  t.ok(selfie.height > selfie.width, 'decoded upright (portrait)');
  const { confidence, antiSpoofingB } = await compareFaces(document, selfie);
  t.ok(confidence > 70, `confidence ${confidence} above 70`);
  t.ok(antiSpoofingB >= 0 && antiSpoofingB <= 100);
});
