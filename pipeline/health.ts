/** grpc.health.v1: NOT_SERVING from the start of shutdown, so a balancer stops sending calls before the process goes. */
import * as grpc from '@grpc/grpc-js';
import type { HealthHandlers } from '../proto/generated/grpc/health/v1/Health.js';
import type { HealthCheckResponse } from '../proto/generated/grpc/health/v1/HealthCheckResponse.js';
import { healthProto } from './proto.js';

export const PIPELINE_SERVICE_NAME = 'idv.pipeline.v1.Pipeline';
const KNOWN_SERVICES = new Set(['', PIPELINE_SERVICE_NAME]);

type Status = 'SERVING' | 'NOT_SERVING';

export class HealthService {
  #status: Status = 'SERVING';
  readonly #watchers = new Set<grpc.ServerWritableStream<unknown, HealthCheckResponse>>();

  setStatus(status: Status): void {
    this.#status = status;
    for (const watcher of this.#watchers) watcher.write({ status });
  }

  addToServer(server: grpc.Server): void {
    const handlers: HealthHandlers = {
      Check: (call, callback) => {
        if (!KNOWN_SERVICES.has(call.request.service)) {
          callback({ code: grpc.status.NOT_FOUND, details: `unknown service ${call.request.service}` });
          return;
        }
        callback(null, { status: this.#status });
      },
      Watch: (call) => {
        const status = KNOWN_SERVICES.has(call.request.service) ? this.#status : 'SERVICE_UNKNOWN';
        call.write({ status });
        this.#watchers.add(call);
        call.on('cancelled', () => this.#watchers.delete(call));
      },
    };
    server.addService(healthProto().grpc.health.v1.Health.service, handlers);
  }

  close(): void {
    for (const watcher of this.#watchers) watcher.end();
    this.#watchers.clear();
  }
}
