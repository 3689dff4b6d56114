/**
 * Passport data pages, passport cards, permanent resident cards and ID cards: their visual zone
 * labels each field with a caption, usually bilingual (`Surname/Nom`, `Date of birth/Date de
 * naissance`) and usually above the value; dates print day-month-year, with month names
 * (`12 AUG/AOÛT 1974`) or digits (`12.08.1974`), except on US cards (`08/12/1974`). The MRZ lines (all `<` and capitals) are left to
 * the MRZ reader and never taken for a value.
 */
import { settleDates, wholeLineDate, type DateField } from './date-order.js';
import { findReadDate, numericOrderOf, type DateKind, type NumericOrder } from './dates.js';
import { NO_MACHINE_VALUES, withMachineValues, type MachineValues } from './guided.js';
import { holdsCaption, label, readLabelledValues, withoutCaptions, type LabelRule, type Reading } from './labels.js';
import type { FrontLine } from './layout.js';
import { fieldsFrom, type FrontReading } from './readings.js';
import { machineNumberForm, machineNumberPattern, readShapedNumber } from './shaped-number.js';
import { familyBesideGiven, familyNextToGiven, readVisualZoneNames } from './unlabelled-names.js';
import { readVisualZoneNumber } from './visual-zone-number.js';
import { asDigits, captionedDocumentNumber, countryCode, documentTypeCode, personName, sex, type ValueParser } from './values.js';


const NUMBER_WORDS = [
  'PASSPORT\\s*(?:CARD\\s*)?(?:NO|N[O°º]|NUMBER|#)\\.?', 'N[O°º]\\.?\\s*DU\\s*PASSEPORT', 'DOCUMENT\\s*(?:NO|NUMBER)\\.?',
  'CARD\\s*(?:NO|NUMBER|#)\\.?', 'USCIS\\s*#', 'ID\\s*(?:NO|NUMBER)\\.?', 'PASSNUMMER', 'PASS-?NR\\.?', 'DOKUMENTNUMMER',
  'AUSWEISNUMMER', 'N[UÚ]MERO(?:\\s*(?:DE\\s*|DEL\\s*|DI\\s*)?(?:DOCUMENTO|PASAPORTE|PASSAPORTO|SOPORTE))?', 'NUMER\\s*(?:DOKUMENTU|PASZPORTU)',
  'DOC(?:UMENT)?\\s*N[O°º]\\.?',
].join('|');

/** The rules of a page whose numeric dates print in `order`. */
const rulesFor = (order: NumericOrder): readonly LabelRule[] => {
  const vizDate = (kind: DateKind): ValueParser => (s) => findReadDate(s, order, kind);
  return [
  {
    field: 'id', label: label(undefined, NUMBER_WORDS, '(?=[\\s:./]|$)'), parse: captionedDocumentNumber,
    captions: ['Passport No', 'No du passeport', 'Passport card no', 'Document No', 'Document number', 'Card No', 'Card number'],
  },
  {
    // NAME alone is the surname's caption only at the start of a line: `Glven name` is not one.
    field: 'familyName', label: label(undefined, 'SURNAMES?|NOM|FAMILY\\s*NAME|APELLIDOS|(?<=^[\\s\\d.]*)NAME|NACHNAME|FAMILIENNAME|COGNOME|NAZWISKO|EFTERNAMN|ACHTERNAAM|APELIDOS?', '(?=[\\s:./]|$)'), parse: personName,
    captions: ['Surname', 'Surnames', 'Family name', 'Apellidos', 'Nachname', 'Cognome', 'Nazwisko', 'Efternamn'],
  },
  {
    field: 'privateName', label: label(undefined, 'GIVEN\\s*NAMES?|PR[EÉ]NOMS?|FORENAMES|FIRST\\s*NAMES?|VORNAMEN?|NOMBRES?|NOME|IMIONA|IMI[EĘ]|F[OÖ]RNAMN|VOORNAMEN', '(?=[\\s:./]|$)'), parse: personName,
    captions: ['Given names', 'Prénoms', 'Forenames', 'First names', 'Vornamen', 'Nombres', 'Imiona', 'Förnamn'],
  },
  {
    field: 'dob', label: label(undefined, 'DATE\\s*OF\\s*BIRTH|DATE\\s*DE\\s*NAISSANCE|BIRTH\\s*DATE|GEBURTSTAG|GEBURTSDATUM|DOB|FECHA\\s*DE\\s*NACIMIENTO|DATA\\s*DI\\s*NASCITA|DATA\\s*URODZENIA|F[OÖ]DELSEDATUM|GEBOORTEDATUM|DATA\\s*DE\\s*NASCIMENTO', '(?=[\\s:./]|$)'), parse: vizDate('past'),
    captions: ['Date of birth', 'Date de naissance', 'Birth date', 'Geburtstag', 'Geburtsdatum', 'Fecha de nacimiento', 'Data di nascita', 'Data urodzenia'],
  },
  {
    field: 'expires', label: label(undefined, 'DATE\\s*OF\\s*EXPIRY|DATE\\s*OF\\s*EXPIRATION|EXPIRY\\s*DATE|(?:CARD\\s*)?EXPIRES(?:\\s*ON)?|EXPIRATION|DATE\\s*D.EXPIRATION|G[UÜ]LTIG\\s*BIS|VALID\\s*UNTIL|FECHA\\s*DE\\s*(?:CADUCIDAD|VALIDEZ)|VALIDEZ|(?:DATA\\s*DI\\s*)?SCADENZA|DATA\\s*WA[ŻZ]NO[ŚS]CI|GILTIG\\s*T\\.?\\s*O\\.?\\s*M\\.?|GELDIG\\s*TOT', '(?=[\\s:./]|$)'), parse: vizDate('future'),
    captions: ['Date of expiry', 'Date of expiration', "Date d'expiration", 'Expiry date', 'Card expires', 'Gültig bis', 'Fecha de caducidad', 'Data di scadenza', 'Data ważności'],
  },
  {
    field: 'issued', label: label(undefined, 'DATE\\s*OF\\s*ISSUE|ISSUED(?:\\s*ON)?|ISSUE\\s*DATE|DATE\\s*DE\\s*D[EÉ]LIVRANCE|FECHA\\s*DE\\s*EXPEDICI[OÓ]N|DATA\\s*DI\\s*RILASCIO|DATA\\s*WYDANIA|AUSSTELLUNGSDATUM|UTF[ÄA]RDANDEDATUM', '(?=[\\s:./]|$)'), parse: vizDate('past'),
    captions: ['Date of issue', 'Date de délivrance', 'Issue date', 'Issued on', 'Fecha de expedición'],
  },
  { field: 'gender', label: label(undefined, 'SEX|SEXE|GESCHLECHT', '(?=[\\s:./]|$)'), parse: sex, captions: ['Sex/Sexe', 'Geschlecht'] },
  { field: 'abbr3Country', label: label(undefined, 'CODE(?:\\s*OF\\s*ISSUING\\s*STATE)?|COUNTRY\\s*CODE', '(?=[\\s:./]|$)'), parse: countryCode },
  // Captions whose values are not fields: they only keep their values from being taken for others.
  {
    label: label(undefined, 'NATIONALITY|NATIONALIT[EÉ]|PLACE\\s*OF\\s*BIRTH|LIEU\\s*DE\\s*NAISSANCE|AUTHORITY|AUTORIT[EÉ]|COUNTRY\\s*OF\\s*BIRTH|RESIDENT\\s*SINCE', '(?=[\\s:./]|$)'),
    captions: ['Nationality', 'Nationalité', 'Place of birth', 'Lieu de naissance', 'Authority', 'Autorité', 'Country of birth', 'Resident since', 'Signature du titulaire', "Holder's signature"],
  },
  // The document's type is a code of a letter or two (P, PC, ID): a name printed under its caption is not claimed.
  { label: label(undefined, 'TYPE|CATEGORY', '(?=[\\s:./]|$)'), parse: documentTypeCode },
  ];
};
const RULES: Readonly<Record<NumericOrder, readonly LabelRule[]>> = { DMY: rulesFor('DMY'), MDY: rulesFor('MDY') };

/**
 * An MRZ line: fillers in a row, or 28 or more capitals and digits holding a digit or a filler.
 * The data lines hold dates and the names line fillers; a long surname printed alone
 * (WOLFESCHLEGELSTEINHAUSENBERGER, 30 letters) holds neither and is a value. Only a names line
 * that one such surname fills holds none either; it stands far below every caption, and says
 * what the printed surname says.
 */
export function isMrzLine(text: string): boolean {
  const compact = text.replace(/\s/g, '');
  return /<{2,}/.test(compact) || (/^[A-Z0-9<]{28,}$/.test(compact) && /[0-9<]/.test(compact));
}

/** Reads a visual zone's fields from its lines (in reading order), skipping MRZ lines. */
export function readVisualZone(lines: readonly FrontLine[], found: MachineValues = NO_MACHINE_VALUES, today = new Date()): FrontReading {
  const visual = lines.filter((l) => !isMrzLine(l.text));
  // Visual zones print day first, except US documents (permanent resident cards: 03/14/1985);
  // the dates themselves decide where one is unambiguous, else the issuer's country.
  const american = visual.some((l) => /^(?:USA|UNITED STATES(?: OF AMERICA)?)$/i.test(l.text.trim()));
  // A machine date found on the page settles the order; else its own dates, else the issuer's country.
  const order = found.order ?? numericOrderOf(visual.map((l) => asDigits(l.text)), american ? 'MDY' : 'DMY');
  const { readings, claimed } = readLabelledValues(visual, RULES[order]);
  const used = new Set([...readings.values()].map((r) => r.line).concat([...claimed]));
  const labelled = new Map<DateField, Reading>();
  for (const field of ['dob', 'issued', 'expires'] as const) {
    const reading = readings.get(field);
    if (reading !== undefined) labelled.set(field, reading);
    readings.delete(field);
  }
  const loose = visual.filter((l) => !used.has(l)).map((l) => wholeLineDate(l, order)).filter((r): r is Reading => r !== undefined);
  for (const [field, reading] of settleDates(labelled, loose, today)) readings.set(field, reading);
  for (const [field, reading] of readVisualZoneNames(visual, readings, used)) readings.set(field, reading);
  const number = readVisualZoneNumber(visual, readings, used, order);
  if (number !== undefined) readings.set('id', number);
  withoutCaptions(readings, RULES[order]);
  withMachineValues(readings, found.readings, found.machine);
  const barred = (line: FrontLine): boolean => used.has(line) || holdsCaption(line, RULES[order]);
  const family = familyBesideGiven(readings) ?? familyNextToGiven(visual, readings, barred, false);
  if (family !== undefined) readings.set('familyName', family);
  const shaped = readShapedNumber(visual, readings, used, machineNumberForm(found.machine.id), order, machineNumberPattern(found.machine.id));
  if (shaped !== undefined) readings.set('id', shaped);
  return fieldsFrom(readings, { template: undefined });
}
