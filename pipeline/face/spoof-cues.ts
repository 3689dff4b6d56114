/**
 * Every cue of a replay measured on the selfie's face, as one named vector for the fusion
 * (spoof-fusion.ts): MiniFASNet's real-score as a logit, then the cues a screen or a print leaves
 * and a live face does not (each file says what it measures):
 *
 *   spoof-spectrum.ts  moiré, refresh banding, halftone
 *   spoof-frame.ts     a bezel's or a sheet's straight edges around the face
 *   spoof-glare.ts     a reflected veil of light, clipped whites
 *   spoof-colour.ts    lifted blacks, contrast, saturation, colour cast
 */
import type { RgbImage } from '../image.js';
import type { Face } from './detect.js';
import { colourCues } from './spoof-colour.js';
import { frameCues } from './spoof-frame.js';
import { glareCues } from './spoof-glare.js';
import { spectrumCues } from './spoof-spectrum.js';

export const CUE_NAMES = Object.freeze([
  'miniFasNet', 'moire', 'banding', 'halftone', 'frameFirst', 'frameSecond', 'glare', 'clipped', 'blackLevel', 'contrast', 'chroma', 'cast',
] as const);

export type CueName = (typeof CUE_NAMES)[number];

/**
 * Which way each cue points: +1 it is higher on a live face, −1 higher on a replay. The fusion
 * keeps a cue only with a weight of this sign: a cue that the tuning set happens to find higher
 * on live faces than the artefact it measures would make a real replay with that artefact (a
 * glare on a real screen) read live.
 */
export const CUE_DIRECTION: Readonly<Record<CueName, 1 | -1>> = Object.freeze({
  miniFasNet: 1, moire: -1, banding: -1, halftone: -1, frameFirst: -1, frameSecond: -1, glare: -1, clipped: -1,
  blackLevel: -1, contrast: 1, chroma: 1, cast: -1,
});
export type Cues = Record<CueName, number>;

/** MiniFASNet's real-score as a logit, kept finite at 0 and 1. */
export function realLogit(real: number): number {
  const p = Math.min(1 - 1e-4, Math.max(1e-4, real));
  return Math.log(p / (1 - p));
}

const FAMILIES: ReadonlyArray<{ names: readonly CueName[]; measure: (image: RgbImage, face: Face) => Partial<Cues> }> = [
  { names: ['moire', 'banding', 'halftone'], measure: spectrumCues },
  { names: ['frameFirst', 'frameSecond'], measure: frameCues },
  { names: ['glare', 'clipped'], measure: glareCues },
  { names: ['blackLevel', 'contrast', 'chroma', 'cast'], measure: colourCues },
];

/**
 * The cues of `face` on `image`, with MiniFASNet's real-score `real` already measured. Only the
 * families holding one of `needed` are measured (the service needs the fusion's features; the
 * bench, all of them); the others are NaN.
 */
export function replayCues(image: RgbImage, face: Face, real: number, needed: readonly CueName[] = CUE_NAMES): Cues {
  const cues = Object.fromEntries(CUE_NAMES.map((name) => [name, Number.NaN])) as Cues;
  cues.miniFasNet = realLogit(real);
  for (const { names, measure } of FAMILIES) {
    if (names.some((name) => needed.includes(name))) Object.assign(cues, measure(image, face));
  }
  return cues;
}
