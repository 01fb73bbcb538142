// Service worker of the Rulebook site: keeps the calculator runtime (Pyodide and the
// adjudicator bundle under _runtime/) in the browser cache, so a second visit loads it from
// the cache instead of the network and works offline. Pages themselves are not cached here.
// The build replaces __RUNTIME_VERSION__ with a digest of the runtime files, so a new
// adjudicator or Pyodide version gets a new cache and the old one is deleted.
const CACHE = "rulebook-runtime-__RUNTIME_VERSION__";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  ),
);

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !url.pathname.includes("/_runtime/")) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) cache.put(event.request, response.clone());
      return response;
    }),
  );
});
