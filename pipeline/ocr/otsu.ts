/** Otsu's threshold between ink and paper in a small greyscale crop (an MRZ band). */

function histogram(grey: Uint8Array): Float64Array {
  const hist = new Float64Array(256);
  for (const v of grey) hist[v]! += 1;
  return hist;
}

/** Otsu's threshold of an 8-bit image: values at or below it are ink. */
export function otsu(grey: Uint8Array): number {
  const hist = histogram(grey);
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let sumBelow = 0; let countBelow = 0; let best = 0; let threshold = 128;
  for (let v = 0; v < 256; v++) {
    countBelow += hist[v]!;
    if (countBelow === 0) continue;
    const countAbove = grey.length - countBelow;
    if (countAbove === 0) break;
    sumBelow += v * hist[v]!;
    const between = countBelow * countAbove * (sumBelow / countBelow - (sum - sumBelow) / countAbove) ** 2;
    if (between > best) { best = between; threshold = v; }
  }
  return threshold;
}
