// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface DecodeBarcodeRequest {
  'image'?: (Buffer | Uint8Array | string);
}

export interface DecodeBarcodeRequest__Output {
  'image': (Buffer);
}
