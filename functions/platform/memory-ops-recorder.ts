/** An in-memory OpsRecorder for unit tests of consumers, so a test's failures never reach a cloud's sync manager. */
import type { SQSRecord } from 'aws-lambda';
import { errorText, type ErrorServing, type ErrorSubject } from './recent-errors.js';
import type { OpsRecorder } from './telemetry.js';

interface RecordedFailure {
  consumer: string;
  messageId: string;
  error: string;
  subject?: ErrorSubject;
}

export function memoryOpsRecorder(): OpsRecorder & { failures: RecordedFailure[]; batches: number } {
  const failures: RecordedFailure[] = [];
  const recorder = {
    failures,
    batches: 0,
    failure: (consumer: string, record: SQSRecord, error: unknown, { subject }: ErrorServing) => {
      failures.push({ consumer, messageId: record.messageId, error: errorText(error), ...(subject && { subject }) });
      return Promise.resolve();
    },
    batch: () => {
      recorder.batches += 1;
      return Promise.resolve();
    },
  };
  return recorder;
}
