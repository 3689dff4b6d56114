/**
 * dlib's face chip (align.ts): the crop the embedder reads must put the face where dlib's chips do,
 * so a face detected again on the chip has its keypoints on dlib's mean face.
 */
import t from 'tap';
import { decodeImage } from '../../pipeline/backends/sharp.js';
import { alignFace, templateIn } from '../../pipeline/face/align.js';
import { detectFace } from '../../pipeline/face/detect.js';
import { EMBEDDERS } from '../../pipeline/face/embed.js';
import { SKIP_SHARED, ensureFaceModels, sharedPhoto } from './helper.js';

await ensureFaceModels();

t.test('on dlib\'s chip a face\'s eyes, nose and mouth fall on dlib\'s mean face', { skip: SKIP_SHARED }, async (t) => {
  const spec = EMBEDDERS['dlib-resnet'];
  const expected = templateIn(spec.size, spec.zoom, spec.template);
  for (const path of ['face_recognition/obama.jpg', 'face_recognition/biden.jpg']) {
    const image = await decodeImage(sharedPhoto(path), path);
    const face = await detectFace(image);
    t.ok(face, `${path}: a face`);
    const chip = alignFace(image, face!, spec.size, spec.zoom, spec.template);
    t.equal(chip.rgb.length, spec.size * spec.size * 3);
    const again = await detectFace({ width: spec.size, height: spec.size, rgb: chip.rgb });
    t.ok(again, `${path}: the face found again on the chip`);
    // A face is not the mean face: the four-point fit leaves each point a few pixels off it, and
    // the detector's keypoints wander a little between views. A chip warped the wrong way, or on
    // another template, misses by tens.
    const misses = again!.keypoints.slice(0, 4).map((p, i) => Math.hypot(p.x - expected[i]![0], p.y - expected[i]![1]));
    t.ok(Math.max(...misses) < 8, `${path}: keypoints within 8 px of the template (${misses.map((m) => m.toFixed(1)).join(', ')})`);
  }
});
