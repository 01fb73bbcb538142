// Service worker of the Rulebook site, registered by every page (templates/assets/rulebook.js) with
// the site's root as its scope: the reference works at the table without a connection.
//
// _runtime/ (Pyodide, the adjudicator bundle, the calculator worker that runs them, schemas): cache
//   first, in a cache named after the runtime's digest — the build replaces __RUNTIME_VERSION__ — so a
//   new adjudicator or Pyodide gets a new cache, the old one is deleted, and an unchanged one is never
//   fetched twice. The calculator worker's own requests come here too (it has its page's controller).
// Everything else of the site (pages, theme assets, search index): network first, so an online
//   visitor always gets the current site; each answer is kept, and served when the network fails.
//   Copies are kept under their URL without its query (a static site's file does not depend on it:
//   Pagefind asks for its meta file with a ?ts= that changes on every search, the search page is
//   opened with ?q=).
// "Keep offline" (a page sends {keepOffline: manifest URL} on a MessagePort): the files the build
//   listed for a game of a tree (<lang>/_offline/<game>.json, each with its digest and size) are
//   stored in the kept cache (the runtime's in the runtime cache), with progress on the port; the
//   record of what is kept is the manifest itself, stored under <lang>/_offline/<game>.json in the
//   records cache with the date it was saved. Keeping again fetches only the files whose digest
//   changed; {removeOffline} deletes the files no other record lists. {updateKept} (every page sends
//   it; at most one check every ten minutes) keeps again each game whose manifest on the site changed.
// A page that is not kept, asked for without a network, is answered by a redirect to its tree's
//   "not kept offline" page (<lang>/offline/, kept with every game), never the browser's error; a
//   search result whose page is not kept gets a stand-in fragment titled so (the site script hides it).
// A page sends {served: its URL}: the answer says whether it came from a kept copy because the
//   network failed, and when that copy was saved; {check: its URL} asks the network whether a newer
//   one exists (and stores it), so the page says so instead of showing a stale copy silently.
// A page sends {keep: [URL, …]} for what it loaded before this worker controlled it (its first
//   visit, which does not wait for the worker); the worker stores what it does not hold yet, from the
//   browser's HTTP cache (the page has just loaded it), and answers on the message's port.
const RUNTIME_CACHE = "rulebook-runtime-__RUNTIME_VERSION__";
const PAGES_CACHE = "rulebook-pages";
const KEPT_CACHE = "rulebook-kept";
const RECORDS_CACHE = "rulebook-kept-records";
const RUNTIME_PREFIX = "rulebook-runtime-";
const SCOPE = new URL("./", self.location.href);
const RECORD_HEADER = "x-rulebook-saved";

/** What a navigation answered from a cache was, by URL: the date its copy was saved. */
const servedOffline = new Map();

function sameSite(url) {
  return url.origin === self.location.origin;
}

function isRuntime(url) {
  return url.pathname.includes("/_runtime/");
}

function cacheFor(url) {
  return caches.open(isRuntime(url) ? RUNTIME_CACHE : PAGES_CACHE);
}

/** The URL a copy is kept under: without its query, which never changes a file of a static site. */
function withoutQuery(url) {
  const plain = new URL(url.href);
  plain.search = "";
  plain.hash = "";
  return plain;
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

/** The tree a URL of the site belongs to ("de" for <scope>de/…), or null. */
function treeOf(url) {
  if (!url.href.startsWith(SCOPE.href)) return null;
  const first = url.href.slice(SCOPE.href.length).split(/[/?#]/)[0];
  return /^[a-z]{2}$/.test(first) ? first : null;
}

/** The kept copy of a URL: a kept game's file first, then a page kept because it was visited. */
async function keptCopy(url) {
  const key = withoutQuery(url).href;
  const kept = await (await caches.open(KEPT_CACHE)).match(key);
  if (kept) return kept;
  return (await caches.open(PAGES_CACHE)).match(key);
}

async function networkFirst(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    // Only whole answers: a 206 cannot be stored, an error page must not replace a good copy.
    if (response.status === 200) {
      const key = withoutQuery(url).href;
      (await caches.open(PAGES_CACHE)).put(key, response.clone());
      const kept = await caches.open(KEPT_CACHE);
      if (await kept.match(key)) kept.put(key, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await keptCopy(url);
    if (kept) {
      if (request.mode === "navigate") servedOffline.set(withoutQuery(url).href, kept.headers.get(RECORD_HEADER) || kept.headers.get("date"));
      return kept;
    }
    if (url.pathname.includes("/pagefind/fragment/")) return notKeptFragment(url);
    const lang = request.mode === "navigate" ? treeOf(url) : null;
    if (lang) {
      const notKept = new URL(`${lang}/offline/`, SCOPE);
      if (notKept.pathname !== url.pathname && (await keptCopy(notKept))) {
        notKept.searchParams.set("from", url.pathname + url.search);
        return Response.redirect(notKept.href, 302);
      }
    }
    throw error;
  }
}

/** A search result whose page is not kept: Pagefind's fragment (its uncompressed form) of a page titled
 *  "not kept offline" in the fragment's language, linking that tree's "not kept offline" page. */
async function notKeptFragment(url) {
  const lang = url.pathname.split("/").pop().split("_")[0];
  const kept = (await records()).find((item) => item.manifest.lang === lang);
  const title = kept ? kept.manifest.words.not_kept : "";
  const fragment = {
    url: new URL(`${lang}/offline/`, SCOPE).pathname,
    content: title,
    word_count: 0,
    filters: {},
    meta: { title, rb_not_kept: "1" },
    anchors: [],
  };
  return new Response(`pagefind_dcd${JSON.stringify(fragment)}`, { headers: { "content-type": "application/octet-stream" } });
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

// ---- Keep offline ---------------------------------------------------------------------------

async function records() {
  const cache = await caches.open(RECORDS_CACHE);
  const found = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    found.push({ url: request.url, saved: response.headers.get(RECORD_HEADER), manifest: await response.json() });
  }
  return found;
}

async function record(manifestURL) {
  const response = await (await caches.open(RECORDS_CACHE)).match(manifestURL);
  return response ? { saved: response.headers.get(RECORD_HEADER), manifest: await response.json() } : null;
}

function fileURL(file) {
  return new URL(file.url, SCOPE).href;
}

async function digestOf(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The digests of the files kept under the other records (a file two games share stays until both go). */
async function keptElsewhere(manifestURL) {
  const digests = new Map();
  for (const other of await records()) {
    if (other.url === manifestURL) continue;
    for (const file of other.manifest.files) digests.set(fileURL(file), file.digest);
  }
  return digests;
}

/** Store every file of a manifest whose digest is not the one kept; report progress on the port. */
async function keepOffline(manifestURL, port) {
  const response = await fetch(manifestURL, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${manifestURL}: HTTP ${response.status}`);
  const manifest = await response.json();
  const before = await record(manifestURL);
  const had = new Map((before ? before.manifest.files : []).map((file) => [fileURL(file), file.digest]));
  const elsewhere = await keptElsewhere(manifestURL);
  const saved = new Date().toISOString();
  const total = manifest.files.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  let failed = 0;
  const pending = [...manifest.files];
  const tell = () => port && port.postMessage({ progress: done, total });
  const worker = async () => {
    for (let file = pending.shift(); file; file = pending.shift()) {
      const url = new URL(fileURL(file));
      const cache = await caches.open(isRuntime(url) ? RUNTIME_CACHE : KEPT_CACHE);
      const current = had.get(url.href) === file.digest || elsewhere.get(url.href) === file.digest;
      if (!(current && (await cache.match(url.href)))) {
        try {
          const answer = await fetch(url.href, { cache: "no-cache" });
          const bytes = await answer.arrayBuffer();
          if (!answer.ok || (await digestOf(bytes)).slice(0, file.digest.length) !== file.digest) throw new Error(url.href);
          const headers = new Headers(answer.headers);
          headers.set(RECORD_HEADER, saved);
          await cache.put(url.href, new Response(bytes, { status: 200, headers }));
        } catch {
          failed += 1;
        }
      }
      done += file.size;
      tell();
    }
  };
  tell();
  await Promise.all([worker(), worker(), worker(), worker()]);
  if (failed) return { failed, total };
  const stale = [...had.keys()].filter((url) => !manifest.files.some((file) => fileURL(file) === url));
  await forget(stale, elsewhere);
  const headers = { "content-type": "application/json", [RECORD_HEADER]: saved };
  await (await caches.open(RECORDS_CACHE)).put(manifestURL, new Response(JSON.stringify(manifest), { headers }));
  return { saved, total, version: manifest.version };
}

async function forget(urls, elsewhere) {
  const kept = await caches.open(KEPT_CACHE);
  const runtime = await caches.open(RUNTIME_CACHE);
  for (const url of urls) {
    if (elsewhere.has(url)) continue;
    await (isRuntime(new URL(url)) ? runtime : kept).delete(url);
  }
}

async function removeOffline(manifestURL) {
  const before = await record(manifestURL);
  if (!before) return { removed: true };
  const elsewhere = await keptElsewhere(manifestURL);
  // The runtime stays in its cache: calculator pages opened online keep it too.
  await forget(before.manifest.files.map(fileURL).filter((url) => !isRuntime(new URL(url))), elsewhere);
  await (await caches.open(RECORDS_CACHE)).delete(manifestURL);
  return { removed: true };
}

/** What is kept of a manifest and whether the site has a newer one (asked of the network when online). */
async function offlineStatus(manifestURL) {
  const before = await record(manifestURL);
  if (!before) return { kept: false };
  const answer = { kept: true, saved: before.saved, total: before.manifest.files.reduce((sum, file) => sum + file.size, 0) };
  try {
    const current = await (await fetch(manifestURL, { cache: "no-cache" })).json();
    answer.newer = current.version !== before.manifest.version;
  } catch {
    answer.newer = null; // offline: unknown
  }
  return answer;
}

/** Whether the network has a different copy of a page served from a kept one; the newer one is stored. */
async function checkNewer(address) {
  const key = withoutQuery(new URL(address)).href;
  const old = await keptCopy(new URL(key));
  const response = await fetch(key, { cache: "no-cache" });
  if (response.status !== 200) return { newer: null };
  const fresh = await response.clone().arrayBuffer();
  const newer = !old || (await digestOf(await old.arrayBuffer())) !== (await digestOf(fresh));
  if (newer) await networkFirst(new Request(key));
  servedOffline.delete(key);
  return { newer };
}

const UPDATE_EVERY_MS = 10 * 60 * 1000;
let lastUpdate = 0;

/** Every kept game whose manifest on the site changed is kept again (only its changed files are fetched). */
async function updateKept() {
  if (Date.now() - lastUpdate < UPDATE_EVERY_MS) return { updated: [] };
  lastUpdate = Date.now();
  const updated = [];
  for (const kept of await records()) {
    const status = await offlineStatus(kept.url);
    if (status.newer && !(await keepOffline(kept.url, null)).failed) updated.push(kept.url);
  }
  return { updated };
}

async function answer(data, port) {
  if (data.updateKept) return updateKept();
  if (data.keepOffline) return keepOffline(new URL(data.keepOffline, SCOPE).href, port);
  if (data.removeOffline) return removeOffline(new URL(data.removeOffline, SCOPE).href);
  if (data.offlineStatus) return offlineStatus(new URL(data.offlineStatus, SCOPE).href);
  if (data.served) {
    const key = withoutQuery(new URL(data.served)).href;
    return { offline: servedOffline.has(key), saved: servedOffline.get(key) || null };
  }
  if (data.check) return checkNewer(data.check);
  const urls = Array.isArray(data.keep) ? data.keep : [];
  return { kept: await keep(urls), asked: urls.length };
}

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  event.waitUntil(
    answer(event.data || {}, port).then(
      (result) => port && port.postMessage({ done: true, ...result }),
      (error) => port && port.postMessage({ done: true, error: String(error) }),
    ),
  );
});
