// Rulebook calculator pages (issue 21 item 1): a map editor for the hex-map calculators
// (Unconditional Surrender! supply, ZOC and stacking). An SVG grid of the scenario's map.hexes:
// pick a tool (terrain, country, city, a hex flag such as port, unit, marker, erase) and click or
// tap hexes. Dashed hexes around the map are places to add a hex. The scenario stays the one
// source of truth: every tap makes a new scenario and hands it to the page (web/calculator.js),
// which writes the scenario editor and the form and draws this grid again; editing the scenario
// text draws the grid again too. Undo restores the scenario before the last taps.
//
// Geometry is that of the answer's picture (adjudicator/unconditional_surrender/svg.py): axial
// (q, r), pointy-top hexes, centre (SIZE·√3·(q + r/2), SIZE·1.5·r). A hex without q/r is placed
// by the map's printed numbering (map.numbering, adjudicator/unconditional_surrender/numbering.py,
// ported below). Regions ({rect: …}), hexsides, transport lines, sea zones and off-map boxes are
// kept as written but not drawn or edited here: they stay in the scenario editor.
//
// Loaded by web/calculator.js only on the pages whose scenario has a map.hexes list.

const SVG_NS = "http://www.w3.org/2000/svg";
const SIZE = 30; // hex radius in SVG units; drawn 1:1 in CSS pixels, so a hex is 52×60 px (tap target ≥ 24 px)
const ROOT3 = Math.sqrt(3);
const UNDO_LIMIT = 50;
const EMPTY_COLUMNS = 6; // an empty map offers this block of places to start drawing
const EMPTY_ROWS = 4;

// The answer's picture's colours (svg.py TERRAIN_FILL, FACTION_COLOUR), so the two read alike.
const TERRAIN_FILL = {
  clear: "#f4efdd",
  rough: "#dccfa4",
  forest: "#b9d39c",
  mountain: "#c7ab8c",
  swamp: "#b3cdbd",
  sea: "#a9cbe8",
  impassable: "#6f6f6f",
};
const FACTION_COLOUR = { axis: "#5b6770", "western-allies": "#2f6db3", soviets: "#b3322f", neutral: "#8c7a3c" };

// Nations the rules name with their side (adjudicator/unconditional_surrender/hexmap.py Nationality),
// offered by the country and unit tools besides the map's own countries; picking one the map does
// not list adds it to map.countries with this faction.
const KNOWN_COUNTRIES = [
  ["germany", "axis"],
  ["ussr", "soviets"],
  ["britain", "western-allies"],
  ["usa", "western-allies"],
  ["france", "western-allies"],
];

const MARKER_LETTER = { detachment: "D", logistics: "L", devastation: "X", "partisan-base": "P", beachhead: "B", shaef: "S" };

// ---- Printed numbers (a port of numbering.HexNumbering: format, parse, axial, number) -------------

export function numberingOf(plain) {
  if (!plain || typeof plain !== "object") return null;
  const scheme = plain.scheme === "rrcc" ? "rrcc" : "ccrr";
  const firstColumn = Number.isInteger(plain.first_column) ? plain.first_column : 1;
  const firstRow = Number.isInteger(plain.first_row) ? plain.first_row : 1;
  const evenQ = plain.columns === "even-q";
  const prefix = typeof plain.prefix === "string" ? plain.prefix : "";
  const digits = Number.isInteger(plain.digits) ? plain.digits : 2;
  const shift = (column) => {
    const odd = column & 1;
    return evenQ ? Math.floor((column + odd) / 2) : Math.floor((column - odd) / 2);
  };
  const format = (column, row) => {
    const [first, second] = scheme === "ccrr" ? [column, row] : [row, column];
    return `${prefix}${String(first).padStart(digits, "0")}${String(second).padStart(digits, "0")}`;
  };
  const escaped = prefix.replace(/[^A-Za-z]/g, "");
  const shape = new RegExp(`^${escaped}(\\d{${digits}})(\\d{${digits}})$`);
  return {
    axial(number) {
      const match = shape.exec(String(number));
      if (!match) return null;
      const [first, second] = [Number(match[1]), Number(match[2])];
      const [column, row] = scheme === "ccrr" ? [first, second] : [second, first];
      if (column < firstColumn || row < firstRow) return null;
      return [column - firstColumn, row - firstRow - (shift(column) - shift(firstColumn))];
    },
    number(q, r) {
      const column = q + firstColumn;
      const row = r + firstRow + shift(column) - shift(firstColumn);
      const limit = 10 ** digits;
      if (column < firstColumn || column >= limit || row < firstRow || row >= limit) return null;
      return format(column, row);
    },
  };
}

// ---- Small helpers ---------------------------------------------------------------------------------

function svgElement(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function htmlElement(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

function centre(q, r) {
  return [SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r];
}

function corners(x, y) {
  const points = [];
  for (let corner = 0; corner < 6; corner += 1) {
    const angle = (Math.PI / 180) * (60 * corner - 30);
    points.push(`${(x + SIZE * Math.cos(angle)).toFixed(1)},${(y + SIZE * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

const NEIGHBOURS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

function rowLetters(row) {
  let text = "";
  for (let n = row + 1; n > 0; n = Math.floor((n - 1) / 26)) text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

// A new hex's id: its printed number with map.numbering (the map requires it), else a row letter and
// a column number as the worked examples write them (A1 at q=0, r=0; B1 at q=-1, r=1), else q_r.
function newHexId(q, r, numbering, taken) {
  let id = null;
  if (numbering) id = numbering.number(q, r);
  if (id === null) {
    const column = q + (r + (r & 1)) / 2 + 1;
    id = r >= 0 && column >= 1 ? `${rowLetters(r)}${column}` : `h${q}_${r}`;
  }
  let unique = id;
  for (let suffix = 2; taken.has(unique); suffix += 1) unique = `${id}-${suffix}`;
  return unique;
}

function newUnitId(nationality, units) {
  const taken = new Set(units.map((unit) => unit && unit.id));
  const stem = (String(nationality || "u").replace(/[^a-z]/gi, "").charAt(0) || "u").toLowerCase();
  let number = 1;
  while (taken.has(`${stem}${number}`)) number += 1;
  return `${stem}${number}`;
}

function resolve(schema, root) {
  let current = schema || {};
  for (let guard = 0; current.$ref && guard < 20; guard += 1) current = (root.$defs || {})[current.$ref.split("/").pop()] || {};
  const options = current.anyOf || current.oneOf;
  if (options) {
    const real = options.filter((option) => option.type !== "null");
    if (real.length === 1) return resolve(real[0], root);
  }
  return current;
}

// ---- The editor ------------------------------------------------------------------------------------

// words: {t, field, choice} — the page's UI strings, field labels and choice words in its language.
// Scenario access: getScenario() → the page's current scenario; commit(next) makes it the scenario.
export function createMapEditor({ schema, words, getScenario, commit }) {
  const defs = schema.$defs || {};
  const hexSchema = defs.Hex || { properties: {} };
  const unitSchema = defs.Unit || { properties: {} };
  const markerSchema = schema.properties && schema.properties.markers ? defs.Marker : null;
  const enumOf = (owner, name) => {
    const found = resolve((owner.properties || {})[name], schema);
    return Array.isArray(found.enum) ? found.enum : [];
  };
  const flags = Object.entries(hexSchema.properties || {})
    .filter(([, property]) => property.type === "boolean")
    .map(([name]) => name);
  const state = {
    tool: "terrain",
    terrain: enumOf(hexSchema, "terrain")[0] || "clear",
    country: "",
    city: "",
    flag: flags[0] || "port",
    nationality: "",
    kind: enumOf(unitSchema, "kind")[0] || "ground",
    type: enumOf(unitSchema, "type")[0] || "infantry",
    marker: markerSchema ? enumOf(markerSchema, "kind")[0] : null,
  };
  const undoStack = [];

  const root = htmlElement("section", { class: "rb-map-editor", "aria-labelledby": "rb-map-editor-title" });
  const toolbar = htmlElement("div", { class: "rb-tools", role: "toolbar", "aria-label": words.t("map_tools") });
  const options = htmlElement("div", { class: "rb-tool-options" });
  const gridBox = htmlElement("div", { class: "rb-grid-box" });
  const undoButton = htmlElement("button", { type: "button", class: "md-button", id: "rb-undo", text: words.t("undo") });
  const emptyButton = htmlElement("button", { type: "button", class: "md-button", id: "rb-empty-map", text: words.t("empty_map") });
  const note = htmlElement("p", { class: "rb-map-note", id: "rb-map-note" });

  const countries = (scenario) => {
    const listed = ((scenario.map || {}).countries || []).filter((country) => country && typeof country.id === "string");
    const ids = new Set(listed.map((country) => country.id));
    return [...listed.map((country) => [country.id, country.faction]), ...KNOWN_COUNTRIES.filter(([id]) => !ids.has(id))];
  };
  const factionOf = (scenario, id) => {
    const found = countries(scenario).find(([country]) => country === id);
    return found ? found[1] : null;
  };

  // ---- Editing: every change is a new scenario, with the one before kept for undo ------------------
  const change = (mutate) => {
    const before = getScenario();
    const next = structuredClone(before);
    if (!next.map || typeof next.map !== "object" || Array.isArray(next.map)) next.map = {};
    if (!Array.isArray(next.map.hexes)) next.map.hexes = [];
    if (mutate(next) === false) return;
    undoStack.push(structuredClone(before));
    if (undoStack.length > UNDO_LIMIT) undoStack.shift();
    commit(next);
  };
  const ensureCountry = (scenario, id) => {
    if (!id) return;
    if (!Array.isArray(scenario.map.countries)) scenario.map.countries = [];
    if (scenario.map.countries.some((country) => country && country.id === id)) return;
    const known = KNOWN_COUNTRIES.find(([country]) => country === id);
    scenario.map.countries.push({ id, faction: known ? known[1] : "neutral" });
  };
  const setOrDrop = (object, key, value, fallback) => {
    if (value === fallback || value === undefined || value === null || value === "") delete object[key];
    else object[key] = value;
  };

  const apply = (place) => {
    change((scenario) => {
      const numbering = numberingOf(scenario.map.numbering);
      let cell = place.index === null ? null : scenario.map.hexes[place.index];
      if (state.tool === "erase") {
        if (!cell) return false;
        const units = Array.isArray(scenario.units) ? scenario.units : [];
        const markers = Array.isArray(scenario.markers) ? scenario.markers : [];
        const lastUnit = units.map((unit) => unit && unit.hex).lastIndexOf(cell.id);
        const lastMarker = markers.map((marker) => marker && marker.hex).lastIndexOf(cell.id);
        // Pieces first, one per tap (the last placed), then the hex itself.
        if (lastUnit >= 0) units.splice(lastUnit, 1);
        else if (lastMarker >= 0) markers.splice(lastMarker, 1);
        else scenario.map.hexes.splice(place.index, 1);
        return true;
      }
      if (!cell) {
        const taken = new Set(scenario.map.hexes.map((item) => item && item.id));
        cell = { id: newHexId(place.q, place.r, numbering, taken), q: place.q, r: place.r };
        // A new hex takes the country chosen last, so a country's hexes are drawn in one go.
        if (state.country) {
          ensureCountry(scenario, state.country);
          cell.country = state.country;
        }
        scenario.map.hexes.push(cell);
        if (state.tool !== "terrain" && state.tool !== "country") return true; // placed; the next tap applies the tool
      }
      if (state.tool === "terrain") setOrDrop(cell, "terrain", state.terrain, "clear");
      else if (state.tool === "country") {
        ensureCountry(scenario, state.country);
        setOrDrop(cell, "country", state.country, "");
      } else if (state.tool === "city") {
        if (cell.city) delete cell.city;
        else cell.city = state.city.trim() || cell.id;
      } else if (state.tool === "flag") setOrDrop(cell, state.flag, !cell[state.flag], false);
      else if (state.tool === "unit") {
        const nationality = state.nationality || cell.country || countries(scenario)[0][0];
        ensureCountry(scenario, nationality);
        if (!Array.isArray(scenario.units)) scenario.units = [];
        const unit = { id: newUnitId(nationality, scenario.units), hex: cell.id, faction: factionOf(scenario, nationality) || "neutral", nationality };
        if (state.kind !== "ground") unit.kind = state.kind;
        if (state.type !== "infantry") unit.type = state.type;
        scenario.units.push(unit);
      } else if (state.tool === "marker") {
        const nationality = state.nationality || cell.country || countries(scenario)[0][0];
        ensureCountry(scenario, nationality);
        if (!Array.isArray(scenario.markers)) scenario.markers = [];
        scenario.markers.push({ kind: state.marker, hex: cell.id, faction: factionOf(scenario, nationality) || "neutral", nationality });
      }
      return true;
    });
  };

  undoButton.addEventListener("click", () => {
    if (undoStack.length) commit(undoStack.pop());
  });
  emptyButton.addEventListener("click", () => {
    change((scenario) => {
      // The countries, numbering and weather stay: they are the frame a new drawing uses.
      scenario.map.hexes = [];
      for (const key of ["hexsides", "transport_lines", "sea_zones", "boxes"]) delete scenario.map[key];
      for (const key of ["units", "markers"]) if (key in scenario) scenario[key] = [];
      for (const key of ["queries", "checks", "only", "overland", "hexes"]) delete scenario[key];
      return true;
    });
  });

  // ---- The toolbar ----------------------------------------------------------------------------------
  const choiceSelect = (id, label, values, current, field, onChange, fallbackLabel = null) => {
    const select = htmlElement("select", { id, "data-tool-option": field });
    for (const value of values) {
      select.append(htmlElement("option", { value, text: value === "" ? fallbackLabel : words.choice(field, value) }));
    }
    select.value = current;
    select.addEventListener("change", () => onChange(select.value));
    return htmlElement("label", { class: "rb-tool-option" }, [`${label} `, select]);
  };
  const countrySelect = (id, scenario, current, onChange, allowNone) => {
    const select = htmlElement("select", { id, "data-tool-option": "country" });
    if (allowNone) select.append(htmlElement("option", { value: "", text: words.t("no_country") }));
    for (const [country, faction] of countries(scenario)) {
      select.append(htmlElement("option", { value: country, text: `${country} (${words.choice("faction", faction)})` }));
    }
    select.value = current;
    select.addEventListener("change", () => onChange(select.value));
    return select;
  };

  const tools = () => {
    const list = [
      ["terrain", words.field("terrain")],
      ["country", words.field("country")],
      ["city", words.field("city")],
    ];
    if (flags.length) list.push(["flag", words.t("hex_feature")]);
    list.push(["unit", words.field("unit")]);
    if (markerSchema) list.push(["marker", words.field("markers")]);
    list.push(["erase", words.t("erase")]);
    return list;
  };

  const drawToolbar = (scenario) => {
    toolbar.replaceChildren();
    for (const [name, label] of tools()) {
      const button = htmlElement("button", { type: "button", class: "rb-tool", "data-tool": name, "aria-pressed": String(state.tool === name), text: label });
      button.addEventListener("click", () => {
        state.tool = name;
        drawToolbar(getScenario());
      });
      toolbar.append(button);
    }
    options.replaceChildren();
    const known = countries(scenario).map(([id]) => id);
    if (state.nationality && !known.includes(state.nationality)) state.nationality = "";
    if (state.tool === "terrain") {
      options.append(choiceSelect("rb-tool-terrain", words.field("terrain"), enumOf(hexSchema, "terrain"), state.terrain, "terrain", (value) => {
        state.terrain = value;
      }));
    } else if (state.tool === "country") {
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.field("country")} `, countrySelect("rb-tool-country", scenario, state.country, (value) => {
        state.country = value;
      }, true)]));
    } else if (state.tool === "city") {
      const name = htmlElement("input", { id: "rb-tool-city", type: "text", placeholder: words.t("city_name_hint") });
      name.value = state.city;
      name.addEventListener("input", () => {
        state.city = name.value;
      });
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.field("city")} `, name]));
    } else if (state.tool === "flag") {
      const select = htmlElement("select", { id: "rb-tool-flag" });
      for (const flag of flags) select.append(htmlElement("option", { value: flag, text: words.field(flag) }));
      select.value = state.flag;
      select.addEventListener("change", () => {
        state.flag = select.value;
      });
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.t("hex_feature")} `, select]));
    } else if (state.tool === "unit" || state.tool === "marker") {
      if (!state.nationality) state.nationality = known[0] || "";
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.field("nationality")} `, countrySelect("rb-tool-nationality", scenario, state.nationality, (value) => {
        state.nationality = value;
      }, false)]));
      if (state.tool === "unit") {
        options.append(
          choiceSelect("rb-tool-kind", words.field("kind"), enumOf(unitSchema, "kind"), state.kind, "kind", (value) => {
            state.kind = value;
          }),
          choiceSelect("rb-tool-type", words.field("type"), enumOf(unitSchema, "type"), state.type, "type", (value) => {
            state.type = value;
          }),
        );
      } else {
        options.append(choiceSelect("rb-tool-marker", words.field("kind"), enumOf(markerSchema, "kind"), state.marker, "kind", (value) => {
          state.marker = value;
        }));
      }
    }
    note.textContent = words.t(state.tool === "erase" ? "erase_hint" : "map_hint");
  };

  // ---- The grid -------------------------------------------------------------------------------------
  const places = (scenario) => {
    const map = scenario.map && typeof scenario.map === "object" ? scenario.map : {};
    const hexes = Array.isArray(map.hexes) ? map.hexes : [];
    const numbering = numberingOf(map.numbering);
    const drawn = [];
    const occupied = new Map();
    let skipped = 0;
    hexes.forEach((cell, index) => {
      if (!cell || typeof cell !== "object" || typeof cell.id !== "string") {
        skipped += 1; // a region ({rect: …}) or a broken entry: the scenario editor shows it
        return;
      }
      let where = Number.isInteger(cell.q) && Number.isInteger(cell.r) ? [cell.q, cell.r] : null;
      if (!where && numbering) where = numbering.axial(cell.id);
      const key = where && `${where[0]},${where[1]}`;
      if (!where || occupied.has(key)) {
        skipped += 1;
        return;
      }
      occupied.set(key, cell);
      drawn.push({ index, q: where[0], r: where[1], cell });
    });
    const empty = [];
    const offer = (q, r) => {
      const key = `${q},${r}`;
      if (occupied.has(key)) return;
      occupied.set(key, null);
      empty.push({ index: null, q, r, cell: null });
    };
    if (!drawn.length) {
      for (let r = 0; r < EMPTY_ROWS; r += 1) for (let column = 0; column < EMPTY_COLUMNS; column += 1) offer(column - Math.floor(r / 2), r);
    }
    for (const place of drawn) for (const [dq, dr] of NEIGHBOURS) offer(place.q + dq, place.r + dr);
    return { drawn, empty, skipped };
  };

  const label = (scenario, place) => {
    if (!place.cell) return words.t("new_hex", { q: place.q, r: place.r });
    const cell = place.cell;
    const parts = [cell.id, words.choice("terrain", cell.terrain || "clear")];
    if (cell.country) parts.push(cell.country);
    if (cell.city) parts.push(`${words.field("city")}: ${cell.city}`);
    for (const flag of flags) if (cell[flag]) parts.push(words.field(flag));
    for (const unit of Array.isArray(scenario.units) ? scenario.units : []) if (unit && unit.hex === cell.id) parts.push(`${words.field("unit")} ${unit.id}`);
    return parts.join(", ");
  };

  const drawGrid = (scenario) => {
    const { drawn, empty, skipped } = places(scenario);
    const all = [...drawn, ...empty];
    const xs = all.map((place) => centre(place.q, place.r)[0]);
    const ys = all.map((place) => centre(place.q, place.r)[1]);
    const left = Math.min(...xs) - SIZE, top = Math.min(...ys) - SIZE * 1.1;
    const width = Math.max(...xs) - Math.min(...xs) + SIZE * 2, height = Math.max(...ys) - Math.min(...ys) + SIZE * 2.2;
    const svg = svgElement("svg", {
      class: "rb-grid",
      viewBox: `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
      width: width.toFixed(0),
      height: height.toFixed(0),
      role: "group",
      "aria-label": words.t("map_editor"),
    });
    const units = Array.isArray(scenario.units) ? scenario.units : [];
    const markers = Array.isArray(scenario.markers) ? scenario.markers : [];
    const factionColour = (country) => FACTION_COLOUR[factionOf(scenario, country)] || "#999";
    const hexLayer = svgElement("g", { class: "rb-hexes" });
    const markLayer = svgElement("g", { class: "rb-marks", "pointer-events": "none" });
    for (const place of all) {
      const [x, y] = centre(place.q, place.r);
      const cell = place.cell;
      const group = svgElement("g", {
        class: cell ? "rb-hex" : "rb-hex rb-hex-new",
        role: "button",
        tabindex: "0",
        "data-q": place.q,
        "data-r": place.r,
        "data-hex": cell ? cell.id : undefined,
        "aria-label": label(scenario, place),
      });
      // What the hex holds is drawn on a layer above the hexes, apart from the button: it is a
      // picture of what the button's aria-label says in full (a unit id, a country's first
      // letters), so the button has no text of its own that its name would have to contain.
      const marks = svgElement("g", { class: "rb-hex-marks", "data-marks": cell ? cell.id : undefined, "aria-hidden": "true" });
      group.append(svgElement("polygon", {
        points: corners(x, y),
        fill: cell ? TERRAIN_FILL[cell.terrain] || TERRAIN_FILL.clear : "transparent",
        stroke: cell && cell.country ? factionColour(cell.country) : "#9a9a9a",
        "stroke-width": cell && cell.country ? 2.5 : 1,
        "stroke-dasharray": cell ? undefined : "4 3",
      }));
      if (cell) {
        marks.append(svgElement("text", { x: x.toFixed(1), y: (y - SIZE * 0.58).toFixed(1), class: "rb-hex-id" }, cell.id));
        if (cell.country) marks.append(svgElement("text", { x: x.toFixed(1), y: (y + SIZE * 0.82).toFixed(1), class: "rb-hex-country" }, cell.country.slice(0, 3)));
        if (cell.city) {
          marks.append(svgElement("rect", { x: (x - SIZE * 0.62).toFixed(1), y: (y + SIZE * 0.12).toFixed(1), width: 7, height: 7, fill: "#c0392b", class: "rb-city" }));
          marks.append(svgElement("text", { x: x.toFixed(1), y: (y + SIZE * 0.55).toFixed(1), class: "rb-hex-city" }, String(cell.city).slice(0, 10)));
        }
        if (cell.port) marks.append(svgElement("circle", { cx: (x + SIZE * 0.55).toFixed(1), cy: (y + SIZE * 0.2).toFixed(1), r: 4, fill: "#fff", stroke: "#1f5f99", "stroke-width": 2, class: "rb-port" }));
        if (cell.stacking_box_4) marks.append(svgElement("text", { x: (x + SIZE * 0.5).toFixed(1), y: (y - SIZE * 0.2).toFixed(1), class: "rb-hex-four" }, "4"));
        if (cell.ice) marks.append(svgElement("text", { x: (x - SIZE * 0.5).toFixed(1), y: (y - SIZE * 0.2).toFixed(1), class: "rb-hex-ice" }, "❄"));
        const here = units.filter((unit) => unit && unit.hex === cell.id);
        here.forEach((unit, number) => {
          const ux = x - SIZE * 0.45 + number * 6, uy = y - SIZE * 0.38 + number * 4;
          marks.append(svgElement("rect", { x: ux.toFixed(1), y: uy.toFixed(1), width: 24, height: 16, rx: 2, fill: factionColour(unit.nationality), stroke: "#fff", class: "rb-unit", "data-unit": unit.id }));
          marks.append(svgElement("text", { x: (ux + 12).toFixed(1), y: (uy + 11.5).toFixed(1), class: "rb-unit-id" }, String(unit.id).slice(0, 4)));
        });
        markers.filter((marker) => marker && marker.hex === cell.id).forEach((marker, number) => {
          const mx = x + SIZE * 0.1 + number * 9, my = y + SIZE * 0.1;
          marks.append(svgElement("circle", { cx: mx.toFixed(1), cy: my.toFixed(1), r: 6, fill: "#fff", stroke: "#333", class: "rb-marker" }));
          marks.append(svgElement("text", { x: mx.toFixed(1), y: (my + 3).toFixed(1), class: "rb-marker-letter" }, MARKER_LETTER[marker.kind] || "?"));
        });
      } else {
        marks.append(svgElement("text", { x: x.toFixed(1), y: (y + 4).toFixed(1), class: "rb-hex-plus" }, "+"));
      }
      hexLayer.append(group);
      if (marks.childNodes.length) markLayer.append(marks);
    }
    svg.append(hexLayer, markLayer);
    svg.addEventListener("click", (event) => {
      const group = event.target.closest("g.rb-hex");
      if (group) activate(group);
    });
    svg.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const group = event.target.closest("g.rb-hex");
      if (!group) return;
      event.preventDefault();
      activate(group);
    });
    gridBox.replaceChildren(svg);
    const kept = skipped ? [words.t("not_drawn", { count: skipped })] : [];
    gridBox.append(...kept.map((text) => htmlElement("p", { class: "rb-map-skipped", text })));
    undoButton.disabled = undoStack.length === 0;
  };

  let focusAfterDraw = null;
  const activate = (group) => {
    const q = Number(group.dataset.q), r = Number(group.dataset.r);
    const place = places(getScenario()).drawn.find((item) => item.q === q && item.r === r) || { index: null, q, r, cell: null };
    focusAfterDraw = document.activeElement === group ? `${q},${r}` : null;
    apply(place);
  };

  root.append(
    htmlElement("h2", { id: "rb-map-editor-title", class: "rb-map-editor-title", text: words.t("map_editor") }),
    toolbar,
    options,
    note,
    gridBox,
    htmlElement("p", { class: "rb-map-buttons" }, [undoButton, emptyButton]),
  );

  return {
    element: root,
    // The scenario changed (a tap, the text, the form, a link): draw it. The toolbar follows the
    // map's countries.
    draw(scenario) {
      const safe = scenario && typeof scenario === "object" ? scenario : {};
      drawToolbar(safe);
      drawGrid(safe);
      if (focusAfterDraw) {
        const [q, r] = focusAfterDraw.split(",");
        const again = gridBox.querySelector(`g.rb-hex[data-q="${q}"][data-r="${r}"]`);
        if (again) again.focus();
        focusAfterDraw = null;
      }
    },
  };
}
