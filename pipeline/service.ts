/**
 * The `idv.pipeline.v1.Pipeline` gRPC service. Each call becomes one pool task: images are handed
 * to the worker as transferable bytes, the call's deadline and cancellation abort it while queued,
 * and the worker's plain-data answer becomes the response or a coded gRPC status.
 *
 *   client ─► Verify ─► task {plan, input, deadline} ─► WorkerPool ─► worker.ts ─► stages
 *                                                                            │
 *   client ◄─ VerifyResponse / status + idv-error-code ◄── TaskResult ◄──────┘
 */
import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { isDocumentType } from '../common/document.js';
import { CodedError } from '../common/errors.js';
import type { PipelineHandlers } from '../proto/generated/idv/pipeline/v1/Pipeline.js';
import type { VerifyInput } from './job.js';
import { toGrpcError, wireToGrpc } from './grpc-errors.js';
import { pipelineProto } from './proto.js';
import type { WorkerPool } from './pool.js';
import { fieldSetMessage, verifyResponse } from './response.js';
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

  /** Runs a plan for a call; resolves with the job output or rejects with a gRPC status. */
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
      if (!result.ok) throw wireToGrpc(result.error);
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
      DecodeBarcode: (call, callback) => {
        const input = { ...emptyInput(1), back: ownBytes(call.request.image) };
        answer(this.#run(call, 'decodeBarcode', input).then(({ job, timings }) => ({
          text: job.barcodeText ?? '',
          format: 'PDF417',
          machineReadable: fieldSetMessage(job.machineReadable),
          timings,
        })), callback);
      },
      ReadMrz: (_call, callback) => callback(unimplemented('ReadMrz')),
      OcrImage: (_call, callback) => callback(unimplemented('OcrImage')),
      CompareFaces: (_call, callback) => callback(unimplemented('CompareFaces')),
    };
  }
}

function unimplemented(rpc: string): grpc.ServiceError {
  return Object.assign(new Error(`${rpc} is not available in this version of the pipeline.`), {
    code: grpc.status.UNIMPLEMENTED, details: `${rpc} is not available in this version of the pipeline.`, metadata: new grpc.Metadata(),
  });
}
