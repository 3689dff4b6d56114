/** The `idv.pipeline.v1.Pipeline` service: each call one pool task; deadline and cancellation abort it while queued. */
import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { isDocumentType } from '../common/document.js';
import { CodedError } from '../common/errors.js';
import type { PipelineHandlers } from '../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { VerifyInput } from './job.js';
import { toGrpcError, wireToGrpc, wireToGrpcWithQuality } from './grpc-errors.js';
import { pipelineProto } from './proto.js';
import type { WorkerPool } from './pool.js';
import { fieldSetMessage, qualityMessage, verifyResponse } from './response.js';
import type { PlanName, StageTiming } from './stages/index.js';
import type { JobOutput } from './tasks.js';
import type { StageTimings } from './timing.js';

/** Bytes the worker can own: a Buffer that is a view into a larger message buffer is copied once. */
function ownBytes(bytes: Buffer | Uint8Array | undefined | null): Uint8Array | null {
  if (!bytes || bytes.byteLength === 0) return null;
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes;
  return new Uint8Array(bytes);
}

function transferList(input: VerifyInput): ArrayBuffer[] {
  return [input.front, input.back, input.face]
    .filter((bytes): bytes is Uint8Array => bytes !== null)
    .map((bytes) => bytes.buffer as ArrayBuffer);
}

function emptyInput(documentType: VerifyInput['documentType']): VerifyInput {
  return { documentType, front: null, back: null, face: null, trackString: null, verifyFace: false };
}

export class PipelineService {
  readonly #pool: WorkerPool;
  readonly #timings: StageTimings;
  #accepting = true;

  constructor(pool: WorkerPool, timings: StageTimings) {
    this.#pool = pool;
    this.#timings = timings;
  }

  /** New calls are refused with UNAVAILABLE from now on (graceful shutdown). */
  stopAccepting(): void {
    this.#accepting = false;
  }

  addToServer(server: grpc.Server): void {
    server.addService(pipelineProto().idv.pipeline.v1.Pipeline.service, this.handlers());
  }

  async #run(call: grpc.ServerUnaryCall<unknown, unknown>, plan: PlanName, input: VerifyInput): Promise<{ job: JobOutput; timings: StageTiming[] }> {
    if (!this.#accepting) throw wireToGrpc({ code: 'ServiceUnavailable', message: 'The pipeline is shutting down.' });
    const controller = new AbortController();
    const onCancel = (): void => controller.abort(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    call.on('cancelled', onCancel);
    const deadline = call.getDeadline();
    const deadlineMs = deadline instanceof Date ? deadline.getTime() : Number.isFinite(deadline) ? Number(deadline) : null;
    const timer = deadlineMs === null ? undefined : setTimeout(onCancel, Math.max(0, deadlineMs - Date.now()));
    const started = performance.now();
    try {
      const result = await this.#pool.run({ plan, input, deadline: deadlineMs }, transferList(input), controller.signal);
      const timings: StageTiming[] = result.timings;
      for (const timing of timings) this.#timings.record(timing.stage, timing.ms);
      this.#timings.record(`${plan}.total`, performance.now() - started);
      if (!result.ok) throw wireToGrpcWithQuality(result.error, result.quality.map(qualityMessage));
      return { job: result.job, timings };
    } catch (error) {
      throw 'metadata' in (error as object) ? error : toGrpcError(error);
    } finally {
      clearTimeout(timer);
      call.removeListener('cancelled', onCancel);
    }
  }

  handlers(): PipelineHandlers {
    const answer = <T>(promise: Promise<T>, callback: grpc.sendUnaryData<T>): void => {
      promise.then((value) => callback(null, value), (error) => callback(error as grpc.ServiceError));
    };
    /** The image bytes of a single-stage call, or a ValidationError naming the missing field. */
    const image = (bytes: Buffer | undefined, field: string): Uint8Array => {
      const owned = ownBytes(bytes);
      if (owned === null) throw wireToGrpc(new CodedError('ValidationError', `${field} is required`).toWire());
      return owned;
    };
    /** Runs `work` unless reading the request's images failed. */
    const guarded = <T>(callback: grpc.sendUnaryData<T>, work: () => Promise<T>): void => {
      let promise: Promise<T>;
      try {
        promise = work();
      } catch (error) {
        callback(error as grpc.ServiceError);
        return;
      }
      answer(promise, callback);
    };
    return {
      Verify: (call, callback) => {
        const request = call.request;
        if (!isDocumentType(request.documentType)) {
          callback(wireToGrpc(new CodedError('ValidationError', `documentType ${request.documentType} is not a known document type`).toWire()) as grpc.ServiceError);
          return;
        }
        const input: VerifyInput = {
          documentType: request.documentType,
          front: ownBytes(request.frontImage),
          back: ownBytes(request.backImage),
          face: ownBytes(request.faceImage),
          trackString: request.trackString || null,
          verifyFace: request.verifyFace,
        };
        answer(this.#run(call, 'verify', input).then(({ job, timings }) => verifyResponse(input.documentType, job, timings)), callback);
      },
      DecodeBarcode: (call, callback) => guarded(callback, () => {
        const input = { ...emptyInput(1), back: image(call.request.image, 'image') };
        return this.#run(call, 'decodeBarcode', input).then(({ job, timings }) => ({
          text: job.barcodeText ?? '',
          format: 'PDF417',
          machineReadable: fieldSetMessage(job.machineReadable),
          timings,
        }));
      }),
      ReadMrz: (call, callback) => guarded(callback, () => {
        // Type 2 makes the MRZ stage search the one image given, as it does a passport's page.
        const input = { ...emptyInput(2), front: image(call.request.image, 'image') };
        return this.#run(call, 'readMrz', input).then(({ job, timings }) => ({
          lines: job.mrz?.lines ?? [],
          format: job.mrz?.format ?? '',
          machineReadable: fieldSetMessage(job.machineReadable),
          timings,
        }));
      }),
      OcrImage: (call, callback) => guarded(callback, () => {
        const input = { ...emptyInput(1), front: image(call.request.image, 'image') };
        return this.#run(call, 'ocrImage', input).then(({ job, timings }) => ({ lines: job.ocrLines ?? [], timings }));
      }),
      CompareFaces: (call, callback) => guarded(callback, () => {
        const input = {
          ...emptyInput(1), front: image(call.request.imageA, 'imageA'), face: image(call.request.imageB, 'imageB'), verifyFace: true,
        };
        return this.#run(call, 'compareFaces', input).then(({ job, timings }) => {
          const face = job.faceVerification;
          if (face === undefined) throw wireToGrpc({ code: 'CompareFacesError', message: 'The faces could not be compared.' });
          return { confidence: face.confidence, similarity: face.similarity, antiSpoofingB: face.antiSpoofing, timings };
        });
      }),
    };
  }
}
