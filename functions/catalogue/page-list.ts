/**
 * The page list: the pre-rendered pages that exist, by path, which CloudFront's viewer function reads to answer a path
 * with its page or with the SPA (infra/aws/web-stack.ts, sitePagesCode). It is a CloudFront KeyValueStore, named by
 * PAGE_LIST_STORE (its ARN); a page's path is the key, its object's URI the value. Without a store (the local cloud,
 * whose gateway looks in the site bucket itself) there is no edge to tell, and the list does nothing.
 */
import { env } from '../platform/env.js';
import { retry } from '../platform/retry.js';

/** How long a pre-rendered page is served before it is asked for again, at the edge and in browsers. */
export const PAGE_FRESH_SECONDS = 60;
/** A stored page's Cache-Control: fresh a minute, then served while it is fetched again (CloudFront honours both). */
export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_FRESH_SECONDS}, stale-while-revalidate=600`;

interface PageList {
  /** Lists the page at `path` (after its HTML is stored), served from the object at `uri`. */
  list(path: string, uri: string): Promise<void>;
  /** Takes the page at `path` off the list (before its HTML is deleted). */
  unlist(path: string): Promise<void>;
}

/** The KeyValueStore calls the list makes; a write names the store's current ETag and fails with EtagConflict when it moved on. */
export interface KeyValueStoreApi {
  get(key: string): Promise<string | null>;
  etag(): Promise<string>;
  put(key: string, value: string, ifMatch: string): Promise<void>;
  /** Deleting a key that is not there is done. */
  delete(key: string, ifMatch: string): Promise<void>;
}

/** Another writer changed the store between reading its ETag and this write. */
export class EtagConflict extends Error {
  constructor() {
    super('the page list changed during the write');
    this.name = 'EtagConflict';
  }
}

/** Writes race each other (pages render concurrently): a lost race reads the ETag again and tries again. */
const WRITE_ATTEMPTS = 8;

export function keyValuePageList(store: KeyValueStoreApi): PageList {
  const write = (change: (etag: string) => Promise<void>) =>
    retry(async () => change(await store.etag()), {
      attempts: WRITE_ATTEMPTS,
      retryOn: (error) => error instanceof EtagConflict,
      delayMs: (attempt) => Math.round(Math.random() * 40 * attempt),
    });
  return {
    // Read first: most renders change a page already listed, and a read costs no write and races nobody.
    async list(path, uri) {
      if ((await store.get(path)) === uri) return;
      await write((etag) => store.put(path, uri, etag));
    },
    async unlist(path) {
      if ((await store.get(path)) === null) return;
      await write((etag) => store.delete(path, etag));
    },
  };
}

/** The client's module: the layer's (page-list-client.ts, bundled with its signer), never the runtime's SDK. */
export const PAGE_LIST_CLIENT_MODULE = 'toko-page-list-client';
type Client = typeof import('./page-list-client.js');
let client: Promise<Client> | undefined;
const loadClient = () => (client ??= import(PAGE_LIST_CLIENT_MODULE) as Promise<Client>);

/** The KeyValueStore at `arn`, through the AWS SDK. */
function cloudFrontStore(arn: string): KeyValueStoreApi {
  let kvs: InstanceType<Client['CloudFrontKeyValueStoreClient']> | undefined;
  const connect = async () => {
    const sdk = await loadClient();
    kvs ??= new sdk.CloudFrontKeyValueStoreClient({ maxAttempts: 3 });
    return { sdk, kvs };
  };
  /** Runs a call; a lost ETag race becomes EtagConflict, a missing key or store `missing()`'s answer. */
  const call = async <T>(work: (c: Awaited<ReturnType<typeof connect>>) => Promise<T>, missing?: () => T): Promise<T> => {
    const c = await connect();
    try {
      return await work(c);
    } catch (error) {
      if (error instanceof c.sdk.ConflictException) throw new EtagConflict();
      if (missing && error instanceof c.sdk.ResourceNotFoundException) return missing();
      throw error;
    }
  };
  return {
    get: (key) =>
      call(
        async ({ sdk, kvs }) => (await kvs.send(new sdk.GetKeyCommand({ KvsARN: arn, Key: key }))).Value ?? null,
        () => null,
      ),
    etag: () => call(async ({ sdk, kvs }) => (await kvs.send(new sdk.DescribeKeyValueStoreCommand({ KvsARN: arn }))).ETag ?? ''),
    put: (key, value, ifMatch) =>
      call(async ({ sdk, kvs }) => void (await kvs.send(new sdk.PutKeyCommand({ KvsARN: arn, Key: key, Value: value, IfMatch: ifMatch })))),
    delete: (key, ifMatch) =>
      call(
        async ({ sdk, kvs }) => void (await kvs.send(new sdk.DeleteKeyCommand({ KvsARN: arn, Key: key, IfMatch: ifMatch }))),
        () => undefined,
      ),
  };
}

const nothingToTell: PageList = { list: () => Promise.resolve(), unlist: () => Promise.resolve() };

let pageListInUse: PageList | undefined;
/** The page list of this deployment. */
export function pageList(): PageList {
  const arn = env().PAGE_LIST_STORE;
  return (pageListInUse ??= arn ? keyValuePageList(cloudFrontStore(arn)) : nothingToTell);
}
