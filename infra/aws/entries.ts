/** Where each Lambda's code lives, by the layout of functions/; a missing file stops synthesis with its path. */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { relay, type ConsumerSpec } from '../../functions/consumers.js';
import { repoRoot } from './config.js';

export interface Entries {
  /** functions/http/<context>.ts, serving every route of that bounded context. */
  http(context: string): string;
  /**
   * A queue consumer's entry: a reactor's functions/consumers/<name>.ts, or functions/consumers/projector.ts
   * for a projector (run with PROJECTION=<name>, whose functions/projections/<name>.ts must exist).
   */
  consumer(consumer: Pick<ConsumerSpec, 'name' | 'kind'>): string;
  /** functions/consumers/<relay.name>.ts, the DynamoDB Stream → SQS fan-out. */
  relay(): string;
  /** functions/scheduled/<name>.ts, a job of functions/schedules.ts. */
  scheduled(name: string): string;
}

class MissingEntryError extends Error {
  constructor(
    readonly entry: string,
    what: string,
  ) {
    super(`Missing Lambda entry for ${what}: ${relative(repoRoot, entry) || entry} (it must export \`handler\`)`);
    this.name = 'MissingEntryError';
  }
}

const existing = (entry: string, what: string): string => {
  if (!existsSync(entry)) throw new MissingEntryError(entry, what);
  return entry;
};

export function entriesIn(functionsDir: string): Entries {
  return {
    http: (context) => existing(join(functionsDir, 'http', `${context}.ts`), `HTTP context "${context}"`),
    consumer: ({ name, kind }) => {
      if (kind === 'reactor') return existing(join(functionsDir, 'consumers', `${name}.ts`), `reactor "${name}"`);
      existing(join(functionsDir, 'projections', `${name}.ts`), `the projection of projector "${name}"`);
      return existing(join(functionsDir, 'consumers', 'projector.ts'), 'the projectors');
    },
    relay: () => existing(join(functionsDir, 'consumers', `${relay.name}.ts`), 'the stream relay'),
    scheduled: (name) => existing(join(functionsDir, 'scheduled', `${name}.ts`), `scheduled job "${name}"`),
  };
}
