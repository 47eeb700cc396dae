/**
 * A consumer run in a worker thread of its own, as its Lambda runs in a runtime of its own. For the consumers whose
 * work holds the CPU for long stretches (rendering the pre-rendered pages): in the cloud's one event loop, their
 * renders stalled the API and the projectors (the projection-lag bench: p95 406 ms against 250 ms with the renders in
 * the same thread). The thread shares the process's environment (SHARE_ENV), so it reaches the same emulators; its
 * output joins the process's, so `npm start -- --only` and the log file see its lines too.
 */
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { QueueHandler } from './handlers.js';

/** The consumers the local cloud runs apart (by name, functions/consumers.ts). */
export const CONSUMERS_APART: ReadonlySet<string> = new Set(['prerender']);

/** A batch posted to the thread. */
export interface WorkerBatch {
  id: number;
  event: SQSEvent;
  requestId: string;
  region: string;
  remainingMs: number;
}

/** The thread's answer to a batch: the handler's result, or its error's message. */
export type WorkerAnswer = { id: number; result: SQSBatchResponse | null } | { id: number; error: string };

export interface ConsumerWorker {
  consumer: string;
  handler: QueueHandler;
  stop(): Promise<void>;
}

/** The consumer's handler, run in a thread started on its first batch (and again after the thread died). */
export function consumerWorker(consumer: string): ConsumerWorker {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, { resolve: (answer: SQSBatchResponse | undefined) => void; reject: (error: Error) => void }>();

  const thread = () => {
    if (worker) return worker;
    const started = new Worker(new URL('./consumer-worker.mjs', import.meta.url), { workerData: { consumer }, env: SHARE_ENV });
    started.on('message', (answer: WorkerAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ('error' in answer) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.result ?? undefined);
    });
    const died = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', died);
    started.on('exit', (code) => died(new Error(`the ${consumer} worker thread exited (${code})`)));
    worker = started;
    return started;
  };

  const handler: QueueHandler = (event: SQSEvent, context: Context) =>
    new Promise<SQSBatchResponse | undefined>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      const batch: WorkerBatch = {
        id,
        event,
        requestId: context.awsRequestId,
        region: context.invokedFunctionArn.split(':')[3],
        remainingMs: context.getRemainingTimeInMillis(),
      };
      thread().postMessage(batch);
    });

  return {
    consumer,
    handler,
    async stop() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
