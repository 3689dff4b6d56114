/**
 * Real US licence and ID-card fronts (../shared/data/real-docs, kind dl_front or id_front, no
 * MRZ) with a barcode payload built from their transcribed fields: genuine where the payload holds
 * what the card prints, altered where one key field of the payload is changed by an alteration
 * kind (the front stays the real image, so the front now disagrees with its barcode).
 *
 * The transcription leaves some fields out (null where unsure): the payload then leaves out the sex
 * or issue date it lacks (`filled`), so that the verdict has nothing of the bench's own making to
 * compare with the front there.
 */
import { encodeAamva, jurisdictionByCode, JURISDICTIONS, type AamvaPerson, type Jurisdiction } from '../../test/fixtures/aamva-encode.js';
import {
  alterDate, alterFamilyName, alterNumber, otherGivenName, type Alteration, type AlterationKind,
} from '../../test/fixtures/specimens/alterations.js';
import { drawFor } from '../../test/fixtures/specimens/draw.js';
import { scrambleNumber } from '../../test/fixtures/specimens/negatives.js';
import { addYears, asciiFold } from '../../test/fixtures/specimens/person.js';
import type { RealDoc } from '../real-docs.js';

/** The seed of the real documents' alteration draws. */
const REAL_SEED = 5455;

export interface RealLicence {
  doc: RealDoc;
  jurisdiction: Jurisdiction;
  person: AamvaPerson;
  subfile: 'DL' | 'ID';
  /** Payload fields that the transcription lacks and the payload leaves out (contract names). */
  filled: string[];
}

const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);

/** The card's jurisdiction: from its file name (`-us-oh-`) or its description (`US-NC`, `AK (USA)`, `Arizona (USA)`). */
function jurisdictionOf(doc: RealDoc & { card?: string }): Jurisdiction | undefined {
  const code = /-us-([a-z]{2})-/.exec(doc.path)?.[1]?.toUpperCase()
    ?? /\bUS-([A-Z]{2})\b/.exec(doc.card ?? '')?.[1]
    ?? /^([A-Z]{2}) \(USA\)/.exec(doc.card ?? '')?.[1];
  if (code !== undefined) return jurisdictionByCode(code);
  return JURISDICTIONS.find((j) => j.country === 'USA' && (doc.card ?? '').startsWith(`${j.name} (USA)`));
}

const text = (doc: RealDoc, key: string): string | null => {
  const value = doc.fields[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** A US card's printed date (MM/DD/YYYY or MM-DD-YYYY) as YYYY-MM-DD, or the transcription's own ISO date. */
function usDate(doc: RealDoc, key: string): string | null {
  const iso = doc.dates_iso?.[key];
  if (typeof iso === 'string') return iso;
  const match = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(text(doc, key) ?? '');
  return match === null ? null : `${match[3]}-${match[1]}-${match[2]}`;
}

/** The licence for a real front, or null where it is not a US card or lacks a key field. */
export function realLicence(doc: RealDoc & { card?: string }): RealLicence | null {
  if ((doc.kind !== 'dl_front' && doc.kind !== 'id_front') || doc.mrz !== null) return null;
  const jurisdiction = jurisdictionOf(doc);
  const number = text(doc, 'document_number')?.replace(/[\s-]/g, '');
  const family = text(doc, 'family_name');
  const given = text(doc, 'given_names');
  const dob = usDate(doc, 'date_of_birth');
  const expires = usDate(doc, 'expiry_date');
  if (jurisdiction === undefined || number === undefined || family === null || given === null || dob === null || expires === null) return null;
  // `CONNOR M, JR`, `JUSTIN,WILLIAM`, `LAST NAME, SUFIX`: the barcode holds names and suffix apart.
  const [familyName = family] = family.split(',');
  const words = given.split(/[\s,]+/).filter((word) => word !== '');
  const suffix = words.find((word) => SUFFIXES.has(word.toUpperCase()));
  const [firstName = given, ...middle] = words.filter((word) => word !== suffix);
  const issued = usDate(doc, 'issue_date');
  const sex = text(doc, 'sex');
  const filled = [...(issued === null ? ['issued'] : []), ...(sex === 'M' || sex === 'F' ? [] : ['gender'])];
  const person: AamvaPerson = {
    familyName: familyName.trim(), firstName, ...(middle.length === 0 ? {} : { middleName: middle.join(' ') }), ...(suffix === undefined ? {} : { suffix }),
    dob, expires, issued: issued ?? addYears(expires, -8), sex: sex === 'M' || sex === 'F' ? sex : 'X',
    eyes: text(doc, 'eyes') ?? 'BRO', hair: text(doc, 'hair') ?? 'BRO',
    street: '1 MAIN ST', city: 'CAPITAL', state: jurisdiction.code, zip: '00000', dln: number, vehicleClass: text(doc, 'class') ?? 'C',
  };
  return { doc, jurisdiction, person, subfile: doc.kind === 'id_front' ? 'ID' : 'DL', filled };
}

/** The AAMVA elements of the payload fields a transcription may lack. */
const ELEMENT_OF: Readonly<Record<string, string>> = { issued: 'DBD', gender: 'DBC' };

/** The payload, without the elements whose field the transcription lacks: a stand-in there would be compared with the front. */
export function licencePayload(licence: RealLicence, person: AamvaPerson = licence.person): string {
  const omit = licence.filled.map((field) => ELEMENT_OF[field]!);
  return encodeAamva(person, { version: 10, iin: licence.jurisdiction.iins[0]!, jurisdiction: licence.jurisdiction.code, subfile: licence.subfile, omit });
}

/** The payload's person altered by `kind`, and what changed; null where the kind finds nothing to change. */
export function alterLicence(licence: RealLicence, kind: AlterationKind): { person: AamvaPerson; alteration: Alteration } | null {
  const draw = drawFor(REAL_SEED, 'licence', licence.doc.path, kind);
  const { person } = licence;
  const change = (field: Alteration['field'], key: 'dln' | 'dob' | 'expires' | 'familyName' | 'firstName', altered: string | null) =>
    (altered === null || altered === person[key] ? null : { person: { ...person, [key]: altered }, alteration: { kind, field, genuine: person[key], altered } });
  switch (kind) {
    case 'number-digit': case 'number-swap': case 'number-lookalike': return change('id', 'dln', alterNumber(kind, person.dln, draw));
    case 'dob-day': case 'dob-year': return change('dob', 'dob', alterDate(kind, person.dob, draw));
    case 'expiry-1y': case 'expiry-4y': return change('expires', 'expires', alterDate(kind, person.expires, draw));
    case 'family-letter': case 'family-similar': return change('familyName', 'familyName', alterFamilyName(kind, person.familyName, draw));
    case 'given-other': {
      const taken = [person.firstName, ...(person.middleName?.split(' ') ?? [])];
      return change('firstName', 'firstName', asciiFold(otherGivenName(taken, person.sex === 'X' ? null : person.sex, draw)).toUpperCase());
    }
    case 'gross': return change('id', 'dln', scrambleNumber(person.dln, draw));
  }
}

