// The token goes in an interceptor, not call credentials: grpc-js refuses those on a plain-text
// channel, and the loopback child asks for the token too.
import { readFile } from 'node:fs/promises';
import * as grpc from '@grpc/grpc-js';
import { ConfigError, type Config } from './config.js';

export interface PipelineSecurity {
  token: string | null;
  tls: { ca: Buffer | null; cert: Buffer | null; key: Buffer | null; serverName: string | null } | null;
}

/** Plain text, no token: a pipeline on loopback that asks for nothing. */
export const NO_PIPELINE_SECURITY: PipelineSecurity = Object.freeze({ token: null, tls: null });

async function read(variable: string, file: string | null): Promise<Buffer | null> {
  if (file === null) return null;
  try {
    return await readFile(file);
  } catch (error) {
    throw new ConfigError(`${variable} cannot be read: ${(error as Error).message}`);
  }
}

/** A missing file is a ConfigError naming the variable. */
export async function readPipelineSecurity(config: Pick<Config, 'pipelineToken' | 'pipelineTls'>): Promise<PipelineSecurity> {
  const tls = config.pipelineTls;
  if (tls === null) return { token: config.pipelineToken, tls: null };
  return {
    token: config.pipelineToken,
    tls: {
      ca: await read('IDV_PIPELINE_TLS_CA', tls.caFile),
      cert: await read('IDV_PIPELINE_TLS_CERT', tls.certFile),
      key: await read('IDV_PIPELINE_TLS_KEY', tls.keyFile),
      serverName: tls.serverName,
    },
  };
}

function tokenInterceptor(token: string): grpc.Interceptor {
  return (options, nextCall) => new grpc.InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      metadata.set('authorization', `Bearer ${token}`);
      next(metadata, listener);
    },
  });
}

export function channelSecurity(security: PipelineSecurity): { credentials: grpc.ChannelCredentials; options: grpc.ClientOptions } {
  const options: grpc.ClientOptions = security.token === null ? {} : { interceptors: [tokenInterceptor(security.token)] };
  const tls = security.tls;
  if (tls === null) return { credentials: grpc.credentials.createInsecure(), options };
  if (tls.serverName !== null) options['grpc.ssl_target_name_override'] = tls.serverName;
  return { credentials: grpc.credentials.createSsl(tls.ca, tls.key, tls.cert), options };
}
