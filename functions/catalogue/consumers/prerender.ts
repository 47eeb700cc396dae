/**
 * Reactor: keeps the pre-rendered pages (home, artists, albums: frontend/src/prerender) in the site bucket in step
 * with the catalogue. A change re-renders only the pages that show it: an album's own page, its artist's page, and the
 * home page when it features that album; an artist's page and the home page (its artists grid); the home page when
 * the staff choose its featured album or clear the choice. A batch's changes are
 * taken together, each page rendered once after all of them are in the view. An unpublished album's
 * page and an archived artist's page are deleted. The pages are built from the catalogue's guest answers, so a gated
 * album shows its public fields only. `renderAllPages` builds every page (the local cloud's start, and each deployment:
 * CloudFormation asks this function for it, infra/aws/api-stack.ts). A page is listed for CloudFront once stored, and
 * unlisted before it is deleted (functions/catalogue/page-list.ts); its share picture is made from its artwork on first use.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, Context, SQSEvent } from 'aws-lambda';
import type { DomainEvent } from '../../../events/index.js';
import { handler as catalogue } from '../http/catalogue.js';
import { s3Client } from '../../platform/aws.js';
import { eachConcurrently } from '../../platform/concurrently.js';
import { ORIGIN_HEADER } from '../../platform/edge-headers.js';
import { answerDeployment, isDeploymentRequest, type DeploymentRequest } from '../deployment-request.js';
import { env } from '../../platform/env.js';
import { shareImageOf } from '../media-intake/share-image.js';
import { PAGE_CACHE_CONTROL, pageList } from '../page-list.js';
import { reactorConsumer } from '../../platform/reactor.js';
import { getView, queryViews } from '../../platform/views.js';
import {
  albumKey,
  ALBUMS_INDEX,
  artistKey,
  ARTISTS_INDEX,
  featuredAlbumEvents,
  featuredAlbumKey,
  listingEvents,
} from '../projections/catalogue.js';
import { withSecrets } from '../../platform/secrets.js';

/** The renderer's module (frontend/src/prerender/render-page.tsx, bundled by frontend/build/page-renderer.ts). */
type PrerenderedPage = { kind: 'home' } | { kind: 'album'; albumId: string } | { kind: 'artist'; artistId: string };
interface Renderer {
  renderPage(input: {
    page: PrerenderedPage;
    template: string;
    origin: string;
    read: (route: string, params: Record<string, string>) => Promise<unknown>;
    shareImage: (artwork: string) => Promise<string | null>;
  }): Promise<{ html: string; albumIds: string[] } | null>;
  objectKeyOf(page: PrerenderedPage): string;
  pathOf(page: PrerenderedPage): string;
}

/** The events this reactor takes: those that change what listeners find, and which album the home page features. */
export const prerenderEvents = [...listingEvents, ...featuredAlbumEvents] as const;

/** How long a change may take to reach the catalogue view before this try gives up (the message is retried). */
const PROJECTION_WAIT_MS = 10_000;
const HOME: PrerenderedPage = { kind: 'home' };

let renderer: Promise<Renderer> | undefined;
// Loaded on first use from where the configuration says (a layer in AWS): a module name the bundler leaves alone.
const loadRenderer = () => (renderer ??= import(env().PAGE_RENDERER) as Promise<Renderer>);

const siteBucket = () => {
  const bucket = env().SITE_BUCKET;
  if (!bucket) throw new Error('SITE_BUCKET is not set: the pre-rendered pages have nowhere to go');
  return bucket;
};

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

const originHeaders = (): Record<string, string> => {
  const secret = env().ORIGIN_SECRET;
  return secret ? { [ORIGIN_HEADER]: secret } : {};
};

/** The catalogue's answer to a guest, from its own handler (the same code as GET on the API); null for a 404. */
async function guestRead(route: string, params: Record<string, string>): Promise<unknown> {
  const path = route.replace(/^GET /, '').replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const event = {
    version: '2.0',
    routeKey: route,
    rawPath: path,
    rawQueryString: '',
    // Its own function's call, not one from outside: it carries the origin secret as CloudFront's requests do.
    headers: { accept: 'application/json', ...originHeaders() },
    pathParameters: params,
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'toko-prerender' },
      requestId: `prerender-${Date.now()}`,
      routeKey: route,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  } as unknown as APIGatewayProxyEventV2;
  const answer = await catalogue(event, {} as Parameters<typeof catalogue>[1]);
  if (answer.statusCode === 404) return null;
  if (answer.statusCode !== 200 || typeof answer.body !== 'string') throw new Error(`pre-render: ${route} answered ${answer.statusCode}`);
  return JSON.parse(answer.body) as unknown;
}

let template: { text: string; etag: string | undefined } | undefined;
/** The SPA's index.html as deployed (its scripts' hashed names), read again when a deployment changed it; null before any. */
async function siteTemplate(): Promise<string | null> {
  const s3 = s3Client();
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: siteBucket(), Key: 'index.html' }));
    if (template && template.etag === head.ETag) return template.text;
    const object = await s3.send(new GetObjectCommand({ Bucket: siteBucket(), Key: 'index.html' }));
    template = { text: (await object.Body?.transformToString('utf8')) ?? '', etag: object.ETag };
    return template.text;
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 403) return null;
    throw error;
  }
}

/** The albums a stored page shows (kept in its metadata), or null when it has not been rendered. */
async function storedAlbums(key: string): Promise<string[] | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: siteBucket(), Key: key }));
    return (head.Metadata?.albums ?? '').split(' ').filter(Boolean);
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 403) return null;
    throw error;
  }
}

/**
 * Renders `page` and stores it (or deletes it when its subject is gone); `onlyIfShows` renders the home page only when
 * it shows one of those albums, before or after.
 */
async function renderStored(page: PrerenderedPage, onlyIfShows?: readonly string[]): Promise<'written' | 'deleted' | 'unchanged'> {
  const [module, text] = await Promise.all([loadRenderer(), siteTemplate()]);
  // No site deployed yet: nothing to render into (the deployment's first render makes every page).
  if (text === null) return 'unchanged';
  const key = module.objectKeyOf(page);
  const before = onlyIfShows ? await storedAlbums(key) : null;
  const rendered = await module.renderPage({
    page,
    template: text,
    origin: env().APP_ORIGIN,
    read: guestRead,
    shareImage: shareImageOf,
  });
  if (!rendered) {
    await deletePage(page);
    return 'deleted';
  }
  const shows = (albumIds: readonly string[]) => onlyIfShows?.some((albumId) => albumIds.includes(albumId)) ?? true;
  if (before !== null && !shows(before) && !shows(rendered.albumIds)) return 'unchanged';
  await s3Client().send(
    new PutObjectCommand({
      Bucket: siteBucket(),
      Key: key,
      Body: rendered.html,
      ContentType: 'text/html; charset=utf-8',
      // Served for a short while, then checked again: a change reaches readers within a minute, at the edge too.
      CacheControl: PAGE_CACHE_CONTROL,
      Metadata: { albums: rendered.albumIds.join(' ') },
    }),
  );
  await pageList().list(module.pathOf(page), objectUri(key));
  return 'written';
}

/** The URI of an object of the site bucket, as CloudFront asks the bucket for it. */
const objectUri = (key: string) => `/${key.split('/').map(encodeURIComponent).join('/')}`;

async function deletePage(page: PrerenderedPage): Promise<void> {
  const module = await loadRenderer();
  // Off the list first: the edge never sends a reader to a page that is gone.
  await pageList().unlist(module.pathOf(page));
  await s3Client().send(new DeleteObjectCommand({ Bucket: siteBucket(), Key: module.objectKeyOf(page) }));
}

/** Waits until the catalogue view reflects `event` (the reactor and the projection read separate queues). */
async function projected(event: DomainEvent, key: { pk: string; sk: string }): Promise<{ artistId?: string; unpublished?: boolean }> {
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const item = await getView<{ v?: number; artistId?: string; unpublished?: boolean }>(key);
    if (item && (item.v ?? 0) >= event.version) return item;
    if (Date.now() > deadline) throw new Error(`pre-render: ${event.streamId} v${event.version} is not in the catalogue view yet`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What became of a page a run of events shows on. */
export interface PageOutcome {
  page: PrerenderedPage;
  outcome: 'written' | 'deleted' | 'unchanged';
}

/**
 * The pages a run of events (a batch) changes, each rendered again once, from the catalogue view as it stands once it
 * holds all of them: ten artists added at once are ten artist pages and one home page, not ten of each.
 */
export async function renderAffected(events: readonly DomainEvent[]): Promise<PageOutcome[]> {
  /** Album id → whether its page goes (unpublished); artist id → whether it goes (archived): the latest event decides. */
  const albums = new Map<string, boolean>();
  const artists = new Map<string, boolean>();
  const homeShows = new Set<string>();
  let home = false;
  for (const event of events) {
    if (!(prerenderEvents as readonly string[]).includes(event.type)) continue;
    const data = event.data as { albumId?: string; artistId?: string };
    if ((featuredAlbumEvents as readonly string[]).includes(event.type)) {
      await projected(event, featuredAlbumKey);
      home = true;
    } else if (event.streamId.startsWith('album#') && data.albumId) {
      const album = await projected(event, albumKey(data.albumId));
      // An unpublished album's page goes (its subject is gone to guests); renderStored deletes what it cannot render.
      albums.set(data.albumId, album.unpublished === true);
      if (album.artistId && !artists.has(album.artistId)) artists.set(album.artistId, false);
      homeShows.add(data.albumId);
    } else if (event.streamId.startsWith('artist#') && data.artistId) {
      await projected(event, artistKey(data.artistId));
      artists.set(data.artistId, event.type === 'ArtistArchived');
      home = true;
    }
  }
  const pages: (PageOutcome & { goes: boolean })[] = [
    ...[...albums].map(([albumId, goes]) => ({ page: { kind: 'album', albumId } as const, goes, outcome: 'unchanged' as const })),
    ...[...artists].map(([artistId, goes]) => ({ page: { kind: 'artist', artistId } as const, goes, outcome: 'unchanged' as const })),
  ];
  await eachConcurrently(pages, 4, async (entry) => {
    if (entry.goes) await deletePage(entry.page);
    entry.outcome = entry.goes ? 'deleted' : await renderStored(entry.page);
  });
  const outcomes: PageOutcome[] = pages.map(({ page, outcome }) => ({ page, outcome }));
  // The home page last, once: an artist's change always shows on it; an album's only when it shows that album.
  if (home || homeShows.size > 0) outcomes.push({ page: HOME, outcome: await renderStored(HOME, home ? undefined : [...homeShows]) });
  return outcomes;
}

/** Every page: the home page, each listed artist's and each published album's. */
export async function renderAllPages(): Promise<number> {
  const [albums, artists] = await Promise.all([
    queryViews<{ id: string }>({ gsi1pk: ALBUMS_INDEX }),
    queryViews<{ id: string }>({ gsi1pk: ARTISTS_INDEX }),
  ]);
  const pages: PrerenderedPage[] = [
    HOME,
    ...artists.map((a): PrerenderedPage => ({ kind: 'artist', artistId: a.id })),
    ...albums.map((a): PrerenderedPage => ({ kind: 'album', albumId: a.id })),
  ];
  await eachConcurrently(pages, 4, async (page) => void (await renderStored(page)));
  return pages.length;
}

// A batch's events together (each page once); when that fails, each event alone, so one that cannot be rendered is
// retried, then dead-lettered, by itself.
const consumer = reactorConsumer('prerender', async (event) => void (await renderAffected([event])), {
  batch: async (events) => void (await renderAffected(events)),
});

/** The queue's batches, and once per deployment CloudFormation's request to render every page (infra/aws/api-stack.ts). */
export const handler = withSecrets(async (event: SQSEvent | DeploymentRequest, context?: Context) =>
  isDeploymentRequest(event) ? answerDeployment(event, async () => ({ Pages: String(await renderAllPages()) })) : consumer(event, context),
);
