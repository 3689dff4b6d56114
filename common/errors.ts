// The one table of error codes. Errors cross threads and processes as plain data (`CodedError.fromWire`).

export const ERROR_CODES = Object.freeze({
  // 400: the contract's table.
  ValidationError: { http: 400, message: 'Request field validation failed.' },
  MultipleErrors: { http: 400, message: 'Several errors.' },
  OCRError: { http: 400, message: 'Data cannot be captured from the document front.' },
  MRZOCRError: { http: 400, message: 'MRZ cannot be captured from the image.' },
  MrzIsNotPresentError: { http: 400, message: 'Image with MRZ is absent.' },
  FrontImageRequiredError: { http: 400, message: 'Front image is required.' },
  BackImageOrTrackStringNotPresentError: { http: 400, message: 'Back image or trackString is absent.' },
  PDF417Error: { http: 400, message: 'Data cannot be captured from the back.' },
  FaceDocNotDetectError: { http: 400, message: 'No face found on the document.' },
  FacePhotoNotDetectError: { http: 400, message: 'No face found on the photo.' },
  DocumentVerifyError: { http: 400, message: 'Document(s) cannot be verified.' },
  TrackStringParserError: { http: 400, message: 'trackString cannot be parsed.' },
  CompareFacesError: { http: 400, message: 'Face comparison failed.' },
  CaptureFacesError: { http: 400, message: 'Face capture failed.' },
  RequestAlreadyProcessed: { http: 400, message: 'The request was already processed.' },
  RequestExpired: { http: 400, message: 'The request has expired.' },
  AntiSpoofing: { http: 400, message: 'Anti-spoofing analysis failed.' },
  // Dashboard interface.
  BadRequest: { http: 400, message: 'Input parameters have invalid values.' },
  // decisions.md, HTTP statuses.
  Unauthorized: { http: 401, message: 'A valid API key is required.' },
  Forbidden: { http: 403, message: 'No permission for the resource.' },
  HttpsRequired: { http: 403, message: 'Requests must use HTTPS.' },
  NotFound: { http: 404, message: 'The requested resource does not exist.' },
  // Data protection: an erased request's stub answers this instead of 404.
  Erased: { http: 410, message: 'The request was erased: its content and result are gone.' },
  PayloadTooLarge: { http: 413, message: 'The request body is too large.' },
  UnsupportedMediaType: { http: 415, message: 'The request body must be JSON.' },
  TooManyRequests: { http: 429, message: 'Too many requests.' },
  ApiError: { http: 500, message: 'Internal server error.' },
  ServiceUnavailable: { http: 503, message: 'The service is temporarily unavailable.' },
} as const);

export type ErrorCode = keyof typeof ERROR_CODES;

/** A request that ends in one becomes Failed. */
export const PIPELINE_ERROR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'OCRError', 'MRZOCRError', 'MrzIsNotPresentError', 'PDF417Error', 'FaceDocNotDetectError',
  'FacePhotoNotDetectError', 'DocumentVerifyError', 'TrackStringParserError', 'CompareFacesError',
  'CaptureFacesError', 'AntiSpoofing', 'ValidationError', 'BackImageOrTrackStringNotPresentError',
  'FrontImageRequiredError',
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

export interface WireError {
  code: ErrorCode;
  message: string;
  /** Developer detail; shown to clients only in development mode. */
  details?: string;
}

export class CodedError extends Error {
  readonly code: ErrorCode;
  readonly details: string | undefined;

  constructor(code: ErrorCode, message?: string, details?: string) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'CodedError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code].http;
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  /** An unknown code becomes ApiError. */
  static fromWire(data: unknown): CodedError {
    if (data !== null && typeof data === 'object') {
      const { code, message, details } = data as Record<string, unknown>;
      if (isErrorCode(code)) {
        return new CodedError(code, typeof message === 'string' ? message : undefined,
          typeof details === 'string' ? details : undefined);
      }
    }
    return new CodedError('ApiError', undefined, data instanceof Error ? data.message : String(data));
  }
}
