/**
 * What the accuracy bench keeps of one specimen: its ground truth, the answer of the full Verify
 * call, and the answers of the isolation probes (collect.ts), plus the rules that turn those into
 * one outcome per reader.
 *
 * Verify stops at the first stage that throws (barcode → aamva → mrz → ocr → face), so one failed
 * reader hides what the others would have done. The error code says which stage stopped it; a
 * probe then measures the readers that the failure hid:
 *
 *   verify failed at       machine reader      front OCR                     face
 *   barcode/aamva/mrz      that failure        frontWithTrack (type 1 only)  compareFaces
 *   ocr                    machine probe       that failure                  compareFaces
 *   face                   withoutFace probe   withoutFace probe             that failure
 */
import type { SpecimenTruth } from '../../test/fixtures/specimens/corpus.js';

/** The plain-data answer of one gRPC call. */
export interface CallResult {
  ok: boolean;
  /** `idv-error-code` of a failed call (or `grpc:<STATUS>` when the status carries none). */
  code?: string;
  message?: string;
  /** Client-side round trip. */
  latencyMs: number;
  /** documentVerificationResult.status. */
  status?: number;
  totalConfidence?: number;
  machineReadable?: Record<string, string>;
  visual?: Record<string, string>;
  /** The visual zone's per-field confidence 0–100, for the fields it holds (the contract's -1s left out). */
  visualConfidence?: Record<string, number>;
  face?: { confidence: number; antiSpoofing: number };
  timings: { stage: string; ms: number }[];
}

export interface Probes {
  /** Verify again without the selfie: the readers' output when the face stage failed. */
  withoutFace?: CallResult;
  /** DecodeBarcode or ReadMrz: the machine reader's output when OCR failed. */
  machine?: CallResult;
  /** Licences: Verify with the barcode's text as trackString, to read the front when the barcode failed. */
  frontWithTrack?: CallResult;
  /** CompareFaces(front, selfie) when Verify stopped before the face stage. */
  compareFaces?: CallResult;
}

export interface SpecimenRecord {
  truth: SpecimenTruth;
  /** Milliseconds the bench waited for the specimen to be generated (rendering and capture). */
  generateMs: number;
  verify: CallResult;
  probes: Probes;
}

/** Codes of the stage that failed: which reader an error belongs to. */
export const MACHINE_CODES: ReadonlySet<string> = new Set([
  'PDF417Error', 'TrackStringParserError', 'BackImageOrTrackStringNotPresentError', 'MRZOCRError', 'MrzIsNotPresentError',
]);
export const FRONT_CODES: ReadonlySet<string> = new Set(['OCRError', 'FrontImageRequiredError']);
export const FACE_CODES: ReadonlySet<string> = new Set([
  'FaceDocNotDetectError', 'FacePhotoNotDetectError', 'CaptureFacesError', 'CompareFacesError', 'AntiSpoofing',
]);

/** A reader's result on one specimen; `read` false carries the code it failed with. */
export interface ReaderOutcome {
  read: boolean;
  fields: Record<string, string>;
  /** Per-field confidence, where the call carries one (the front OCR's). */
  confidence?: Record<string, number>;
  code?: string;
  /** Which call it came from: `verify` or a probe's name. */
  source: 'verify' | keyof Probes;
}

const hasFields = (fields: Record<string, string> | undefined): fields is Record<string, string> =>
  fields !== undefined && Object.keys(fields).length > 0;

/** The outcome of a field reader from one call, or null when the call failed at another stage. */
function fromCall(call: CallResult | undefined, source: ReaderOutcome['source'], codes: ReadonlySet<string>, pick: (c: CallResult) => Record<string, string> | undefined, confidence?: (c: CallResult) => Record<string, number> | undefined): ReaderOutcome | null {
  if (call === undefined) return null;
  if (call.ok) {
    const fields = pick(call);
    const scores = confidence?.(call);
    return hasFields(fields) ? { read: true, fields, source, ...(scores === undefined ? {} : { confidence: scores }) } : { read: false, fields: {}, source };
  }
  return call.code !== undefined && codes.has(call.code) ? { read: false, fields: {}, code: call.code, source } : null;
}

/** The barcode/AAMVA or MRZ reader's outcome; null when no call reached it. */
export function machineOutcome(record: SpecimenRecord): ReaderOutcome | null {
  const pick = (c: CallResult): Record<string, string> | undefined => c.machineReadable;
  return fromCall(record.verify, 'verify', MACHINE_CODES, pick)
    ?? fromCall(record.probes.withoutFace, 'withoutFace', MACHINE_CODES, pick)
    ?? fromCall(record.probes.machine, 'machine', MACHINE_CODES, pick);
}

/** The front OCR's outcome; null when no call reached it. */
export function frontOutcome(record: SpecimenRecord): ReaderOutcome | null {
  const pick = (c: CallResult): Record<string, string> | undefined => c.visual;
  const confidence = (c: CallResult): Record<string, number> | undefined => c.visualConfidence;
  return fromCall(record.verify, 'verify', FRONT_CODES, pick, confidence)
    ?? fromCall(record.probes.withoutFace, 'withoutFace', FRONT_CODES, pick, confidence)
    ?? fromCall(record.probes.frontWithTrack, 'frontWithTrack', FRONT_CODES, pick, confidence);
}

export interface FaceOutcome {
  score?: { confidence: number; antiSpoofing: number };
  code?: string;
  source: 'verify' | 'compareFaces';
}

/** The face comparison's outcome; null when no call reached it. */
export function faceOutcome(record: SpecimenRecord): FaceOutcome | null {
  for (const [call, source] of [[record.verify, 'verify'], [record.probes.compareFaces, 'compareFaces']] as const) {
    if (call === undefined) continue;
    if (call.ok && call.face !== undefined) return { score: call.face, source };
    if (!call.ok && call.code !== undefined && FACE_CODES.has(call.code)) return { code: call.code, source };
  }
  return null;
}

/**
 * The document verdict: from Verify, or from Verify without the selfie when only the face stage
 * failed (the verdict does not depend on the face). Null when no verdict was given.
 */
export function documentVerdict(record: SpecimenRecord): number | null {
  for (const call of [record.verify, record.probes.withoutFace]) {
    if (call?.ok === true && call.status !== undefined) return call.status;
  }
  return null;
}

/** What the service answered: the verdict or the error code of the full Verify call. */
export function productAnswer(record: SpecimenRecord): { status: number } | { code: string } {
  return record.verify.ok && record.verify.status !== undefined ? { status: record.verify.status } : { code: record.verify.code ?? 'no-verdict' };
}
