// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface OcrLine {
  'text'?: (string);
  'confidence'?: (number | string);
  'box'?: (number | string)[];
}

export interface OcrLine__Output {
  'text': (string);
  'confidence': (number);
  'box': (number)[];
}
