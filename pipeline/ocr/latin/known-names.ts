/**
 * A doubtful line read as the holder's name that the machine-readable part holds, where the
 * line's own recogniser output allows it. A short name on a small capture is the recogniser's
 * weakest reading: a printed LI comes back as `U` at 0.41 or `L` at 0.77, which no field reader can
 * take for a name, and both names of the document are then lost with it (9191-128, -158, -185).
 *
 * The name is taken only where its best CTC path (ctc-align.ts) lies at most MAX_GAP nats behind
 * the best path of all, on a line read less surely than DOUBTFUL. A name printed otherwise than the
 * machine-readable part holds (the forgery the verdict looks for) reads surely, or its letters lie
 * tens of nats behind; it stays as read.
 */
import { alignText, bestPathLogProbability } from './ctc-align.js';
import type { DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';

/** A line read at least this surely (mean character probability) keeps its reading. */
const DOUBTFUL = 0.9;
/** A name lies at most this many nats behind the best path to be taken. */
const MAX_GAP = 3;

/** `line` (decoded from `probs`) as the one of `names` it may be, or undefined. */
export function asKnownName(probs: LineProbabilities, line: DecodedLine, names: readonly string[], allowed?: Uint8Array): DecodedLine | undefined {
  const read = line.text.trim().toUpperCase();
  if (names.length === 0 || line.confidence >= DOUBTFUL || read === '' || names.includes(read)) return undefined;
  const best = bestPathLogProbability(probs, allowed);
  let found: DecodedLine | undefined;
  let least = MAX_GAP;
  for (const name of names) {
    const aligned = alignText(probs, name);
    if (aligned === undefined) continue;
    const gap = best - aligned.logProbability;
    if (gap <= least) { least = gap; found = aligned; }
  }
  return found;
}
