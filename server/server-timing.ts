// Stage timings go in `Server-Timing`, not the contract's JSON; caught in the request's async
// context, so the routes never see them.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';
import type { PipelineClient } from './pipeline-client.js';

type StageTimings = { stage: string; ms: number }[];

const current = new AsyncLocalStorage<StageTimings>();

/** A Server-Timing metric name is an HTTP token; stage names are, but a bad one is dropped. */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;

export function serverTiming() {
  return async (ctx: Context, next: Next): Promise<void> => {
    const timings: StageTimings = [];
    await current.run(timings, next);
    const entries = timings.filter(({ stage, ms }) => TOKEN.test(stage) && Number.isFinite(ms) && ms >= 0);
    if (entries.length > 0) ctx.set('Server-Timing', entries.map(({ stage, ms }) => `${stage};dur=${ms.toFixed(1)}`).join(', '));
  };
}

export function recordStageTimings(client: PipelineClient): PipelineClient {
  return {
    async verify(input) {
      const response = await client.verify(input);
      current.getStore()?.push(...response.timings);
      return response;
    },
    health: () => client.health(),
    close: () => client.close(),
  };
}
