// Original file: proto/idv/pipeline/v1/pipeline.proto

import type { FieldSet as _idv_pipeline_v1_FieldSet, FieldSet__Output as _idv_pipeline_v1_FieldSet__Output } from '../../../idv/pipeline/v1/FieldSet';
import type { StageTiming as _idv_pipeline_v1_StageTiming, StageTiming__Output as _idv_pipeline_v1_StageTiming__Output } from '../../../idv/pipeline/v1/StageTiming';

export interface ReadMrzResponse {
  'lines'?: (string)[];
  'format'?: (string);
  'machineReadable'?: (_idv_pipeline_v1_FieldSet | null);
  'timings'?: (_idv_pipeline_v1_StageTiming)[];
}

export interface ReadMrzResponse__Output {
  'lines': (string)[];
  'format': (string);
  'machineReadable': (_idv_pipeline_v1_FieldSet__Output | null);
  'timings': (_idv_pipeline_v1_StageTiming__Output)[];
}
