/** `mrzTextMatch`: a client's MRZ differing from the image's is forgery evidence, undetermined where read doubtfully. */
import type { VerificationCheck } from '../../common/checks.js';
import type { CorrectedReading } from './correct-by-checks.js';
import { MRZ_TUNING } from './tunables.js';
import type { MrzFormat } from './layout.js';

export interface ComparedMrz {
  format: MrzFormat;
  reading: Pick<CorrectedReading, 'lines' | 'probs'>;
}

interface Run {
  line: number;
  start: number;
  end: number;
}

function differences(sent: readonly string[], read: readonly string[]): Run[] {
  const runs: Run[] = [];
  sent.forEach((line, l) => {
    for (let at = 0; at < line.length; at++) {
      if (line[at] === read[l]![at]) continue;
      const last = runs[runs.length - 1];
      if (last !== undefined && last.line === l && last.end === at) last.end = at + 1;
      else runs.push({ line: l, start: at, end: at + 1 });
    }
  });
  return runs;
}

function describe(run: Run, sent: readonly string[], read: readonly string[]): string {
  const where = run.end - run.start === 1 ? `character ${run.start + 1}` : `characters ${run.start + 1}–${run.end}`;
  return `line ${run.line + 1} ${where} (the image reads ${read[run.line]!.slice(run.start, run.end)}, the trackString holds ${sent[run.line]!.slice(run.start, run.end)})`;
}

/** The check of the client's MRZ text against the image's MRZ. */
export function compareMrzText(sent: ComparedMrz, image: ComparedMrz): VerificationCheck {
  const name = 'mrzTextMatch';
  const sentLines = sent.reading.lines;
  const readLines = image.reading.lines;
  if (sent.format !== image.format) {
    return { name, result: 'failed', reason: `The trackString holds a ${sent.format} MRZ, the image shows a ${image.format} MRZ.` };
  }
  const runs = differences(sentLines, readLines);
  if (runs.length === 0) return { name, result: 'passed', reason: 'The MRZ text sent as trackString is the MRZ the image shows.' };
  const sure = runs.some((run) => image.reading.probs[run.line]!.slice(run.start, run.end).some((p) => p >= MRZ_TUNING.doubtfulProbability));
  const shown = runs.slice(0, 3).map((run) => describe(run, sentLines, readLines)).join('; ');
  const more = runs.length > 3 ? ` and ${runs.length - 3} more place(s)` : '';
  return sure
    ? { name, result: 'failed', reason: `The MRZ text sent as trackString differs from the image's MRZ at ${shown}${more}.` }
    : { name, result: 'undetermined', reason: `The image's MRZ does not settle whether it matches the trackString, read doubtfully at ${shown}${more}.` };
}

/** The check where the image's MRZ could not be compared: none found, or one not readable. */
export function uncomparedMrzText(found: 'none' | 'unreadable'): VerificationCheck {
  return found === 'none'
    ? { name: 'mrzTextMatch', result: 'notChecked', reason: 'No MRZ was found on the image to compare with the trackString; the trackString\'s MRZ was used.' }
    : { name: 'mrzTextMatch', result: 'undetermined', reason: 'The MRZ on the image could not be read to compare with the trackString; the trackString\'s MRZ was used.' };
}
