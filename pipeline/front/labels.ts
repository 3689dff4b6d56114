/**
 * Label-driven field reading. A rule names a field, the label that announces it and the parser of
 * its value. Every line is searched for every label: exactly by the rule's pattern, or, for a
 * line that no pattern matches, approximately by the rule's caption spellings (caption-match.ts: a
 * photo's small captions come out garbled). A line's text is cut at its labels into segments,
 * and a label's value is looked for
 *
 *   1. in its own segment   `4d DLN D1234567`, `3 DOB 01/02/1980 4b EXP 01/02/2030`
 *   2. beside it            `DLN` │ `D1234567` (the next box on the same row)
 *   3. below it             `Surname/Nom`
 *                           `ERIKSSON`
 *
 * Every place where a label's parser accepts what it finds is a candidate, with its distance from
 * the label (layout.ts). Candidates are then taken nearest first, each field once and each value
 * once: a value lying between two captions goes to the nearer, so a date under "4a ISS" is not
 * the date of birth of a "3 DOB" whose own value was not read. Rules without a field (the
 * document discriminator, restrictions, place of birth …) end the segment before them and claim
 * their nearest value in the same way, so that it is not taken for another field.
 */
import type { DocumentField } from '../../common/document.js';
import { matchCaption } from './caption-match.js';
import { charX, spanConfidence, valueDistance, type FrontLine } from './layout.js';
import type { Found, ValueParser } from './values.js';

export interface LabelRule {
  /** The field the value fills; undefined for labels that only bound other values. */
  field?: DocumentField;
  /** The label, matched case-insensitively; must not match inside a word. */
  label: RegExp;
  /** Spellings of the caption for approximate matching of a whole line (five letters or more). */
  captions?: readonly string[];
  /** The value's parser; a label without a field claims any text when it has none. */
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

/**
 * Each label compiled once, as a pattern that finds every occurrence and as one that tests. A
 * RegExp made afresh per line is compiled afresh whenever V8's regexp cache has been emptied by a
 * collection, which in a worker happens between any two fronts: the label search then took about
 * nine tenths of a licence front's time in the field rules.
 */
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

/** Where `label` matches `text`, left to right, none empty. */
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

/** The first match of `label` in `text`, or null. */
export function firstLabelMatch(label: RegExp, text: string): RegExpExecArray | null {
  return compiledLabel(label).one.exec(text);
}

/** Whether `line` holds a caption of one of `rules`. */
export function holdsCaption(line: { text: string }, rules: readonly LabelRule[]): boolean {
  return rules.some((r) => firstLabelMatch(r.label, line.text) !== null);
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
export function labelOccurrences(lines: readonly FrontLine[], rules: readonly LabelRule[]): Map<FrontLine, Occurrence[]> {
  const spellings = new Map<LabelRule, readonly string[]>(rules.filter((r) => r.captions !== undefined).map((r) => [r, r.captions!]));
  const byLine = new Map<FrontLine, Occurrence[]>();
  for (const line of lines) {
    const found: Occurrence[] = [];
    for (const rule of rules) {
      for (const m of labelMatches(rule.label, line.text)) found.push({ rule, line, start: m.index, end: m.index + m[0].length });
    }
    // A whole line that reads as a garbled caption is that caption, even where a pattern found a
    // word of it (`Sumame/Nom`); a pattern's match of another field's word keeps precedence. A
    // line reading one of the holder's machine-readable names is that name, however near a
    // caption it is spelled (ANNA CHIAMAKA holds NACHIAMA, two letters from `Nachname`).
    const caption = spellings.size === 0 || line.knownName ? undefined : matchCaption(line.text, spellings);
    if (caption !== undefined && found.every((o) => o.rule.field === caption.key.field)) {
      found.splice(0, found.length, { rule: caption.key, line, start: 0, end: line.text.length });
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

/**
 * A sub-field's letter before its caption or value (`1. a) Name`, `[b] HOLZER`): German and other
 * numbered layouts split a field so (name, name at birth); the letter is no part of the value.
 */
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

/** What a label without a field claims: any text. */
const anyText: ValueParser = (segment) => {
  const m = /\S(?:.*\S)?/.exec(segment);
  return m === null ? undefined : { value: m[0], start: m.index, end: m.index + m[0].length };
};

export interface LabelledValues {
  /** For each field, the value nearest one of its labels. */
  readings: Map<DocumentField, Reading>;
  /** Lines holding the value of a label without a field (`Place of birth`, `Resident since` …). */
  claimed: Set<FrontLine>;
}

/**
 * Reads every rule's field from the lines: for each field the value nearest one of its labels;
 * and the lines that labels without a field claimed, so that nothing else takes them.
 */
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
  // Each field once, each label without a field once, each value once.
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
  // Beside and below only when nothing but the label (separators, its translations after a slash:
  // `Name / Surname / Nom`, a translation no rule knows or garbled) is on its segment.
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

/** Fields whose values are words, which a caption can be taken for. */
const WORD_FIELDS: readonly DocumentField[] = ['familyName', 'privateName'];

/**
 * Readings of names that are themselves a caption of the rules (`LAST NAME`, `GIVEN NAMES`,
 * `Nachname`) taken out: a caption word is never a value, and a wrong name is a false ItsFake
 * where a missing one is no disagreement.
 */
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
