/**
 * The operator's command line, `npm run ops -- <command>`: blue/green rebuilds of a projection (functions/operations/rebuild.ts)
 * run here, in this process, to the end. It reads the environment the handlers read (TABLE_*, AWS_ENDPOINT_URL_*, the
 * AWS credentials and region), so it works against the local cloud (the variables `npm start` gives its handlers) and
 * against a deployment (its table names, with the environment's credentials). The operator, the actor of the events it
 * records, is TOKO_OPERATOR or the user's login name.
 *
 *   rebuild <projection>   build anew (or resume a crashed rebuild) until it is ready, with its parity
 *   status [projection]    every rebuild's state and progress, or one's
 *   switch <projection>    switch readers to the rebuilt generation; with --accept-differences, also one whose parity
 *                          differs because the projection's code changed (it writes items the live one lacks)
 *   drop <projection>      delete the old generation of a switched rebuild
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { DomainError } from '../../functions/platform/errors.js';
import type { AppendContext } from '../../functions/platform/event-store.js';
import {
  claimRebuild,
  dropOldGeneration,
  listRebuilds,
  progressOf,
  rebuildAnswer,
  readRebuild,
  runRebuild,
  switchRebuild,
  type RebuildRecord,
} from '../../functions/operations/rebuild.js';

const usage =
  'usage: npm run ops -- rebuild <projection> | status [projection] | switch <projection> [--accept-differences] | drop <projection>';

const context = (): AppendContext => ({
  actor: `ops:${process.env.TOKO_OPERATOR ?? os.userInfo().username}`,
  correlationId: `ops-${randomUUID()}`,
});

const line = (record: RebuildRecord) =>
  `${record.projection}: generation ${record.generation} (live ${record.from}) ${record.state}, ${(progressOf(record) * 100).toFixed(0)}%, ` +
  `${record.scanned} events read, ${record.applied} applied` +
  (record.parity
    ? `; parity ${record.parity.ok ? 'ok' : `DIFFERS in ${record.parity.differingCount} partitions (${record.parity.differing.slice(0, 5).join(', ')})`}` +
      ` (${record.parity.live.items} live items, ${record.parity.rebuilt.items} rebuilt)`
    : '');

async function main([command, projection, ...flags]: string[]): Promise<number> {
  switch (command) {
    case 'rebuild': {
      if (!projection) break;
      const { record, runner } = await claimRebuild(projection, context());
      console.log(
        `rebuilding ${record.projection} into generation ${record.generation}, started by ${record.startedBy} at ${record.startedAt}`,
      );
      const progress = setInterval(() => {
        void readRebuild(record.projection).then((r) => r && console.log(line(r)));
      }, 2000);
      try {
        const done = await runRebuild(record, runner);
        console.log(line(done));
        return done.parity?.ok ? 0 : 2;
      } finally {
        clearInterval(progress);
      }
    }
    case 'status': {
      const { rebuilds } = await listRebuilds();
      const shown = projection ? rebuilds.filter((r) => r.projection === projection) : rebuilds;
      if (!shown.length) console.log(projection ? `${projection} has no rebuild` : 'no rebuilds');
      for (const r of shown) console.log(JSON.stringify(r));
      return 0;
    }
    case 'switch': {
      if (!projection) break;
      const accept = flags.includes('--accept-differences');
      console.log(JSON.stringify(rebuildAnswer(await switchRebuild(projection, context(), true, accept))));
      return 0;
    }
    case 'drop': {
      if (!projection) break;
      for (;;) {
        const { record, deleted, done } = await dropOldGeneration(projection, context(), 60_000);
        console.log(`${deleted} items of generation ${record.from} deleted${done ? '; dropped' : ', going on'}`);
        if (done) return 0;
      }
    }
  }
  console.error(usage);
  return 64;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  // A refusal (unknown projection, a rebuild running): its code and facts, as the console shows them.
  console.error(JSON.stringify({ error: error.code, message: error.message, ...error.details }));
  process.exitCode = error.kind === 'conflict' ? 3 : 1;
}
