/** The three tables, defined once; the CDK stacks and the local cloud both build them from here. */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}
export interface TableDefinition {
  /** Logical name; the physical name comes from the environment (TABLE_<NAME>). */
  name: 'events' | 'views' | 'ephemeral';
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
    name: 'ephemeral',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expiresAt',
    globalIndexes: [],
  },
];
