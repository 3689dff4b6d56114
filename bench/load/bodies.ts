/**
 * The request bodies the load bench sends to POST /api/Verify, built once from the specimen
 * corpus (test/fixtures/specimens) with a fixed seed, so that runs compare:
 *
 *   licence-full   type 1 (US/Canadian licence): front, back with the PDF417, selfie, verifyFace
 *   passport       type 2: the data page (TD3 MRZ), selfie
 *   passport-card  type 3 and green-card type 6: front, back with the TD1 MRZ, selfie
 *   id-card        type 7: front and back or the TD2 front, selfie
 *
 * Half the mix is full licence verifications, the case the throughput target is about. Specimens
 * are genuine documents captured as scans or photos (in pairs: two scans, two photos, …) (no low-resolution captures and no planted
 * negatives), so most answers are verifications; the photos that a reader fails on give the
 * error codes a real mix gives.
 */
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { generateSpecimen, type Specimen } from '../../test/fixtures/specimens/corpus.js';

/** The corpus seed of the load bench: fixed, so that runs compare. */
export const LOAD_SEED = 5150;

export type BodyKind = 'licence-full' | 'passport' | 'passport-card' | 'green-card' | 'id-card';

export interface LoadBody {
  kind: BodyKind;
  /** Specimen id (seed-index), to find it again. */
  specimen: string;
  /** The JSON text sent. */
  json: string;
}

interface BodyPlan {
  kind: BodyKind;
  documentType: DocumentTypeValue;
}

const LICENCE: BodyPlan = { kind: 'licence-full', documentType: DocumentType.ID };
const PASSPORT: BodyPlan = { kind: 'passport', documentType: DocumentType.Passport };
const PASSPORT_CARD: BodyPlan = { kind: 'passport-card', documentType: DocumentType.PassportCard };
const GREEN_CARD: BodyPlan = { kind: 'green-card', documentType: DocumentType.GreenCard };
const ID_CARD: BodyPlan = { kind: 'id-card', documentType: DocumentType.InternationalId };

/** Full mix: 4 licences, 4 MRZ documents. Quick: 2 and 2 (generation takes 1–3 s a specimen). */
const FULL_MIX: readonly BodyPlan[] = [LICENCE, PASSPORT, LICENCE, PASSPORT_CARD, LICENCE, GREEN_CARD, LICENCE, ID_CARD];
const QUICK_MIX: readonly BodyPlan[] = [LICENCE, PASSPORT, LICENCE, ID_CARD];

/** The Verify body of a specimen, as a client sends it. */
export function verifyBody(specimen: Specimen): Record<string, unknown> {
  return {
    documentType: specimen.truth.documentType,
    verifyFace: true,
    frontImageBase64: specimen.front.toString('base64'),
    ...(specimen.back === undefined ? {} : { backOrSecondImageBase64: specimen.back.toString('base64') }),
    faceImageBase64: specimen.selfie.toString('base64'),
  };
}

/** Builds the bodies (quick: half as many); `licenceOnly` keeps the licences' places and drops the rest. */
export async function buildBodies(quick: boolean, licenceOnly: boolean): Promise<LoadBody[]> {
  const mix = (quick ? QUICK_MIX : FULL_MIX).map((plan) => (licenceOnly ? LICENCE : plan));
  const bodies: LoadBody[] = [];
  for (const [index, plan] of mix.entries()) {
    const specimen = await generateSpecimen({
      seed: LOAD_SEED, index, documentType: plan.documentType, negative: null, capture: (index >> 1) % 2 === 0 ? 'scan' : 'photo',
    });
    bodies.push({ kind: plan.kind, specimen: specimen.truth.id, json: JSON.stringify(verifyBody(specimen)) });
  }
  return bodies;
}
