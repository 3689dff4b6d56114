/** The shared bearer token (IDV_PIPELINE_TOKEN) as an interceptor; SHA-256 digests compared in constant time. */
import { createHash, timingSafeEqual } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';

const BEARER = /^Bearer (.+)$/;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function carriesToken(metadata: grpc.Metadata, expected: string): boolean {
  const values = metadata.get('authorization');
  const match = values.length === 1 && typeof values[0] === 'string' ? BEARER.exec(values[0]) : null;
  // A missing header is compared too, so every refusal costs the same.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(expected)) && match !== null;
}

export function tokenInterceptor(expected: string): grpc.ServerInterceptor {
  return (_method, call) => new grpc.ServerInterceptingCall(call, {
    start: (next) => {
      next({
        onReceiveMetadata: (metadata, accept) => {
          if (carriesToken(metadata, expected)) accept(metadata);
          else call.sendStatus({ code: grpc.status.UNAUTHENTICATED, details: 'the pipeline needs its token: authorization: Bearer <IDV_PIPELINE_TOKEN>' });
        },
      });
    },
  });
}
