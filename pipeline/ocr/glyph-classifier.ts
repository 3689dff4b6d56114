/**
 * The look-alike glyph classifier (models/glyphs/look-alikes.onnx, trained by scripts/glyph-pairs/
 * on faces the specimen corpus does not print): a glyph alone, normalised by glyph-input.ts, gives
 * a logit for each of 0 O 1 I 5 S 8 B. The difference of two logits is the nats by which the
 * glyph looks more like one than the other.
 */
import { fileURLToPath } from 'node:url';
import { floatTensor, loadSession, runFloat } from '../backends/onnx.js';
import { GLYPH_SIDE } from './glyph-input.js';
import { checkedShipped, type ShippedFile } from './model-files.js';

export const GLYPH_CLASSES = '0O1I5S8B';
export const GLYPH_MODEL: ShippedFile = Object.freeze({
  path: fileURLToPath(new URL('../../../models/glyphs/look-alikes.onnx', import.meta.url)),
  sha256: '3eee3db69873ee1990a08765d628ebf1c6d5ac760aa7d390a2f839a9f9b8fdab',
  source: 'scripts/glyph-pairs/ (models/README.md)',
});

/** Each glyph's logits, in GLYPH_CLASSES order. */
export async function glyphLogits(glyphs: readonly Float32Array[]): Promise<Float32Array[]> {
  if (glyphs.length === 0) return [];
  const session = await loadSession(GLYPH_MODEL.path, { transform: (bytes) => checkedShipped(bytes, GLYPH_MODEL), variant: 'checked', oneThread: true });
  const size = GLYPH_SIDE * GLYPH_SIDE;
  const input = new Float32Array(glyphs.length * size);
  glyphs.forEach((glyph, k) => input.set(glyph, k * size));
  const { data } = await runFloat(session, floatTensor(input, [glyphs.length, size]));
  const classes = GLYPH_CLASSES.length;
  return glyphs.map((_, k) => data.slice(k * classes, (k + 1) * classes));
}

/** Nats by which `logits` favour character `a` over `b`; undefined unless both are classes. */
export function glyphFavour(logits: Float32Array, a: string, b: string): number | undefined {
  const ka = GLYPH_CLASSES.indexOf(a);
  const kb = GLYPH_CLASSES.indexOf(b);
  return ka < 0 || kb < 0 ? undefined : logits[ka]! - logits[kb]!;
}
