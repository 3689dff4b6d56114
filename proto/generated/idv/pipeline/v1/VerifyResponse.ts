// Original file: proto/idv/pipeline/v1/pipeline.proto

import type { FieldSet as _idv_pipeline_v1_FieldSet, FieldSet__Output as _idv_pipeline_v1_FieldSet__Output } from '../../../idv/pipeline/v1/FieldSet';
import type { DocumentVerificationResult as _idv_pipeline_v1_DocumentVerificationResult, DocumentVerificationResult__Output as _idv_pipeline_v1_DocumentVerificationResult__Output } from '../../../idv/pipeline/v1/DocumentVerificationResult';
import type { FaceVerificationResult as _idv_pipeline_v1_FaceVerificationResult, FaceVerificationResult__Output as _idv_pipeline_v1_FaceVerificationResult__Output } from '../../../idv/pipeline/v1/FaceVerificationResult';
import type { ImageQuality as _idv_pipeline_v1_ImageQuality, ImageQuality__Output as _idv_pipeline_v1_ImageQuality__Output } from '../../../idv/pipeline/v1/ImageQuality';
import type { StageTiming as _idv_pipeline_v1_StageTiming, StageTiming__Output as _idv_pipeline_v1_StageTiming__Output } from '../../../idv/pipeline/v1/StageTiming';

export interface VerifyResponse {
  'documentType'?: (number);
  'document'?: ({[key: string]: string});
  'visual'?: (_idv_pipeline_v1_FieldSet | null);
  'machineReadable'?: (_idv_pipeline_v1_FieldSet | null);
  'facePhotoFromDocument'?: (Buffer | Uint8Array | string);
  'facePhoto'?: (Buffer | Uint8Array | string);
  'signature'?: (Buffer | Uint8Array | string);
  'documentVerificationResult'?: (_idv_pipeline_v1_DocumentVerificationResult | null);
  'faceVerificationResult'?: (_idv_pipeline_v1_FaceVerificationResult | null);
  'quality'?: (_idv_pipeline_v1_ImageQuality)[];
  'timings'?: (_idv_pipeline_v1_StageTiming)[];
}

export interface VerifyResponse__Output {
  'documentType': (number);
  'document': ({[key: string]: string});
  'visual': (_idv_pipeline_v1_FieldSet__Output | null);
  'machineReadable': (_idv_pipeline_v1_FieldSet__Output | null);
  'facePhotoFromDocument': (Buffer);
  'facePhoto': (Buffer);
  'signature': (Buffer);
  'documentVerificationResult': (_idv_pipeline_v1_DocumentVerificationResult__Output | null);
  'faceVerificationResult': (_idv_pipeline_v1_FaceVerificationResult__Output | null);
  'quality': (_idv_pipeline_v1_ImageQuality__Output)[];
  'timings': (_idv_pipeline_v1_StageTiming__Output)[];
}
