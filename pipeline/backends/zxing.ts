/** The only importer of zxing-wasm, its wasm read from the package (the default fetches a CDN), once per worker. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, purgeZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

export interface GreyPixels {
  width: number;
  height: number;
  grey: Uint8Array;
}

export interface Pdf417ReadOptions {
  /** Let zxing spend more time looking (more scan lines, rotated and inverted tries). */
  tryHarder?: boolean;
  tryRotate?: boolean;
  /** Also try copies downscaled by 3 (helps where modules are large and noisy; costs twice the time). */
  tryDownscale?: boolean;
}

const WASM_FILE = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

let loading: Promise<void> | undefined;

export function loadZxing(): Promise<void> {
  if (!loading) {
    const pending = (async () => {
      const wasmBinary = await readFile(WASM_FILE);
      await prepareZXingModule({
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

/** zxing's ImageData input folds RGBA to luminance exactly for grey in R, G and B; encoded input would cost a PNG round trip. */
function rgbaOf(image: GreyPixels): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  const words = new Uint32Array(rgba.buffer);
  const { grey } = image;
  for (let i = 0; i < words.length; i++) words[i] = grey[i]! * 0x01010101;
  return rgba;
}

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
