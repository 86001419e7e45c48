// pencilbox's service worker (written by `pencilbox site`): every file of this build is cached on
// the first visit, so the site then works with the network off, reload included. A new build has a
// new VERSION: its worker installs beside the old one, takes over at once and deletes the old cache.

const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `pencilbox-${VERSION}`;

self.addEventListener("install", (event) => {
  // from the server itself, never the HTTP cache: a new build must not keep an old build's file
  const fresh = FILES.map((f) => new Request(f, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pencilbox-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    const res = await fetch(event.request);
    if (res.ok && res.type === "basic") cache.put(event.request, res.clone());
    return res;
  }));
});
