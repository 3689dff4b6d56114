/** Front readings to the contract's fields: given names split, full name built, confidence 0–100 per field. */
import type { Confidences, DocumentField, DocumentFields } from '../../common/document.js';
import type { FieldSet } from '../job.js';
import type { Reading } from './labels.js';

export interface FrontReading {
  visual: FieldSet;
  /** Fields the front alone carries (the template), not compared with the machine-readable part. */
  frontOnly: DocumentFields;
  /** Where each visual field was read; fields built from several readings (the full name) have none. */
  readings: ReadonlyMap<DocumentField, Reading>;
}

export function fieldsFrom(readings: ReadonlyMap<DocumentField, Reading>, extra: { template: string | undefined }): FrontReading {
  const document: DocumentFields = {};
  const confidence: Confidences = {};
  const set = (field: DocumentField, value: string | undefined, score: number): void => {
    if (value === undefined || value === '') return;
    document[field] = value;
    confidence[field] = score;
  };
  for (const [field, reading] of readings) set(field, reading.value, reading.confidence);

  const given = readings.get('privateName');
  const family = readings.get('familyName');
  const where = new Map(readings);
  if (given !== undefined) {
    const [first, ...middle] = given.value.split(' ');
    set('firstName', first, given.confidence);
    set('middleName', middle.join(' '), given.confidence);
    const firstWord = firstWordOf(given);
    if (first !== undefined && firstWord !== undefined) where.set('firstName', { ...firstWord, value: first });
  }
  if (given !== undefined || family !== undefined) {
    const parts = [given, family].filter((r): r is Reading => r !== undefined);
    set('fullName', parts.map((r) => r.value).join(' '), Math.round(parts.reduce((s, r) => s + r.confidence, 0) / parts.length));
  }
  return { visual: { document, confidence }, frontOnly: extra.template === undefined ? {} : { template: extra.template }, readings: where };
}

function firstWordOf(reading: Reading): Reading | undefined {
  const printed = reading.line.text.slice(reading.start, reading.end);
  const word = /[^\s,]+/u.exec(printed);
  return word === null ? undefined : { ...reading, start: reading.start + word.index, end: reading.start + word.index + word[0].length };
}
