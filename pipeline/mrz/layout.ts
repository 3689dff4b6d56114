/** The ICAO 9303 layouts: TD1, TD2, TD3 and the visas MRV-A/B (no composite); positions and check spans. */
import { checkDigit } from './check-digit.js';

export type MrzFormat = 'TD1' | 'TD2' | 'TD3' | 'MRVA' | 'MRVB';

/** `alpha` is A–Z or `<`; `digitOrFiller` a check digit that is `<` when its field is empty or continues. */
export type CharClass = 'digit' | 'letter' | 'alpha' | 'alnum' | 'sex' | 'digitOrFiller';

export interface Span {
  line: number;
  start: number;
  end: number;
}

export type CheckName = 'documentNumber' | 'birthDate' | 'expirationDate' | 'personalNumber' | 'composite';

export interface CheckSpec {
  name: CheckName;
  line: number;
  at: number;
  spans: Span[];
  /** Other spans the digit may be computed over instead (long document numbers, see below). */
  orSpans?: Span[];
}

export interface Layout {
  format: MrzFormat;
  lineLength: number;
  classes: CharClass[][];
  checks: CheckSpec[];
}

type Segment = readonly [CharClass, number];

function expand(segments: readonly Segment[]): CharClass[] {
  return segments.flatMap(([cls, count]) => Array<CharClass>(count).fill(cls));
}

/** Line 1 of TD2, TD3 and the visas: document code, issuing state, name. */
const nameLine = (length: number): Segment[] => [['letter', 1], ['alpha', 4], ['alpha', length - 5]];
const DATA_LINE_HEAD: Segment[] = [
  ['alnum', 9], ['digitOrFiller', 1], ['alpha', 3], ['digit', 7], ['sex', 1], ['digit', 7],
];

const span = (line: number, start: number, end: number): Span => ({ line, start, end });
const check = (name: CheckName, line: number, at: number, ...spans: Span[]): CheckSpec => ({ name, line, at, spans });
const DATA_LINE_CHECKS: CheckSpec[] = [
  check('documentNumber', 1, 9, span(1, 0, 9)),
  check('birthDate', 1, 19, span(1, 13, 19)),
  check('expirationDate', 1, 27, span(1, 21, 27)),
];

export const LAYOUTS: Readonly<Record<MrzFormat, Layout>> = Object.freeze({
  TD1: {
    format: 'TD1',
    lineLength: 30,
    classes: [
      // A letter or filler for ICAO, but the US Permanent Resident Card writes C1.
      expand([['letter', 1], ['alnum', 1], ['alpha', 3], ['alnum', 9], ['digitOrFiller', 1], ['alnum', 15]]),
      expand([['digit', 7], ['sex', 1], ['digit', 7], ['alpha', 3], ['alnum', 11], ['digit', 1]]),
      expand([['alpha', 30]]),
    ],
    checks: [
      check('documentNumber', 0, 14, span(0, 5, 14)),
      check('birthDate', 1, 6, span(1, 0, 6)),
      check('expirationDate', 1, 14, span(1, 8, 14)),
      check('composite', 1, 29, span(0, 5, 30), span(1, 0, 7), span(1, 8, 15), span(1, 18, 29)),
    ],
  },
  TD2: {
    format: 'TD2',
    lineLength: 36,
    classes: [expand(nameLine(36)), expand([...DATA_LINE_HEAD, ['alnum', 7], ['digit', 1]])],
    checks: [...DATA_LINE_CHECKS, check('composite', 1, 35, span(1, 0, 10), span(1, 13, 20), span(1, 21, 35))],
  },
  TD3: {
    format: 'TD3',
    lineLength: 44,
    classes: [expand(nameLine(44)), expand([...DATA_LINE_HEAD, ['alnum', 14], ['digitOrFiller', 1], ['digit', 1]])],
    checks: [
      ...DATA_LINE_CHECKS,
      check('personalNumber', 1, 42, span(1, 28, 42)),
      check('composite', 1, 43, span(1, 0, 10), span(1, 13, 20), span(1, 21, 43)),
    ],
  },
  MRVA: {
    format: 'MRVA',
    lineLength: 44,
    classes: [expand(nameLine(44)), expand([...DATA_LINE_HEAD, ['alnum', 16]])],
    checks: DATA_LINE_CHECKS,
  },
  MRVB: {
    format: 'MRVB',
    lineLength: 36,
    classes: [expand(nameLine(36)), expand([...DATA_LINE_HEAD, ['alnum', 8]])],
    checks: DATA_LINE_CHECKS,
  },
});

/** The formats a band of `lineCount` lines may hold (visas are told apart later, by refineFormat). */
export function formatsFor(lineCount: number): MrzFormat[] {
  return lineCount === 3 ? ['TD1'] : ['TD3', 'TD2'];
}

/** Visas share the line lengths of TD3/TD2 and differ by their document code. */
export function refineFormat(format: MrzFormat, firstLine: string): MrzFormat {
  const visa = firstLine.startsWith('V');
  if (format === 'TD3' || format === 'MRVA') return visa ? 'MRVA' : 'TD3';
  if (format === 'TD2' || format === 'MRVB') return visa ? 'MRVB' : 'TD2';
  return format;
}

export function spanText(lines: readonly string[], { line, start, end }: Span): string {
  return (lines[line] ?? '').slice(start, end);
}

/** The checks as they apply; a TD1/TD2 number over 9 characters (9303-5, 4.2.4 j) is accepted with or without its `<`. */
export function resolveChecks(layout: Layout, lines: readonly string[]): CheckSpec[] {
  return layout.checks.map((spec) => {
    if (spec.name !== 'documentNumber' || (layout.format !== 'TD1' && layout.format !== 'TD2')) return spec;
    const line = lines[spec.line] ?? '';
    if (line[spec.at] !== '<') return spec;
    const from = spec.at + 1;
    const optionalEnd = layout.format === 'TD1' ? 30 : 35;
    const filler = line.indexOf('<', from);
    const end = filler < 0 || filler > optionalEnd ? optionalEnd : filler;
    if (end - from < 2) return spec;
    const tail = span(spec.line, from, end - 1);
    return { ...spec, at: end - 1, spans: [...spec.spans, tail], orSpans: [span(spec.line, spec.spans[0]!.start, spec.at + 1), tail] };
  });
}

/** Whether a check holds: an all-filler field may carry `<` (or 0) as its digit. */
export function checkHolds(spec: CheckSpec, lines: readonly string[]): boolean {
  const digit = (lines[spec.line] ?? '')[spec.at];
  const holds = (spans: readonly Span[]): boolean => {
    const text = spans.map((s) => spanText(lines, s)).join('');
    if (digit === '<') return /^<*$/.test(text);
    return digit !== undefined && Number(digit) === checkDigit(text);
  };
  return holds(spec.spans) || (spec.orSpans !== undefined && holds(spec.orSpans));
}
