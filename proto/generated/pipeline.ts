import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CompareFacesRequest as _idv_pipeline_v1_CompareFacesRequest, CompareFacesRequest__Output as _idv_pipeline_v1_CompareFacesRequest__Output } from './idv/pipeline/v1/CompareFacesRequest';
import type { CompareFacesResponse as _idv_pipeline_v1_CompareFacesResponse, CompareFacesResponse__Output as _idv_pipeline_v1_CompareFacesResponse__Output } from './idv/pipeline/v1/CompareFacesResponse';
import type { DecodeBarcodeRequest as _idv_pipeline_v1_DecodeBarcodeRequest, DecodeBarcodeRequest__Output as _idv_pipeline_v1_DecodeBarcodeRequest__Output } from './idv/pipeline/v1/DecodeBarcodeRequest';
import type { DecodeBarcodeResponse as _idv_pipeline_v1_DecodeBarcodeResponse, DecodeBarcodeResponse__Output as _idv_pipeline_v1_DecodeBarcodeResponse__Output } from './idv/pipeline/v1/DecodeBarcodeResponse';
import type { DocumentVerificationResult as _idv_pipeline_v1_DocumentVerificationResult, DocumentVerificationResult__Output as _idv_pipeline_v1_DocumentVerificationResult__Output } from './idv/pipeline/v1/DocumentVerificationResult';
import type { FaceVerificationResult as _idv_pipeline_v1_FaceVerificationResult, FaceVerificationResult__Output as _idv_pipeline_v1_FaceVerificationResult__Output } from './idv/pipeline/v1/FaceVerificationResult';
import type { FieldSet as _idv_pipeline_v1_FieldSet, FieldSet__Output as _idv_pipeline_v1_FieldSet__Output } from './idv/pipeline/v1/FieldSet';
import type { ImageQuality as _idv_pipeline_v1_ImageQuality, ImageQuality__Output as _idv_pipeline_v1_ImageQuality__Output } from './idv/pipeline/v1/ImageQuality';
import type { OcrImageRequest as _idv_pipeline_v1_OcrImageRequest, OcrImageRequest__Output as _idv_pipeline_v1_OcrImageRequest__Output } from './idv/pipeline/v1/OcrImageRequest';
import type { OcrImageResponse as _idv_pipeline_v1_OcrImageResponse, OcrImageResponse__Output as _idv_pipeline_v1_OcrImageResponse__Output } from './idv/pipeline/v1/OcrImageResponse';
import type { OcrLine as _idv_pipeline_v1_OcrLine, OcrLine__Output as _idv_pipeline_v1_OcrLine__Output } from './idv/pipeline/v1/OcrLine';
import type { PipelineClient as _idv_pipeline_v1_PipelineClient, PipelineDefinition as _idv_pipeline_v1_PipelineDefinition } from './idv/pipeline/v1/Pipeline';
import type { ReadMrzRequest as _idv_pipeline_v1_ReadMrzRequest, ReadMrzRequest__Output as _idv_pipeline_v1_ReadMrzRequest__Output } from './idv/pipeline/v1/ReadMrzRequest';
import type { ReadMrzResponse as _idv_pipeline_v1_ReadMrzResponse, ReadMrzResponse__Output as _idv_pipeline_v1_ReadMrzResponse__Output } from './idv/pipeline/v1/ReadMrzResponse';
import type { StageTiming as _idv_pipeline_v1_StageTiming, StageTiming__Output as _idv_pipeline_v1_StageTiming__Output } from './idv/pipeline/v1/StageTiming';
import type { VerificationCheck as _idv_pipeline_v1_VerificationCheck, VerificationCheck__Output as _idv_pipeline_v1_VerificationCheck__Output } from './idv/pipeline/v1/VerificationCheck';
import type { VerifyRequest as _idv_pipeline_v1_VerifyRequest, VerifyRequest__Output as _idv_pipeline_v1_VerifyRequest__Output } from './idv/pipeline/v1/VerifyRequest';
import type { VerifyResponse as _idv_pipeline_v1_VerifyResponse, VerifyResponse__Output as _idv_pipeline_v1_VerifyResponse__Output } from './idv/pipeline/v1/VerifyResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  idv: {
    pipeline: {
      v1: {
        CompareFacesRequest: MessageTypeDefinition<_idv_pipeline_v1_CompareFacesRequest, _idv_pipeline_v1_CompareFacesRequest__Output>
        CompareFacesResponse: MessageTypeDefinition<_idv_pipeline_v1_CompareFacesResponse, _idv_pipeline_v1_CompareFacesResponse__Output>
        DecodeBarcodeRequest: MessageTypeDefinition<_idv_pipeline_v1_DecodeBarcodeRequest, _idv_pipeline_v1_DecodeBarcodeRequest__Output>
        DecodeBarcodeResponse: MessageTypeDefinition<_idv_pipeline_v1_DecodeBarcodeResponse, _idv_pipeline_v1_DecodeBarcodeResponse__Output>
        DocumentVerificationResult: MessageTypeDefinition<_idv_pipeline_v1_DocumentVerificationResult, _idv_pipeline_v1_DocumentVerificationResult__Output>
        FaceVerificationResult: MessageTypeDefinition<_idv_pipeline_v1_FaceVerificationResult, _idv_pipeline_v1_FaceVerificationResult__Output>
        FieldSet: MessageTypeDefinition<_idv_pipeline_v1_FieldSet, _idv_pipeline_v1_FieldSet__Output>
        ImageQuality: MessageTypeDefinition<_idv_pipeline_v1_ImageQuality, _idv_pipeline_v1_ImageQuality__Output>
        OcrImageRequest: MessageTypeDefinition<_idv_pipeline_v1_OcrImageRequest, _idv_pipeline_v1_OcrImageRequest__Output>
        OcrImageResponse: MessageTypeDefinition<_idv_pipeline_v1_OcrImageResponse, _idv_pipeline_v1_OcrImageResponse__Output>
        OcrLine: MessageTypeDefinition<_idv_pipeline_v1_OcrLine, _idv_pipeline_v1_OcrLine__Output>
        Pipeline: SubtypeConstructor<typeof grpc.Client, _idv_pipeline_v1_PipelineClient> & { service: _idv_pipeline_v1_PipelineDefinition }
        ReadMrzRequest: MessageTypeDefinition<_idv_pipeline_v1_ReadMrzRequest, _idv_pipeline_v1_ReadMrzRequest__Output>
        ReadMrzResponse: MessageTypeDefinition<_idv_pipeline_v1_ReadMrzResponse, _idv_pipeline_v1_ReadMrzResponse__Output>
        StageTiming: MessageTypeDefinition<_idv_pipeline_v1_StageTiming, _idv_pipeline_v1_StageTiming__Output>
        VerificationCheck: MessageTypeDefinition<_idv_pipeline_v1_VerificationCheck, _idv_pipeline_v1_VerificationCheck__Output>
        VerifyRequest: MessageTypeDefinition<_idv_pipeline_v1_VerifyRequest, _idv_pipeline_v1_VerifyRequest__Output>
        VerifyResponse: MessageTypeDefinition<_idv_pipeline_v1_VerifyResponse, _idv_pipeline_v1_VerifyResponse__Output>
      }
    }
  }
}

