/** A client's MRZ text (`trackString`) into the same fields as an image's, every character sure; else TrackStringParserError. */
import { CodedError } from '../../common/errors.js';
import { ALPHABET, CLASS_MEMBERS } from './alphabet.js';
import type { CorrectedReading } from './correct-by-checks.js';
import { mrzDocument, type MrzDocument } from './fields.js';
import { LAYOUTS, checkHolds, refineFormat, resolveChecks, type CharClass, type MrzFormat } from './layout.js';

export interface MrzText extends MrzDocument {
  lines: string[];
  format: MrzFormat;
  reading: CorrectedReading;
}

/** The format of `count` lines of `length` characters, before visas are told apart. */
const SHAPES: ReadonlyArray<{ count: number; length: number; format: MrzFormat }> = [
  { count: 3, length: 30, format: 'TD1' },
  { count: 2, length: 36, format: 'TD2' },
  { count: 2, length: 44, format: 'TD3' },
];

const CLASS_WORDS: Readonly<Record<CharClass, string>> = {
  digit: 'a digit', letter: 'a letter', alpha: 'a letter or <', alnum: 'a letter, a digit or <',
  sex: 'M, F, X or <', digitOrFiller: 'a digit or <',
};

function refuse(why: string): CodedError {
  return new CodedError('TrackStringParserError', `trackString cannot be parsed as MRZ text: ${why}.`);
}

function splitLines(text: string): string[] {
  const broken = text.split(/\r\n|\r|\n/).map((line) => line.replace(/[ \t]+/g, '')).filter((line) => line !== '');
  if (broken.length !== 1) return broken;
  const joined = broken[0]!;
  const shape = SHAPES.find((s) => s.count * s.length === joined.length);
  if (shape === undefined) return broken;
  return Array.from({ length: shape.count }, (_, i) => joined.slice(i * shape.length, (i + 1) * shape.length));
}

function formatOf(lines: readonly string[]): MrzFormat {
  const shape = SHAPES.find((s) => s.count === lines.length && lines.every((line) => line.length === s.length));
  if (shape === undefined) {
    const lengths = lines.map((line) => line.length).join(', ');
    throw refuse(`${lines.length} line(s) of ${lengths || 'no'} characters, where an MRZ has 3 of 30, 2 of 36 or 2 of 44`);
  }
  return refineFormat(shape.format, lines[0]!);
}

function checkCharacters(lines: readonly string[], format: MrzFormat): void {
  const { classes } = LAYOUTS[format];
  lines.forEach((line, l) => {
    [...line].forEach((char, at) => {
      const cls = classes[l]![at]!;
      if (!CLASS_MEMBERS[cls].includes(ALPHABET.indexOf(char))) {
        throw refuse(`line ${l + 1} has ${JSON.stringify(char)} at character ${at + 1}, where ${format} has ${CLASS_WORDS[cls]}`);
      }
    });
  });
}

/** Parses MRZ text sent as trackString; throws CodedError TrackStringParserError when it is none. */
export function parseMrzText(text: string, today = new Date()): MrzText {
  const lines = splitLines(text.trim());
  const format = formatOf(lines);
  checkCharacters(lines, format);
  const checks = resolveChecks(LAYOUTS[format], lines);
  const reading: CorrectedReading = {
    lines,
    probs: lines.map((line) => Array<number>(line.length).fill(1)),
    corrections: [],
    checks,
    failed: checks.filter((check) => !checkHolds(check, lines)).map((check) => check.name),
  };
  return { ...mrzDocument(reading, format, today), lines, format, reading };
}
