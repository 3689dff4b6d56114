/**
 * Capture feedback on a few specimens of the labelled capture set (the bench runs 40: docs/
 * capture-feedback.md): each degraded image gets the reason it was degraded for, each clean
 * capture (a scan, a photo on a surface) gets none, and the measures stay in their ranges.
 */
import t from 'tap';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import { captureReasons, measureCapture } from '../../pipeline/capture/index.js';
import { captureSet } from '../fixtures/capture-set.js';

t.test('each image of three specimens gets the reason it was made for, and a clean one none', async (t) => {
  for await (const capture of captureSet({ seed: 4242, size: 3 })) {
    const decoded = await decodeImage(capture.bytes, 'frontImageBase64');
    const quality = measureCapture('front', decoded, capture.bytes, capture.documentType, decoded.sourceWidth / decoded.width);
    const reasons = captureReasons(quality);
    const name = `${capture.specimen} ${capture.label} (${capture.variant}): ${JSON.stringify(quality)}`;
    if (capture.label === 'clean') t.same(reasons, [], name);
    else t.ok(reasons.includes(capture.label), name);
    for (const measure of [quality.sharpness, quality.glare, quality.brightness]) t.ok(measure >= 0 && measure <= 100, `${name}: 0–100`);
    t.ok(quality.documentCoverage! >= 0 && quality.documentCoverage! <= 1, `${name}: coverage 0–1`);
  }
});
