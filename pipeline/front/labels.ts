/**
 * Label-driven field reading: a rule names a field, its label (a pattern, or caption spellings
 * matched approximately, caption-match.ts) and its value's parser. A value is looked for in the
 * label's segment of the line, beside it or below it; candidates are taken nearest first, each
 * field and value once. Rules without a field claim their value so that no other field takes it.
 */
import type { DocumentField } from '../../common/document.js';
import { matchCaption } from './caption-match.js';
import { charX, spanConfidence, valueDistance, type FrontLine } from './layout.js';
import type { Found, ValueParser } from './values.js';
import type { SettledGlyph } from './glyphs-alone.js';

export interface LabelRule {
  field?: DocumentField;
  /** The label, matched case-insensitively; must not match inside a word. */
  label: RegExp;
  /** Spellings of the caption for approximate matching of a whole line (five letters or more). */
  captions?: readonly string[];
  /** The value's parser; a label without a field claims any text when it has none. */
  parse?: ValueParser;
  places?: readonly Place[];
}

export type Place = 'inline' | 'beside' | 'below';

export interface Reading extends Found {
  line: FrontLine;
  confidence: number;
  /** The number's glyphs that, read alone, are their look-alikes (glyphs-alone.ts). */
  glyphs?: readonly SettledGlyph[];
}

interface Occurrence {
  rule: LabelRule;
  line: FrontLine;
  start: number;
  end: number;
}

/** Each label compiled once: a RegExp made per line is compiled again whenever GC empties V8's regexp cache. */
const compiled = new WeakMap<RegExp, { every: RegExp; one: RegExp }>();

function compiledLabel(label: RegExp): { every: RegExp; one: RegExp } {
  let found = compiled.get(label);
  if (found === undefined) {
    const flags = label.flags.replace('g', '');
    found = { every: new RegExp(label.source, `${flags}g`), one: new RegExp(label.source, flags) };
    compiled.set(label, found);
  }
  return found;
}

function labelMatches(label: RegExp, text: string): RegExpExecArray[] {
  const every = compiledLabel(label).every;
  every.lastIndex = 0;
  const found: RegExpExecArray[] = [];
  for (let m = every.exec(text); m !== null; m = every.exec(text)) {
    if (m[0].length === 0) every.lastIndex += 1;
    else found.push(m);
  }
  return found;
}

export function firstLabelMatch(label: RegExp, text: string): RegExpExecArray | null {
  return compiledLabel(label).one.exec(text);
}

export function holdsCaption(line: { text: string }, rules: readonly LabelRule[]): boolean {
  return rules.some((r) => firstLabelMatch(r.label, line.text) !== null);
}

export function label(number: string | undefined, words: string, after = '(?=[\\s:.#,/]|\\d|$)'): RegExp {
  const num = number === undefined ? '' : `(?:${number}\\s*)?`;
  return new RegExp(`(?<![\\p{L}\\d])${num}(?:${words})${after}`, 'iu');
}

/** A label that is a bare field number at the start of a line (`1 SMITH`, `8 123 MAIN ST`). */
export function numberLabel(number: string): RegExp {
  return new RegExp(`^${number}(?=\\s*\\p{L}|\\s+\\d)`, 'u');
}

export function labelOccurrences(lines: readonly FrontLine[], rules: readonly LabelRule[]): Map<FrontLine, Occurrence[]> {
  const spellings = new Map<LabelRule, readonly string[]>(rules.filter((r) => r.captions !== undefined).map((r) => [r, r.captions!]));
  const byLine = new Map<FrontLine, Occurrence[]>();
  for (const line of lines) {
    const found: Occurrence[] = [];
    for (const rule of rules) {
      for (const m of labelMatches(rule.label, line.text)) found.push({ rule, line, start: m.index, end: m.index + m[0].length });
    }
    // A whole line that reads as a garbled caption is that caption, unless a pattern matched another
    // field's word; a line reading a machine-readable name is that name (NACHIAMA is near `Nachname`).
    const caption = spellings.size === 0 || line.knownName ? undefined : matchCaption(line.text, spellings);
    if (caption !== undefined && found.every((o) => o.rule.field === caption.key.field)) {
      found.splice(0, found.length, { rule: caption.key, line, start: 0, end: line.text.length });
    }
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: Occurrence[] = [];
    for (const o of found) if (kept.length === 0 || o.start >= kept[kept.length - 1]!.end) kept.push(o);
    byLine.set(line, kept);
  }
  return byLine;
}

function segmentFrom(line: FrontLine, start: number, labels: readonly Occurrence[]): { text: string; offset: number } {
  const next = labels.find((o) => o.start >= start);
  return { text: line.text.slice(start, next?.start ?? line.text.length), offset: start };
}

/** A sub-field's letter (`1. a) Name`, `[b] HOLZER`), as numbered layouts split a field; no part of the value. */
const SUBFIELD = /^[\s:.#,]*(?:\[[a-e]\]|\(?[a-e]\))(?=\s|\p{Lu}|$)/u;

/** What follows a caption that is only more of it: separators, a sub-field's letter, its translations after a slash. */
function onlyCaption(segment: string): boolean {
  const rest = segment.replace(SUBFIELD, '').replace(/^[\s:.#]+/, '');
  return rest === '' || rest.startsWith('/');
}

function read(line: FrontLine, segment: { text: string; offset: number }, parse: ValueParser): Reading | undefined {
  // Separators and a sub-field's letter become spaces, so the parser's indices still point into the line's text.
  const text = segment.text.replace(SUBFIELD, (s) => ' '.repeat(s.length)).replace(/^[\s:.#,]+/, (s) => ' '.repeat(s.length));
  const found = parse(text);
  if (found === undefined) return undefined;
  const span = text.slice(found.start, found.end);
  const start = segment.offset + found.start + (span.length - span.trimStart().length);
  const end = segment.offset + found.start + span.trimEnd().length;
  return { value: found.value, start, end, line, confidence: spanConfidence(line, start, end) };
}

interface Candidate {
  /** Undefined for a label that only bounds others: its value is claimed, not read. */
  field: DocumentField | undefined;
  occurrence: Occurrence;
  reading: Reading;
  distance: number;
}

const anyText: ValueParser = (segment) => {
  const m = /\S(?:.*\S)?/.exec(segment);
  return m === null ? undefined : { value: m[0], start: m.index, end: m.index + m[0].length };
};

export interface LabelledValues {
  readings: Map<DocumentField, Reading>;
  /** Lines holding the value of a label without a field (`Place of birth`, `Resident since` …). */
  claimed: Set<FrontLine>;
}

/** For each field the value nearest one of its labels, and the lines that labels without a field claimed. */
export function readLabelledValues(lines: readonly FrontLine[], rules: readonly LabelRule[]): LabelledValues {
  const byLine = labelOccurrences(lines, rules);
  const candidates: Candidate[] = [];
  for (const line of lines) {
    for (const o of byLine.get(line) ?? []) {
      const { field } = o.rule;
      const parse = o.rule.parse ?? (field === undefined ? anyText : undefined);
      if (parse === undefined) continue;
      for (const { reading, distance } of valuesOf(o, lines, byLine, parse)) candidates.push({ field, occurrence: o, reading, distance });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || a.reading.line.index - b.reading.line.index);
  const readings = new Map<DocumentField, Reading>();
  const claimed = new Set<FrontLine>();
  const taken = new Set<string>();
  const bounded = new Set<Occurrence>();
  for (const { field, occurrence, reading } of candidates) {
    const key = `${reading.line.index}:${reading.start}`;
    if (taken.has(key) || (field !== undefined ? readings.has(field) : bounded.has(occurrence))) continue;
    taken.add(key);
    if (field !== undefined) readings.set(field, reading);
    else {
      claimed.add(reading.line);
      bounded.add(occurrence);
    }
  }
  return { readings, claimed };
}

function valuesOf(o: Occurrence, lines: readonly FrontLine[], byLine: Map<FrontLine, Occurrence[]>, parse: ValueParser): { reading: Reading; distance: number }[] {
  const places = o.rule.places ?? ['inline', 'beside', 'below'];
  const labels = byLine.get(o.line) ?? [];
  if (places.includes('inline')) {
    const inline = read(o.line, segmentFrom(o.line, o.end, labels), parse);
    if (inline !== undefined) return [{ reading: inline, distance: 0 }];
  }
  // Beside and below only when nothing but the label and its translations is on its segment.
  if (!onlyCaption(segmentFrom(o.line, o.end, labels).text)) return [];
  const x0 = charX(o.line, o.start);
  const x1 = Math.max(charX(o.line, o.end), x0 + o.line.height);
  const out: { reading: Reading; distance: number }[] = [];
  for (const other of lines) {
    const distance = valueDistance(o.line, x0, x1, other);
    if (distance === undefined) continue;
    const beside = Math.abs(other.cy - o.line.cy) < Math.min(other.height, o.line.height) / 2;
    if (!places.includes(beside ? 'beside' : 'below')) continue;
    const own = byLine.get(other) ?? [];
    // A line that starts with a label of its own is not a value.
    if (own.length > 0 && own[0]!.start === 0) continue;
    const reading = read(other, segmentFrom(other, 0, own), parse);
    if (reading !== undefined) out.push({ reading, distance });
  }
  return out;
}

const WORD_FIELDS: readonly DocumentField[] = ['familyName', 'privateName'];

/** Readings of names that are a caption (`LAST NAME`, `Nachname`) taken out: a wrong name is a false ItsFake. */
export function withoutCaptions(readings: Map<DocumentField, Reading>, rules: readonly LabelRule[]): void {
  for (const field of WORD_FIELDS) {
    const value = readings.get(field)?.value.trim();
    if (value === undefined) continue;
    const caption = rules.some((rule) => {
      const m = firstLabelMatch(rule.label, value);
      return m !== null && m.index === 0 && value.slice(m[0].length).replace(/[\s:./]/g, '') === '';
    });
    if (caption) readings.delete(field);
  }
}
