/**
 * A PipelineClient that records each Verify call (metrics.ts): calls in flight, outcome, latency,
 * and the stage timings of successful answers (a failed call carries none).
 */
import { CodedError } from '../common/errors.js';
import type { Metrics } from './metrics.js';
import type { PipelineClient } from './pipeline-client.js';

/** Stage names become label values: accept only what a stage name looks like. */
const STAGE_NAME = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;

export function instrumentPipeline(client: PipelineClient, metrics: Metrics): PipelineClient {
  return {
    async verify(input) {
      metrics.pipelineInFlight.inc();
      const stopTimer = metrics.pipelineCallDuration.startTimer();
      let outcome = 'ok';
      try {
        const response = await client.verify(input);
        for (const { stage, ms } of response.timings) {
          if (STAGE_NAME.test(stage) && Number.isFinite(ms) && ms >= 0) metrics.stageDuration.observe({ stage }, ms / 1000);
        }
        return response;
      } catch (error) {
        outcome = error instanceof CodedError ? error.code : 'ApiError';
        throw error;
      } finally {
        metrics.pipelineInFlight.dec();
        stopTimer({ outcome });
        metrics.pipelineCalls.inc({ outcome });
      }
    },
    health: () => client.health(),
    close: () => client.close(),
  };
}
