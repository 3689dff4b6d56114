/**
 * The anti-spoofing sets of the face bench and of its calibration, one per role:
 *
 *   tuning      live selfies of half the face identities (corpus seed FACE_SEED's draws) and
 *               their attacks with the tuning profile: the fusion is fitted and calibrated here
 *   validation  live selfies of the other half (another seed) and their attacks with the
 *               validation profile (other distances, angles, panels, halftones, light): held out
 *
 * Two live selfies of each person are attacked once per kind (test/fixtures/specimens/attacks.ts):
 * on a screen, on paper, a photo of a photo, a print held up in a room; six are scored live. MiniFASNet's own samples
 * (../shared/models/minifasnet/samples, when there) are scored apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '../common/errors.js';
import { decodeImage } from '../pipeline/backends/sharp.js';
import { detectFace } from '../pipeline/face/detect.js';
import { replayCues, type Cues } from '../pipeline/face/spoof-cues.js';
import { realScore, type BoxCorrection } from '../pipeline/face/spoof.js';
import { ATTACK_KINDS, ATTACK_PROFILES, presentationAttack, type AttackRole } from '../test/fixtures/specimens/attacks.js';
import { drawFor } from '../test/fixtures/specimens/draw.js';
import { faceIdentities, selfie } from '../test/fixtures/specimens/portraits.js';
import { FACE_SEED, type LabelledImage } from './faces-data.js';

export const MINIFASNET_SAMPLES = fileURLToPath(new URL('../../../shared/models/minifasnet/samples/', import.meta.url));

export const SPOOF_ROLES: readonly AttackRole[] = Object.freeze(['tuning', 'validation']);
/** The seed each role's selfies and attacks are drawn from. */
export const SPOOF_SEEDS: Readonly<Record<AttackRole, number>> = Object.freeze({ tuning: FACE_SEED, validation: FACE_SEED + 1 });
/**
 * Live selfies per identity, and how many of them are attacked (once per kind): more live
 * selfies than attacked ones, since BPCER 5 % is a tail of the live scores and attacks cost
 * seconds each to make.
 */
export interface SetSize { live: number; attacked: number }
export const SELFIES_PER_IDENTITY: Readonly<Record<'full' | 'quick', SetSize>> = Object.freeze({ full: { live: 6, attacked: 2 }, quick: { live: 2, attacked: 1 } });

export interface SpoofImage extends LabelledImage {
  live: boolean;
  /** 'selfie', an attack kind, or 'sample'. */
  source: string;
  role: AttackRole | 'sample';
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
    key: `sample-${file}`, identity: null, bytes: readFileSync(join(MINIFASNET_SAMPLES, file)), live: /_T\d/.test(file), source: 'sample', role: 'sample',
  }));
}

/** The identities of a role: alternate ones of the face catalogue here, so no person is in both. */
export function roleIdentities(role: AttackRole): ReturnType<typeof faceIdentities> {
  return faceIdentities().filter((_, i) => i % 2 === (role === 'tuning' ? 0 : 1));
}

/** A role's live selfies, `perIdentity` of each of its people. */
export async function roleSelfies(role: AttackRole, perIdentity: number): Promise<SpoofImage[]> {
  const out: SpoofImage[] = [];
  for (const face of roleIdentities(role)) {
    for (let k = 0; k < perIdentity; k++) {
      const bytes = await selfie(face, drawFor(SPOOF_SEEDS[role], 'spoof-live', face.id, k));
      out.push({ key: `${role}-selfie-${face.id}-${k}`, identity: face.id, bytes, live: true, source: 'selfie', role });
    }
  }
  return out;
}

/** A role's live selfies and the attacks of the first `size.attacked` of each person's, one of every kind. */
export async function spoofSet(role: AttackRole, size: SetSize): Promise<SpoofImage[]> {
  const live = await roleSelfies(role, size.live);
  const out: SpoofImage[] = [...live];
  for (const image of live.filter((_, i) => i % size.live < size.attacked)) {
    for (const kind of ATTACK_KINDS) {
      const bytes = await presentationAttack(image.bytes, kind, drawFor(SPOOF_SEEDS[role], 'spoof-attack', kind, image.key), ATTACK_PROFILES[role]);
      out.push({ key: `${image.key}-${kind}`, identity: image.identity, bytes, live: false, source: kind, role });
    }
  }
  return out;
}

/** Where the faces bench leaves its scored rows (in the results folder) for the calibration's `--from`. */
export const SPOOF_ROWS_FILE = 'faces-spoof-rows-latest.json';

export interface SpoofRow {
  key: string;
  /** The person shown (null: a MiniFASNet sample). */
  identity: string | null;
  role: SpoofImage['role'];
  live: boolean;
  source: string;
  /** MiniFASNet's real-score, or null when no face was found or it could not be analysed. */
  real: number | null;
  /** The replay cues (with MiniFASNet's logit), when scored. */
  cues?: Cues;
  /** Why there is no score: 'no face', or the AntiSpoofing error's message. */
  reason?: string;
}

/** Decodes (as intake does), detects and scores every image as the face stage does (or with another box correction). */
export async function scoreSpoofSet(images: readonly SpoofImage[], correction?: BoxCorrection): Promise<SpoofRow[]> {
  const rows: SpoofRow[] = [];
  for (const { key, identity, role, live, source, bytes } of images) {
    const image = await decodeImage(bytes, key);
    const face = await detectFace(image);
    if (!face) {
      rows.push({ key, identity, role, live, source, real: null, reason: 'no face' });
      continue;
    }
    try {
      const real = await realScore(image, face, correction);
      rows.push({ key, identity, role, live, source, real, cues: replayCues(image, face, real) });
    } catch (error) {
      if (!(error instanceof CodedError)) throw error;
      rows.push({ key, identity, role, live, source, real: null, reason: error.message });
    }
  }
  return rows;
}

/**
 * The threshold under which `share` of the live scores fall: midway between the last live score
 * counted a false reject and the next, so the share holds whatever rounding.
 */
export function thresholdAtBpcer(live: readonly number[], share: number): number {
  const sorted = [...live].sort((a, b) => a - b);
  const k = Math.floor(share * sorted.length);
  return k === 0 ? sorted[0]! / 2 : (sorted[k - 1]! + sorted[k]!) / 2;
}
