// Original file: proto/idv/pipeline/v1/pipeline.proto

import type { StageTiming as _idv_pipeline_v1_StageTiming, StageTiming__Output as _idv_pipeline_v1_StageTiming__Output } from '../../../idv/pipeline/v1/StageTiming';

export interface CompareFacesResponse {
  'confidence'?: (number | string);
  'similarity'?: (number | string);
  'antiSpoofingB'?: (number | string);
  'timings'?: (_idv_pipeline_v1_StageTiming)[];
}

export interface CompareFacesResponse__Output {
  'confidence': (number);
  'similarity': (number);
  'antiSpoofingB': (number);
  'timings': (_idv_pipeline_v1_StageTiming__Output)[];
}
