/**
 * What may still change a line of a Latin document after the engine has read it; read-lines.ts
 * calls this alone, so every repair lies in this folder: a marked letter's mark weighed by its
 * word's other marks (orthography.ts), and a struck capital D as its word's language writes it
 * (struck-d.ts). Nothing of the machine-readable part enters a line's text.
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

/** `greedy`, decoded from `probs`, after repair; `names` only say whether the line reads one of them. */
export function repairLine(probs: LineProbabilities, greedy: DecodedLine, names: readonly string[]): RepairedLine {
  const marked = settleMarks(probs, greedy);
  // One character for one: the line's spans and confidences stay aligned.
  const line = { ...marked, text: settleStruckD(marked.text) };
  return { line, named: names.includes(greedy.text.trim().toUpperCase()) };
}
