import t from 'tap';
import { parse as parseMrz } from 'mrz';
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { parseAamva } from '../../pipeline/aamva/parse.js';
import { drawDocument, visualFields } from '../fixtures/specimens/document.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { machineFields, machineText } from '../fixtures/specimens/machine.js';
import { breakCheckDigit, breakHeader } from '../fixtures/specimens/negatives.js';
import { drawPerson } from '../fixtures/specimens/person.js';

/** Documents drawn without rendering: enough of each type to meet the long and odd names. */
function documents(documentType: DocumentTypeValue, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const draw = drawFor(11, 'machine', documentType, i);
    const doc = drawDocument(draw, documentType, drawPerson(draw, `p${i}`, i % 2 === 0 ? 'F' : 'M'), i % 5 === 4);
    return { doc, draw, text: machineText(doc) };
  });
}

const MRZ_TYPES = [DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId] as const;

t.test('every generated MRZ passes its check digits and reads back to the truth', async (t) => {
  for (const documentType of MRZ_TYPES) {
    for (const { doc, text } of documents(documentType, 40)) {
      const lines = text.mrz as string[];
      const result = parseMrz(lines);
      const failed = result.details.filter((detail) => !detail.valid && /CheckDigit$/.test(detail.field ?? '')).map((detail) => detail.field);
      t.same(failed, [], `${lines.join(' / ')}: check digits`);
      t.equal(result.format, doc.mrzFormat);
      const truth = machineFields(doc, text);
      t.equal(result.fields.lastName, truth.familyName, 'family name');
      // A family name that fills the whole name field leaves no `<<`; the package then reads it as
      // the given names too, where ICAO reads it as the primary identifier only.
      if (lines.some((line) => line.includes('<<') && /[A-Z]<<[A-Z]/.test(line))) {
        t.equal(result.fields.firstName ?? '', truth.privateName ?? '', 'given names');
      }
      t.equal(result.fields.birthDate, (truth.dob as string).replace(/-/g, '').slice(2), 'date of birth');
      t.equal(result.fields.expirationDate, (truth.expires as string).replace(/-/g, '').slice(2), 'expiry');
    }
  }
});

t.test('MRZ names are transliterated as ICAO 9303 says', async (t) => {
  const draw = drawFor(1, 'names');
  const doc = drawDocument(draw, DocumentType.Passport, { ...drawPerson(draw, 'p', 'F'), familyName: "Müller-O'Brien", firstName: 'Zoë', middleName: 'Åsa' }, false);
  const text = machineText(doc);
  t.match(text.mrz?.[0], /^P<[A-Z<]{3}MUELLER<OBRIEN<<ZOE<AASA<+$/);
  t.same([machineFields(doc, text).familyName, visualFields(doc).familyName], ['MUELLER OBRIEN', "MÜLLER-O'BRIEN"]);
});

t.test('a broken check digit fails the MRZ check', async (t) => {
  for (const { doc, draw, text } of documents(DocumentType.InternationalId, 6)) {
    const broken = breakCheckDigit(text.mrz as string[], doc.mrzFormat ?? 'TD1', draw);
    t.notSame(broken, text.mrz);
    t.equal(parseMrz(broken).valid, false, broken.join(' / '));
  }
});

t.test('every generated AAMVA payload parses back to the truth', async (t) => {
  for (const { doc, text } of documents(DocumentType.ID, 40)) {
    const result = parseAamva(text.aamva as string);
    const truth = machineFields(doc, text);
    for (const [field, value] of Object.entries(truth)) {
      t.equal(result.document[field as keyof typeof truth], value, `${doc.jurisdiction?.code} v${doc.aamvaVersion} ${field}`);
    }
    t.ok(result.integrity.header, 'header is valid');
  }
});

t.test('a broken AAMVA header is flagged by the parser', async (t) => {
  for (const { draw, text } of documents(DocumentType.ID, 6)) {
    const broken = breakHeader(text.aamva as string, draw);
    t.not(broken, text.aamva);
    let headerValid = false;
    try {
      const result = parseAamva(broken);
      headerValid = result.integrity.header && result.jurisdiction !== null;
    } catch {
      // Not AAMVA at all is a broken header too.
    }
    t.notOk(headerValid, JSON.stringify(broken.slice(0, 30)));
  }
});
