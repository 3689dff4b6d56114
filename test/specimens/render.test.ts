import { createHash } from 'node:crypto';
import t from 'tap';
import sharp from 'sharp';
import { DocumentType } from '../../common/document.js';
import { renderTd1Back, renderTd1Front } from '../fixtures/specimens/card-td1.js';
import { renderTd2 } from '../fixtures/specimens/card-td2.js';
import { drawDocument, type SpecimenDocument } from '../fixtures/specimens/document.js';
import { drawFor } from '../fixtures/specimens/draw.js';
import { renderLicenceFront } from '../fixtures/specimens/licence-front.js';
import { machineText } from '../fixtures/specimens/machine.js';
import { noDocumentImage, replaySelfie } from '../fixtures/specimens/negatives.js';
import { renderPassport } from '../fixtures/specimens/passport-td3.js';
import { drawPerson } from '../fixtures/specimens/person.js';
import { faceIdentities, portrait, selfie } from '../fixtures/specimens/portraits.js';

const sha256 = (buffer: Buffer): string => createHash('sha256').update(buffer).digest('hex');

/** Renders one side of each design from a fresh draw of `seed`. */
async function renderAll(seed: number): Promise<Record<string, Buffer>> {
  const draw = drawFor(seed, 'render');
  const face = faceIdentities()[0];
  if (face === undefined) throw new Error('no face identities');
  const person = drawPerson(draw, face.id, face.sex);
  const photo = await portrait(face, 270, 350);
  const doc = (type: typeof DocumentType[keyof typeof DocumentType]): SpecimenDocument => drawDocument(draw, type, person, false);
  const passport = doc(DocumentType.Passport);
  const card = doc(DocumentType.GreenCard);
  const id = { ...doc(DocumentType.InternationalId), mrzFormat: 'TD2' as const, idType: 'I' };
  return {
    licence: await renderLicenceFront(doc(DocumentType.ID), photo, draw),
    passport: await renderPassport(passport, machineText(passport).mrz as string[], photo, draw),
    td1Front: await renderTd1Front(card, photo, draw),
    td1Back: await renderTd1Back(machineText(card).mrz as string[], draw),
    td2: await renderTd2(id, machineText(id).mrz as string[], photo, draw),
  };
}

t.test('rendering is deterministic: the same seed gives the same bytes', async (t) => {
  const [first, second, other] = [await renderAll(5), await renderAll(5), await renderAll(6)];
  for (const name of Object.keys(first)) {
    t.equal(sha256(first[name] as Buffer), sha256(second[name] as Buffer), `${name} is stable`);
    t.not(sha256(first[name] as Buffer), sha256(other[name] as Buffer), `${name} depends on the seed`);
  }
});

t.test('documents come out at their ICAO / ID-1 sizes at 300 dpi', async (t) => {
  const sizes = Object.fromEntries(await Promise.all(Object.entries(await renderAll(9)).map(async ([name, png]) => {
    const { width, height } = await sharp(png).metadata();
    return [name, `${width}x${height}`] as const;
  })));
  t.same(sizes, { licence: '1012x638', passport: '1476x1039', td1Front: '1012x638', td1Back: '1012x638', td2: '1240x874' });
});

t.test('every face crop lies inside its photo', async (t) => {
  for (const face of faceIdentities()) {
    const { width, height } = await sharp(await portrait(face, 60, 80)).metadata();
    t.same([width, height], [60, 80], face.id);
  }
});

t.test('a selfie is another image of the same face, and replays are framed', async (t) => {
  const face = faceIdentities()[1];
  if (face === undefined) throw new Error('no face identities');
  const shot = await selfie(face, drawFor(1, 'selfie'));
  t.equal((await sharp(shot).metadata()).format, 'jpeg');
  t.not(sha256(shot), sha256(await selfie(face, drawFor(2, 'selfie'))), 'another draw, another selfie');
  const replay = await replaySelfie(shot, drawFor(1, 'replay'));
  t.match(replay.spoof, /^(screen|print)$/);
  t.equal((await sharp(replay.image).metadata()).format, 'jpeg');
  t.equal((await sharp(await noDocumentImage(drawFor(1, 'empty'))).metadata()).width, 1012);
});
