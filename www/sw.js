// The service worker: caches every asset of the page under a versioned name (cache-first), so the
// page loads and plays offline after one visit. A new build writes a new version.js, which makes
// the browser install this worker again; the new cache replaces the old one on activation.
/* global self, caches, importScripts */
importScripts('./version.js');

const VERSION = self.TENGEN_VERSION || 'unversioned';
const ASSETS = self.TENGEN_ASSETS || ['index.html'];
// Caches are per origin: the scope keeps two copies of the page on one host apart.
const PREFIX = `tengen:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
const INDEX = new URL('index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    // The first install (no cache of this page yet) takes what the page's first load already
    // fetched from the browser's HTTP cache ('force-cache'), so that a first visit downloads
    // each file once; an update fetches from the network ('reload'), so that the files match
    // the new version.
    const first = !(await caches.keys()).some((name) => name.startsWith(PREFIX));
    const cache = await caches.open(CACHE);
    const mode = first ? 'force-cache' : 'reload';
    await cache.addAll(ASSETS.map((a) => new Request(new URL(a, self.registration.scope), { cache: mode })));
    // The page keeps no state that an older worker could break: take over at once.
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigate = req.mode === 'navigate';
    const hit = await cache.match(req, { ignoreSearch: true })
      || (navigate && url.pathname.endsWith('/') ? await cache.match(INDEX) : undefined);
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      if (navigate) {
        const index = await cache.match(INDEX);
        if (index) return index;
      }
      throw err;
    }
  })());
});
