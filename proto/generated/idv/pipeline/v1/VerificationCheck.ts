// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface VerificationCheck {
  'name'?: (string);
  'field'?: (string);
  'result'?: (string);
  'visual'?: (string);
  'machineReadable'?: (string);
  'score'?: (number);
  'reason'?: (string);
  'margin'?: (number | string);
  '_visual'?: "visual";
  '_machineReadable'?: "machineReadable";
  '_score'?: "score";
  '_margin'?: "margin";
}

export interface VerificationCheck__Output {
  'name': (string);
  'field': (string);
  'result': (string);
  'visual'?: (string);
  'machineReadable'?: (string);
  'score'?: (number);
  'reason': (string);
  'margin'?: (number);
  '_visual'?: "visual";
  '_machineReadable'?: "machineReadable";
  '_score'?: "score";
  '_margin'?: "margin";
}
