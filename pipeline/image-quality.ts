/**
 * Capture-quality measures carried into the result, computed on the greyscale buffer in one pass
 * each, so they cost a few milliseconds on a 1500 px image.
 */

/** Variance of the 4-neighbour Laplacian: a standard focus measure (low means blurred). */
export function sharpness(grey: Buffer, width: number, height: number): number {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    const row = y * width;
    for (let x = 1; x < width - 1; x += 1) {
      const i = row + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += lap;
      sumSq += lap * lap;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Fraction of pixels at or near saturation: specular glare washes text and barcode out. */
export function glare(grey: Buffer): number {
  if (grey.length === 0) return 0;
  let bright = 0;
  for (let i = 0; i < grey.length; i += 1) if (grey[i]! >= 250) bright += 1;
  return bright / grey.length;
}
