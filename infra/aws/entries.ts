/** Where each Lambda's code lives, by the layout of functions/; a missing file stops synthesis with its path. */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './config.js';

export interface Entries {
  /** functions/http/<context>.ts, serving every route of that bounded context. */
  http(context: string): string;
  /** functions/consumers/<module>.ts, one queue consumer. */
  consumer(module: string): string;
  /** functions/consumers/relay.ts, the DynamoDB Stream → SQS fan-out. */
  relay(): string;
}

export class MissingEntryError extends Error {
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
    consumer: (module) => existing(join(functionsDir, 'consumers', `${module}.ts`), `consumer "${module}"`),
    relay: () => existing(join(functionsDir, 'consumers', 'relay.ts'), 'the stream relay'),
  };
}
