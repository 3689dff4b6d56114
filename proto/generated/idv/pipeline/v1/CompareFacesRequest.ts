// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface CompareFacesRequest {
  'imageA'?: (Buffer | Uint8Array | string);
  'imageB'?: (Buffer | Uint8Array | string);
}

export interface CompareFacesRequest__Output {
  'imageA': (Buffer);
  'imageB': (Buffer);
}
