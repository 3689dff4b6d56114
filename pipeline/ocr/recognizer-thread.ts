/** The recogniser's helper thread: runs the batches it is sent on its own session. */
import { parentPort } from 'node:worker_threads';
import { floatTensor, runFloat, type FloatOutput } from '../backends/onnx.js';
import type { HelperReply, HelperRequest } from './recognizer-helper.js';
import { recognizerFor } from './sessions.js';

parentPort!.on('message', (request: HelperRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});

async function answer({ id, options, batches }: HelperRequest): Promise<HelperReply> {
  try {
    const { session } = await recognizerFor(options);
    const outputs: FloatOutput[] = [];
    for (const batch of batches) outputs.push(await runFloat(session, floatTensor(batch.input, batch.dims)));
    return { id, outputs };
  } catch (error) {
    return { id, error: (error as Error).message };
  }
}
