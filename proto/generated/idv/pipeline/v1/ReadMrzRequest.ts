// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface ReadMrzRequest {
  'image'?: (Buffer | Uint8Array | string);
}

export interface ReadMrzRequest__Output {
  'image': (Buffer);
}
