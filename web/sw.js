// Service worker of the Rulebook site, registered by the calculator pages: a player
// who opened a calculator once can open it again at the table without a connection.
//
// _runtime/ (Pyodide, the adjudicator bundle, schemas): cache first, in a cache named after
//   the runtime's digest — the build replaces __RUNTIME_VERSION__ — so a new adjudicator or
//   Pyodide gets a new cache, the old one is deleted, and an unchanged one is never fetched twice.
// Everything else of the site (pages, theme assets, entry titles): network first, so an online
//   visitor always gets the current site; each answer is kept, and served when the network fails.
// A page sends {keep: [URL, …]} for what it loaded before this worker controlled it (its first
//   visit, which does not wait for the worker); the worker stores what it does not hold yet, from the
//   browser's HTTP cache (the page has just loaded it), and answers on the message's port.
const RUNTIME_CACHE = "rulebook-runtime-__RUNTIME_VERSION__";
const PAGES_CACHE = "rulebook-pages";
const RUNTIME_PREFIX = "rulebook-runtime-";

function sameSite(url) {
  return url.origin === self.location.origin;
}

function isRuntime(url) {
  return url.pathname.includes("/_runtime/");
}

function cacheFor(url) {
  return caches.open(isRuntime(url) ? RUNTIME_CACHE : PAGES_CACHE);
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(RUNTIME_PREFIX) && name !== RUNTIME_CACHE).map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  ),
);

async function cacheFirst(request) {
  const cache = await cacheFor(new URL(request.url));
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await cacheFor(new URL(request.url));
  try {
    const response = await fetch(request);
    // Only whole answers: a 206 cannot be stored, an error page must not replace a good copy.
    if (response.status === 200) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !sameSite(url)) return;
  event.respondWith(isRuntime(url) ? cacheFirst(event.request) : networkFirst(event.request));
});

async function keep(urls) {
  let kept = 0;
  for (const address of urls) {
    const url = new URL(address, self.location.href);
    if (!sameSite(url)) continue;
    const cache = await cacheFor(url);
    try {
      // The page has just loaded it: the browser's HTTP cache has it, however old its headers say it is.
      if (!(await cache.match(url.href))) await cache.add(new Request(url.href, { cache: "force-cache" }));
      kept += 1;
    } catch {
      // Gone or offline now: keep the others; the network-first answers fill the gap later.
    }
  }
  return kept;
}

self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  event.waitUntil(keep(urls).then((kept) => event.ports[0] && event.ports[0].postMessage({ kept, asked: urls.length })));
});
