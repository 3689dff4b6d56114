// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface FaceVerificationResult {
  'confidence'?: (number | string);
  'antiSpoofing'?: (number | string);
}

export interface FaceVerificationResult__Output {
  'confidence': (number);
  'antiSpoofing': (number);
}
