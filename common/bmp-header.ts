// Read here because sharp reads no BMP and scanners write them. Uncompressed 1, 4, 8, 24 and 32 bits
// only (no RLE, 16 bits, embedded JPEG/PNG).

export interface BmpHeader {
  width: number;
  height: number;
  /** A negative height in the file. */
  topDown: boolean;
  bitsPerPixel: 1 | 4 | 8 | 24 | 32;
  pixelOffset: number;
  /** Bytes per stored row (rows are padded to 4 bytes). */
  stride: number;
  /** Where the palette starts (bitmaps of 8 bits or fewer): 4 bytes (B, G, R, 0) an entry. */
  paletteOffset: number;
  paletteSize: number;
  /** 32-bit BI_BITFIELDS: the red, green and blue masks; null for BGRX. */
  masks: readonly [number, number, number] | null;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const COMPRESSIONS: Readonly<Record<number, string>> = { 1: 'RLE8', 2: 'RLE4', 3: 'BITFIELDS', 4: 'JPEG', 5: 'PNG', 6: 'ALPHABITFIELDS' };

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 54 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const i32 = (b: Uint8Array, at: number): number => u32(b, at) | 0;

/** Or what keeps it from being read, completing "… must be …, got a BMP image …". */
export function readBmpHeader(bytes: Uint8Array): BmpHeader | string {
  const infoSize = u32(bytes, 14);
  if (infoSize < 40 || 14 + infoSize > bytes.length) return `a BMP image with a ${infoSize}-byte info header (only Windows 3 and later bitmaps are read)`;
  const width = i32(bytes, 18);
  const signedHeight = i32(bytes, 22);
  const bits = u16(bytes, 28);
  const compression = u32(bytes, 30);
  if (width < 1 || signedHeight === 0) return `a BMP image of ${width}x${signedHeight} pixels`;
  if (compression !== BI_RGB && !(compression === BI_BITFIELDS && bits === 32)) {
    return `a BMP image with ${COMPRESSIONS[compression] ?? `type ${compression}`} compression (only uncompressed bitmaps are read)`;
  }
  if (bits !== 1 && bits !== 4 && bits !== 8 && bits !== 24 && bits !== 32) return `a ${bits}-bit BMP image (1, 4, 8, 24 and 32 bits are read)`;
  let masks: BmpHeader['masks'] = null;
  if (compression === BI_BITFIELDS) {
    // Version 4/5 headers hold the masks; a Windows 3 header is followed by them.
    masks = [u32(bytes, 54), u32(bytes, 58), u32(bytes, 62)];
    if (masks.some((mask) => mask === 0)) return 'a BMP image whose channel masks are empty';
  }
  const colours = u32(bytes, 46);
  const paletteSize = bits <= 8 ? (colours === 0 ? 2 ** bits : Math.min(colours, 2 ** bits)) : 0;
  const paletteOffset = 14 + infoSize + (compression === BI_BITFIELDS && infoSize === 40 ? 12 : 0);
  return {
    width,
    height: Math.abs(signedHeight),
    topDown: signedHeight < 0,
    bitsPerPixel: bits,
    pixelOffset: u32(bytes, 10),
    stride: Math.ceil((width * bits) / 32) * 4,
    paletteOffset,
    paletteSize,
    masks,
  };
}

export function bmpIsWhole(bytes: Uint8Array, header: BmpHeader): boolean {
  return header.paletteOffset + 4 * header.paletteSize <= bytes.length
    && header.pixelOffset + header.stride * header.height <= bytes.length;
}
