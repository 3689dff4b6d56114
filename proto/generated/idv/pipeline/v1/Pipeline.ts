// Original file: proto/idv/pipeline/v1/pipeline.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CompareFacesRequest as _idv_pipeline_v1_CompareFacesRequest, CompareFacesRequest__Output as _idv_pipeline_v1_CompareFacesRequest__Output } from '../../../idv/pipeline/v1/CompareFacesRequest';
import type { CompareFacesResponse as _idv_pipeline_v1_CompareFacesResponse, CompareFacesResponse__Output as _idv_pipeline_v1_CompareFacesResponse__Output } from '../../../idv/pipeline/v1/CompareFacesResponse';
import type { DecodeBarcodeRequest as _idv_pipeline_v1_DecodeBarcodeRequest, DecodeBarcodeRequest__Output as _idv_pipeline_v1_DecodeBarcodeRequest__Output } from '../../../idv/pipeline/v1/DecodeBarcodeRequest';
import type { DecodeBarcodeResponse as _idv_pipeline_v1_DecodeBarcodeResponse, DecodeBarcodeResponse__Output as _idv_pipeline_v1_DecodeBarcodeResponse__Output } from '../../../idv/pipeline/v1/DecodeBarcodeResponse';
import type { OcrImageRequest as _idv_pipeline_v1_OcrImageRequest, OcrImageRequest__Output as _idv_pipeline_v1_OcrImageRequest__Output } from '../../../idv/pipeline/v1/OcrImageRequest';
import type { OcrImageResponse as _idv_pipeline_v1_OcrImageResponse, OcrImageResponse__Output as _idv_pipeline_v1_OcrImageResponse__Output } from '../../../idv/pipeline/v1/OcrImageResponse';
import type { ReadMrzRequest as _idv_pipeline_v1_ReadMrzRequest, ReadMrzRequest__Output as _idv_pipeline_v1_ReadMrzRequest__Output } from '../../../idv/pipeline/v1/ReadMrzRequest';
import type { ReadMrzResponse as _idv_pipeline_v1_ReadMrzResponse, ReadMrzResponse__Output as _idv_pipeline_v1_ReadMrzResponse__Output } from '../../../idv/pipeline/v1/ReadMrzResponse';
import type { VerifyRequest as _idv_pipeline_v1_VerifyRequest, VerifyRequest__Output as _idv_pipeline_v1_VerifyRequest__Output } from '../../../idv/pipeline/v1/VerifyRequest';
import type { VerifyResponse as _idv_pipeline_v1_VerifyResponse, VerifyResponse__Output as _idv_pipeline_v1_VerifyResponse__Output } from '../../../idv/pipeline/v1/VerifyResponse';

export interface PipelineClient extends grpc.Client {
  CompareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  CompareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  CompareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  CompareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  compareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  compareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  compareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  compareFaces(argument: _idv_pipeline_v1_CompareFacesRequest, callback: grpc.requestCallback<_idv_pipeline_v1_CompareFacesResponse__Output>): grpc.ClientUnaryCall;
  
  DecodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  DecodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  DecodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  DecodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  decodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  decodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  decodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  decodeBarcode(argument: _idv_pipeline_v1_DecodeBarcodeRequest, callback: grpc.requestCallback<_idv_pipeline_v1_DecodeBarcodeResponse__Output>): grpc.ClientUnaryCall;
  
  OcrImage(argument: _idv_pipeline_v1_OcrImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  OcrImage(argument: _idv_pipeline_v1_OcrImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  OcrImage(argument: _idv_pipeline_v1_OcrImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  OcrImage(argument: _idv_pipeline_v1_OcrImageRequest, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  ocrImage(argument: _idv_pipeline_v1_OcrImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  ocrImage(argument: _idv_pipeline_v1_OcrImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  ocrImage(argument: _idv_pipeline_v1_OcrImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  ocrImage(argument: _idv_pipeline_v1_OcrImageRequest, callback: grpc.requestCallback<_idv_pipeline_v1_OcrImageResponse__Output>): grpc.ClientUnaryCall;
  
  ReadMrz(argument: _idv_pipeline_v1_ReadMrzRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  ReadMrz(argument: _idv_pipeline_v1_ReadMrzRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  ReadMrz(argument: _idv_pipeline_v1_ReadMrzRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  ReadMrz(argument: _idv_pipeline_v1_ReadMrzRequest, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  readMrz(argument: _idv_pipeline_v1_ReadMrzRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  readMrz(argument: _idv_pipeline_v1_ReadMrzRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  readMrz(argument: _idv_pipeline_v1_ReadMrzRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  readMrz(argument: _idv_pipeline_v1_ReadMrzRequest, callback: grpc.requestCallback<_idv_pipeline_v1_ReadMrzResponse__Output>): grpc.ClientUnaryCall;
  
  Verify(argument: _idv_pipeline_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _idv_pipeline_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _idv_pipeline_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _idv_pipeline_v1_VerifyRequest, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _idv_pipeline_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _idv_pipeline_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _idv_pipeline_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _idv_pipeline_v1_VerifyRequest, callback: grpc.requestCallback<_idv_pipeline_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PipelineHandlers extends grpc.UntypedServiceImplementation {
  CompareFaces: grpc.handleUnaryCall<_idv_pipeline_v1_CompareFacesRequest__Output, _idv_pipeline_v1_CompareFacesResponse>;
  
  DecodeBarcode: grpc.handleUnaryCall<_idv_pipeline_v1_DecodeBarcodeRequest__Output, _idv_pipeline_v1_DecodeBarcodeResponse>;
  
  OcrImage: grpc.handleUnaryCall<_idv_pipeline_v1_OcrImageRequest__Output, _idv_pipeline_v1_OcrImageResponse>;
  
  ReadMrz: grpc.handleUnaryCall<_idv_pipeline_v1_ReadMrzRequest__Output, _idv_pipeline_v1_ReadMrzResponse>;
  
  Verify: grpc.handleUnaryCall<_idv_pipeline_v1_VerifyRequest__Output, _idv_pipeline_v1_VerifyResponse>;
  
}

export interface PipelineDefinition extends grpc.ServiceDefinition {
  CompareFaces: MethodDefinition<_idv_pipeline_v1_CompareFacesRequest, _idv_pipeline_v1_CompareFacesResponse, _idv_pipeline_v1_CompareFacesRequest__Output, _idv_pipeline_v1_CompareFacesResponse__Output>
  DecodeBarcode: MethodDefinition<_idv_pipeline_v1_DecodeBarcodeRequest, _idv_pipeline_v1_DecodeBarcodeResponse, _idv_pipeline_v1_DecodeBarcodeRequest__Output, _idv_pipeline_v1_DecodeBarcodeResponse__Output>
  OcrImage: MethodDefinition<_idv_pipeline_v1_OcrImageRequest, _idv_pipeline_v1_OcrImageResponse, _idv_pipeline_v1_OcrImageRequest__Output, _idv_pipeline_v1_OcrImageResponse__Output>
  ReadMrz: MethodDefinition<_idv_pipeline_v1_ReadMrzRequest, _idv_pipeline_v1_ReadMrzResponse, _idv_pipeline_v1_ReadMrzRequest__Output, _idv_pipeline_v1_ReadMrzResponse__Output>
  Verify: MethodDefinition<_idv_pipeline_v1_VerifyRequest, _idv_pipeline_v1_VerifyResponse, _idv_pipeline_v1_VerifyRequest__Output, _idv_pipeline_v1_VerifyResponse__Output>
}
