/** Every repair of a Latin line after reading; nothing of the machine-readable part enters the text. */
import type { DecodedLine } from '../ctc-decode.js';
import type { LineProbabilities } from '../recognizer.js';
import { settleMarks } from './orthography.js';
import { settleStruckD } from './struck-d.js';

export interface RepairedLine {
  line: DecodedLine;
  named: boolean;
}

/** `greedy`, decoded from `probs`, after repair; `names` only say whether the line reads one of them. */
export function repairLine(probs: LineProbabilities, greedy: DecodedLine, names: readonly string[]): RepairedLine {
  const marked = settleMarks(probs, greedy);
  const line = { ...marked, text: settleStruckD(marked.text) };
  return { line, named: names.includes(greedy.text.trim().toUpperCase()) };
}
