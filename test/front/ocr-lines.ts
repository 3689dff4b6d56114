/**
 * Recognised lines written by hand, as the OCR would hand them to the field reader: text, a box
 * from its top-left corner, width and height, the whole page optionally turned by a few degrees
 * (a phone photo), and a confidence for every character. They let the layout rules be tested on
 * exactly the situation a photo creates (a caption lost, a header where a name could be).
 */
import type { OcrLine } from '../../pipeline/ocr/read-lines.js';

export interface LineSpec {
  text: string;
  x: number;
  y: number;
  /** Defaults to 0.6 × height per character. */
  w?: number;
  h: number;
  confidence?: number;
  /** The line reads a name the machine-readable part holds (OcrLine.knownName). */
  knownName?: boolean;
}

/** The lines, their boxes turned by `degrees` clockwise about the origin. */
export function ocrLines(specs: readonly LineSpec[], degrees = 0): OcrLine[] {
  const a = (degrees * Math.PI) / 180;
  const turn = (x: number, y: number): [number, number] => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)];
  return specs.map(({ text, x, y, w, h, confidence = 0.97, knownName }) => {
    const width = w ?? 0.6 * h * text.length;
    const corners = [turn(x, y), turn(x + width, y), turn(x + width, y + h), turn(x, y + h)];
    return { text, confidence, box: corners.flat(), chars: Array.from(text, () => confidence), ...(knownName ? { knownName } : {}) };
  });
}
