/**
 * One SQS FIFO batch, handled as its order allows: the message groups (streams) at once, each group's records
 * in order through Powertools' FIFO processor. A failing record fails the rest of its group only, which SQS
 * redelivers in order; the other groups of the batch are done. A `groupHandler` may take a group's leading records
 * together first (a projector commits one stream's run of events at once): it answers how many it has done, and
 * the rest go one by one.
 */
import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export async function processFifoBatch(
  event: SQSEvent,
  recordHandler: (record: SQSRecord) => Promise<unknown>,
  context?: Context,
  groupHandler?: (records: SQSRecord[]) => Promise<number>,
): Promise<SQSBatchResponse> {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes?.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const responses = await Promise.all(
    [...groups.values()].map(async (records) => {
      const Records = records.slice(groupHandler ? await groupHandler(records) : 0);
      if (Records.length === 0) return { batchItemFailures: [] };
      return processPartialResponse({ Records }, recordHandler, new SqsFifoPartialProcessorAsync(), {
        context,
        throwOnFullBatchFailure: false,
      });
    }),
  );
  return { batchItemFailures: responses.flatMap((response) => response.batchItemFailures) };
}
