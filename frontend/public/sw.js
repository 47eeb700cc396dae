/*
 * Toko's service worker. The build stamps BUILD (a digest of the built page), so every release is a new
 * worker: it installs, takes over at once, and the page (app/service-worker.ts) reloads onto the new code.
 * - Hashed assets (/assets/*) are cached on first use and served from the cache (they never change).
 * - Pages are fetched from the network, falling back to the cached app when offline.
 * - The API and media (/api/*, /media/*, ranges, signed URLs) always go to the network untouched.
 */
const BUILD = '__TOKO_BUILD__';
const CACHE = `toko-${BUILD}`;
const APP_PAGE = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(APP_PAGE, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('toko-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  // An open page can ask every page of the app to reload onto this version.
  if (event.data && event.data.type === 'force-reload') {
    self.clients.matchAll({ type: 'window' }).then((clients) => clients.forEach((client) => client.postMessage({ type: 'force-reload' })));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/') || request.headers.has('range')) return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
    return;
  }

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match(APP_PAGE))
          .then((cached) => cached || Response.error()),
      ),
    );
  }
});
