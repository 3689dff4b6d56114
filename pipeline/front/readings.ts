/**
 * From the values read off a front to the contract's fields: the given names split into first and
 * middle, the full name built as given names then family name, and each field's confidence 0–100
 * (the mean probability of the characters it was read from).
 */
import type { Confidences, DocumentField, DocumentFields } from '../../common/document.js';
import type { FieldSet } from '../job.js';
import type { Reading } from './labels.js';

export interface FrontReading {
  visual: FieldSet;
  /** Fields the front alone carries (the template), not compared with the machine-readable part. */
  frontOnly: DocumentFields;
}

/** Builds the field set from the readings; `extra` holds front-only values such as the template. */
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
  if (given !== undefined) {
    const [first, ...middle] = given.value.split(' ');
    set('firstName', first, given.confidence);
    set('middleName', middle.join(' '), given.confidence);
  }
  if (given !== undefined || family !== undefined) {
    const parts = [given, family].filter((r): r is Reading => r !== undefined);
    set('fullName', parts.map((r) => r.value).join(' '), Math.round(parts.reduce((s, r) => s + r.confidence, 0) / parts.length));
  }
  return { visual: { document, confidence }, frontOnly: extra.template === undefined ? {} : { template: extra.template } };
}
