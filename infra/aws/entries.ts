/**
 * Where each Lambda's code lives, by the layout of functions/: every bounded context is a folder of its own, and a
 * Lambda's entry is found by its kind and name in whichever context holds it (functions/<context>/http/<name>.ts, say).
 * A missing file, or two contexts claiming one name, stops synthesis (and the local cloud) with the paths.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { relay, type ConsumerSpec } from '../../functions/consumers.js';
import { repoRoot } from './config.js';

export interface Entries {
  /** functions/<context>/http/<name>.ts, serving every route of that Lambda context of routes.ts. */
  http(context: string): string;
  /**
   * A queue consumer's entry: a reactor's functions/<context>/consumers/<name>.ts, or the one projector entry
   * (functions/platform/consumers/projector.ts) for a projector, run with PROJECTION=<name>, whose
   * functions/<context>/projections/<name>.ts must exist.
   */
  consumer(consumer: Pick<ConsumerSpec, 'name' | 'kind'>): string;
  /** functions/platform/consumers/<relay.name>.ts, the DynamoDB Stream → SQS fan-out. */
  relay(): string;
  /** functions/<context>/scheduled/<name>.ts, a job of functions/schedules.ts. */
  scheduled(name: string): string;
}

/** The kinds of entry a context folder holds, each in a folder of that name. */
export type EntryKind = 'http' | 'consumers' | 'projections' | 'scheduled';

class MissingEntryError extends Error {
  constructor(
    readonly entry: string,
    what: string,
  ) {
    super(`Missing Lambda entry for ${what}: ${shown(entry)} (it must export \`handler\`)`);
    this.name = 'MissingEntryError';
  }
}

class AmbiguousEntryError extends Error {
  constructor(entries: string[], what: string) {
    super(`Two Lambda entries for ${what}: ${entries.map(shown).join(' and ')}; a name belongs to one context`);
    this.name = 'AmbiguousEntryError';
  }
}

const shown = (path: string) => relative(repoRoot, path) || path;

/**
 * The file of one entry: functions/<context>/<kind>/<name>.ts in the one context folder that has it. Missing, it
 * names the path a context would hold it at (`<context>` in it).
 */
export function entryFile(functionsDir: string, kind: EntryKind, name: string, what: string): string {
  const contexts = existsSync(functionsDir)
    ? readdirSync(functionsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  const found = contexts.map((context) => join(functionsDir, context.name, kind, `${name}.ts`)).filter((file) => existsSync(file));
  if (found.length > 1) throw new AmbiguousEntryError(found, what);
  if (found.length === 0) throw new MissingEntryError(join(functionsDir, '<context>', kind, `${name}.ts`), what);
  return found[0];
}

export function entriesIn(functionsDir: string): Entries {
  return {
    http: (context) => entryFile(functionsDir, 'http', context, `HTTP context "${context}"`),
    consumer: ({ name, kind }) => {
      if (kind === 'reactor') return entryFile(functionsDir, 'consumers', name, `reactor "${name}"`);
      entryFile(functionsDir, 'projections', name, `the projection of projector "${name}"`);
      return entryFile(functionsDir, 'consumers', 'projector', 'the projectors');
    },
    relay: () => entryFile(functionsDir, 'consumers', relay.name, 'the stream relay'),
    scheduled: (name) => entryFile(functionsDir, 'scheduled', name, `scheduled job "${name}"`),
  };
}
