// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface ImageQuality {
  'image'?: (string);
  'width'?: (number);
  'height'?: (number);
  'sharpness'?: (number | string);
  'glare'?: (number | string);
  'downscaled'?: (boolean);
  'brightness'?: (number | string);
  'dpi'?: (number | string);
  'documentCoverage'?: (number | string);
  'cutOff'?: (boolean);
  'jpegQuality'?: (number);
  'reasons'?: (string)[];
  '_dpi'?: "dpi";
  '_documentCoverage'?: "documentCoverage";
  '_cutOff'?: "cutOff";
  '_jpegQuality'?: "jpegQuality";
}

export interface ImageQuality__Output {
  'image': (string);
  'width': (number);
  'height': (number);
  'sharpness': (number);
  'glare': (number);
  'downscaled': (boolean);
  'brightness': (number);
  'dpi'?: (number);
  'documentCoverage'?: (number);
  'cutOff'?: (boolean);
  'jpegQuality'?: (number);
  'reasons': (string)[];
  '_dpi'?: "dpi";
  '_documentCoverage'?: "documentCoverage";
  '_cutOff'?: "cutOff";
  '_jpegQuality'?: "jpegQuality";
}
