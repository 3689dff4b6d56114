// Original file: proto/idv/pipeline/v1/pipeline.proto

import type { VerificationCheck as _idv_pipeline_v1_VerificationCheck, VerificationCheck__Output as _idv_pipeline_v1_VerificationCheck__Output } from '../../../idv/pipeline/v1/VerificationCheck';

export interface DocumentVerificationResult {
  'status'?: (number);
  'verificationConfidence'?: ({[key: string]: number | string});
  'totalConfidence'?: (number | string);
  'checks'?: (_idv_pipeline_v1_VerificationCheck)[];
}

export interface DocumentVerificationResult__Output {
  'status': (number);
  'verificationConfidence': ({[key: string]: number});
  'totalConfidence': (number);
  'checks': (_idv_pipeline_v1_VerificationCheck__Output)[];
}
