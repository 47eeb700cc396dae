/** What the fault tests share: a local cloud of their own with its fault proxies, a catalogue of their own, people, calls that retry a 503 as a client would, and the queues' depths. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { consumers, dlqName } from '../../functions/consumers.js';
import { qualifyingSeconds } from '../../functions/listening/domain/plays.js';
import { issueSessionToken } from '../../functions/platform/session.js';
import { signInWithEmail } from '../../functions/accounts/users.js';
import { startLocalCloud, type LocalCloud, type LocalCloudOptions } from '../../infra/local/cloud.js';
import { NAMES } from '../../infra/local/resources.js';
import type { FaultRates } from '../../infra/local/fault-proxy.js';
import type { CloudProcessInfo } from './cloud-process.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Running {
  child: ChildProcess;
  info: CloudProcessInfo;
  exited: Promise<void>;
}

/** Starts cloud-process.ts as the leader of a process group of its own and resolves with what it prints once it is up. */
export async function startCloudProcess(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/cloud-process.ts', dataDir], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => {
    errors.push(chunk.toString());
    if (errors.length > 40) errors.shift();
  });
  const info = await new Promise<CloudProcessInfo>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('TOKO_CLOUD '));
      if (line) resolve(JSON.parse(line.slice('TOKO_CLOUD '.length)) as CloudProcessInfo);
    });
    void exited.then(() => reject(new Error(`the cloud process exited before it was up:\n${errors.join('')}`)));
  });
  child.stdout.resume();
  return { child, info, exited };
}

/**
 * A kill -9 of the whole cloud: its Node process (gateway, handlers, relay, fauxqs, SES, the sandboxes) at once, then
 * DynamoDB Local's Java a quarter second later. DynamoDB Local answers a TransactWriteItems a moment before its commit
 * is on disk: killed in the same instant as an answer, its last acknowledged transaction was gone after the restart in
 * three runs of three (none lost once the kill came one event-loop turn later, and plain PutItems were never lost).
 * DynamoDB in AWS keeps what it acknowledged, and it is the app's crash these tests are about, not the emulator's disk.
 */
export async function killCloud(running: Running): Promise<void> {
  const group = running.child.pid!;
  const members = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, pgid]) => Number(pgid) === group);
  const storage = new Set(members.filter(([, , command]) => /java$/.test(command ?? '')).map(([pid]) => Number(pid)));
  for (const [pid] of members) if (!storage.has(Number(pid))) process.kill(Number(pid), 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 250));
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Nothing left in the group.
  }
  await running.exited;
}

/** Sets the rates of one of the cloud process's fault proxies. */
export const setFaults = async (info: CloudProcessInfo, target: keyof CloudProcessInfo['faults'], rates: FaultRates) => {
  const res = await fetch(`${info.faults[target]}/__faults`, { method: 'POST', body: JSON.stringify(rates) });
  expect(res.status).toBe(200);
};

/** Whether the cloud process's queues and relay went idle within `timeoutMs` (its control URL's waitForIdle). */
export const idle = async (info: CloudProcessInfo, timeoutMs: number) =>
  ((await (await fetch(`${info.control}/idle?timeoutMs=${timeoutMs}`)).json()) as { idle: boolean }).idle;

/**
 * A cloud on a fresh data directory with its fault proxies at rate 0, not seeded (a test publishes what it needs, as
 * publishFaultCatalogue does); `stop` also removes the directory.
 */
export async function startFaultCloud(options: Partial<LocalCloudOptions> = {}): Promise<LocalCloud & { dataDir: string }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'toko-faults-'));
  const cloud = await startLocalCloud({
    port: 0,
    dataDir,
    seed: false,
    quiet: true,
    mediaCacheDir: path.join(repoRoot, '.local', 'media-cache'),
    dynamoDbInMemory: true,
    faults: { seed: 16 },
    ...options,
  });
  return {
    ...cloud,
    dataDir,
    stop: async () => {
      await cloud.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The releases a fault load plays, adds to libraries and buys. */
export interface FaultCatalogue {
  /** Albums free to stream, each of one track. */
  freeAlbums: string[];
  /** An album for sale at $9.99. */
  paidAlbum: string;
}

/**
 * A catalogue of the load's own, published through the catalogue's commands into the cloud whose environment this
 * process has: four free albums of one short track and one album for sale, under ids of `name`. The label's seed is
 * not needed to prove what a load proves, and it costs a third of a cloud's start and, after a restart, a relay of all
 * its events again.
 */
export async function publishFaultCatalogue(name: string): Promise<FaultCatalogue> {
  const context = { actor: 'test', correlationId: randomUUID(), eventStore: dynamoEventStore };
  const artistId = `artist-${name}`;
  await createArtist(artistData({ artistId, name: `Fault load ${name}`, isMain: false }), context);
  const album = (suffix: string, changes: Parameters<typeof albumData>[0] = {}) =>
    albumData({
      albumId: `album-${name}-${suffix}`,
      artistId,
      title: `${name} ${suffix}`,
      // 20 s long: a play counts 10 s after its start (half the track), so the loads' plays wait 10 s before they are
      // reported, not the 30 s of a longer track.
      tracks: [trackData({ trackId: `track-${name}-${suffix}`, duration: 20 })],
      ...changes,
    });
  const free = ['one', 'two', 'three', 'four'].map((suffix) => album(suffix));
  const paid = album('for-sale', { requiredTier: 'purchase_required', isAvailableForPurchase: true, stripePriceDefault: 9.99 });
  for (const release of [...free, paid]) await publishAlbum(release, context);
  return { freeAlbums: free.map((a) => a.albumId), paidAlbum: paid.albumId };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** One HTTP call to the app, its JSON body parsed. */
export async function call(baseUrl: string, route: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
  const { json, headers, ...rest } = init;
  const res = await fetch(baseUrl + route, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(headers as Record<string, string>) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}

/** What a load run saw: every answer's status, and the 503s that came without Retry-After. */
export class Tally {
  statuses = new Map<number, number>();
  unavailableWithoutRetryAfter = 0;
  count(answer: Answer) {
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 503 && !answer.headers.get('retry-after')) this.unavailableWithoutRetryAfter++;
  }
  /** Answers of 500 or above other than 503. */
  serverErrors = () => [...this.statuses].filter(([s]) => s >= 500 && s !== 503).reduce((n, [, c]) => n + c, 0);
}

/** Calls until the app accepts (2xx), waiting Retry-After after each 503, as a well-behaved client does; any other answer is returned. */
export async function callUntilAccepted(tally: Tally, make: () => Promise<Answer>, tries = 10): Promise<Answer> {
  for (let i = 1; ; i++) {
    const answer = await make();
    tally.count(answer);
    if (answer.status !== 503 || i >= tries) return answer;
    await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after') ?? 1) * 1000));
  }
}

export interface Person {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

/** A signed-in person, made as the e-mail code sign-in makes one (before faults are turned on: it calls DynamoDB itself). */
export async function newPerson(name: string): Promise<Person> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const { user, sessionId } = await signInWithEmail(email, 'email_code', null, {
    actor: 'test',
    correlationId: randomUUID(),
    eventStore: dynamoEventStore,
  });
  const token = await issueSessionToken({ userId: user.id, sessionId });
  return { userId: user.id, email, headers: { authorization: `Bearer ${token}` } };
}

/** `count` signed-in people made four at a time (newPerson calls DynamoDB itself, with only the SDK's retries). */
export async function newPeople(count: number, name: string): Promise<Person[]> {
  const made: Person[] = [];
  await pool(
    Array.from({ length: count }, () => async () => void made.push(await newPerson(name))),
    4,
  );
  return made;
}

/** Messages in each consumer queue and in each DLQ, read from fauxqs directly (not through a proxy). */
export async function queueDepths(sqsEndpoint: string) {
  const sqs = new SQSClient({
    endpoint: sqsEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const depth = async (name: string) => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    return Number(Attributes.ApproximateNumberOfMessages ?? 0) + Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0);
  };
  const dlqs: Record<string, number> = {};
  for (const c of consumers) dlqs[c.name] = await depth(dlqName(NAMES.queuePrefix, c));
  sqs.destroy();
  return { dlqs };
}

/** Runs the tasks on `concurrency` loops. */
export async function pool(tasks: (() => Promise<void>)[], concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

/** The same order every run. */
export function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Polls until `check` returns a truthy value. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out after ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}

/** A play started as a player starts one, ready to report: its guest's cookie and the report's body with its token. */
export interface StartedPlay {
  albumId: string;
  headers: { cookie: string };
  json: { trackId: string; albumId: string; playToken: string };
}

/**
 * Starts one play of each track given, each by a guest of their own (the label counts one play per listener and track
 * per track length), and answers once every start is old enough for its play to count.
 */
export async function startPlays(
  baseUrl: string,
  plays: { albumId: string; track: { id: string; duration: number } }[],
): Promise<StartedPlay[]> {
  const started: StartedPlay[] = new Array(plays.length);
  await pool(
    plays.map(({ albumId, track }, i) => async () => {
      const headers = { cookie: `toko_listener=guest-${randomUUID()}` };
      const answer = await call(baseUrl, '/api/track-play/start', { method: 'POST', headers, json: { trackId: track.id, albumId } });
      if (answer.status !== 200) throw new Error(`track-play/start answered ${answer.status}`);
      started[i] = { albumId, headers, json: { trackId: track.id, albumId, playToken: (answer.body as { playToken: string }).playToken } };
    }),
    16,
  );
  const longest = Math.max(...plays.map((p) => p.track.duration));
  await new Promise((resolve) => setTimeout(resolve, qualifyingSeconds(longest) * 1000 + 200));
  return started;
}
