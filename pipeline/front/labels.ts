/**
 * Label-driven field reading. A rule names a field, the label that announces it and the parser of
 * its value. Every line is searched for every label; a line's text is cut at its labels into
 * segments, and a label's value is looked for
 *
 *   1. in its own segment   `4d DLN D1234567`, `3 DOB 01/02/1980 4b EXP 01/02/2030`
 *   2. beside it            `DLN` │ `D1234567` (the next box on the same row)
 *   3. below it             `Surname/Nom`
 *                           `ERIKSSON`
 *
 * taking the first place where the field's parser accepts what it finds. Rules without a field
 * (the document discriminator, restrictions …) only end the segment before them.
 */
import type { DocumentField } from '../../common/document.js';
import { charX, lineBeside, linesBelow, spanConfidence, type FrontLine } from './layout.js';
import type { Found, ValueParser } from './values.js';

export interface LabelRule {
  /** The field the value fills; undefined for labels that only bound other values. */
  field?: DocumentField;
  /** The label, matched case-insensitively; must not match inside a word. */
  label: RegExp;
  parse?: ValueParser;
  /** Where to look for the value; all three when absent. */
  places?: readonly Place[];
}

export type Place = 'inline' | 'beside' | 'below';

/** A value read for a field: its text, its line and span there, and its confidence 0–100. */
export interface Reading extends Found {
  line: FrontLine;
  confidence: number;
}

interface Occurrence {
  rule: LabelRule;
  line: FrontLine;
  start: number;
  end: number;
}

/** Builds a label pattern: optional field number, then one of the words, standing alone. */
export function label(number: string | undefined, words: string, after = '(?=[\\s:.#,/]|\\d|$)'): RegExp {
  const num = number === undefined ? '' : `(?:${number}\\s*)?`;
  return new RegExp(`(?<![\\p{L}\\d])${num}(?:${words})${after}`, 'iu');
}

/** A label that is a bare field number at the start of a line (`1 SMITH`, `8 123 MAIN ST`). */
export function numberLabel(number: string): RegExp {
  return new RegExp(`^${number}(?=\\s*\\p{L}|\\s+\\d)`, 'u');
}

/** The occurrences of every rule's label, per line, left to right, without overlaps. */
function occurrences(lines: readonly FrontLine[], rules: readonly LabelRule[]): Map<FrontLine, Occurrence[]> {
  const byLine = new Map<FrontLine, Occurrence[]>();
  for (const line of lines) {
    const found: Occurrence[] = [];
    for (const rule of rules) {
      const re = new RegExp(rule.label.source, rule.label.flags.includes('g') ? rule.label.flags : `${rule.label.flags}g`);
      for (const m of line.text.matchAll(re)) {
        if (m[0].length > 0) found.push({ rule, line, start: m.index, end: m.index + m[0].length });
      }
    }
    // Longest first at the same place; an occurrence inside an earlier one is dropped.
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: Occurrence[] = [];
    for (const o of found) if (kept.length === 0 || o.start >= kept[kept.length - 1]!.end) kept.push(o);
    byLine.set(line, kept);
  }
  return byLine;
}

/** The text of `line` from `start` up to its next label (or its end). */
function segmentFrom(line: FrontLine, start: number, labels: readonly Occurrence[]): { text: string; offset: number } {
  const next = labels.find((o) => o.start >= start);
  return { text: line.text.slice(start, next?.start ?? line.text.length), offset: start };
}

function read(line: FrontLine, segment: { text: string; offset: number }, parse: ValueParser): Reading | undefined {
  // Separators become spaces, so the parser's indices still point into the line's text.
  const text = segment.text.replace(/^[\s:.#,]+/, (s) => ' '.repeat(s.length));
  const found = parse(text);
  if (found === undefined) return undefined;
  const span = text.slice(found.start, found.end);
  const start = segment.offset + found.start + (span.length - span.trimStart().length);
  const end = segment.offset + found.start + span.trimEnd().length;
  return { value: found.value, start, end, line, confidence: spanConfidence(line, start, end) };
}

/** Reads every rule's field from the lines; the first value found for a field wins. */
export function readLabelled(lines: readonly FrontLine[], rules: readonly LabelRule[]): Map<DocumentField, Reading> {
  const byLine = occurrences(lines, rules);
  const out = new Map<DocumentField, Reading>();
  for (const line of lines) {
    for (const o of byLine.get(line) ?? []) {
      const { field, parse } = o.rule;
      if (field === undefined || parse === undefined || out.has(field)) continue;
      const reading = valueOf(o, lines, byLine, parse);
      if (reading !== undefined) out.set(field, reading);
    }
  }
  return out;
}

function valueOf(o: Occurrence, lines: readonly FrontLine[], byLine: Map<FrontLine, Occurrence[]>, parse: ValueParser): Reading | undefined {
  const places = o.rule.places ?? ['inline', 'beside', 'below'];
  const labels = byLine.get(o.line) ?? [];
  if (places.includes('inline')) {
    const inline = read(o.line, segmentFrom(o.line, o.end, labels), parse);
    if (inline !== undefined) return inline;
  }
  // Beside and below only when nothing but the label (and separators) is on its segment.
  if (segmentFrom(o.line, o.end, labels).text.replace(/[\s:.#/]+/g, '') !== '') return undefined;
  if (places.includes('beside')) {
    const next = lineBeside(lines, o.line, charX(o.line, o.end));
    if (next !== undefined) {
      const reading = read(next, segmentFrom(next, 0, byLine.get(next) ?? []), parse);
      if (reading !== undefined) return reading;
    }
  }
  if (places.includes('below')) {
    const x0 = charX(o.line, o.start);
    const x1 = Math.max(charX(o.line, o.end), x0 + o.line.height);
    // Only the nearest line under the label: further down lie other captions' values.
    const below = linesBelow(lines, o.line, x0, x1)[0];
    const own = below === undefined ? [] : byLine.get(below) ?? [];
    // A line that starts with a label of its own is not a value.
    if (below !== undefined && !(own.length > 0 && own[0]!.start === 0)) return read(below, segmentFrom(below, 0, own), parse);
  }
  return undefined;
}
