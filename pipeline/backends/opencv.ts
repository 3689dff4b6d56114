/** The only importer of OpenCV.js, instantiated once per worker (failures forgotten), and the readers' helpers. */
import { createRequire } from 'node:module';
import type * as CV from '@techstark/opencv-js';

export type OpenCv = typeof CV;

const require = createRequire(import.meta.url);
let loading: Promise<OpenCv> | undefined;

export function loadOpenCv(): Promise<OpenCv> {
  if (!loading) {
    const pending = (async (): Promise<OpenCv> => {
      // The export is the module (promise-like in some builds) or an object calling onRuntimeInitialized.
      const module = require('@techstark/opencv-js') as OpenCv | Promise<OpenCv>;
      const cv = module instanceof Promise ? await module : module;
      if (!(cv as { Mat?: unknown }).Mat) {
        await new Promise<void>((resolve) => { (cv as { onRuntimeInitialized?: () => void }).onRuntimeInitialized = resolve; });
      }
      // Emscripten modules are thenables handing back themselves: resolving a promise with one loops for ever.
      delete (cv as { then?: unknown }).then;
      return cv;
    })();
    pending.catch(() => { if (loading === pending) loading = undefined; });
    loading = pending;
  }
  return loading;
}

export type Mat = InstanceType<OpenCv['Mat']>;
interface Deletable { delete(): void }
/** Registers a Mat (or any wasm object) to be deleted when the enclosing `withMats` ends. */
export type Track = <T extends Deletable>(object: T) => T;

const MAT_TYPES = { 1: 'CV_8UC1', 3: 'CV_8UC3', 4: 'CV_8UC4' } as const;

export function matFromPixels(cv: OpenCv, pixels: Uint8Array, width: number, height: number, channels: 1 | 3 | 4 = 1): Mat {
  if (pixels.length !== width * height * channels) {
    throw new RangeError(`pixels must hold ${width}×${height}×${channels} bytes, got ${pixels.length}`);
  }
  const mat = new cv.Mat(height, width, cv[MAT_TYPES[channels]]);
  mat.data.set(pixels);
  return mat;
}

/** Copies a continuous 8-bit Mat's pixels out of the wasm heap (which the next allocation may move). */
export function pixelsOf(mat: Mat): Buffer {
  return Buffer.from(mat.data);
}

/** Runs `body`, then deletes every object it tracked: OpenCV.js memory is out of reach of the GC. */
export function withMats<T>(body: (track: Track) => T): T {
  const tracked: Deletable[] = [];
  try {
    return body((object) => { tracked.push(object); return object; });
  } finally {
    for (const object of tracked) object.delete();
  }
}
