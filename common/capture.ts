/** Capture feedback's vocabulary (decisions.md, "Capture feedback"), shared by pipeline and front door. */
export const CAPTURE_REASONS = ['Blurry', 'Glare', 'TooDark', 'TooSmall', 'CutOff', 'HeavyCompression'] as const;
export type CaptureReason = (typeof CAPTURE_REASONS)[number];

/** Reader errors whose 4xx body carries imageQuality and captureFeedback: the capture may be why nothing was read. */
export const CAPTURE_ERROR_CODES = ['OCRError', 'MRZOCRError', 'MrzIsNotPresentError', 'PDF417Error', 'FaceDocNotDetectError', 'FacePhotoNotDetectError'] as const;

export const CAPTURE_IMAGES = ['front', 'back', 'face'] as const;
export type CaptureImage = (typeof CAPTURE_IMAGES)[number];
