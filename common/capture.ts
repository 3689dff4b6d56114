/**
 * Capture feedback's vocabulary (decisions.md, "Capture feedback"), shared by the pipeline that
 * finds the reasons and the front door that documents and answers them.
 */
export const CAPTURE_REASONS = ['Blurry', 'Glare', 'TooDark', 'TooSmall', 'CutOff', 'HeavyCompression'] as const;
export type CaptureReason = (typeof CAPTURE_REASONS)[number];

/**
 * The reader errors whose 4xx body carries imageQuality and captureFeedback beside code and
 * message: the capture may be why the reader found nothing, so the client can ask for a retake.
 */
export const CAPTURE_ERROR_CODES = ['OCRError', 'MRZOCRError', 'MrzIsNotPresentError', 'PDF417Error', 'FaceDocNotDetectError', 'FacePhotoNotDetectError'] as const;

export const CAPTURE_IMAGES = ['front', 'back', 'face'] as const;
export type CaptureImage = (typeof CAPTURE_IMAGES)[number];
