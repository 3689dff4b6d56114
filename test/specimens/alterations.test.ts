import { createHash } from 'node:crypto';
import sharp from 'sharp';
import t from 'tap';
import { DocumentType, VerdictStatus, type DocumentTypeValue } from '../../common/document.js';
import {
  ALTERATION_KINDS, ALTERED_FIELD, AlterationNotApplicable, alterDate, alterFamilyName, alterNumber, type AlterationKind,
} from '../fixtures/specimens/alterations.js';
import { generateSpecimen, type Specimen } from '../fixtures/specimens/corpus.js';
import { Draw, drawFor } from '../fixtures/specimens/draw.js';

const TYPES: readonly DocumentTypeValue[] = [DocumentType.ID, DocumentType.Passport, DocumentType.PassportCard, DocumentType.GreenCard, DocumentType.InternationalId];

/** The contract fields that show one key field: a name also shows in the names built from it. */
const SHOWN_IN: Readonly<Record<string, readonly string[]>> = {
  id: ['id'], dob: ['dob'], expires: ['expires'], familyName: ['familyName', 'fullName'], firstName: ['firstName', 'privateName', 'fullName'],
};

/** An altered specimen of `kind` and its genuine twin (the same seed and index, no negative). */
async function pair(kind: AlterationKind, k: number): Promise<{ genuine: Specimen; altered: Specimen }> {
  for (let index = 100 * k; ; index++) {
    const plan = { seed: 7, index, documentType: TYPES[k % TYPES.length]!, capture: 'scan' as const, designs: 'all' as const };
    try {
      const altered = await generateSpecimen({ ...plan, alteration: kind });
      return { altered, genuine: await generateSpecimen({ ...plan, negative: null }) };
    } catch (error) {
      if (!(error instanceof AlterationNotApplicable)) throw error;
    }
  }
}

/** Share of pixels whose grey level differs by more than a JPEG's noise. */
async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const grey = (image: Buffer) => sharp(image).greyscale().raw().toBuffer();
  const [x, y] = [await grey(a), await grey(b)];
  let changed = 0;
  for (let i = 0; i < x.length; i++) if (Math.abs(x[i]! - (y[i] ?? 0)) > 40) changed++;
  return changed / x.length;
}

t.test('each kind prints exactly its field otherwise and leaves the machine-readable part genuine', async (t) => {
  for (const [k, kind] of ALTERATION_KINDS.entries()) {
    const { genuine, altered } = await pair(kind, k);
    const { alteration } = altered.truth;
    t.ok(alteration, `${kind}: the truth says what was altered`);
    if (alteration === undefined) continue;
    if (kind !== 'gross') t.equal(alteration.field, ALTERED_FIELD[kind], `${kind} alters ${ALTERED_FIELD[kind]}`);
    t.not(alteration.altered, alteration.genuine, `${kind}: ${alteration.genuine} → ${alteration.altered}`);
    const changed = Object.keys({ ...genuine.truth.fields, ...altered.truth.fields })
      .filter((field) => genuine.truth.fields[field as keyof typeof genuine.truth.fields] !== altered.truth.fields[field as keyof typeof altered.truth.fields]);
    t.same(changed.sort(), [...SHOWN_IN[alteration.field]!].sort(), `${kind}: the front's fields that changed`);
    t.equal(altered.truth.fields[alteration.field], alteration.altered);
    t.same(altered.truth.machineReadable, genuine.truth.machineReadable, `${kind}: the machine-readable fields are the genuine ones`);
    t.same(altered.truth.raw, genuine.truth.raw, `${kind}: the barcode payload or MRZ lines are the genuine ones`);
    t.same(altered.back, genuine.back, `${kind}: the back is the same image`);
    t.same(altered.selfie, genuine.selfie, `${kind}: the same person`);
    t.same({ ...altered.truth.capture, design: altered.truth.design }, { ...genuine.truth.capture, design: genuine.truth.design }, `${kind}: the same design and capture`);
    t.equal(altered.truth.verdict, VerdictStatus.ItsFake);
    t.equal(genuine.truth.verdict, VerdictStatus.OK);
    // The same render and capture: only the pixels around the edited value move.
    const share = await changedShare(genuine.front, altered.front);
    t.ok(share > 0 && share < 0.02, `${kind}: ${(100 * share).toFixed(2)} % of the front's pixels changed`);
  }
});

t.test('an altered specimen is the same on every run', async (t) => {
  const fingerprint = (s: Specimen): string => createHash('sha256').update(s.front).update(JSON.stringify(s.truth)).digest('hex');
  const plan = { seed: 9, index: 3, documentType: DocumentType.ID, capture: 'photo' as const, alteration: 'dob-day' as const };
  t.equal(fingerprint(await generateSpecimen(plan)), fingerprint(await generateSpecimen(plan)));
});

t.test('an altered specimen has no negative', async (t) => {
  await t.rejects(generateSpecimen({ seed: 9, index: 3, negative: 'expired', alteration: 'dob-day' }), /an altered specimen has no negative, got expired/);
});

t.test('the value rules change what they say and nothing else', async (t) => {
  const draw = (): Draw => drawFor(1, 'rules');
  t.equal(alterNumber('number-digit', 'AB', draw()), null, 'no digit, nothing to change');
  t.equal(alterNumber('number-swap', 'A1111', draw()), null, 'no two adjacent different digits');
  t.equal(alterNumber('number-swap', 'X12', draw()), 'X21');
  t.equal(alterNumber('number-lookalike', 'X0Z', draw()), 'XOZ');
  t.equal(alterNumber('number-lookalike', 'B', draw()), '8');
  const digit = alterNumber('number-digit', 'D123', draw()) as string;
  t.equal([...digit].filter((c, i) => c !== 'D123'[i]).length, 1, `one digit changed: ${digit}`);
  t.equal(alterDate('dob-day', '1990-03-01', draw()), '1990-03-02', 'day 1 moves forward, within its month');
  t.equal(alterDate('dob-day', '1990-03-31', draw()), '1990-03-30', 'a month end moves back');
  t.match(alterDate('dob-year', '1990-03-15', draw()), /^(1989|1991)-03-15$/);
  t.equal(alterDate('dob-year', '2000-02-29', new Draw(() => 0)), '2001-02-28', '29 February becomes the 28th');
  t.equal(alterDate('expiry-1y', '2031-05-06', draw()), '2032-05-06');
  t.equal(alterDate('expiry-4y', '2031-05-06', draw()), '2035-05-06');
  const letter = alterFamilyName('family-letter', 'SMITH', draw()) as string;
  t.equal(letter.length, 5);
  t.equal([...letter].filter((c, i) => c !== 'SMITH'[i]).length, 1, `one letter changed: ${letter}`);
  const similar = alterFamilyName('family-similar', 'Johnson', draw()) as string;
  t.not(similar, 'Johnson');
  t.equal(similar[0], 'J', `the initial stays: ${similar}`);
  t.ok(Math.abs(similar.length - 7) <= 1, 'a letter dropped, doubled or two swapped');
  t.equal(alterFamilyName('family-letter', 'Ødegård', draw())?.[0], 'Ø', 'only ASCII letters are touched');
});
