// Rulebook calculator pages: the adjudicator package (the same Python code CI verifies)
// running in the page under Pyodide, loaded only when a calculator page is opened.
//
// The page provides one element:
//   <div id="rb-calculator" data-calculator="battle" data-root="../../" data-lang="en"
//        data-strings='{…}' data-games='{"how": "hell-of-a-war", …}' data-example='{…}'
//        data-form="battle"></div>
// data-root is the relative path to the site root (where _runtime/ and sw.js live);
// entry pages of the cited rules are at <root><lang>/<game>/<slug>/.
// A scenario travels in the URL fragment: #s=<base64url(deflate-raw(JSON))>.

const PYODIDE_VERSION_DIR = "_runtime/pyodide/";
const BUNDLE = "_runtime/adjudicator.json";

const host = document.getElementById("rb-calculator");

function strings() {
  return JSON.parse(host.dataset.strings || "{}");
}

function t(key, params = {}) {
  const template = strings()[key] || key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
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

async function transform(bytes, stream) {
  const blob = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(blob).arrayBuffer());
}

export async function encodeScenario(scenario) {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  return toBase64Url(await transform(json, new CompressionStream("deflate-raw")));
}

export async function decodeScenario(fragment) {
  const bytes = await transform(fromBase64Url(fragment), new DecompressionStream("deflate-raw"));
  const scenario = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (scenario === null || typeof scenario !== "object" || Array.isArray(scenario)) throw new Error("not an object");
  return scenario;
}

// ---- The Python runtime ---------------------------------------------------------------------

let runtime = null;

async function loadRuntime(root) {
  if (runtime) return runtime;
  runtime = (async () => {
    if ("serviceWorker" in navigator) {
      try {
        await navigator.serviceWorker.register(new URL("sw.js", new URL(root, location.href)).href);
      } catch (error) {
        console.warn("service worker not registered", error);
      }
    }
    const base = new URL(root, location.href);
    const indexURL = new URL(PYODIDE_VERSION_DIR, base).href;
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const [pyodide, bundle] = await Promise.all([
      loadPyodide({ indexURL }),
      fetch(new URL(BUNDLE, base)).then((response) => response.json()),
    ]);
    for (const [path, source] of Object.entries(bundle.files)) {
      pyodide.FS.mkdirTree(`/home/pyodide/${path.split("/").slice(0, -1).join("/")}`);
      pyodide.FS.writeFile(`/home/pyodide/${path}`, source);
    }
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
    return pyodide.pyimport("adjudicator.web");
  })();
  return runtime;
}

// ---- Forms for the common cases ---------------------------------------------------------------

const FORMS = {
  // Unit counts per side for the dice-battle calculator; everything else stays in the editor.
  battle(scenario, onChange) {
    const form = element("div", { class: "rb-form" });
    for (const side of ["attacker", "defender"]) {
      const units = ((scenario[side] || {}).units) || {};
      const fieldset = element("fieldset", {}, [element("legend", { text: t(side) })]);
      for (const [unit, count] of Object.entries(units)) {
        const id = `rb-${side}-${unit}`;
        const input = element("input", { id, type: "number", min: "0", step: "1", value: String(count), "data-side": side, "data-unit": unit });
        input.addEventListener("input", () => {
          const value = Number.parseInt(input.value, 10);
          scenario[side].units[unit] = Number.isFinite(value) ? value : 0;
          onChange(scenario);
        });
        fieldset.append(element("label", { for: id, text: unit }), input);
      }
      form.append(fieldset);
    }
    return form;
  },
};

// ---- Rendering results ------------------------------------------------------------------------

function entryUrl(rule) {
  const games = JSON.parse(host.dataset.games || "{}");
  const [prefix, ...rest] = rule.split(".");
  const game = games[prefix];
  if (!game) return null;
  return new URL(`${host.dataset.lang}/${game}/${rest.join(".")}/`, new URL(host.dataset.root, location.href)).href;
}

function renderResult(output, answer) {
  output.replaceChildren();
  if (!answer.ok) {
    const list = element("ul", { class: "rb-errors" });
    for (const error of answer.errors) list.append(element("li", { text: error.path ? `${error.path}: ${error.message}` : error.message }));
    output.append(element("p", { class: "rb-error", role: "alert", text: t("invalid_scenario") }), list);
    return;
  }
  const summary = element("ul", { class: "rb-summary" });
  for (const line of answer.summary) summary.append(element("li", { text: line }));
  output.append(element("h3", { text: t("result") }), summary);
  const steps = element("ol", { class: "rb-trace" });
  for (const step of (answer.result.trace || {}).steps || []) {
    const url = entryUrl(step.rule);
    const cite = url ? element("a", { href: url, text: step.rule }) : element("code", { text: step.rule });
    steps.append(element("li", {}, [element("span", { text: `${step.text} ` }), cite]));
  }
  output.append(element("h3", { text: t("why") }), steps);
  const raw = element("details", {}, [element("summary", { text: t("json") }), element("pre", { text: JSON.stringify(answer.result, null, 2) })]);
  output.append(raw);
}

// ---- The page ---------------------------------------------------------------------------------

async function main() {
  const name = host.dataset.calculator;
  const root = host.dataset.root;
  let scenario = JSON.parse(host.dataset.example || "{}");
  const status = element("p", { class: "rb-status", role: "status", "aria-live": "polite" });
  const editor = element("textarea", { id: "rb-scenario", rows: "14", spellcheck: "false", "aria-label": t("scenario") });
  const formSlot = element("div");
  const run = element("button", { type: "button", class: "md-button md-button--primary", id: "rb-run", text: t("run") });
  const share = element("button", { type: "button", class: "md-button", id: "rb-share", text: t("share") });
  const output = element("div", { id: "rb-output" });

  const setScenario = (value, rebuildForm = true) => {
    scenario = value;
    editor.value = JSON.stringify(value, null, 2);
    if (rebuildForm && FORMS[host.dataset.form]) formSlot.replaceChildren(FORMS[host.dataset.form](scenario, (s) => setScenario(s, false)));
  };

  const evaluate = async () => {
    let parsed;
    try {
      parsed = JSON.parse(editor.value);
    } catch (error) {
      renderResult(output, { ok: false, errors: [{ path: "", message: t("not_json", { error: error.message }) }] });
      return;
    }
    status.textContent = t("loading");
    run.disabled = true;
    try {
      const web = await loadRuntime(root);
      const started = performance.now();
      const answer = JSON.parse(web.evaluate_json(name, JSON.stringify(parsed)));
      renderResult(output, answer);
      host.dataset.lastSeconds = String((performance.now() - started) / 1000);
      status.textContent = "";
      host.dataset.state = answer.ok ? "done" : "invalid";
    } catch (error) {
      status.textContent = t("runtime_failed", { error: String(error) });
      host.dataset.state = "failed";
    } finally {
      run.disabled = false;
    }
  };

  editor.addEventListener("change", () => {
    try {
      setScenario(JSON.parse(editor.value));
    } catch {
      /* keep the text as typed; Run reports the syntax error */
    }
  });
  run.addEventListener("click", evaluate);
  share.addEventListener("click", async () => {
    const encoded = await encodeScenario(JSON.parse(editor.value));
    history.replaceState(null, "", `#s=${encoded}`);
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = t("link_copied");
    } catch {
      status.textContent = location.href;
    }
  });

  host.replaceChildren(formSlot, element("label", { for: "rb-scenario", text: t("scenario") }), editor, element("p", {}, [run, share]), status, output);
  setScenario(scenario);

  const match = location.hash.match(/^#s=(.*)$/);
  if (match) {
    try {
      setScenario(await decodeScenario(match[1]));
    } catch {
      output.replaceChildren(element("p", { class: "rb-error", role: "alert", id: "rb-bad-link", text: t("bad_link") }));
      host.dataset.state = "bad-link";
      return;
    }
    await evaluate();
  }
}

if (host) main();
