/** JPEG quality from the luminance table, which libjpeg scales from Annex K's by 5000/q below 50, 200 − 2q above. */

/** ITU T.81 Annex K.1, luminance, in natural (row-major) order. */
const STANDARD_NATURAL = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
/** Natural position of each zig-zag index: DQT stores its 64 entries in zig-zag order. */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];
const STANDARD_LUMINANCE = ZIGZAG.map((natural) => STANDARD_NATURAL[natural]!);

function luminanceTable(bytes: Uint8Array): number[] | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { at += 2; continue; }
    if (marker === 0xda || marker === 0xd9) return null; // scan data: no table before it
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker === 0xdb) {
      let p = at + 4;
      while (p < at + 2 + length) {
        const precision = bytes[p]! >> 4;
        const id = bytes[p]! & 0x0f;
        const size = precision === 0 ? 64 : 128;
        if (p + 1 + size > bytes.length) return null;
        if (id === 0) {
          const table: number[] = [];
          for (let k = 0; k < 64; k += 1) table.push(precision === 0 ? bytes[p + 1 + k]! : (bytes[p + 1 + 2 * k]! << 8) | bytes[p + 2 + 2 * k]!);
          return table;
        }
        p += 1 + size;
      }
    }
    at += 2 + length;
  }
  return null;
}

export function jpegQuality(bytes: Uint8Array): number | null {
  const table = luminanceTable(bytes);
  if (table === null) return null;
  // Entries clamped at 1 (quality near 100) or 255 (quality near 1) no longer scale: leave them out.
  let sum = 0;
  let standard = 0;
  table.forEach((value, k) => {
    if (value > 1 && value < 255) {
      sum += value;
      standard += STANDARD_LUMINANCE[k]!;
    }
  });
  if (standard === 0) return table[0]! <= 1 ? 100 : 1;
  const scale = (sum * 100) / standard;
  const quality = scale <= 100 ? (200 - scale) / 2 : 5000 / scale;
  return Math.max(1, Math.min(100, Math.round(quality)));
}
