/**
 * `npm run admin:enrol -- <email> [--aws [--prefix toko-]]`: a one-time link that makes the address an owner of the
 * label (functions/accounts/admin-enrolment.ts), printed here and nowhere else. Whoever opens it chooses a password and
 * sets up their authenticator app; it works once, for 24 hours, and a newer link for the address voids it.
 *
 * Where it records the link: with `--aws`, the deployment whose stacks are `<prefix>data` and `<prefix>web`, read
 * with the operator's AWS credentials and region (infra/ops/deployment.ts); else, when TABLE_EVENTS is set, the
 * environment it is run in (the settings the handlers read, as `npm run ops` takes them); else the local cloud
 * `npm start` is running. The actor of its event is the operator: TOKO_OPERATOR or the user's login name.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { emailAddress } from '../../functions/platform/contract/endpoint.js';
import { enrolmentLink, issueAdminEnrolment } from '../../functions/accounts/admin-enrolment.js';
import { env, resetEnvCache } from '../../functions/platform/env.js';
import { deploymentEnvironment } from './deployment.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const usage = 'usage: npm run admin:enrol -- <email> [--aws [--prefix toko-]]';
const localEnvFile = fileURLToPath(new URL('../../.local/cloud-env.json', import.meta.url));
const localPidFile = fileURLToPath(new URL('../../.local/cloud.pid', import.meta.url));

/** Whether `npm start` runs here: its settings are left behind when it was killed outright. */
function localCloudRuns(): boolean {
  const pid = Number(fs.existsSync(localPidFile) ? fs.readFileSync(localPidFile, 'utf8') : NaN);
  if (!Number.isInteger(pid) || !fs.existsSync(localEnvFile)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Target {
  /** Where the link is recorded, in words. */
  where: string;
  settings: Record<string, string>;
}

function localCloud(): Target {
  if (!localCloudRuns()) {
    throw new Error('No local cloud is running here: start it with `npm start`, or pass --aws for a deployment.');
  }
  return {
    where: `the local cloud (${path.relative(process.cwd(), localEnvFile)})`,
    settings: JSON.parse(fs.readFileSync(localEnvFile, 'utf8')) as Record<string, string>,
  };
}

async function targetOf(flags: { aws: boolean; prefix: string }): Promise<Target> {
  if (flags.aws)
    return { where: `the deployment ${flags.prefix}* of your AWS credentials`, settings: await deploymentEnvironment(flags.prefix) };
  if (process.env.TABLE_EVENTS) return { where: `the tables of this environment (${process.env.TABLE_EVENTS})`, settings: {} };
  return localCloud();
}

function parse(args: string[]) {
  const rest = [...args];
  const aws = rest.includes('--aws');
  const prefixAt = rest.indexOf('--prefix');
  const prefix = prefixAt >= 0 ? rest[prefixAt + 1] : 'toko-';
  const positional = rest.filter((arg, i) => !arg.startsWith('--') && (prefixAt < 0 || i !== prefixAt + 1));
  const email = z.safeParse(emailAddress, positional[0] ?? '');
  if (positional.length !== 1 || !email.success || !prefix) return null;
  return { email: email.data, aws, prefix };
}

async function main(args: string[]): Promise<number> {
  const parsed = parse(args);
  if (!parsed) {
    console.error(usage);
    return 64;
  }
  const target = await targetOf(parsed);
  Object.assign(process.env, target.settings);
  resetEnvCache();
  const context = {
    actor: `ops:${process.env.TOKO_OPERATOR ?? os.userInfo().username}`,
    correlationId: `admin-enrol-${randomUUID()}`,
    at: new Date(),
    eventStore: dynamoEventStore,
  };
  const issued = await issueAdminEnrolment(parsed.email, context);
  console.log(
    [
      `A one-time enrolment link for ${issued.email}, recorded in ${target.where}.`,
      `It works once, until ${issued.expiresAt.toISOString()}; a newer link for this address voids it. Give it to its owner only:`,
      '',
      `  ${enrolmentLink(env().APP_ORIGIN, issued.token)}`,
      '',
    ].join('\n'),
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
