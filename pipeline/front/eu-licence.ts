/**
 * The European driving licence's numbered fields (directive 2006/126/EC annex I): no captions, each
 * field announced by its number (1 surname, 2 other names, 3 birth, 4a issue, 4b expiry, 4c
 * authority, 5 licence number …), glued or in the next box. The full stop tells these from a US
 * card's AAMVA designators (`4a ISS`, licence.ts); names are read by unlabelled-names.ts.
 */
import type { LabelRule } from './labels.js';
import { documentNumber, type ValueParser } from './values.js';

/** A field number with its full stop, opening a word (not inside a date), no caption word after it (`4a. ISS` is AAMVA). */
const numbered = (number: string): RegExp => new RegExp(`(?<!\\S)${number}\\.(?!\\s*\\p{L}{2,}(?:\\s|$))`, 'u');

/** `4a.`/`4b.` with a numeric date right after it (US cards put a caption between: `4a. ISS`). */
const ISSUE_OR_EXPIRY = /(?<!\S)4[ab]\.\s*\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?!\d)/u;

/** Whether a front numbers its dates as the directive does (`4a.12.03.2015`): then they are day first. */
export function numbersDatesAsEu(texts: readonly string[]): boolean {
  return texts.some((text) => ISSUE_OR_EXPIRY.test(text));
}

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
