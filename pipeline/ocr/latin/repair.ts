/**
 * The repair room's one door: what may still change a line of a Latin document after the engine
 * (detect, orient, recognise, decode greedily: pipeline/ocr/) has read it. read-lines.ts calls
 * this and nothing else of latin/, so that every repair and its reason lie in this folder.
 *
 * PP-OCRv6 small reads the accented capitals, word spaces and struck letters that a chain of hand
 * rules mended for PP-OCRv4 (switched off one at a time, none earned its place: docs/front-ocr.md).
 * Three repairs remain: a line taken for one of the holder's names as the machine-readable part
 * holds them (known-names.ts, through ctc-align.ts), each marked letter's mark weighed by the
 * languages its word's other marks allow (orthography.ts), and a struck capital D, one shape for
 * Ð and Đ, as its word's language writes it (struck-d.ts).
 */
import type { DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';
import { asKnownName } from './known-names.js';
import { settleMarks } from './orthography.js';
import { settleStruckD } from './struck-d.js';

export interface RepairedLine {
  line: DecodedLine;
  /** The line reads one of the names, as recognised or taken for it (read-lines.ts's `knownName`). */
  named: boolean;
}

/**
 * `greedy`, decoded from `probs` among the `allowed` classes, after repair; `names`: the holder's
 * names in capitals (none: the line stays as read).
 */
export function repairLine(probs: LineProbabilities, greedy: DecodedLine, names: readonly string[], allowed?: Uint8Array): RepairedLine {
  const taken = asKnownName(probs, greedy, names, allowed);
  const marked = settleMarks(probs, taken ?? greedy);
  // One character for one: the line's spans and confidences stay aligned.
  const line = { ...marked, text: settleStruckD(marked.text) };
  return { line, named: taken !== undefined || names.includes(greedy.text.trim().toUpperCase()) };
}
