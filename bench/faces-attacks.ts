/**
 * The anti-spoofing set of the face bench and its calibration:
 *
 *   live     the specimen corpus's live selfies (faces-data.ts), and MiniFASNet's live sample
 *   attacks  each live corpus selfie replayed on a screen and on paper and photographed at a
 *            phone's size (test/fixtures/specimens/attacks.ts), the corpus's own replayed
 *            selfies, and MiniFASNet's two attack samples
 *
 * The MiniFASNet samples come from ../shared/models/minifasnet/samples when it is there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '../common/errors.js';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { detectFace } from '../pipeline/face/detect.js';
import { realScore, type BoxCorrection } from '../pipeline/face/spoof.js';
import { presentationAttack, type AttackKind } from '../test/fixtures/specimens/attacks.js';
import { drawFor } from '../test/fixtures/specimens/draw.js';
import type { FaceBenchData, LabelledImage } from './faces-data.js';

export const MINIFASNET_SAMPLES = fileURLToPath(new URL('../../../shared/models/minifasnet/samples/', import.meta.url));

export interface SpoofImage extends LabelledImage {
  live: boolean;
  /** Where it comes from: 'selfie', 'screen', 'paper', 'corpus-replay', 'sample'. */
  source: string;
}

/** The reference outputs of MiniFASNet's samples, by file name (null when absent). */
export function sampleReference(): Record<string, { bbox_xywh: [number, number, number, number]; real_score: number }> | null {
  const file = join(MINIFASNET_SAMPLES, 'reference-outputs.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** MiniFASNet's samples: the file names say live (T) or attack (F). */
export function minifasnetSamples(): SpoofImage[] {
  const reference = sampleReference();
  if (!reference) return [];
  return Object.keys(reference).sort().map((file) => ({
    key: `sample-${file}`, identity: null, bytes: readFileSync(join(MINIFASNET_SAMPLES, file)), live: /_T\d/.test(file), source: 'sample',
  }));
}

/** The live corpus selfies of the face bench's data. */
export function liveSelfies(data: FaceBenchData): SpoofImage[] {
  const byKey = new Map(data.images.map((image) => [image.key, image]));
  return data.live.filter((key) => key.startsWith('selfie-')).map((key) => ({ ...byKey.get(key)!, live: true, source: 'selfie' }));
}

/** The live selfies of the face bench's data, their screen and paper attacks, its replays and the samples. */
export async function spoofSet(data: FaceBenchData, seed: number): Promise<SpoofImage[]> {
  const byKey = new Map(data.images.map((image) => [image.key, image]));
  const live = liveSelfies(data);
  const out: SpoofImage[] = [...live];
  for (const [i, image] of live.entries()) {
    for (const kind of ['screen', 'paper'] as AttackKind[]) {
      const bytes = await presentationAttack(image.bytes, kind, drawFor(seed, 'face-bench-attack', kind, i));
      out.push({ key: `${kind}-${image.key}`, identity: image.identity, bytes, live: false, source: kind });
    }
  }
  for (const key of data.replays) out.push({ ...byKey.get(key)!, live: false, source: 'corpus-replay' });
  return [...out, ...minifasnetSamples()];
}

export interface SpoofRow {
  key: string;
  live: boolean;
  source: string;
  /** MiniFASNet's real-score, or null when no face was found or it could not be analysed. */
  real: number | null;
  /** Why there is no score: 'no face', or the AntiSpoofing error's message. */
  reason?: string;
}

/** Decodes (as intake does), detects and scores every image as the face stage does (or with another box correction). */
export async function scoreSpoofSet(images: readonly SpoofImage[], correction?: BoxCorrection): Promise<SpoofRow[]> {
  const rows: SpoofRow[] = [];
  for (const { key, live, source, bytes } of images) {
    const image = await decodeImage(bytes, key);
    const face = await detectFace(image);
    if (!face) {
      rows.push({ key, live, source, real: null, reason: 'no face' });
      continue;
    }
    try {
      rows.push({ key, live, source, real: await realScore(image, face, correction) });
    } catch (error) {
      if (!(error instanceof CodedError)) throw error;
      rows.push({ key, live, source, real: null, reason: error.message });
    }
  }
  return rows;
}

/**
 * The real-score threshold under which `share` of the live scores fall: midway between the last
 * live score counted a false reject and the next, so the share holds whatever rounding.
 */
export function thresholdAtBpcer(live: readonly number[], share: number): number {
  const sorted = [...live].sort((a, b) => a - b);
  const k = Math.floor(share * sorted.length);
  return k === 0 ? sorted[0]! / 2 : (sorted[k - 1]! + sorted[k]!) / 2;
}

/** APCER (attacks scored live) and BPCER (live scored attack) at a 0–100 cut, over scored rows. */
export function errorRates(rows: readonly SpoofRow[], score: (real: number) => number, cut: number): { apcer: number; bpcer: number; attacks: number; live: number } {
  const scored = rows.filter((r) => r.real !== null);
  const attacks = scored.filter((r) => !r.live);
  const live = scored.filter((r) => r.live);
  return {
    apcer: attacks.filter((r) => score(r.real!) >= cut).length / Math.max(1, attacks.length),
    bpcer: live.filter((r) => score(r.real!) < cut).length / Math.max(1, live.length),
    attacks: attacks.length,
    live: live.length,
  };
}
