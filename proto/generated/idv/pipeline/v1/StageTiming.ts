// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface StageTiming {
  'stage'?: (string);
  'ms'?: (number | string);
}

export interface StageTiming__Output {
  'stage': (string);
  'ms': (number);
}
