/**
 * The face stage's measured constants. Written by bench/faces-calibrate.ts; re-measure with
 *
 *   npx tsc -p tsconfig.json && node dist/bench/faces-calibrate.js 60
 *
 * Measured on the face bench's pooled pairs (bench/faces-data.ts: the ../shared/data/faces photos,
 * the face-api demo faces and the specimen corpus's documents against its live selfies; few people,
 * so an optimistic estimate). Their figures: \`npm run bench -- faces\` (docs/figures.md).
 *
 * - EMBEDDER: the candidate with the best TAR at FAR 0.1% there.
 * - DESCRIPTOR_MEAN: its mean unit embedding over the ~100 unlabelled face thumbnails of
 *   @vladmandic/human's assets/screenshot-facematch.jpg (float32, base64), subtracted before the cosine.
 * - SIMILARITY: far1 and far01 are the thresholds at FAR 1% and 0.1% (confidence 50 and 70);
 *   stranger is the median different-person similarity (confidence 0).
 * SPOOF (anti-spoofing) has its own script and comment, below.
 */
export const EMBEDDER = 'dlib-resnet' as const;

export const DESCRIPTOR_MEAN = new Float32Array(Uint8Array.from(Buffer.from(
  'SzylvYG/ST2N8RM9XmmAvW0Cnb1YWQq9fm30vFhmnb3oKvA92wKCvai92j2Z19O8AKwmvvUNBr1fVRq9+3PVPX7x9b1HzO+9KWxjvfu4Wr0fs5Q85fymPLVwLDzw7Fg9BcXPvW+aX74N5Dy9BEl9vVKkZbrYQ2i9f0TsPBOfbD22lQC+3lacvAdcszwnl4s9NpUDvQAsU70k/gE+2Q7nO4E4Gr6n0hm943QjPVxzOz65JxA+AEwWPKctzjwQ0VS9VrXBPUrQN77c0GA8ZZbnPe9Lbz2ZpRs9orFVPT882L2ehw89VwGfPQfCEb4o7NM8/7FMPbB6mr1Szwq9Fbo6vYfBAz6+KYo9s5+lvUHO3r3CLgk+pMoEvtyZBr0IH5U9bVGKvSt/973CbEC++CaIvFMNiT7ujMw9AW3CvU1Xozx/3Ri9KQtju/9UjTzkVYw9MhxRvcpPRDx/gn69OGuAPAgPAD7H1Nq7NmAEvNuWFz4ArSI8XeUivLgOsTyh8gk9DHiyvcroNzzCepK9U9LOuwFRlDyysBi95DSkPOGgfj3BjtC9U1sBPoi/xLwVRqK7NbT+vFFmZrz+00e9/rrJvPIZ3D2Y5iS+lRjUPelT5T0VcyI8cFTOPemOBD2rtWA9yV2DvEgH5rz6ndC9nSFPveclkDyOmzC93PMAPVxASjw=',
  'base64',
)).buffer);

export const SIMILARITY = Object.freeze({ stranger: 0.0966, far1: 0.5693, far01: 0.7166 });

/**
 * SPOOF, written by bench/spoof-calibrate.ts (npx tsc -p tsconfig.json && node dist/bench/spoof-calibrate.js):
 * - box: MiniFASNet's samples' reference box (the source's RetinaFace) relative to the stage's
 *   BlazeFace box, averaged over the samples: width and height scale, centre shift in box sizes.
 * - threshold: the real-score under which 5 % of the tuning live selfies fall (BPCER 5 %),
 *   MiniFASNet's own 0–100 scale's 50 (spoof.ts).
 * - fusion: the logistic model over MiniFASNet and the replay cues (spoof-fusion.ts), fitted on
 *   the tuning attacks and live selfies, its bias set so that 50 is BPCER 5 % on those selfies.
 */
export const SPOOF = Object.freeze({
  box: Object.freeze({ width: 1.0894, height: 1.109, dx: 0.0195, dy: -0.0245 }),
  threshold: 0.543,
  fusion: Object.freeze({
    features: Object.freeze(['miniFasNet', 'moire'] as const),
    centre: Object.freeze([-0.612365, 2.21209]),
    scale: Object.freeze([6.06276, 1.02149]),
    weights: Object.freeze([3.46471, -1.83906]),
    bias: -2.07348,
  }),
});
