// The playground's service worker: after one visit the page, its lessons and every link open without the
// network. It keeps one version of the page (index.html and the versioned assets it names) in a cache of
// its own and answers from it first. scripts/package_site.mjs fills in the version and the asset names, so
// this file changes with every build: the browser then installs the new worker beside the running one,
// the page offers to reload (index.html), and the new version takes over only when the user accepts.
const VERSION = '@VERSION@';
const ASSETS = ['@ASSETS@'];
const CACHE = `carvallo-${VERSION}`;

// A versioned asset (carvallo.<hash>.js/.wasm/.json) never changes under its name: one a former version cached
// is taken from there rather than downloaded again.
const VERSIONED = /carvallo\.[0-9a-f]{12}\.(js|wasm|json)$/;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(ASSETS.map(async (url) => {
      const kept = VERSIONED.test(url) ? await caches.match(url) : undefined;
      if (kept) return cache.put(url, kept);
      // A versioned asset the page has just loaded comes from the HTTP cache; the rest past it ('reload'),
      // so that the page cached is the one this version's assets belong to.
      const response = await fetch(VERSIONED.test(url) ? url : new Request(url, { cache: 'reload' }));
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return cache.put(url, response);
    }));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('carvallo-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page asks for the waiting version to take over once the user has accepted to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'activate') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Any page of the scope (a link differs only after '#', which never reaches the worker, or in its
    // query) is this version's index.html.
    const cached = request.mode === 'navigate' ? await cache.match('./') : await cache.match(request);
    return cached || fetch(request);
  })());
});
