// Rulebook calculator pages: the adjudicator package — the same Python code CI
// verifies — running in the page under Pyodide, loaded only when a calculator page opens.
//
// The site script (assets/rulebook.js) imports this module only on a page with the host
// element that templates/calculator.md.j2 writes (content cannot make one: it has no data-*):
//   <div class="rb-calculator" data-rb-calculator="battle" data-root="../../../" data-lang="en"
//        data-entries="../entries.json" data-schema="../../../_runtime/schema/battle.json"
//        data-strings='{"run": "Run", …}' data-example='{…}'></div>
// data-rb-calculator  the calculator's registry name
// data-root           relative URL of the site root (where _runtime/ and sw.js live)
// data-lang           the tree's language (number formatting)
// data-entries        JSON {entry id: [title, URL relative to the tree]} for the trace's links
// data-schema         the scenario's JSON Schema: the form is made from it
// data-package        the adjudicator package that registers the calculator: the first run imports it alone
// data-strings        the UI words from the tree's gettext catalog; {name} is filled in here
// data-example        the scenario of a worked example, shown when the URL brings none
// A scenario travels in the URL fragment: #s=<base64url(deflate-raw(JSON))>; opening such a
// link restores the scenario and runs it. The page runs the scenario it opens with at once.
// The editor holds the scenario as JSON or as YAML (the worked examples' format in content/),
// the player's choice, remembered in localStorage; YAML pasted into the JSON editor is read as
// YAML and switches it. The YAML parser (js-yaml) is imported only when YAML is in play.
// State for tests and the benchmark: data-pending ("true" from a change until its whole answer is shown: a
// calculator whose answer has parts that can wait, a battle's rounds, shows the rest first and then them),
// data-shown-at (ms since navigation when the last answer showed), data-state ("loading", "running", "done", "invalid",
// "failed", "bad-link", "stopped"), data-result-at (ms since navigation when the first result showed),
// data-last-seconds (from Run to the rendered result), data-runs (results shown so far),
// data-workers (calculator workers started so far: Stop and a restarted long run start another),
// data-offline ("kept" once the service worker holds everything the page loaded, else "partly").
// Python runs in a worker (web/calculator-worker.js): an answer that takes longer than half a second
// shows its progress and Stop in the answer area.

const WORKER_SCRIPT = "_runtime/calculator-worker.js"; // Pyodide and the adjudicator, off the main thread
const YAML_MODULE = "_runtime/js-yaml.mjs"; // js-yaml, vendored from npm (rulebook/site/runtime.py)
const MESSAGES_DIR = "_runtime/messages/"; // the adjudicator's catalog per language, JSON (rulebook/site/runtime.py)
const FORMAT_KEY = "rulebook.scenario-format"; // localStorage: "json" or "yaml"
const YAML_MAX_ALIASES = 100; // a few anchors are handy; thousands are an expansion bomb
const SERVICE_WORKER = "sw.js";
const FORM_DEPTH = 4;
const FORM_ITEMS = 30; // longer lists (a big map's hexes) stay in the editor

// Outside a page (a module imported by a test under Node.js) there is no host.
const host = globalThis.document ? document.querySelector("[data-rb-calculator]") : null;
const UI = JSON.parse((host && host.dataset.strings) || "{}");

function t(key, params = {}) {
  const template = UI[key] || key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

// ---- Share links: deflate-raw + base64url in the fragment --------------------------------

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// A scenario is at most this many bytes, as adjudicator/limits.py's MAX_SCENARIO_BYTES says: a share
// link of a few hundred bytes may inflate to gigabytes, so inflating stops there.
const MAX_SCENARIO_BYTES = 1000000;

async function transform(bytes, stream, limit = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the scenario is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

export async function encodeScenario(scenario) {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  return toBase64Url(await transform(json, new CompressionStream("deflate-raw")));
}

export async function decodeScenario(fragment) {
  const bytes = await transform(fromBase64Url(fragment), new DecompressionStream("deflate-raw"), MAX_SCENARIO_BYTES);
  const scenario = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (scenario === null || typeof scenario !== "object" || Array.isArray(scenario)) throw new Error("not an object");
  return scenario;
}

// ---- The editor's text: JSON or YAML ---------------------------------------------------------

let yamlModule = null;

function loadYaml(root) {
  if (!yamlModule) {
    yamlModule = import(new URL(YAML_MODULE, new URL(root, location.href)).href);
    yamlModule.catch(() => {
      yamlModule = null; // offline before it was ever fetched: the next attempt tries again
    });
  }
  return yamlModule;
}

// An error in the editor's text, already in the page's language.
class ScenarioTextError extends Error {}

function storedFormat() {
  try {
    return localStorage.getItem(FORMAT_KEY) === "yaml" ? "yaml" : "json";
  } catch {
    return "json"; // storage blocked (private mode): JSON, as on a first visit
  }
}

function storeFormat(format) {
  try {
    localStorage.setItem(FORMAT_KEY, format);
  } catch {
    /* not remembered; the choice holds for this page */
  }
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// ---- The Python runtime, in a worker -------------------------------------------------------
// Pyodide and the adjudicator run in a dedicated worker (web/calculator-worker.js), so that a long
// computation never freezes the page and Stop can end it at once: the page terminates the worker
// and starts a fresh one for the next run.

let workerRegistration = null;

// The service worker keeps _runtime/ for the next visit and for offline use. The site script
// (templates/assets/rulebook.js) registers it on every page, before it imports this module, as
// window.rulebookServiceWorker (true once registered); the page loads Pyodide when it needs it
// without waiting for the worker to take control (that cost 0.1–0.4 s before the first byte), and
// what it and its calculator's worker loaded before the service worker controlled it is handed
// over afterwards (keepForOffline), which the browser's HTTP cache mostly answers.
function registerServiceWorker() {
  if (!workerRegistration) workerRegistration = globalThis.rulebookServiceWorker || Promise.resolve(false);
  return workerRegistration;
}

// A run that Stop (or a newer change that restarted the worker) ended: no answer, and nothing to report.
class RunStopped extends Error {}

// The page's calculator worker: {thread, call(message, onEvent), calls (id → its promise's ends),
// loaded (a promise of {resources}), loadSeconds (how long it took to start, once it has)}.
let computer = null;

function startComputer(root) {
  const thread = new Worker(new URL(WORKER_SCRIPT, new URL(root, location.href)), { type: "module" });
  host.dataset.workers = String(Number(host.dataset.workers || 0) + 1);
  const calls = new Map();
  let lastId = 0;
  const state = { thread, calls, loaded: null, loadSeconds: null };
  state.call = (message, onEvent) => new Promise((resolve, reject) => {
    lastId += 1;
    calls.set(lastId, { resolve, reject, onEvent });
    thread.postMessage({ ...message, id: lastId });
  });
  thread.addEventListener("message", (event) => {
    const reply = event.data || {};
    const pending = calls.get(reply.id);
    if (!pending) return;
    if (reply.kind === "started" || reply.kind === "progress") {
      if (pending.onEvent) pending.onEvent(reply);
      return;
    }
    calls.delete(reply.id);
    if (reply.kind === "failed") pending.reject(new Error(reply.error));
    else pending.resolve(reply);
  });
  // The worker's script did not load (offline on a first visit) or it broke: its runs fail, the next starts another.
  thread.addEventListener("error", (event) => {
    event.preventDefault();
    stopComputer(state, new Error(event.message || "the calculator's worker stopped"));
  });
  const started = performance.now();
  state.loaded = state.call({ kind: "load" });
  state.loaded.then(
    () => {
      state.loadSeconds = (performance.now() - started) / 1000;
    },
    (error) => stopComputer(state, error),
  );
  return state;
}

// End a worker: its runs are rejected with `reason`; the next run starts a fresh one.
function stopComputer(state, reason) {
  state.thread.terminate();
  for (const pending of state.calls.values()) pending.reject(reason);
  state.calls.clear();
  if (computer === state) computer = null;
}

// The worker, started (Pyodide loading in it) if there is none: a promise of what it loaded.
function loadRuntime(root) {
  if (!computer) computer = startComputer(root);
  return computer.loaded;
}

// The answer's words (summary, trace) in the page's language: the adjudicator catalog of the tree,
// handed to evaluate_json. Without it (an old cache, a failed fetch) the answer comes in English.
let catalog = null;

function loadCatalog(root, lang) {
  if (catalog) return catalog;
  catalog = fetch(new URL(`${MESSAGES_DIR}${lang}.json`, new URL(root, location.href)))
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
  catalog.then((text) => {
    if (text === null) {
      catalog = null; // tried again by the next Run
      return;
    }
    const words = JSON.parse(text);
    formWords = words.forms || {};
    answerWords = words.messages || {};
  });
  return catalog;
}

// ---- The form's words: labels, help and choices in the page's language ---------------------
// rulebook/adjudication/forms.py makes the same labels from the same names (a test keeps the two
// in step) and extracts them into the "forms" catalog; keys are gettext's context + "\u0004" + msgid.
let formWords = {};
let answerWords = {}; // the adjudicator's catalog: unit types, technologies, countries as its traces name them

function catalogWord(msgid) {
  const translation = answerWords[msgid];
  return typeof translation === "string" && translation ? translation : msgid;
}

function fieldLabel(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function choiceLabel(value) {
  return String(value).replace(/-/g, " ");
}

// A choice word some fields mean differently (terrain or weather "clear") has a message per field,
// context "choice:<field>"; every other one has context "choice" (rulebook/adjudication/forms.py).
function choiceWord(field, value) {
  const label = choiceLabel(value);
  const specific = field ? `choice:${field}` : null;
  return specific && translated(specific, label) ? word(specific, label) : word("choice", label);
}

function word(context, msgid) {
  return formWords[context ? `${context}\u0004${msgid}` : msgid] || msgid;
}

function translated(context, msgid) {
  return (context ? `${context}\u0004${msgid}` : msgid) in formWords;
}

// On a first visit the page, the theme's files and part of the runtime arrived before the service
// worker controlled the page, so it has not kept them: tell it what the page and its calculator's
// worker loaded (their Resource Timing entries, not a list of our own to keep in step), and the page
// opens again without a network.
async function keepForOffline(workerLoaded) {
  if (!(await registerServiceWorker())) return;
  const registration = await navigator.serviceWorker.ready;
  const loaded = [location.href.split("#")[0], ...performance.getEntriesByType("resource").map((entry) => entry.name), ...workerLoaded];
  const urls = [...new Set(loaded.filter((url) => url.startsWith(`${location.origin}/`) && !url.endsWith(`/${SERVICE_WORKER}`)))];
  const channel = new MessageChannel();
  const answered = new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data);
  });
  registration.active.postMessage({ keep: urls }, [channel.port2]);
  const answer = await answered;
  host.dataset.offline = answer.kept === answer.asked ? "kept" : "partly";
}

// ---- The form: made from the scenario's JSON Schema ---------------------------------------
// Scalars (numbers, text, yes/no, choices), nested objects, name → number maps (unit counts),
// lists of scalars (comma-separated) and lists of objects (cards, declarations, units: one
// group per item, with remove and add) get fields; what is deeper or longer stays in the editor.

function resolve(schema, root) {
  let current = schema || {};
  for (let guard = 0; current.$ref && guard < 20; guard += 1) current = root.$defs[current.$ref.split("/").pop()] || {};
  return current;
}

// A property's schema without $ref and "X | None" wrappers; its default stays with the property.
function unwrap(schema, root) {
  const options = schema.anyOf || schema.oneOf;
  if (options) {
    const real = options.filter((option) => option.type !== "null");
    if (real.length === 1) return { schema: resolve(real[0], root), nullable: real.length < options.length, fallback: schema.default };
  }
  return { schema: resolve(schema, root), nullable: false, fallback: "default" in schema ? schema.default : resolve(schema, root).default };
}

function valueAt(data, path) {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== "object" || !(key in current)) return undefined;
    current = current[key];
  }
  return current;
}

// A list stays a list when the next key is an item's index (a field of a list item: map.boxes.0.entry_hexes).
function setAt(data, path, value) {
  let current = data;
  path.slice(0, -1).forEach((key, position) => {
    const index = typeof path[position + 1] === "number";
    if (current[key] === null || typeof current[key] !== "object" || Array.isArray(current[key]) !== index) current[key] = index ? [] : {};
    current = current[key];
  });
  const last = path[path.length - 1];
  if (value === undefined) delete current[last];
  else current[last] = value;
}

function scalarKind(schema) {
  if (Array.isArray(schema.enum)) return "enum";
  if (["integer", "number", "string", "boolean"].includes(schema.type)) return schema.type;
  return null;
}

// The scalar kind of a list's items, and whether an item may also be a region {rect: [from, to]}
// (a box's entry hexes): the comma-separated field then writes a region as "from..to".
function listItems(itemsSchema, root) {
  const items = resolve(itemsSchema, root);
  if (scalarKind(items)) return { kind: scalarKind(items), regions: false };
  const options = (items.anyOf || items.oneOf || []).map((option) => resolve(option, root));
  const scalar = options.find((option) => scalarKind(option));
  const region = options.find((option) => option.properties && option.properties.rect && Object.keys(option.properties).length === 1);
  if (!scalar || !options.every((option) => option === scalar || option === region)) return null;
  return { kind: scalarKind(scalar), regions: Boolean(region), regionHelp: region && region.properties.rect.description };
}

const REGION = "..";

function listText(items) {
  return items.map((item) => (item && typeof item === "object" && Array.isArray(item.rect) ? item.rect.join(REGION) : item)).join(", ");
}

function parseListItem(kind, regions, text) {
  const parts = text.split(REGION);
  if (regions && parts.length === 2 && parts.every((part) => part.trim() !== "")) return { rect: parts.map((part) => part.trim()) };
  return parseScalar(kind, text);
}

function parseScalar(kind, text) {
  if (kind === "integer" || kind === "number") {
    const value = kind === "integer" ? Number.parseInt(text, 10) : Number.parseFloat(text);
    return Number.isFinite(value) ? value : text;
  }
  return text;
}

// The name of the field a path ends in (list indices skipped): "hexes.3.terrain" → "terrain".
function fieldName(path) {
  for (let index = path.length - 1; index >= 0; index -= 1) if (typeof path[index] === "string") return path[index];
  return null;
}

function fieldId(path) {
  return `rb-field-${path.join("-")}`;
}

function scalarInput(kind, schema, nullable, path, current, write, fallback) {
  const id = fieldId(path);
  const shown = current === undefined ? fallback : current;
  if (kind === "boolean") {
    const box = element("input", { id, type: "checkbox", "data-path": path.join(".") });
    box.checked = Boolean(shown);
    box.addEventListener("change", () => write(path, box.checked));
    return box;
  }
  if (kind === "enum") {
    const select = element("select", { id, "data-path": path.join(".") });
    if (nullable) select.append(element("option", { value: "", text: t("not_set") }));
    for (const option of schema.enum) select.append(element("option", { value: String(option), text: choiceWord(fieldName(path), option) }));
    select.value = shown === undefined || shown === null ? "" : String(shown);
    select.addEventListener("change", () => write(path, select.value === "" ? (nullable ? null : undefined) : select.value));
    return select;
  }
  const numeric = kind === "integer" || kind === "number";
  const input = element("input", {
    id,
    type: numeric ? "number" : "text",
    step: kind === "integer" ? "1" : numeric ? "any" : undefined,
    inputmode: kind === "integer" ? "numeric" : undefined,
    "data-path": path.join("."),
  });
  input.value = shown === undefined || shown === null ? "" : String(shown);
  input.addEventListener("input", () => {
    if (input.value.trim() === "") write(path, nullable ? null : undefined);
    else write(path, parseScalar(kind, input.value.trim()));
  });
  return input;
}

function itemLabel(key, index, item) {
  const name = item && typeof item === "object" ? item.name ?? item.player ?? item.id ?? item.card : undefined;
  return `${word("field", fieldLabel(key))} ${index + 1}${name === undefined || typeof name === "object" ? "" : ` · ${name}`}`;
}

// A list of objects: one group per item (its own fields, a remove button) and an add button
// that appends a copy of the last item. ctx: {write, changed, openLists}.
function listFields(key, itemSchema, root, data, path, ctx, depth) {
  const items = valueAt(data, path) || [];
  const list = element("details", { class: "rb-list", "data-path": path.join(".") });
  const pathKey = path.join(".");
  list.open = ctx.openLists.has(pathKey) || (depth === 0 && items.length <= 4);
  list.addEventListener("toggle", () => (list.open ? ctx.openLists.add(pathKey) : ctx.openLists.delete(pathKey)));
  list.append(element("summary", { text: `${word("field", fieldLabel(key))} (${items.length})` }));
  items.forEach((item, index) => {
    const set = element("fieldset", { class: "rb-group rb-item" }, [element("legend", { text: itemLabel(key, index, item) })]);
    buildFields(set, itemSchema, root, data, [...path, index], ctx, depth + 1);
    const remove = element("button", { type: "button", class: "md-button rb-remove", text: t("remove") });
    remove.addEventListener("click", () => {
      items.splice(index, 1);
      ctx.openLists.add(pathKey);
      ctx.changed();
    });
    set.append(remove);
    list.append(set);
  });
  const add = element("button", { type: "button", class: "md-button rb-add", text: t("add") });
  add.addEventListener("click", () => {
    const copy = items.length ? structuredClone(items[items.length - 1]) : {};
    // A copy of the last item, but under a name of its own where other fields refer to items by it.
    for (const target of ctx.identifiers) {
      const [list, identifier] = target.split(".");
      if (path.length === 1 && path[0] === list && isPlainObject(copy) && identifier in copy) copy[identifier] = freshValue(items, identifier, list);
    }
    if (!valueAt(data, path)) ctx.write(path, items);
    items.push(copy);
    ctx.openLists.add(pathKey);
    ctx.changed();
  });
  list.append(add);
  return list;
}

// What a field means: the docstring of the adjudicator's dataclass field, published in the
// JSON Schema, in the page's language when the forms catalog has it. Docstrings are written for
// programmers too: a Sphinx role (:attr:`Card.tw`) becomes the label of the field it names, an
// entry id between double backticks the entry's title (linked), a choice its word; any other
// literal ``like this`` is shown as code.
const ROLE = /:[a-z]+:`~?([^`<]*?)\s*(?:<([^>`]+)>)?`/g;
const LITERAL = /``(.+?)``/;

function helpParts(text, root) {
  const withoutRoles = text.replace(ROLE, (_, shown, target) => {
    const name = String(target || shown).split(".").pop();
    return target && shown ? shown : word("field", fieldLabel(name));
  });
  return withoutRoles.split(LITERAL).map((part, index) => {
    if (index % 2 === 0) return part;
    if (entries[part]) return element("a", { href: new URL(`${document.documentElement.lang}/${entries[part][1]}`, new URL(root, location.href)).href, text: entries[part][0] });
    if (translated("choice", choiceLabel(part))) return word("choice", choiceLabel(part));
    return element("code", { text: part });
  });
}

function hint(path, text) {
  const shown = word(null, text);
  const lang = translated(null, text) ? document.documentElement.lang : "en";
  const parts = helpParts(shown, host.dataset.root);
  return element("span", path ? { class: "rb-hint", id: `${fieldId(path)}-hint`, lang } : { class: "rb-hint", lang }, parts);
}

function describedField(label, control, path, description) {
  if (!description) return element("div", { class: "rb-field" }, [label, control]);
  control.setAttribute("aria-describedby", `${fieldId(path)}-hint`);
  return element("div", { class: "rb-field" }, [label, control, hint(path, description)]);
}

// A group of inputs for one field (a unit grid, chips, a list) has the field's id, and its help under the legend.
function describedGroup(group, path, description) {
  if (!group.id) group.id = fieldId(path);
  if (description) {
    group.setAttribute("aria-describedby", `${fieldId(path)}-hint`);
    group.children[0].after(hint(path, description));
  }
  return group;
}

// ---- Inputs by meaning (adjudicator/meaning.py: the schema's "x-rulebook" extension) ----------

const MEANING = "x-rulebook";

// The choices of a field for the scenario's game (or for any game).
function choicesFor(meaning, game) {
  const byGame = meaning.choices || {};
  return byGame[game] || byGame["*"] || (Object.keys(byGame).length === 1 ? Object.values(byGame)[0] : []);
}

function choiceName(choice) {
  return catalogWord(choice.label);
}

function stepperButton(text, label, onTap) {
  const button = element("button", { type: "button", class: "md-button rb-step", "aria-label": label, text });
  button.addEventListener("click", onTap);
  return button;
}

// A count per unit type: every unit type of the game in a row — its name in the page's language,
// its printed values, − / + and a number box. A count of 0 leaves the type out of the scenario.
function unitGrid(key, path, current, choices, ctx) {
  const set = element("fieldset", { class: "rb-group rb-map rb-units", "data-path": path.join(".") }, [
    element("legend", { text: word("field", fieldLabel(key)), title: key }),
  ]);
  const rows = element("div", { class: "rb-unit-rows" });
  const known = new Set(choices.map((choice) => choice.value));
  const others = Object.keys(current).filter((name) => !known.has(name));
  for (const choice of [...choices, ...others.map((name) => ({ value: name, label: name }))]) {
    const here = [...path, choice.value];
    const name = choiceName(choice);
    const box = element("input", {
      id: fieldId(here), type: "number", min: "0", step: "1", inputmode: "numeric", "data-path": here.join("."), class: "rb-count",
    });
    const shown = current[choice.value];
    box.value = shown === undefined ? "0" : String(shown);
    const set = (value) => {
      box.value = String(value);
      ctx.write(here, value === 0 ? undefined : value);
    };
    box.addEventListener("input", () => {
      const text = box.value.trim();
      const value = text === "" ? 0 : Number.parseInt(text, 10);
      ctx.write(here, Number.isFinite(value) && value === 0 ? undefined : Number.isFinite(value) ? value : text);
    });
    const count = () => Math.max(0, Number.parseInt(box.value, 10) || 0);
    const values = [choice.attack, choice.defence].every((value) => value === undefined)
      ? null
      : element("span", { class: "rb-unit-values", text: t("unit_values", { attack: choice.attack ?? "–", defence: choice.defence ?? "–" }) });
    rows.append(element("div", { class: "rb-unit-row" + (count() ? " rb-unit-used" : "") }, [
      element("label", { for: fieldId(here), class: "rb-unit-name" }, values ? [name, " ", values] : [name]),
      stepperButton("−", t("fewer", { name }), () => set(Math.max(0, count() - 1))),
      box,
      stepperButton("+", t("more", { name }), () => set(count() + 1)),
    ]));
  }
  const clear = element("button", { type: "button", class: "md-button rb-clear", text: t("clear") });
  clear.addEventListener("click", () => {
    ctx.write(path, {});
    ctx.changed();
  });
  set.append(rows, clear);
  return set;
}

// A set of choices (technologies): one toggle chip per choice.
function choiceChips(key, path, current, choices, ctx, named = false) {
  const set = element("fieldset", { class: "rb-group rb-chips", "data-path": path.join(".") }, [
    element("legend", { text: word("field", fieldLabel(key)), title: key }),
  ]);
  const chosen = new Set(current);
  for (const choice of choices) {
    const chip = element("button", {
      type: "button", class: "rb-chip", "aria-pressed": chosen.has(choice.value) ? "true" : "false", "data-value": choice.value, text: named ? choice.label : choiceName(choice),
    });
    chip.addEventListener("click", () => {
      if (chosen.has(choice.value)) chosen.delete(choice.value);
      else chosen.add(choice.value);
      chip.setAttribute("aria-pressed", chosen.has(choice.value) ? "true" : "false");
      const next = choices.map((item) => item.value).filter((value) => chosen.has(value));
      ctx.write(path, next.length ? next : undefined);
    });
    set.append(chip);
  }
  return set;
}

// An ordered list of unit types (loss order): the chosen types in order with up / down / remove, then
// the others to add at its end.
function orderList(key, path, current, choices, ctx) {
  const byValue = new Map(choices.map((choice) => [choice.value, choice]));
  const order = current.filter((value) => byValue.has(value) || typeof value === "string");
  const set = element("fieldset", { class: "rb-group rb-order", "data-path": path.join(".") }, [
    element("legend", { text: word("field", fieldLabel(key)), title: key }),
  ]);
  const commit = (next) => {
    ctx.write(path, next.length ? next : undefined);
    ctx.changed();
  };
  const list = element("ol", { class: "rb-order-list" });
  order.forEach((value, index) => {
    const name = byValue.has(value) ? choiceName(byValue.get(value)) : value;
    const up = stepperButton("↑", t("move_up", { name }), () => commit(order.map((item, at) => (at === index - 1 ? value : at === index ? order[index - 1] : item))));
    const down = stepperButton("↓", t("move_down", { name }), () => commit(order.map((item, at) => (at === index + 1 ? value : at === index ? order[index + 1] : item))));
    const remove = stepperButton("×", t("remove_named", { name }), () => commit(order.filter((_, at) => at !== index)));
    up.disabled = index === 0;
    down.disabled = index === order.length - 1;
    list.append(element("li", { "data-value": value }, [element("span", { class: "rb-order-name", text: name }), up, down, remove]));
  });
  set.append(list);
  const rest = choices.filter((choice) => !order.includes(choice.value));
  if (rest.length) {
    const adder = element("div", { class: "rb-order-add" });
    for (const choice of rest) {
      const chip = element("button", { type: "button", class: "rb-chip", "data-value": choice.value, text: `+ ${choiceName(choice)}` });
      chip.addEventListener("click", () => commit([...order, choice.value]));
      adder.append(chip);
    }
    set.append(adder);
  }
  return set;
}

function choiceSelect(path, current, choices, nullable, ctx, named = false) {
  const select = element("select", { id: fieldId(path), "data-path": path.join(".") });
  if (nullable || current === undefined || current === null) select.append(element("option", { value: "", text: t("not_set") }));
  for (const choice of choices) select.append(element("option", { value: choice.value, text: named ? choice.label : choiceName(choice) }));
  // A value the scenario holds that is not among the choices stays selectable: nothing is lost.
  if (typeof current === "string" && current && !choices.some((choice) => choice.value === current)) select.append(element("option", { value: current, text: current }));
  select.value = current === undefined || current === null ? "" : String(current);
  select.addEventListener("change", () => {
    ctx.write(path, select.value === "" ? (nullable ? null : undefined) : select.value);
  });
  return select;
}

// The items a reference may name: the values of "<list>.<key>" at the scenario's top level (the
// players entered, the cards on the table), each named by the keys of shown_by ("Radarstation · Ben").
function referredItems(meaning, data) {
  const [list, key] = meaning.refers_to.split(".");
  const items = data && Array.isArray(data[list]) ? data[list] : [];
  return items
    .filter((item) => isPlainObject(item) && typeof item[key] === "string" && item[key] !== "")
    .map((item) => {
      const shown = (meaning.shown_by || []).map((name) => item[name]).filter((value) => typeof value === "string" && value !== "");
      return { value: item[key], label: shown.length ? shown.join(" · ") : item[key] };
    });
}

// A printed card of the game's catalog: picking one writes what the catalog states about it into the
// card (its name, kind, values), keeping where it lies and whose it is.
function catalogSelect(path, current, choices, ctx) {
  const select = element("select", { id: fieldId(path), "data-path": path.join(".") });
  select.append(element("option", { value: "", text: t("not_set") }));
  for (const choice of choices) select.append(element("option", { value: choice.value, text: choice.label }));
  select.value = typeof current === "string" ? current : "";
  select.addEventListener("change", () => {
    const choice = choices.find((item) => item.value === select.value);
    const itemPath = path.slice(0, -1);
    const item = valueAt(ctx.scenario(), itemPath) || {};
    const kept = Object.fromEntries(Object.entries(item).filter(([name]) => CATALOG_KEEPS.has(name)));
    ctx.write(itemPath, choice ? { ...kept, card: choice.value, ...(choice.fill || {}) } : { ...kept });
    ctx.changed();
  });
  return select;
}

// What a card keeps when another printed card is picked for it: the fields about this copy, not the print.
const CATALOG_KEEPS = new Set(["id", "owner", "zone", "locked"]);

// Keys that name items for references elsewhere ("cards.id"): a new item of such a list gets a fresh value.
function identifierKeys(schema) {
  const found = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isPlainObject(value)) {
      const meaning = value[MEANING];
      if (meaning && meaning.refers_to) found.add(meaning.refers_to);
      Object.values(value).forEach(visit);
    }
  };
  visit(schema);
  return found;
}

function freshValue(items, key, base) {
  const taken = new Set(items.map((item) => (isPlainObject(item) ? item[key] : undefined)));
  for (let number = items.length + 1; ; number += 1) if (!taken.has(`${base}-${number}`)) return `${base}-${number}`;
}

// The game whose rules the scenario follows: the value of its field that means "game".
function scenarioGame(schema, scenario) {
  for (const [key, raw] of Object.entries((schema && schema.properties) || {})) {
    if ((raw[MEANING] || {}).kind === "game") return scenario && typeof scenario[key] === "string" ? scenario[key] : null;
  }
  return null;
}

function buildFields(parent, schema, root, data, path, ctx, depth) {
  const write = ctx.write;
  for (const [key, raw] of Object.entries(schema.properties || {})) {
    const here = [...path, key];
    const meaning = raw[MEANING] || {};
    // A field of another game than the scenario's is not asked; one most players leave goes under "More options".
    if (meaning.games && ctx.game && !meaning.games.includes(ctx.game)) continue;
    // What the site fills in (where a catalog card's values come from) is not asked.
    if (meaning.filled) continue;
    const container = meaning.expert && ctx.expert ? ctx.expert : parent;
    const { schema: field, nullable, fallback } = unwrap(raw, root);
    const description = raw.description || field.description;
    const current = valueAt(data, here);
    const kind = scalarKind(field);
    const label = element("label", { for: fieldId(here), text: word("field", fieldLabel(key)), title: key });
    const choices = meaning.choices ? choicesFor(meaning, ctx.game) : null;
    if (meaning.kind === "unit-counts" && choices && choices.length) {
      container.append(describedGroup(unitGrid(key, here, current || {}, choices, ctx), here, null));
    } else if (meaning.kind === "choice-set" && choices && choices.length) {
      container.append(describedGroup(choiceChips(key, here, current || [], choices, ctx), here, null));
    } else if (meaning.kind === "unit-order" && choices && choices.length) {
      container.append(describedGroup(orderList(key, here, current || [], choices, ctx), here, description));
    } else if (meaning.kind === "choice" && choices && choices.length) {
      container.append(describedField(label, choiceSelect(here, current, choices, nullable, ctx), here, description));
    } else if (meaning.kind === "reference" && meaning.refers_to) {
      container.append(describedField(label, choiceSelect(here, current, referredItems(meaning, data), nullable, ctx, true), here, description));
    } else if (meaning.kind === "references" && meaning.refers_to) {
      container.append(describedGroup(choiceChips(key, here, current || [], referredItems(meaning, data), ctx, true), here, null));
    } else if (meaning.kind === "catalog" && choices && choices.length) {
      container.append(describedField(label, catalogSelect(here, current, choices, ctx), here, description));
    } else if (kind) {
      container.append(describedField(label, scalarInput(kind, field, nullable, here, current, write, fallback), here, description));
    } else if (field.type === "object" && field.properties && depth < FORM_DEPTH) {
      const set = element("fieldset", { class: "rb-group" }, [element("legend", { text: word("field", fieldLabel(key)), title: key })]);
      buildFields(set, field, root, data, here, ctx, depth + 1);
      container.append(describedGroup(set, here, description));
    } else if (field.type === "object" && field.additionalProperties && scalarKind(resolve(field.additionalProperties, root))) {
      const keys = field.propertyNames ? resolve(field.propertyNames, root).enum : null;
      container.append(describedGroup(mapFields(key, resolve(field.additionalProperties, root), here, current || {}, write, keys), here, description));
    } else if (field.type === "array" && listItems(field.items, root)
               && (!Array.isArray(current) || current.every((item) => item === null || typeof item !== "object" || (listItems(field.items, root).regions && Array.isArray(item.rect))))) {
      const { kind: itemKind, regions, regionHelp } = listItems(field.items, root);
      const input = element("input", { id: fieldId(here), type: "text", "data-path": here.join("."), "data-list": "true" });
      input.value = Array.isArray(current) ? listText(current) : "";
      input.addEventListener("input", () => {
        const items = input.value.split(",").map((item) => item.trim()).filter((item) => item !== "");
        write(here, items.length || current !== undefined ? items.map((item) => parseListItem(itemKind, regions, item)) : undefined);
      });
      const described = describedField(label, input, here, description);
      if (regionHelp) described.append(hint(null, regionHelp));
      container.append(described);
    } else if (field.type === "array" && resolve(field.items, root).properties && depth < FORM_DEPTH
               && (current === undefined || (Array.isArray(current) && current.length <= FORM_ITEMS))) {
      container.append(describedGroup(listFields(key, resolve(field.items, root), root, data, here, ctx, depth), here, description));
    } else if (Array.isArray(current) || (current && typeof current === "object")) {
      const count = Array.isArray(current) ? current.length : Object.keys(current).length;
      container.append(element("p", { class: "rb-field rb-in-editor" }, [element("strong", { text: word("field", fieldLabel(key)), title: key }), ` ${t("in_editor", { count })}`]));
    }
  }
}

// A name → number map: one field per name, and a row to add a name. Where the names are choices
// (``keys``, a country per row), each row is named by its word and a new one is picked, never typed.
function mapFields(key, valueSchema, path, current, write, keys) {
  const kind = scalarKind(valueSchema);
  const set = element("fieldset", { class: "rb-group rb-map", "data-path": path.join(".") }, [element("legend", { text: word("field", fieldLabel(key)), title: key })]);
  const rows = element("div", { class: "rb-map-rows" });
  const named = (name) => (keys ? choiceWord(key, name) : name);
  const addRow = (name, value) => {
    const here = [...path, name];
    rows.append(element("div", { class: "rb-field" }, [
      element("label", { for: fieldId(here), text: named(name) }),
      scalarInput(kind, valueSchema, false, here, value, write),
    ]));
  };
  for (const [name, value] of Object.entries(current)) addRow(name, value);
  const newName = keys
    ? element("select", { class: "rb-new-key", "aria-label": `${word("field", fieldLabel(key))}: ${t("add")}` })
    : element("input", { type: "text", class: "rb-new-key", "aria-label": `${key}: ${t("new_key")}`, placeholder: t("new_key") });
  const offerKeys = () => {
    if (!keys) return;
    const left = keys.filter((name) => !(name in current));
    newName.replaceChildren(...left.map((name) => element("option", { value: name, text: named(name) })));
    adder.hidden = left.length === 0;
  };
  const add = element("button", { type: "button", class: "md-button rb-add", text: t("add") });
  add.addEventListener("click", () => {
    const name = newName.value.trim();
    if (!name || name in current) return;
    current[name] = kind === "boolean" ? false : kind === "string" || kind === "enum" ? "" : 1;
    write([...path, name], current[name]);
    addRow(name, current[name]);
    if (keys) offerKeys();
    else newName.value = "";
  });
  const adder = element("div", { class: "rb-field rb-add-row" }, [newName, add]);
  offerKeys();
  set.append(rows, adder);
  return set;
}

// A scenario whose map has a list of hexes (the Unconditional Surrender! supply, ZOC and stacking
// calculators) gets the map editor of web/mapeditor.js above its form.
function hasHexMap(schema) {
  if (!schema || !schema.properties || !schema.properties.map) return false;
  const map = resolve(schema.properties.map, schema);
  return Boolean(map.properties && map.properties.hexes && map.properties.hexes.type === "array");
}

// ---- Rendering results ------------------------------------------------------------------------

let entries = {};

function entryLink(rule, root, lang) {
  const entry = entries[rule];
  if (!entry) return element("code", { text: rule });
  return element("a", { href: new URL(`${lang}/${entry[1]}`, new URL(root, location.href)).href, title: rule, text: entry[0] });
}

function formatValue(value, lang) {
  if (typeof value === "number") {
    const digits = Number.isInteger(value) ? 0 : 4;
    return new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
  }
  return String(value);
}

function figures(result, lang) {
  const rows = [];
  for (const [name, value] of Object.entries(result)) {
    if (value === null || typeof value === "object") continue;
    const shown = typeof value === "string" ? choiceWord(name, value) : typeof value === "boolean" ? t(value ? "yes" : "no") : formatValue(value, lang);
    rows.push(element("tr", {}, [element("th", { scope: "row", title: name, text: word("field", fieldLabel(name)) }), element("td", { text: shown })]));
  }
  return rows.length ? element("table", { class: "rb-figures" }, [element("caption", { text: t("figures") }), element("tbody", {}, rows)]) : null;
}

// The label the form shows for the control of ``path`` (a unit type's row: its name), if the form has one.
function controlLabel(path) {
  const control = document.getElementById(fieldId(path));
  const label = control && control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
  if (!label) return null;
  const first = label.firstChild;
  const text = (first && first.nodeType === Node.TEXT_NODE ? first.textContent : label.textContent).trim();
  return text || null;
}

// The battle round by round (a result's by_round, when it has rows): round | still on | attacker | defender,
// each side's expected units left, their cost under them where the game gives costs. The rows stop after the
// first round that leaves less than ROUNDS_SHOWN_DOWN_TO of the battle still on (all of them are in the full
// result). The build writes the same table for the opening answer (rulebook/site/answers.py).
const ROUNDS_SHOWN_DOWN_TO = 0.001;

function roundsTable(result, lang) {
  const rows = result.by_round;
  if (!Array.isArray(rows) || !rows.length) return null;
  const shown = [];
  for (const row of rows) {
    shown.push(row);
    if (row.still_on < ROUNDS_SHOWN_DOWN_TO) break;
  }
  const percent = new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const units = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const chance = (p) => (p > 0 && p < ROUNDS_SHOWN_DOWN_TO ? `< ${percent.format(ROUNDS_SHOWN_DOWN_TO)}` : percent.format(p));
  const side = (count, cost) => element("td", {}, cost === null || cost === undefined ? [units.format(count)] : [units.format(count), element("small", { text: `(${units.format(cost)})` })]);
  const costs = rows.some((row) => row.attacker_value !== null && row.attacker_value !== undefined);
  const head = element("tr", {}, ["round", "still_on", "attacker", "defender"].map((key) => element("th", { scope: "col", text: t(`rounds_${key}`) })));
  const body = shown.map((row) => element("tr", {}, [
    element("th", { scope: "row", text: String(row.round) }),
    element("td", { text: chance(row.still_on) }),
    side(row.attacker_units, row.attacker_value),
    side(row.defender_units, row.defender_value),
  ]));
  return element("table", { class: "rb-rounds" }, [element("caption", { text: t(roundsCaption(result, costs)) }), element("thead", {}, [head]), element("tbody", {}, body)]);
}

// The rounds table's caption: the game's own words where it counts its units in another word (the strategic
// game's Russian pages say «подразделение», Axis & Allies' «юнит»), with the costs where the game gives them.
function roundsCaption(result, costs) {
  if (costs) return "by_round_cost";
  return UI[`by_round_${result.game}`] ? `by_round_${result.game}` : "by_round";
}

// A scenario problem: the field by its label in the page's language, the path after it in small type.
function problemItem(error) {
  if (!error.path) return element("li", {}, [error.message]);
  const parts = error.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const name = fieldName(parts);
  const label = controlLabel(parts) || (name ? word("field", fieldLabel(name)) : error.path);
  return element("li", {}, [element("strong", { text: label }), " ", element("small", {}, [element("code", { text: error.path })]), `: ${error.message}`]);
}

// The answer (#rb-output, above the inputs: its heading and summary, or the scenario's problems) and the
// rest of the result (#rb-details, below them: figures, picture, the rules applied, the full JSON). The
// build writes the same markup for the opening example (templates/_answer.md.j2).
function renderResult(output, details, answer, root, lang) {
  output.replaceChildren();
  if (!answer.ok) {
    const list = element("ul", { class: "rb-errors" });
    for (const error of answer.errors) list.append(problemItem(error));
    output.append(element("p", { class: "rb-error", role: "alert", text: t("invalid_scenario") }), list);
    return;
  }
  details.replaceChildren();
  const wordsLang = answer.lang || "en"; // the language evaluate_json answered in
  const summary = element("ul", { class: "rb-summary", lang: wordsLang });
  for (const line of answer.summary) summary.append(element("li", { text: line }));
  output.append(element("h2", { text: t("result") }), summary);
  const table = figures(answer.result, lang);
  if (table) details.append(table);
  const rounds = roundsTable(answer.result, lang);
  if (rounds) details.append(rounds);
  if (answer.svg) {
    const picture = element("img", { class: "rb-map", alt: t("picture"), src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(answer.svg)}` });
    details.append(element("figure", {}, [picture, element("figcaption", { text: t("picture") })]));
  }
  const steps = element("ol", { class: "rb-trace" });
  for (const step of (answer.result.trace || {}).steps || []) {
    steps.append(element("li", {}, [entryLink(step.rule, root, lang), ": ", element("span", { lang: wordsLang, text: step.text })]));
  }
  details.append(element("h2", { text: t("why") }), steps);
  details.append(element("details", { class: "rb-json" }, [element("summary", { text: t("json") }), element("pre", { text: JSON.stringify(answer.result, null, 2) })]));
}

// A first answer without the parts that can wait: the rounds table shown before stays, dimmed, where the new one
// will come (after the figures), so that the page does not jump.
function keepWhileUpdating(details, shownRounds) {
  if (!shownRounds) return;
  shownRounds.classList.add("rb-updating");
  const figuresTable = details.querySelector(".rb-figures");
  if (figuresTable) figuresTable.after(shownRounds);
  else details.prepend(shownRounds);
}

// ---- The page ---------------------------------------------------------------------------------

function fragmentScenario() {
  const match = location.hash.match(/^#s=(.*)$/);
  return match ? match[1] : null;
}

const LIVE_DELAY_MS = 120; // a change waits this long for the next one (taps in a row) before the answer is recomputed
const UNDO_DEPTH = 50;
const PROGRESS_AFTER_MS = 500; // an answer that takes longer shows how far it is, and Stop

// While an answer takes longer than PROGRESS_AFTER_MS, the answer area shows how far the computation is
// (a <progress>, the share and the seconds in the page's language) and Stop. Each run is known by its
// serial: what an older run reports is not shown once a newer one has started.
function runProgress(output, lang, onStop) {
  const bar = element("progress", { id: "rb-progress-bar", max: "1" });
  const label = element("label", { for: "rb-progress-bar", class: "rb-progress-label" });
  const stop = element("button", { type: "button", class: "md-button rb-stop", id: "rb-stop", text: t("stop") });
  // Not read out at every change: the answer area around it is a live region.
  const box = element("div", { class: "rb-progress", id: "rb-progress", "aria-live": "off" }, [label, bar, stop]);
  stop.addEventListener("click", onStop);
  const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 });
  let run = null; // {serial, started, share, timer, ticker}
  const draw = () => {
    const seconds = Math.floor((performance.now() - run.started) / 1000);
    if (run.share === null) {
      bar.removeAttribute("value"); // no share reported yet: an indeterminate bar
      label.textContent = t("progress_working", { seconds: formatValue(seconds, lang) });
    } else {
      bar.value = run.share;
      label.textContent = t("progress", { percent: percent.format(run.share), seconds: formatValue(seconds, lang) });
    }
  };
  const end = () => {
    clearTimeout(run.timer);
    clearInterval(run.ticker);
    box.remove();
    run = null;
  };
  return {
    start(serial) {
      if (run) end();
      run = { serial, started: performance.now(), share: null, ticker: null };
      run.timer = setTimeout(() => {
        output.prepend(box);
        draw();
        run.ticker = setInterval(draw, 250);
      }, PROGRESS_AFTER_MS);
    },
    report(serial, share) {
      if (!run || run.serial !== serial) return;
      run.share = share;
      if (box.isConnected) draw();
    },
    end(serial) {
      if (run && (serial === undefined || run.serial === serial)) end();
    },
    seconds() {
      return run ? (performance.now() - run.started) / 1000 : 0;
    },
    // Whether the run under way would take longer to finish than `startSeconds`, a fresh worker's start:
    // its progress tells how far it is; without any, it is long once the progress shows.
    outlasts(startSeconds) {
      if (!run || performance.now() - run.started < PROGRESS_AFTER_MS || startSeconds === null) return false;
      const elapsed = this.seconds();
      return !run.share || (elapsed * (1 - run.share)) / run.share > startSeconds;
    },
  };
}

// Whether the page may fetch the runtime before the player changes anything: not on a connection that
// asks to save data (the build's opening answer is already on the page).
function mayPreload() {
  const connection = navigator.connection;
  return !(connection && connection.saveData);
}

function whenIdle(callback) {
  if ("requestIdleCallback" in window) requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 1000);
}

async function main() {
  const name = host.dataset.rbCalculator;
  const root = host.dataset.root;
  const lang = host.dataset.lang || document.documentElement.lang;
  const example = JSON.parse(host.dataset.example || "{}");
  let scenario = structuredClone(example);
  let schema = null;

  // The build wrote the opening example's answer into the page: it stays until the first live answer.
  const opening = host.querySelector("#rb-output");
  const output = opening || element("div", { id: "rb-output", "aria-live": "polite" });
  output.classList.add("rb-live-answer");
  const details = host.querySelector("#rb-details") || element("div", { id: "rb-details" });
  const status = element("p", { class: "rb-status", role: "status", "aria-live": "polite" });
  const formSlot = element("div", { class: "rb-form" });
  const mapSlot = element("div", { class: "rb-map-slot" });
  let mapEditor = null; // the map editor (web/mapeditor.js) on the pages whose scenario has a hex map
  const editor = element("textarea", { id: "rb-scenario", rows: "14", spellcheck: "false", autocapitalize: "off" });
  const formatChoice = element("select", { id: "rb-format" }, [
    element("option", { value: "json", text: "JSON" }),
    element("option", { value: "yaml", text: "YAML" }),
  ]);
  // "yaml" only once js-yaml is here, so that writing the editor never waits for it.
  let format = "json";
  let yaml = null;
  const button = (id, text, primary = false) => element("button", { type: "button", class: primary ? "md-button md-button--primary" : "md-button", id, text });
  const runButton = button("rb-run", t("run"), true);
  const shareButton = button("rb-share", t("share"));
  const resetButton = button("rb-reset", t("reset"));
  const undoButton = button("rb-undo-answer", t("undo")); // the map editor has an undo of its own (#rb-undo)
  const swapButton = button("rb-swap", t("swap_sides"));
  undoButton.disabled = true;
  swapButton.hidden = true;
  const shareField = element("input", { id: "rb-share-link", type: "url", readonly: true, hidden: true, "aria-label": t("share_link") });
  const textSection = element("details", { class: "rb-text" });
  host.dataset.runs = "0";

  const serialize = (value) =>
    format === "yaml" ? yaml.dump(value, { noRefs: true, lineWidth: -1 }) : JSON.stringify(value, null, 2);
  const useFormat = (next, module) => {
    format = next;
    if (module) yaml = module;
    formatChoice.value = next;
    editor.dataset.format = next;
  };
  // The editor's scenario; throws ScenarioTextError with the message to show.
  const readEditor = async () => {
    const text = editor.value;
    if (format === "json") {
      try {
        return JSON.parse(text);
      } catch (jsonError) {
        // Pasted YAML (a content file's scenario, say): read it as such and switch the editor.
        const pasted = /^\s*[[{]/.test(text) ? null : await loadYaml(root).catch(() => null);
        let value = null;
        try {
          value = pasted && pasted.load(text, { maxAliases: YAML_MAX_ALIASES });
        } catch {
          value = null;
        }
        if (!isPlainObject(value)) throw new ScenarioTextError(t("not_json", { error: jsonError.message }));
        useFormat("yaml", pasted);
        storeFormat("yaml");
        return value;
      }
    }
    try {
      return yaml.load(text, { maxAliases: YAML_MAX_ALIASES });
    } catch (error) {
      const where = error && error.mark ? ` (${error.mark.line + 1}:${error.mark.column + 1})` : "";
      throw new ScenarioTextError(t("not_yaml", { error: `${error && error.reason ? error.reason : error}${where}` }));
    }
  };

  // ---- Live answers: every change is recomputed after a short pause; the last answer stays, marked as
  // updating, until the next one is shown. data-pending tells tests and the benchmark one is on its way.
  let timer = null;
  let runSerial = 0;
  let evaluated = JSON.stringify(scenario); // the scenario of the answer shown
  const undoStack = [];
  const setPending = (pending) => {
    host.dataset.pending = pending ? "true" : "false";
    output.classList.toggle("rb-updating", pending);
  };
  const scheduleRun = () => {
    setPending(true);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      evaluate();
    }, LIVE_DELAY_MS);
  };

  const drawMap = () => {
    if (mapEditor) mapEditor.draw(scenario);
  };
  const write = (path, value) => {
    setAt(scenario, path, value);
    editor.value = serialize(scenario);
    drawMap();
    if (schema && scenarioGame(schema, scenario) !== formContext.game) rebuildForm(); // another game's fields
    scheduleRun();
  };
  const formContext = {
    write,
    changed: () => {
      show(scenario);
      scheduleRun();
    },
    scenario: () => scenario,
    openLists: new Set(),
    identifiers: new Set(),
    game: null,
    expert: null,
    moreOpen: false,
  };
  const rebuildForm = () => {
    if (!schema) return;
    const fields = element("fieldset", { class: "rb-group rb-top" }, [element("legend", { text: t("form") })]);
    const more = element("details", { class: "rb-more" }, [element("summary", { text: t("more_options") })]);
    more.open = formContext.moreOpen;
    more.addEventListener("toggle", () => (formContext.moreOpen = more.open));
    formContext.game = scenarioGame(schema, scenario);
    formContext.expert = more;
    formContext.identifiers = identifierKeys(schema);
    buildFields(fields, schema, schema, scenario, [], formContext, 0);
    formSlot.replaceChildren(fields, ...(more.children.length > 1 ? [more] : []));
    swapButton.hidden = !(schema.properties && schema.properties.attacker && schema.properties.defender);
    drawMap(); // the form is drawn again when the scenario or the words change: so is the map
  };
  const show = (value) => {
    scenario = value;
    editor.value = serialize(value);
    rebuildForm();
  };
  const markInvalid = (errors) => {
    for (const field of formSlot.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    for (const error of errors || []) {
      const field = formSlot.querySelector(`[data-path="${CSS.escape(error.path)}"]`);
      if (field) field.setAttribute("aria-invalid", "true");
    }
  };

  const evaluate = async () => {
    clearTimeout(timer);
    timer = null;
    const serial = (runSerial += 1);
    setPending(true);
    const started = performance.now();
    let parsed;
    try {
      parsed = await readEditor();
    } catch (error) {
      const message = error instanceof ScenarioTextError ? error.message : t("runtime_failed", { error: String(error) });
      renderResult(output, details, { ok: false, errors: [{ path: "", message }] }, root, lang);
      host.dataset.state = "invalid";
      setPending(false);
      return;
    }
    const text = JSON.stringify(parsed);
    if (text !== evaluated) {
      undoStack.push(evaluated);
      if (undoStack.length > UNDO_DEPTH) undoStack.shift();
      evaluated = text;
      undoButton.disabled = false;
    }
    const ready = computer !== null && computer.loadSeconds !== null;
    host.dataset.state = ready ? "running" : "loading";
    status.textContent = ready ? t("running") : t("loading");
    try {
      loadRuntime(root);
      const words = await loadCatalog(root, lang);
      if (serial !== runSerial) return; // a newer change is on its way: its answer is the one to show
      // A change while a long run goes on: that run is stopped if it would take longer to finish than a fresh
      // worker takes to start; otherwise it goes on, and its answer is dropped when it comes (serial).
      if (computer && progress.outlasts(computer.loadSeconds)) {
        progress.end();
        stopComputer(computer, new RunStopped());
      }
      loadRuntime(root);
      const message = { kind: "run", calculator: name, scenario: text, language: words, package: host.dataset.package, first: true };
      const reply = await computer.call(message, (event) => {
        if (event.kind === "started") progress.start(serial);
        else progress.report(serial, event.share);
      });
      progress.end(serial);
      if (serial !== runSerial) return;
      const answer = JSON.parse(reply.answer);
      const shownRounds = details.querySelector(".rb-rounds");
      renderResult(output, details, answer, root, lang);
      if (answer.ok && answer.complete === false) keepWhileUpdating(details, shownRounds);
      delete output.dataset.rbOpening;
      markInvalid(answer.ok ? [] : answer.errors);
      const seconds = (performance.now() - started) / 1000;
      host.dataset.lastSeconds = String(seconds);
      if (!host.dataset.resultAt) host.dataset.resultAt = String(performance.now());
      host.dataset.shownAt = String(performance.now());
      host.dataset.runs = String(Number(host.dataset.runs) + 1);
      status.textContent = answer.ok ? t("timing", { seconds: formatValue(Math.round(seconds * 1000) / 1000, lang) }) : "";
      host.dataset.state = answer.ok ? "done" : "invalid";
      if (answer.ok && answer.complete === false) {
        // The answer is shown; the parts that can wait (a battle's rounds) follow once the page has painted it,
        // unless a newer change is on its way. data-pending stays "true" until they are in.
        output.classList.remove("rb-updating");
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (serial !== runSerial || timer !== null) return;
        const whole = await computer.call({ ...message, first: false }, (event) => {
          if (event.kind === "started") progress.start(serial);
          else progress.report(serial, event.share);
        });
        progress.end(serial);
        if (serial !== runSerial) return;
        renderResult(output, details, JSON.parse(whole.answer), root, lang);
      }
    } catch (error) {
      progress.end(serial);
      if (error instanceof RunStopped || serial !== runSerial) return; // Stop, or a newer change, says what happened
      status.textContent = t("runtime_failed", { error: String(error && error.message ? error.message : error) });
      host.dataset.state = "failed";
    } finally {
      if (serial === runSerial && timer === null) setPending(false);
    }
  };

  // Stop: the worker is terminated with whatever it was computing, the last answer stays (marked as not
  // updated), and a fresh worker starts for the next run.
  const stopRun = () => {
    const seconds = progress.seconds();
    runSerial += 1;
    progress.end();
    if (computer) stopComputer(computer, new RunStopped());
    loadRuntime(root).catch(() => {}); // a failure is reported by the next run
    if (!output.querySelector(".rb-not-updated")) {
      output.prepend(element("p", { class: "rb-not-updated", id: "rb-not-updated", text: t("not_updated") }));
    }
    status.textContent = t("stopped", { seconds: formatValue(Math.round(seconds * 10) / 10, lang) });
    host.dataset.state = "stopped";
    if (timer === null) setPending(false);
  };
  const progress = runProgress(output, lang, stopRun);

  const openFragment = async () => {
    const encoded = fragmentScenario();
    if (encoded === null) return false;
    try {
      show(await decodeScenario(encoded));
    } catch {
      show(structuredClone(example));
      output.replaceChildren(element("p", { class: "rb-error", role: "alert", id: "rb-bad-link", text: t("bad_link") }));
      host.dataset.state = "bad-link";
      return true;
    }
    await evaluate();
    return true;
  };

  editor.addEventListener("change", async () => {
    try {
      const parsed = await readEditor();
      // Unchanged (the form wrote it): keep the form's fields, one of which may be in use.
      if (JSON.stringify(parsed) === JSON.stringify(scenario)) return;
      scenario = parsed;
      rebuildForm();
      scheduleRun();
    } catch {
      /* keep the text as typed; Run reports the syntax error */
    }
  });
  runButton.addEventListener("click", async () => {
    setPending(true);
    await evaluate();
    // On a phone the answer may have scrolled away: bring it into view.
    const box = output.getBoundingClientRect();
    if (box.top > window.innerHeight || box.bottom < 0) output.scrollIntoView({ block: "start" });
  });
  resetButton.addEventListener("click", () => {
    history.replaceState(null, "", location.pathname + location.search);
    setPending(true);
    show(structuredClone(example));
    evaluate();
  });
  undoButton.addEventListener("click", () => {
    if (!undoStack.length) return;
    const previous = undoStack.pop();
    evaluated = previous;
    undoButton.disabled = undoStack.length === 0;
    setPending(true);
    show(JSON.parse(previous));
    evaluate();
  });
  swapButton.addEventListener("click", () => {
    const { attacker, defender } = scenario;
    setPending(true);
    show({ ...scenario, attacker: defender, defender: attacker });
    evaluate();
  });
  shareButton.addEventListener("click", async () => {
    let parsed;
    try {
      parsed = await readEditor();
    } catch (error) {
      status.textContent = error instanceof ScenarioTextError ? error.message : String(error);
      return;
    }
    history.replaceState(null, "", `#s=${await encodeScenario(parsed)}`);
    shareField.value = location.href;
    shareField.hidden = false;
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = t("link_copied");
    } catch {
      shareField.select();
    }
  });
  formatChoice.addEventListener("change", async () => {
    const next = formatChoice.value;
    formatChoice.disabled = true;
    try {
      let current = null;
      try {
        current = await readEditor(); // in the format it was written in
      } catch {
        current = null; // unreadable: keep the text as typed, the player is fixing it
      }
      if (next === "yaml") useFormat("yaml", await loadYaml(root));
      else useFormat("json");
      storeFormat(next);
      if (current !== null) editor.value = serialize(current);
    } catch (error) {
      useFormat(format);
      status.textContent = t("runtime_failed", { error: String(error && error.message ? error.message : error) });
    } finally {
      formatChoice.disabled = false;
    }
  });
  window.addEventListener("hashchange", openFragment);

  textSection.append(
    element("summary", { text: t("as_text") }),
    element("p", { class: "rb-editor-head" }, [
      element("label", { for: "rb-scenario", class: "rb-editor-label", text: t("scenario") }),
      element("label", { for: "rb-format", class: "rb-format-label", text: t("format") }),
      formatChoice,
    ]),
    editor,
  );
  host.replaceChildren(
    output,
    status,
    element("p", { class: "rb-controls" }, [undoButton, swapButton, resetButton]),
    mapSlot,
    formSlot,
    element("p", { class: "rb-buttons" }, [runButton, shareButton]),
    shareField,
    details,
    textSection,
  );
  setPending(false);
  const fragment = fragmentScenario() !== null;
  // The runtime comes when it is needed: at once for a shared scenario or a page without an opening
  // answer, else when the page is idle (not on a connection that saves data) or at the first change.
  if (fragment || !opening) loadRuntime(root).catch(() => {}); // evaluate() reports a failure
  useFormat("json");
  if (storedFormat() === "yaml") {
    // Small, and cached after the first visit; JSON if it cannot come (offline on a new device).
    await loadYaml(root).then((module) => useFormat("yaml", module), () => {});
  }
  show(scenario);
  // The form and the entry titles are a convenience (the calculator runs without them), and
  // small: they arrive long before the runtime.
  // Whichever of the catalog and the schema comes last draws the form, so its words are the tree's.
  await Promise.all([
    loadCatalog(root, lang).then(rebuildForm),
    fetch(new URL(host.dataset.schema, location.href)).then((r) => (r.ok ? r.json() : null)).then(async (value) => {
      schema = value;
      if (hasHexMap(schema)) {
        const { createMapEditor } = await import("./mapeditor.js");
        mapEditor = createMapEditor({
          schema,
          words: { t, field: (name) => word("field", fieldLabel(name)), choice: choiceWord },
          getScenario: () => scenario,
          commit: (value) => {
            show(value);
            scheduleRun();
          },
          htmlElement: element,
        });
        mapSlot.replaceChildren(mapEditor.element);
        undoButton.hidden = true; // the map editor's own Undo takes back its taps
      }
      rebuildForm();
    }),
    fetch(new URL(host.dataset.entries, location.href)).then((r) => (r.ok ? r.json() : {})).then((value) => {
      entries = value;
      rebuildForm(); // help texts name entries by their titles
    }),
  ]).catch((error) => console.warn("calculator form or entry titles not loaded", error));
  if (await openFragment()) {
    /* the shared scenario is answered */
  } else if (!opening) {
    await evaluate();
  } else if (mayPreload()) {
    // The opening answer came with the page; once idle, the runtime loads and answers the same scenario
    // live, so the next change answers at once.
    await new Promise((resolve) => whenIdle(resolve));
    if (host.dataset.runs === "0" && host.dataset.pending !== "true") await evaluate();
  }
  const loaded = computer ? await computer.loaded.catch(() => null) : null;
  if (loaded) {
    keepForOffline(loaded.resources).catch((error) => console.warn("calculator not kept for offline use", error));
  }
}

if (host) main();
