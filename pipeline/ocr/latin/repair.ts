/**
 * The repair room's one door: what may still change a line of a Latin document after the engine
 * (detect, orient, recognise, decode greedily: pipeline/ocr/) has read it. read-lines.ts calls
 * this and nothing else of latin/, so that every repair and its reason lie in this folder.
 *
 * PP-OCRv6 small reads the accented capitals, word spaces and struck letters that a chain of hand
 * rules mended for PP-OCRv4 (switched off one at a time, none earned its place: CHANGELOG.md, 2026-11-26).
 * Two repairs remain, both from the front's own evidence: each marked letter's mark weighed by the
 * languages its word's other marks allow (orthography.ts), and a struck capital D, one shape for
 * Ð and Đ, as its word's language writes it (struck-d.ts). Nothing of the machine-readable part
 * enters a line's text (decisions.md, "Two readings, kept apart").
 */
import type { DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';
import { settleMarks } from './orthography.js';
import { settleStruckD } from './struck-d.js';

export interface RepairedLine {
  line: DecodedLine;
  /** The line reads one of the names as recognised (read-lines.ts's `knownName`). */
  named: boolean;
}

/**
 * `greedy`, decoded from `probs`, after repair; `names`: the holder's names in capitals, which only
 * say whether the line reads one of them.
 */
export function repairLine(probs: LineProbabilities, greedy: DecodedLine, names: readonly string[]): RepairedLine {
  const marked = settleMarks(probs, greedy);
  // One character for one: the line's spans and confidences stay aligned.
  const line = { ...marked, text: settleStruckD(marked.text) };
  return { line, named: names.includes(greedy.text.trim().toUpperCase()) };
}
