// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface VerifyRequest {
  'documentType'?: (number);
  'frontImage'?: (Buffer | Uint8Array | string);
  'backImage'?: (Buffer | Uint8Array | string);
  'faceImage'?: (Buffer | Uint8Array | string);
  'trackString'?: (string);
  'verifyFace'?: (boolean);
}

export interface VerifyRequest__Output {
  'documentType': (number);
  'frontImage': (Buffer);
  'backImage': (Buffer);
  'faceImage': (Buffer);
  'trackString': (string);
  'verifyFace': (boolean);
}
