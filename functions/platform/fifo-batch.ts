/**
 * One SQS FIFO batch, handled as its order allows: the message groups (streams) at once, each group's records
 * in order through Powertools' FIFO processor. A failing record fails the rest of its group only, which SQS
 * redelivers in order; the other groups of the batch are done. A `groupHandler` may take a group's leading records
 * together first (a projector commits one stream's run of events at once): it answers how many it has done, and
 * the rest go one by one.
 */
import { processPartialResponse, SqsFifoPartialProcessorAsync } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

interface FifoBatchOptions {
  /**
   * Tries a failed group again from its failed record once every group of the batch has settled, for as long as a try
   * does some record: a projector's event may read what another stream of the same batch writes (an album its
   * artist's name), which the groups running at once had not committed yet.
   */
  retryFailedGroups?: boolean;
}

export async function processFifoBatch(
  event: SQSEvent,
  recordHandler: (record: SQSRecord) => Promise<unknown>,
  context?: Context,
  groupHandler?: (records: SQSRecord[]) => Promise<number>,
  options: FifoBatchOptions = {},
): Promise<SQSBatchResponse> {
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes?.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  /** The records of a group left undone: the failed one and those after it. */
  const handleGroup = async (records: SQSRecord[]): Promise<SQSRecord[]> => {
    const Records = records.slice(groupHandler ? await groupHandler(records) : 0);
    if (Records.length === 0) return [];
    const { batchItemFailures } = await processPartialResponse({ Records }, recordHandler, new SqsFifoPartialProcessorAsync(), {
      context,
      throwOnFullBatchFailure: false,
    });
    const failed = new Set(batchItemFailures.map((failure) => failure.itemIdentifier));
    const first = Records.findIndex((record) => failed.has(record.messageId));
    return first === -1 ? [] : Records.slice(first);
  };
  let pending = [...groups.values()];
  for (;;) {
    const left = (await Promise.all(pending.map(handleGroup))).filter((records) => records.length > 0);
    const progressed = left.reduce((n, records) => n + records.length, 0) < pending.reduce((n, records) => n + records.length, 0);
    pending = left;
    if (pending.length === 0 || !options.retryFailedGroups || !progressed) break;
  }
  return { batchItemFailures: pending.flat().map((record) => ({ itemIdentifier: record.messageId })) };
}
