// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface DocumentVerificationResult {
  'status'?: (number);
  'verificationConfidence'?: ({[key: string]: number | string});
  'totalConfidence'?: (number | string);
}

export interface DocumentVerificationResult__Output {
  'status': (number);
  'verificationConfidence': ({[key: string]: number});
  'totalConfidence': (number);
}
