/**
 * Inside a consumer's worker thread (consumer-worker.ts): loads the consumer's handler as the cloud does and runs each
 * batch the cloud's thread posts, posting back its answer, or its error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { consumers } from '../../functions/consumers.js';
import { lambdaContext, lazyConsumerHandler } from './handlers.js';
import { errorMessage } from './util.js';
import type { WorkerBatch, WorkerAnswer } from './consumer-worker.js';

const { consumer } = workerData as { consumer: string };
const spec = consumers.find((c) => c.name === consumer);
if (!spec || !parentPort) throw new Error(`consumer-worker-thread: no consumer ${consumer}, or not in a worker`);
const port = parentPort;
const load = lazyConsumerHandler(spec);

port.on('message', (batch: WorkerBatch) => {
  const answer = async (): Promise<WorkerAnswer> => {
    try {
      const handler = await load();
      const context = lambdaContext(consumer, batch.requestId, batch.region, batch.remainingMs);
      return { id: batch.id, result: (await handler(batch.event, context)) ?? null };
    } catch (error) {
      return { id: batch.id, error: errorMessage(error) };
    }
  };
  void answer().then((message) => port.postMessage(message));
});
