// Original file: proto/idv/pipeline/v1/pipeline.proto


export interface ImageQuality {
  'image'?: (string);
  'width'?: (number);
  'height'?: (number);
  'sharpness'?: (number | string);
  'glare'?: (number | string);
  'downscaled'?: (boolean);
}

export interface ImageQuality__Output {
  'image': (string);
  'width': (number);
  'height': (number);
  'sharpness': (number);
  'glare': (number);
  'downscaled': (boolean);
}
