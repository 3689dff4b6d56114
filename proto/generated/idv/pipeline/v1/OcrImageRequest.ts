// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface OcrImageRequest {
  'image'?: (Buffer | Uint8Array | string);
}

export interface OcrImageRequest__Output {
  'image': (Buffer);
}
