/**
 * The pipeline's in-memory images: 8-bit pixels, row-major, no padding between rows. One module
 * for every reader (OCR, MRZ, faces, the OpenCV backend), so that an image passes between them
 * without conversion or a second definition; intake's PreparedImage (job.ts) is both at once.
 */

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
