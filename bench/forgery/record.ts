/**
 * What the forgery bench keeps of one verified document: which set and kind it belongs to, what
 * was altered, and the pipeline's answer (verify.ts). Generated and real documents alike.
 */
import { DocumentType } from '../../common/document.js';
import type { VerifyRequest } from '../../proto/generated/idv/pipeline/v1/VerifyRequest.js';
import type { Alteration, AlterationKind } from '../../test/fixtures/specimens/alterations.js';
import type { Specimen } from '../../test/fixtures/specimens/corpus.js';
import type { Answer } from './verify.js';

export interface ForgeryRecord {
  /** `tuning`, `validation`, `real-licences` or `real-pages`. */
  set: string;
  /** The specimen's id, or the real document's file. */
  id: string;
  documentType: number;
  /** null for a genuine document. */
  kind: AlterationKind | null;
  alteration?: Alteration;
  answer: Answer;
}

/**
 * The Verify request a client sends for a generated specimen, without a selfie (the verdict does
 * not depend on the face). A TD2 card has its MRZ on the front and no back: an integrator sends
 * the front again as the second image, as the contract wants one for every type but passports.
 */
export function specimenRequest(specimen: Specimen): VerifyRequest {
  const { truth } = specimen;
  const back = specimen.back ?? (truth.documentType === DocumentType.Passport ? undefined : specimen.front);
  return { documentType: truth.documentType, frontImage: specimen.front, ...(back === undefined ? {} : { backImage: back }), verifyFace: false };
}
