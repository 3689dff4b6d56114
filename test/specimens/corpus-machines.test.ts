import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { generateCorpus, type Specimen, type SpecimenTruth } from '../fixtures/specimens/corpus.js';
import { FACE_CATALOGUE, faceIdentities } from '../fixtures/specimens/portraits.js';

// Seed 44's first two specimens are people whose photos are ../shared's (men, where every demo
// face is a woman's), so that without them both show stand-ins.
const SEED = 44;
const SIZE = 2;

async function collect(faceFolder?: string): Promise<Specimen[]> {
  const out: Specimen[] = [];
  for await (const specimen of generateCorpus({ seed: SEED, size: SIZE, quick: true, designs: 'all', ...(faceFolder === undefined ? {} : { faceFolder }) })) out.push(specimen);
  return out;
}

/** What must not depend on the face photos: everything but the face shown and the selfie's person. */
function personAndDocument(truth: SpecimenTruth): Omit<SpecimenTruth, 'personId' | 'selfie'> & { genuineSelfie: boolean } {
  const { personId: _face, selfie, ...rest } = truth;
  return { ...rest, genuineSelfie: selfie.genuine };
}

t.test('a seed gives the same people and documents whether or not the shared face photos are here', async (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'idv-no-faces-'));
  t.teardown(() => rmSync(empty, { recursive: true, force: true }));
  t.equal(faceIdentities(empty).length < FACE_CATALOGUE.length, true, 'an empty folder leaves only the demo faces');
  const [here, without] = [await collect(), await collect(empty)];
  t.same(without.map((s) => personAndDocument(s.truth)), here.map((s) => personAndDocument(s.truth)), 'names, dates, numbers, design and capture agree');
  const demo = new Set(faceIdentities(empty).map((face) => face.id));
  t.ok(without.every((s) => demo.has(s.truth.personId)), 'without the photos, every face shown is a demo face');
  if (faceIdentities().length === FACE_CATALOGUE.length) {
    t.ok(here.some((s) => !demo.has(s.truth.personId)), 'with them, the shared identities show their own faces');
  }
});
