// Original file: proto/idv/pipeline/v1/pipeline.proto

import type { OcrLine as _idv_pipeline_v1_OcrLine, OcrLine__Output as _idv_pipeline_v1_OcrLine__Output } from '../../../idv/pipeline/v1/OcrLine';
import type { StageTiming as _idv_pipeline_v1_StageTiming, StageTiming__Output as _idv_pipeline_v1_StageTiming__Output } from '../../../idv/pipeline/v1/StageTiming';

export interface OcrImageResponse {
  'lines'?: (_idv_pipeline_v1_OcrLine)[];
  'timings'?: (_idv_pipeline_v1_StageTiming)[];
}

export interface OcrImageResponse__Output {
  'lines': (_idv_pipeline_v1_OcrLine__Output)[];
  'timings': (_idv_pipeline_v1_StageTiming__Output)[];
}
