/**
 * MRZ lines into the contract's fields (decisions.md, "Field values"); validity from our own checks. Confidence: 0 where
 * a check fails, else the least sure character's, raised where a check vouches, capped by any corrected character; a
 * failing composite alone zeroes `id`, whose extension only the composite covers.
 */
import { parse, type ParseResult } from 'mrz';
import type { Confidences, DocumentField, DocumentFields } from '../../common/document.js';
import { transliterate } from '../../common/icao-transliteration.js';
import { countryOf } from './countries.js';
import type { CorrectedReading } from './correct-by-checks.js';
import { mrzDate } from './dates.js';
import { LAYOUTS, type CheckName, type MrzFormat, type Span } from './layout.js';

export interface MrzDocument {
  document: DocumentFields;
  confidence: Confidences;
  /** Optional data as printed, fillers removed. */
  optional: string[];
}

export function plainSpans(format: MrzFormat): Record<'code' | 'state' | 'name' | 'sex', Span> {
  const length = LAYOUTS[format].lineLength;
  if (format === 'TD1') {
    return { code: { line: 0, start: 0, end: 2 }, state: { line: 0, start: 2, end: 5 }, name: { line: 2, start: 0, end: 30 }, sex: { line: 1, start: 7, end: 8 } };
  }
  return { code: { line: 0, start: 0, end: 2 }, state: { line: 0, start: 2, end: 5 }, name: { line: 0, start: 5, end: length }, sex: { line: 1, start: 20, end: 21 } };
}

/** The holder's names as an MRZ's name field spells them: the family name, then `<<` and the given names. */
export function nameFieldSpelling(names: DocumentFields): string | undefined {
  if (names.familyName === undefined) return undefined;
  const family = transliterate(names.familyName);
  return names.privateName === undefined ? family : `${family}<<${transliterate(names.privateName)}`;
}

const NAME_FIELD_LENGTHS: ReadonlySet<number> = new Set((Object.keys(LAYOUTS) as MrzFormat[]).map((format) => {
  const { start, end } = plainSpans(format).name;
  return end - start;
}));

/** Whether an MRZ's names fill its name field to the end, so that the MRZ may have cut them off. */
export function namesFillField(names: DocumentFields): boolean {
  const spelled = nameFieldSpelling(names);
  return spelled !== undefined && NAME_FIELD_LENGTHS.has(spelled.length);
}

/** The trust of the family name and of the first given name, each from its own characters. */
function nameTrusts(field: string, trustAt: (i: number) => number): { family?: number; first?: number } {
  const split = field.indexOf('<<');
  if (split <= 0) return {};
  const least = (start: number, end: number): number => Math.min(...Array.from({ length: end - start }, (_, k) => trustAt(start + k)));
  const family = least(0, split + 2);
  const firstStart = split + 2;
  const firstEnd = field.indexOf('<', firstStart);
  if (firstEnd <= firstStart) return { family };
  return { family, first: least(firstStart, Math.min(field.length, firstEnd + 1)) };
}

function clean(text: string | null | undefined): string | undefined {
  const value = (text ?? '').replace(/</g, ' ').replace(/\s+/g, ' ').trim();
  return value === '' ? undefined : value;
}

function trust(probability: number, vouched: boolean): number {
  const raw = vouched ? 100 - (100 - 100 * probability) / 10 : 100 * probability;
  return Math.min(100, Math.max(1, Math.round(raw)));
}

export function mrzDocument(reading: CorrectedReading, format: MrzFormat, today = new Date()): MrzDocument {
  const { lines, probs, checks, failed } = reading;
  let parsed: ParseResult | undefined;
  try { parsed = parse(lines); } catch { parsed = undefined; }
  const raw = (field: string): string | undefined => {
    const detail = parsed?.details.find((d) => d.field === field);
    // The package's ranges carry the raw text at run time, though its types omit it.
    return detail ? (detail.value ?? (detail.ranges[0] as { raw?: string } | undefined)?.raw) : undefined;
  };
  const minProbability = (spans: readonly Span[]): number => Math.min(1, ...spans.flatMap((s) => probs[s.line]!.slice(s.start, s.end)));
  const checkOf = (name: CheckName) => checks.find((c) => c.name === name);
  const checkedSpans = (name: CheckName): Span[] => {
    const spec = checkOf(name);
    return spec ? [...spec.spans, { line: spec.line, start: spec.at, end: spec.at + 1 }] : [];
  };
  const document: DocumentFields = {};
  const confidence: Confidences = {};
  const set = (field: DocumentField, value: string | undefined, score: number): void => {
    if (value === undefined) return;
    document[field] = value;
    confidence[field] = score;
  };
  const plain = plainSpans(format);
  const plainTrust = (span: Span): number => trust(minProbability([span]), false);
  // A corrected character is as sure as the choice that made the check hold: the check vouches for what was read, not a pick.
  const corrected = new Set(reading.corrections.map((c) => `${c.line}:${c.at}`));
  const checkedTrust = (name: CheckName, valid: boolean): number => {
    if (!valid) return 0;
    const spans = checkedSpans(name);
    const picks = spans.flatMap((s) => probs[s.line]!.slice(s.start, s.end).filter((_, i) => corrected.has(`${s.line}:${s.start + i}`)));
    return Math.min(trust(minProbability(spans), true), ...picks.map((p) => trust(p, false)));
  };

  set('idType', clean(lines[0]!.slice(0, 2)), plainTrust(plain.code));
  const stateCode = clean(lines[0]!.slice(2, 5));
  if (stateCode !== undefined) {
    const country = countryOf(stateCode);
    const score = plainTrust(plain.state);
    set('abbr3Country', stateCode, score);
    set('abbrCountry', country?.alpha2, score);
    set('country', country?.name, score);
  }

  const compositeFailed = failed.includes('composite');
  const number = clean(parsed?.documentNumber ?? raw('documentNumber'));
  set('id', number?.replace(/ /g, ''), checkedTrust('documentNumber', !failed.includes('documentNumber') && !compositeFailed));

  for (const [field, source, kind, check] of [
    ['dob', 'birthDate', 'birth', 'birthDate'], ['expires', 'expirationDate', 'expiry', 'expirationDate'],
  ] as const) {
    const text = raw(source);
    if (text === undefined || /^<*$/.test(text)) continue;
    const date = mrzDate(text, kind, today);
    // A date that is no calendar date is invalid whatever its check digit says; keep what was read.
    set(field, date ?? text, date === undefined ? 0 : checkedTrust(check, !failed.includes(check)));
  }

  const nameScore = plainTrust(plain.name);
  const family = clean(raw('lastName'));
    // A name filling its field has no '<<': the parser would repeat it as the first name.
  const nameField = lines[plain.name.line]!.slice(plain.name.start, plain.name.end);
  const given = nameField.includes('<<') ? clean(raw('firstName')) : undefined;
  const givenParts = given?.split(' ') ?? [];
  const names = nameTrusts(nameField, (i) => plainTrust({ line: plain.name.line, start: plain.name.start + i, end: plain.name.start + i + 1 }));
  set('familyName', family, names.family ?? nameScore);
  set('privateName', given, nameScore);
  set('firstName', givenParts[0], names.first ?? nameScore);
  set('middleName', givenParts.length > 1 ? givenParts.slice(1).join(' ') : undefined, nameScore);
  set('fullName', clean([given, family].filter(Boolean).join(' ')), nameScore);

  const sex = lines[plain.sex.line]![plain.sex.start];
  set('gender', sex === 'M' || sex === 'F' ? sex : 'X', plainTrust(plain.sex));

  const optional = ['personalNumber', 'optional', 'optional1', 'optional2']
    .map((field) => clean(raw(field))).filter((value): value is string => value !== undefined);
  return { document, confidence, optional };
}
