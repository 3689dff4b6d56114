/**
 * What the front's pixels say about a machine-readable value: how much better the recogniser's
 * frames of the field's line explain the front's own reading than the same line with the field
 * replaced by the machine-readable value, both scored on the same frames by the best CTC path
 * that spells each text (ocr/latin/ctc-align.ts).
 *
 * The margin is a log-likelihood ratio in nats. A value that differs from the reading only where
 * the recogniser wavered (a blurred 0 read O) lies a nat or two behind; a value the front does not
 * print lies many nats behind, since every frame of the changed characters votes against it. The
 * string similarity of the two texts plays no part: one character printed otherwise is as far as
 * its frames make it.
 */
import type { Reading } from '../front/labels.js';
import { alignText } from '../ocr/latin/ctc-align.js';

/**
 * The margin of the front's reading over the best of `alternatives` (texts for the reading's span
 * of its line, as the front would print the machine-readable value); undefined where the line's
 * frames are not known (an MRZ line the MRZ reader read, a value spread over two recognised
 * lines) or no alternative can be spelled in the recogniser's classes.
 */
export function valueMargin(reading: Reading, alternatives: readonly string[]): number | undefined {
  const part = reading.line.parts?.find((p) => reading.start >= p.offset && reading.end <= p.offset + p.text.length);
  if (part === undefined) return undefined;
  const own = alignText(part.frames, part.text);
  if (own === undefined) return undefined;
  const start = reading.start - part.offset;
  const end = reading.end - part.offset;
  let best: number | undefined;
  for (const alternative of alternatives) {
    const aligned = alignText(part.frames, part.text.slice(0, start) + alternative + part.text.slice(end));
    if (aligned === undefined) continue;
    const margin = own.logProbability - aligned.logProbability;
    if (best === undefined || margin < best) best = margin;
  }
  return best;
}
