import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG } from '../../models/catalog.js';
import { updateCache } from '../../models/cache.js';
import { REPO_ROOT, TOLERANCE, faceImages, verifyModel, withinTolerance } from '../../models/verify.js';

// Every catalogued model, converted into a scratch cache, against TF.js on real face photos.
const dir = await mkdtemp(join(tmpdir(), 'idv-models-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
await updateCache(dir, CATALOG);
const images = faceImages(REPO_ROOT);
if (images.note) t.comment(images.note);

for (const entry of CATALOG) {
  t.test(`${entry.id} run by onnxruntime matches TF.js within ${TOLERANCE}`, async (t) => {
    const parity = await verifyModel(entry, join(dir, `${entry.id}.onnx`), images.files);
    t.equal(parity.images, images.files.length);
    for (const o of parity.outputs) {
      t.ok(withinTolerance(o), `${o.name} [${o.shape}]: max |Δ| ${o.maxAbsDiff.toExponential(2)}, `
        + `max |Δ|/max(1, max |y|) ${o.maxScaledDiff.toExponential(2)}, max |y| ${o.maxAbs.toPrecision(4)}`);
    }
  });
}
