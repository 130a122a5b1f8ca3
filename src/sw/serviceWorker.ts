/**
 * The service worker (built to /sw.js): lets a shared link opened once reopen without a network
 * (the workshop often has none), and makes a second visit download nothing that did not change.
 *
 * - A link's page (/s/{key}) opened before is answered from the cache at once, and asked of the
 *   network at the same time: when the network's page differs (a new revision, a renamed project,
 *   a new build) it replaces the stored one and the open page is told to load again
 *   (`LINK_CHANGED`); when the network answers 404 (unpublished, deleted) the stored page and its
 *   files are dropped and the page is told too, so the link stops at that very open. A page not
 *   stored yet goes to the network first.
 * - Hashed assets never change: cache first.
 * - A revision's model and poster URLs never change content: cache first. When a link's page
 *   names a new revision, the older revision of that link is dropped; when it answers 404, the
 *   link's files go too.
 * - The link's small answers (logo, comments, hyperlinks): network first, cache when offline.
 *
 * The page's first open happens before this worker controls it, so the page then sends the URLs
 * it used (a `CACHE_URLS` message, Workbox's router) and they are stored through the same routes.
 *
 * Strategies, routing and expiry are Workbox's (workbox-strategies, -routing, -expiration).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { bootJsonOfHtml, linkFilesOfBoot } from '../api/linkBoot';
import { LINK_CHANGED, LINK_CHECK, LINK_PATH } from './messages';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

/** The few service-worker globals used here (the project's type check targets the DOM). */
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ postMessage(message: unknown): void } | undefined> };
  addEventListener(type: 'install' | 'activate', listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown; source: { id: string; postMessage(message: unknown): void } | null; waitUntil(promise: Promise<unknown>): void }) => void): void;
}
const worker = self as unknown as WorkerScope;

/** What is used here of a fetch event. */
interface LinkFetchEvent {
  waitUntil(promise: Promise<unknown>): void;
  clientId: string;
  resultingClientId: string;
}

const CACHES = { links: 'cv-links-v1', assets: 'cv-assets-v1', models: 'cv-models-v1', linkData: 'cv-link-data-v1' } as const;

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

/** Only whole answers are kept: no errors, no partial (206) ones. */
const wholeAnswersOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null) };

/** A link's page is cached under its path alone, so `?filter=...` reopens offline too. */
const pathOnlyKey = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => new URL(request.url).origin + new URL(request.url).pathname,
};

/** Where the files of a link's revision are remembered, and which they are. */
async function linkRecord(linkPath: string): Promise<{ links: Cache; key: string; urls: string[] }> {
  const links = await caches.open(CACHES.links);
  const key = `${self.location.origin}/__models__${linkPath}`;
  const urls: string[] = await links
    .match(key)
    .then((record) => (record ? record.json() : []))
    .catch(() => []);
  return { links, key, urls };
}

async function dropModels(urls: string[]): Promise<void> {
  const models = await caches.open(CACHES.models);
  for (const url of urls) await models.delete(new URL(url, self.location.origin).href);
}

/** The model files a link's page names, remembered per link so a new revision replaces the old one. */
async function replaceLinkModels(linkPath: string, page: Response): Promise<void> {
  const html = await page.text();
  const files = linkFilesOfBoot(bootJsonOfHtml(html));
  const urls = files ? [files.modelUrl, ...(files.thumbnailUrl ? [files.thumbnailUrl] : [])] : [];
  const record = await linkRecord(linkPath);
  await dropModels(record.urls.filter((url) => !urls.includes(url)));
  await record.links.put(record.key, new Response(JSON.stringify(urls), { headers: { 'Content-Type': 'application/json' } }));
}

/** An unpublished or deleted link: its page and the files of its revision leave the caches. */
async function forgetLink(linkPath: string): Promise<void> {
  const record = await linkRecord(linkPath);
  await dropModels(record.urls);
  await record.links.delete(record.key);
  await record.links.delete(`${self.location.origin}${linkPath}`);
}

const linkPagePlugins = [
    pathOnlyKey,
    wholeAnswersOnly,
    {
      // A 404 (unpublished, deleted) removes the copy.
      fetchDidSucceed: async ({ request, response }) => {
        if (response.status === 404) await forgetLink(new URL(request.url).pathname);
        return response;
      },
      cacheDidUpdate: async ({ request, newResponse }) => {
        await replaceLinkModels(new URL(request.url).pathname, newResponse.clone());
      },
    },
  ] satisfies WorkboxPlugin[];
/** A link's page the first time: the network, or the stored copy when it has not answered in 6 s. */
const linkPages = new NetworkFirst({ cacheName: CACHES.links, networkTimeoutSeconds: 6, plugins: linkPagePlugins });
/**
 * The check behind a stored copy already on screen: the network's own answer however long it takes
 * (with the timeout, a slow answer came back as the stored copy itself, and the page never learnt
 * that its link had changed); the stored copy only when the network fails.
 */
const linkPageChecks = new NetworkFirst({ cacheName: CACHES.links, plugins: linkPagePlugins });
const router = new Router();
router.addFetchListener();
router.addCacheListener();
const sameOrigin = (url: URL) => url.origin === self.location.origin;


/**
 * The page a navigation is making: its client exists only once its document does, which on a
 * busy device can be after the network answered; it is looked for again for up to about 3 s.
 */
async function clientOf(id: string) {
  for (const wait of [0, 50, 100, 200, 400, 800, 1600]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const client = await worker.clients.get(id);
    if (client) return client;
  }
  return undefined;
}

/** Strong or weak, the same validator. */
const validatorOf = (response: Response) => response.headers.get('etag')?.replace(/^W\//, '') ?? null;

/**
 * The checks of pages answered from the cache, by the page's client id: whether the network's page
 * differs; a check is gone once its page was told. The page is told both ways, whichever comes first: the
 * worker looks for it when the network answers, and the page asks (`LINK_CHECK`) once it listens,
 * which on a busy device can be seconds after the network answered.
 */
const linkChecks = new Map<string, Promise<boolean>>();

function tell(id: string, client: { postMessage(message: unknown): void } | undefined, changed: boolean): void {
  if (!client || !linkChecks.has(id)) return;
  linkChecks.delete(id);
  if (changed) client.postMessage({ type: LINK_CHANGED });
}

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== LINK_CHECK || !event.source) return;
  const source = event.source;
  const check = linkChecks.get(source.id);
  if (check) event.waitUntil(check.then((changed) => tell(source.id, source, changed)));
});

router.registerRoute(
  new Route(
    ({ url }) => sameOrigin(url) && LINK_PATH.test(url.pathname),
    async ({ request, event }) => {
      const fetchEvent = event as unknown as LinkFetchEvent;
      const stored = await caches.open(CACHES.links).then((cache) => pathOnlyKey.cacheKeyWillBeUsed({ request }).then((key) => cache.match(key)));
      if (!stored) return linkPages.handle({ request, event: event as FetchEvent });
      const network = linkPageChecks.handle({ request, event: event as FetchEvent });
      const id = fetchEvent.resultingClientId || fetchEvent.clientId;
      const changed = network.then(
        (fresh) => fresh.status === 404 || (fresh.status === 200 && validatorOf(fresh) !== validatorOf(stored)),
        () => false,
      );
      linkChecks.set(id, changed);
      fetchEvent.waitUntil(
        changed
          .then(async (isChanged) => tell(id, await clientOf(id), isChanged))
          .catch(() => {}),
      );
      // A page that neither asks nor is found is forgotten after a minute.
      setTimeout(() => linkChecks.delete(id), 60_000);
      return stored;
    },
  ),
);

const assets = new CacheFirst({
  cacheName: CACHES.assets,
  plugins: [wholeAnswersOnly, new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 24 * 3600 })],
});
router.registerRoute(new Route(({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'), assets));

/**
 * A revision's model or poster: the owner's URL, or a link's (which is also a link answer, matched
 * here first). Not the pictures of the project cards (`?w=`): a list of many projects would push
 * the models kept for offline use out of this small cache.
 */
const MODEL_FILE = /^\/api\/v1\/(models\/[A-Za-z0-9]+|projects\/accessKeys\/[A-Za-z0-9]+\/models)\/\d+\.(glb|webp)$/;
const models = new CacheFirst({ cacheName: CACHES.models, plugins: [wholeAnswersOnly, new ExpirationPlugin({ maxEntries: 16 })] });
router.registerRoute(
  new Route(({ url, request }) => sameOrigin(url) && MODEL_FILE.test(url.pathname) && url.search === '' && !request.headers.has('range'), models),
);

const linkData = new NetworkFirst({
  cacheName: CACHES.linkData,
  networkTimeoutSeconds: 6,
  plugins: [wholeAnswersOnly, new ExpirationPlugin({ maxEntries: 64 })],
});
router.registerRoute(new Route(({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/v1/projects/accessKeys/'), linkData));
