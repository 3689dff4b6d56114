/**
 * Visual-zone fields placed where ICAO 9303 fixes them, when no caption placed them: the given
 * names after the family name in one name field, and the expiry among the page's loose dates.
 */
import type { DocumentField } from '../../common/document.js';
import type { DateField } from './date-order.js';
import type { Reading } from './labels.js';
import type { FrontLine } from './layout.js';
import { keptNames, wholeName } from './unlabelled-names.js';

/**
 * The given names after the family name and a comma on its line: ICAO 9303 lets one name field
 * hold both, primary identifier first (`FAMILY, GIVEN NAMES`). In the family name's case, read surely.
 */
export function givenAfterFamily(readings: ReadonlyMap<DocumentField, Reading>): Reading | undefined {
  const family = readings.get('familyName');
  if (family === undefined || readings.has('privateName')) return undefined;
  const comma = /^\s*,/.exec(family.line.text.slice(family.end));
  if (comma === null) return undefined;
  const printed = family.line.text.slice(family.start, family.end);
  const from = family.end + comma[0].length;
  const given = wholeName(family.line, ' '.repeat(from) + family.line.text.slice(from), printed === printed.toUpperCase());
  return given === undefined ? undefined : keptNames(undefined, given).get('privateName');
}

/**
 * ICAO 9303 makes the expiry a mandatory field of the visual zone and the issue date an optional
 * one, printed before it: the one date left besides the birth's, after it, which the dates' order
 * cannot place (issue or expiry), is the expiry where nothing that may be a date unread follows it
 * on the page (a line of four digits or more on its row or below: the expiry, were it the issue).
 */
export function mandatoryExpiry(settled: ReadonlyMap<DateField, Reading>, loose: readonly Reading[], lines: readonly FrontLine[]): Reading | undefined {
  const dob = settled.get('dob');
  if (dob === undefined || settled.has('expires') || settled.has('issued')) return undefined;
  const left = [...new Map(loose.filter((r) => r.value > dob.value).map((r) => [r.value, r])).values()];
  const [only] = left;
  if (left.length !== 1) return undefined;
  const after = lines.some((l) => l !== only!.line && l !== dob.line && l.bottom > only!.line.top && (l.text.match(/\d/g) ?? []).length >= 4);
  return after ? undefined : only;
}
