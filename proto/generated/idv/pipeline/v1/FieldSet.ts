// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface FieldSet {
  'document'?: ({[key: string]: string});
  'confidence'?: ({[key: string]: number | string});
}

export interface FieldSet__Output {
  'document': ({[key: string]: string});
  'confidence': ({[key: string]: number});
}
