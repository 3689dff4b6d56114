/**
 * Catalogued models converted into a scratch cache and run by onnxruntime against TF.js on real
 * face photos: shared by the parity test files, which split the catalogue so that each file runs
 * under 30 s on an idle two-core machine (TF.js runs on its plain CPU backend here, and the larger
 * models take several seconds a photo).
 */
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG } from '../../model-build/catalog.js';
import { updateCache } from '../../model-build/cache.js';
import { REPO_ROOT, TOLERANCE, faceImages, verifyModel, withinTolerance } from '../../model-build/verify.js';

/** The catalogue's models by parity file (parity-catalogue.test.ts checks that each is in one). */
export const PARITY_FILES: Readonly<Record<string, readonly string[]>> = {
  'parity-detection': ['blazeface', 'blazeface-back'],
  'parity-dlib-resnet': ['dlib-resnet'],
};

/** Converts the models `ids` (each must be catalogued) and tests each one's parity with TF.js. */
export async function testParity(ids: readonly string[]): Promise<void> {
  const entries = ids.map((id) => {
    const entry = CATALOG.find((e) => e.id === id);
    if (!entry) throw new Error(`${id} is not in the catalogue`);
    return entry;
  });
  const dir = await mkdtemp(join(tmpdir(), 'idv-models-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await updateCache(dir, entries);
  const images = faceImages(REPO_ROOT);
  if (images.note) t.comment(images.note);

  for (const entry of entries) {
    t.test(`${entry.id} run by onnxruntime matches TF.js within ${TOLERANCE}`, async (t) => {
      const parity = await verifyModel(entry, join(dir, `${entry.id}.onnx`), images.files);
      t.equal(parity.images, images.files.length);
      for (const o of parity.outputs) {
        t.ok(withinTolerance(o), `${o.name} [${o.shape}]: max |Δ| ${o.maxAbsDiff.toExponential(2)}, `
          + `max |Δ|/max(1, max |y|) ${o.maxScaledDiff.toExponential(2)}, max |y| ${o.maxAbs.toPrecision(4)}`);
      }
    });
  }
}
