/** The pipeline's in-memory images (8-bit, row-major, unpadded), one module for every reader. */

export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}
