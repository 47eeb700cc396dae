/**
 * One SQS FIFO batch, handled as its order allows: the message groups (streams) at once, each group's records
 * in order through Powertools' FIFO processor. A failing record fails the rest of its group only, which SQS
 * redelivers in order; the other groups of the batch are done.
 */
import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export async function processFifoBatch(
  event: SQSEvent,
  recordHandler: (record: SQSRecord) => Promise<unknown>,
  context?: Context,
): Promise<SQSBatchResponse> {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes?.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const responses = await Promise.all(
    [...groups.values()].map((Records) =>
      processPartialResponse({ Records }, recordHandler, new SqsFifoPartialProcessorAsync(), { context, throwOnFullBatchFailure: false }),
    ),
  );
  return { batchItemFailures: responses.flatMap((response) => response.batchItemFailures) };
}
