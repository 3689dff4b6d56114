/** The pipeline's in-memory images (8-bit, row-major, unpadded), one module for every reader. */

/** An 8-bit RGB image, 3 bytes a pixel. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** An 8-bit greyscale image, 1 byte a pixel. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}
