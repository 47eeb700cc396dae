/**
 * The five tables, defined once; the CDK stacks and the local cloud both build them from here.
 *
 * The projected views take two tables. `counters` holds the view items written on nearly every event (the projectors'
 * checkpoints and the play counters) and read by key or partition only; `views` holds the rest, listed through its
 * GSI. A table with a GSI maintains the index on every write, in DynamoDB Local even for an item with no index key, so
 * the hot items live in a table without one and the play ingest does not pay for an index it never reads
 * (docs/architecture.md, "Why it is so"). functions/platform/views.ts routes each item by its partition.
 */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}
export interface TableDefinition {
  /** Logical name; the physical name comes from the environment (TABLE_<NAME>). */
  name: 'events' | 'views' | 'counters' | 'ephemeral' | 'keys';
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  stream?: 'NEW_IMAGE';
  ttlAttribute?: string;
  globalIndexes: { name: string; partitionKey: KeyAttribute; sortKey: KeyAttribute }[];
}

export const tables: TableDefinition[] = [
  {
    name: 'events',
    partitionKey: { name: 'streamId', type: 'S' },
    sortKey: { name: 'version', type: 'N' },
    stream: 'NEW_IMAGE',
    globalIndexes: [],
  },
  {
    name: 'views',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [{ name: 'gsi1', partitionKey: { name: 'gsi1pk', type: 'S' }, sortKey: { name: 'gsi1sk', type: 'S' } }],
  },
  {
    name: 'counters',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [],
  },
  {
    name: 'ephemeral',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expiresAt',
    globalIndexes: [],
  },
  {
    // One data key per person (functions/platform/personal-data.ts), wrapped by the key-encryption key; read by key only.
    name: 'keys',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [],
  },
];

/** The tables a rebuild of the views writes (functions/operations/rebuild-views.ts). */
export const viewTableNames = ['views', 'counters'] as const;
