/**
 * The labelled faces that the face bench measures on, and the unlabelled ones the calibration
 * centres descriptors with:
 *
 *   photos     ../shared/data/faces/face_recognition (15 photos, 6 people) and its pairs.csv
 *   demo       the 21 faces of @vladmandic/face-api's demo photos (one photo each), cropped by
 *              the specimen corpus's coordinates: more different-person pairs
 *   corpus     the specimen corpus: each document's printed portrait against every selfie
 *              (same person when the person ids agree), and replayed selfies (detection counts;
 *              the anti-spoofing sets are faces-attacks.ts's)
 *   reference  the ~100 face thumbnails in Human's screenshot-facematch.jpg, unlabelled, never
 *              scored: only their mean descriptor is used (calibration.ts)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateSpecimen } from '../test/fixtures/specimens/corpus.js';
import { drawFor } from '../test/fixtures/specimens/draw.js';
import { replaySelfie } from '../test/fixtures/specimens/negatives.js';
import { faceIdentities } from '../test/fixtures/specimens/portraits.js';

export const SHARED_FACES = fileURLToPath(new URL('../../../shared/data/faces/', import.meta.url));

/** An encoded image with the identity it shows (null: unlabelled). */
export interface LabelledImage {
  key: string;
  identity: string | null;
  bytes: Buffer;
}

export interface LabelledPair {
  a: string;
  b: string;
  genuine: boolean;
}

/** The face_recognition photos and pairs.csv, or null when ../shared/data is absent. */
export function photoSet(): { images: LabelledImage[]; pairs: LabelledPair[] } | null {
  const csv = join(SHARED_FACES, 'pairs.csv');
  if (!existsSync(csv)) return null;
  const identities = new Map<string, string>();
  for (const line of readFileSync(join(SHARED_FACES, 'face_recognition', 'identities.csv'), 'utf8').trim().split('\n').slice(1)) {
    const [file, person] = line.split(',');
    identities.set(`face_recognition/${file!.trim()}`, person!.trim());
  }
  const pairs = readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((line) => {
    const [a, b, same] = line.split(',');
    return { a: a!.trim(), b: b!.trim(), genuine: same?.trim() === '1' };
  });
  const keys = [...new Set(pairs.flatMap((p) => [p.a, p.b]))].sort();
  const images = keys.map((key) => ({ key, identity: identities.get(key) ?? key, bytes: readFileSync(join(SHARED_FACES, key)) }));
  return { images, pairs };
}

/** The demo photos' faces, each cropped to about 2.4 face sizes around it (JPEG). */
export async function demoFaces(): Promise<LabelledImage[]> {
  const out: LabelledImage[] = [];
  for (const identity of faceIdentities().filter((f) => f.id.startsWith('demo-'))) {
    const photo = identity.photos[0]!;
    const { width = 0, height = 0 } = await sharp(photo.file).metadata();
    const side = Math.round(photo.size * 2.4);
    const left = Math.max(0, Math.round(photo.cx - side / 2));
    const top = Math.max(0, Math.round(photo.cy - side / 2));
    const bytes = await sharp(photo.file)
      .extract({ left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) })
      .jpeg({ quality: 92 }).toBuffer();
    out.push({ key: identity.id, identity: identity.id, bytes });
  }
  return out;
}

export interface CorpusFaces {
  documents: LabelledImage[];
  selfies: Array<LabelledImage & { spoof: 'screen' | 'print' | null }>;
}

/** The documents (with a face) and selfies of the first `size` specimens of `seed`. */
export async function corpusFaces(seed: number, size: number): Promise<CorpusFaces> {
  const documents: LabelledImage[] = [];
  const selfies: CorpusFaces['selfies'] = [];
  for (let index = 0; index < size; index++) {
    const { truth, front, selfie } = await generateSpecimen({ seed, index });
    if (truth.negative !== 'no-document') documents.push({ key: `doc-${truth.id}`, identity: truth.personId, bytes: front });
    selfies.push({ key: `selfie-${truth.id}`, identity: truth.selfie.personId, bytes: selfie, spoof: truth.selfie.spoof });
  }
  return { documents, selfies };
}

/** Every pair of one image from `left` and one from `right` (or within one list), labelled by identity. */
export function allPairs(left: readonly LabelledImage[], right?: readonly LabelledImage[]): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  left.forEach((a, i) => {
    for (const b of right ?? left.slice(i + 1)) {
      if (a.key !== b.key) pairs.push({ a: a.key, b: b.key, genuine: a.identity !== null && a.identity === b.identity });
    }
  });
  return pairs;
}

/** The face thumbnails of Human's face-match screenshot: an 18 × 6 grid of ~107-px cells. */
export async function referenceFaces(): Promise<LabelledImage[]> {
  const file = fileURLToPath(new URL('../../node_modules/@vladmandic/human/assets/screenshot-facematch.jpg', import.meta.url));
  const out: LabelledImage[] = [];
  for (let row = 0; row < 6; row++) {
    for (let column = 0; column < 18; column++) {
      const left = Math.round(column * (1920 / 18));
      const top = 282 + row * 112;
      if (top + 106 > 954) continue;
      const bytes = await sharp(file).extract({ left, top, width: 106, height: 106 }).png().toBuffer();
      out.push({ key: `reference-${row}-${column}`, identity: null, bytes });
    }
  }
  return out;
}

/**
 * The corpus seed of the calibrations (faces-calibrate.ts, spoof-calibrate.ts) and the face bench's
 * default. The bench can draw another (IDV_BENCH_FACE_SEED) to measure on faces nobody calibrated on.
 */
export const FACE_SEED = 1;

export interface FaceBenchData {
  /** Every labelled image, by key. */
  images: LabelledImage[];
  /** Named pair sets (see FaceBenchData's users for what each means). */
  sets: Record<'photos' | 'photosAll' | 'documentVsSelfie' | 'pooled', LabelledPair[]>;
  reference: LabelledImage[];
  /** Live selfies and photos of the screen/print replays made of the live selfies. */
  live: string[];
  replays: string[];
}

/**
 * Everything the face bench measures on. `photos`: pairs.csv; `photosAll`: every pair of the
 * face_recognition photos and the demo faces; `documentVsSelfie`: each corpus document's face
 * against every live corpus selfie; `pooled`: the last two together (the calibration set).
 * `seed` draws the corpus and its replays; the photos and demo faces are the same for every seed.
 */
export async function faceBenchData(corpusSize: number, seed = FACE_SEED): Promise<FaceBenchData> {
  const photos = photoSet();
  const demo = await demoFaces();
  const corpus = await corpusFaces(seed, corpusSize);
  const liveSelfies = corpus.selfies.filter((s) => s.spoof === null);
  const replays: LabelledImage[] = [];
  for (const [i, selfie] of liveSelfies.entries()) {
    const { image } = await replaySelfie(selfie.bytes, drawFor(seed, 'face-bench-replay', i));
    replays.push({ key: `replay-${selfie.key}`, identity: selfie.identity, bytes: image });
  }
  const known = [...(photos?.images ?? []), ...demo];
  const documentVsSelfie = allPairs(corpus.documents, liveSelfies);
  const photosAll = allPairs(known);
  return {
    images: [...known, ...corpus.documents, ...corpus.selfies, ...replays],
    sets: { photos: photos?.pairs ?? [], photosAll, documentVsSelfie, pooled: [...photosAll, ...documentVsSelfie] },
    reference: await referenceFaces(),
    live: [...liveSelfies.map((s) => s.key), ...(photos?.images ?? []).map((p) => p.key)],
    replays: [...replays.map((r) => r.key), ...corpus.selfies.filter((s) => s.spoof !== null).map((s) => s.key)],
  };
}
