/**
 * The European driving licence's numbered fields. Directive 2006/126/EC (annex I) prints no
 * captions on the card: each field is announced by its number, the same in every member state,
 * and a legend on the back says what the numbers mean:
 *
 *   1. surname   2. other names   3. date and place of birth   4a. date of issue
 *   4b. date of expiry   4c. issuing authority   4d. a number other than the licence's
 *   5. licence number   7. signature   8. address   9. categories
 *
 * The value follows its number on the line, glued or after a space (`5.AB1234567`,
 * `4a.12.03.2015`, `3. 04.11.1979 CITY`), or stands beside it where the detector cut the two
 * apart. The full stop is what tells these numbers from the AAMVA designators of a US card
 * (`4a ISS`, `4b EXP`, `5 DD`, whose caption words licence.ts reads): a designator standing alone
 * with a full stop and a value after it is the directive's. The names (1., 2.) are read by
 * unlabelled-names.ts's designated names, as AAMVA cards may number them the same way.
 */
import type { LabelRule } from './labels.js';
import { documentNumber, type ValueParser } from './values.js';

/**
 * The field number with its full stop, opening a word (not the `3.` inside a date `12.3.2017`),
 * and no caption word after it: `5.DD`, `4a. ISS` are an AAMVA card's, read by its captions.
 */
const numbered = (number: string): RegExp => new RegExp(`(?<!\\S)${number}\\.(?!\\s*\\p{L}{2,}(?:\\s|$))`, 'u');

/** `4a.` or `4b.` with a numeric date right after it; US cards put a dot after a designator too (`4a. ISS`), but a caption between. */
const ISSUE_OR_EXPIRY = /(?<!\S)4[ab]\.\s*\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?!\d)/u;

/**
 * Whether a front numbers its dates as the directive does (`4a.12.03.2015`): its numeric dates
 * are then day first even where every day is 12 or less and the dates themselves cannot tell.
 */
export function numbersDatesAsEu(texts: readonly string[]): boolean {
  return texts.some((text) => ISSUE_OR_EXPIRY.test(text));
}

/** The directive's numbered fields, their dates read with `date` (day first on these cards, as on most of Europe's). */
export function euLicenceRules(date: (kind: 'past' | 'future') => ValueParser): LabelRule[] {
  return [
    { field: 'dob', label: numbered('3'), parse: date('past') },
    { field: 'issued', label: numbered('4a'), parse: date('past') },
    { field: 'expires', label: numbered('4b'), parse: date('future') },
    { field: 'id', label: numbered('5'), parse: documentNumber },
    // The authority is words, which the names' rules must not take.
    { label: numbered('4c') },
  ];
}
