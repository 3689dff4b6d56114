/**
 * The pipeline's only importer of zxing-wasm. The reader's wasm is read from the installed
 * package (never fetched: the library's default would load it from a CDN) and instantiated once
 * per worker thread, through a memoised promise that forgets failures.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, purgeZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

/** The pixels zxing reads: 8-bit luminance, row-major. */
export interface GreyPixels {
  width: number;
  height: number;
  grey: Uint8Array;
}

export interface Pdf417ReadOptions {
  /** Let zxing spend more time looking (more scan lines, rotated and inverted tries). */
  tryHarder?: boolean;
  /** Also try the image turned by 90°, 180° and 270°. */
  tryRotate?: boolean;
  /** Also try copies downscaled by 3 (helps where modules are large and noisy; costs twice the time). */
  tryDownscale?: boolean;
}

const WASM_FILE = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

let loading: Promise<void> | undefined;

/** Instantiates the zxing reader from the package's wasm file, once per thread. */
export function loadZxing(): Promise<void> {
  if (!loading) {
    const pending = (async () => {
      const wasmBinary = await readFile(WASM_FILE);
      await prepareZXingModule({
        // wasmBinary alone suffices; locateFile makes sure no other path can reach for a URL.
        overrides: { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength), locateFile: () => WASM_FILE },
        fireImmediately: true,
      });
    })();
    pending.catch(() => {
      // The library caches the failed instantiation too: drop it so the next call starts afresh.
      purgeZXingModule();
      if (loading === pending) loading = undefined;
    });
    loading = pending;
  }
  return loading;
}

/**
 * zxing's ImageData input takes RGBA and folds it to luminance with integer weights that sum to
 * 1024, so a grey value repeated in R, G and B comes back exactly. Writing 32-bit words fills the
 * four bytes in one store; the encoded-image input would cost a PNG encode and decode instead.
 */
function rgbaOf(image: GreyPixels): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  const words = new Uint32Array(rgba.buffer);
  const { grey } = image;
  for (let i = 0; i < words.length; i++) words[i] = grey[i]! * 0x01010101;
  return rgba;
}

/** Reads one PDF417 symbol; null when none decodes. */
export async function readPdf417(image: GreyPixels, options: Pdf417ReadOptions = {}): Promise<string | null> {
  await loadZxing();
  if (image.width < 1 || image.height < 1 || image.grey.length !== image.width * image.height) {
    throw new RangeError(`grey must hold ${image.width}×${image.height} bytes, got ${image.grey.length}`);
  }
  const reader: ReaderOptions = {
    formats: ['PDF417'],
    tryHarder: options.tryHarder ?? true,
    tryRotate: options.tryRotate ?? true,
    tryDownscale: options.tryDownscale ?? false,
    tryInvert: false,
    maxNumberOfSymbols: 1,
    // The text as encoded, control characters included (AAMVA separators are LF, RS and CR).
    textMode: 'Plain',
  };
  const results = await readBarcodes({ data: rgbaOf(image), width: image.width, height: image.height } as unknown as Parameters<typeof readBarcodes>[0], reader);
  const found = results.find((result) => result.isValid && result.text.length > 0);
  return found ? found.text : null;
}
