/** Validation of the request-content body (POST /api/Verify, /api/Request, onboarding attempts); several problems answer MultipleErrors. */
import { DocumentType, type DocumentTypeValue } from '../../common/document.js';
import { CodedError } from '../../common/errors.js';
import { ACCEPTED_IMAGE_FORMATS } from '../../common/image-format.js';
import { combineErrors, fieldErrors } from '../http-errors.js';
import { DOCUMENT_TYPE_EXPECTED, parseDocumentType } from './document-type.js';
import { checkImage, decodeBase64 } from './images.js';
import { TRACK_STRING_EXPECTED, trackStringOf, trackTextOf } from './track-string.js';
import { PropertyErrors } from './messages.js';
import { BOOLEAN_EXPECTED, isBlank, isPlainObject, parseBooleanish } from './values.js';

export interface ValidContent {
  documentType: DocumentTypeValue;
  verifyFace: boolean;
  frontImage: Buffer;
  backImage: Buffer | null;
  faceImage: Buffer | null;
  /** As sent (unwrapped from `{ "data": … }`), for storage and content retrieval. */
  trackString: string | null;
  trackText: string | null;
}

const IMAGE_EXPECTED = `base64 (optionally a data: URL) of a ${ACCEPTED_IMAGE_FORMATS} image`;
const IMAGE_FIELDS = ['frontImageBase64', 'backOrSecondImageBase64', 'faceImageBase64'] as const;
type ImageField = (typeof IMAGE_FIELDS)[number];

export function decodeTrackString(trackString: string, documentType: DocumentTypeValue): string {
  return trackTextOf(trackString, documentType) ?? '';
}

async function imageField(body: Record<string, unknown>, name: ImageField, problems: PropertyErrors): Promise<Buffer | null> {
  const raw = body[name];
  if (isBlank(raw)) return null;
  if (typeof raw !== 'string') {
    problems.invalid(name, IMAGE_EXPECTED, raw);
    return null;
  }
  const bytes = decodeBase64(raw);
  if (bytes === null) {
    problems.add(name, `${name} must be ${IMAGE_EXPECTED}, got a string that is not base64`);
    return null;
  }
  const wrong = await checkImage(bytes);
  if (wrong !== null) {
    problems.add(name, `${name} must be a whole ${ACCEPTED_IMAGE_FORMATS} image, got ${wrong}`);
    return null;
  }
  return bytes;
}

export async function validateContent(body: unknown): Promise<ValidContent> {
  if (!isPlainObject(body)) throw fieldErrors({ body: 'body must be a JSON object with the request content' });
  const problems = new PropertyErrors();

  const documentType = parseDocumentType(body.documentType);
  if (documentType === null) problems.invalid('documentType', DOCUMENT_TYPE_EXPECTED, body.documentType);

  const verifyFace = isBlank(body.verifyFace) ? false : parseBooleanish(body.verifyFace);
  if (verifyFace === undefined) problems.invalid('verifyFace', BOOLEAN_EXPECTED, body.verifyFace);

  let trackString: string | null = null;
  let trackText: string | null = null;
  const sentTrack = trackStringOf(body.trackString);
  const noTrack = isBlank(body.trackString) || sentTrack === '';
  if (!noTrack) {
    // Which texts a trackString may be depends on the document type; with an unknown type (a
    // field problem already) it is not judged.
    const text = sentTrack === undefined || documentType === null ? undefined : trackTextOf(sentTrack, documentType);
    if (sentTrack === undefined || text === null) problems.invalid('trackString', TRACK_STRING_EXPECTED, body.trackString);
    else if (text !== undefined) {
      trackString = sentTrack;
      trackText = text;
    }
  }

  const [frontImage, backImage, faceImage] = await Promise.all(
    IMAGE_FIELDS.map((name) => imageField(body, name, problems)),
  );

  if (verifyFace === true && isBlank(body.faceImageBase64)) {
    problems.add('faceImageBase64', 'faceImageBase64 must be an image when verifyFace is true, got nothing');
  }

  const errors: CodedError[] = [];
  if (!problems.empty) errors.push(fieldErrors(problems.errors));
  if (isBlank(body.frontImageBase64)) errors.push(new CodedError('FrontImageRequiredError'));
  // The MRZ of a passport is on its data page (the front): no back needed (decisions.md). An
  // unknown type is already a field problem; whether it needed a back cannot be said.
  if (documentType !== null && documentType !== DocumentType.Passport && isBlank(body.backOrSecondImageBase64) && noTrack) {
    errors.push(new CodedError('BackImageOrTrackStringNotPresentError'));
  }
  const error = combineErrors(errors);
  if (error !== null) throw error;

  return {
    documentType: documentType!,
    verifyFace: verifyFace!,
    frontImage: frontImage!,
    backImage: backImage ?? null,
    faceImage: faceImage ?? null,
    trackString,
    trackText,
  };
}
