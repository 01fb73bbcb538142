// Rulebook calculator pages: a map editor for the hex-map calculators
// (Unconditional Surrender! supply, ZOC and stacking). An SVG grid of the scenario's map.hexes:
// pick a tool (terrain, country, city, a hex flag such as port, hexside, transport line, sea zone,
// off-map box, unit, marker, erase) and click or tap hexes (the hexside tool: the edge between two
// hexes). Dashed hexes around the map are places to add a hex. The scenario stays the one
// source of truth: every tap makes a new scenario and hands it to the page (web/calculator.js),
// which writes the scenario editor and the form and draws this grid again; editing the scenario
// text draws the grid again too. Undo restores the scenario before the last taps.
//
// Geometry is that of the answer's picture (adjudicator/unconditional_surrender/svg.py): axial
// (q, r), pointy-top hexes, centre (SIZE·√3·(q + r/2), SIZE·1.5·r). A hex without q/r is placed
// by the map's printed numbering (map.numbering, adjudicator/unconditional_surrender/numbering.py,
// ported below). Hexsides and transport lines are drawn as the picture draws them; sea zones and
// off-map boxes as named boxes in a column right of the map, dotted to their ports and entry hexes.
// Regions ({rect: …}) are kept as written but not drawn or edited here: they stay in the scenario
// editor. Erasing a hex also takes it out of every hexside, transport line, zone and box naming it,
// so the scenario stays valid.
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
// svg.py SIDE_STYLE: how each hexside feature is drawn.
const SIDE_STYLE = {
  mountain: { stroke: "#7a4f24", "stroke-width": 5 },
  impassable: { stroke: "#111", "stroke-width": 5 },
  sea: { stroke: "#2a6fb0", "stroke-width": 5 },
  strait: { stroke: "#2a6fb0", "stroke-width": 4, "stroke-dasharray": "4 3" },
};

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

function adjacent([q1, r1], [q2, r2]) {
  const dq = q1 - q2, dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2 === 1;
}

// The side two neighbouring hexes share, as svg.py draws a hexside: through the middle of the two
// centres, across the line joining them, `fraction` of a side long.
function sharedEdge(a, b, fraction = 1) {
  const [ax, ay] = centre(a[0], a[1]), [bx, by] = centre(b[0], b[1]);
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  const length = Math.hypot(bx - ax, by - ay) || 1;
  const px = (-(by - ay) / length) * SIZE * fraction / 2, py = ((bx - ax) / length) * SIZE * fraction / 2;
  return { x1: (mx - px).toFixed(1), y1: (my - py).toFixed(1), x2: (mx + px).toFixed(1), y2: (my + py).toFixed(1) };
}

// A tap target along a segment: a band `width` wide (a polygon, not a thick line, so its box is
// never zero wide or high and the browser counts it as visible).
function band({ x1, y1, x2, y2 }, width) {
  const [ax, ay, bx, by] = [x1, y1, x2, y2].map(Number);
  const length = Math.hypot(bx - ax, by - ay) || 1;
  const nx = (-(by - ay) / length) * width / 2, ny = ((bx - ax) / length) * width / 2;
  return [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

const sameSide = (side, a, b) => side && Array.isArray(side.between) && ((side.between[0] === a && side.between[1] === b) || (side.between[0] === b && side.between[1] === a));

// A hex leaves the map: every hexside, transport line, sea zone and box naming it lets it go (a
// line is cut there), so what is left is still a valid map.
function forgetHex(map, id) {
  if (Array.isArray(map.hexsides)) map.hexsides = map.hexsides.filter((side) => !(side && Array.isArray(side.between) && side.between.includes(id)));
  if (Array.isArray(map.transport_lines)) {
    map.transport_lines = map.transport_lines.flatMap((line) => {
      if (!line || !Array.isArray(line.hexes) || !line.hexes.includes(id)) return [line];
      return splitLine(line, line.hexes.map((hex, position) => (hex === id ? position : -1)).filter((position) => position >= 0));
    });
  }
  for (const zone of Array.isArray(map.sea_zones) ? map.sea_zones : []) if (zone && Array.isArray(zone.ports)) zone.ports = zone.ports.filter((port) => port !== id);
  for (const box of Array.isArray(map.boxes) ? map.boxes : []) if (box && Array.isArray(box.entry_hexes)) box.entry_hexes = box.entry_hexes.filter((entry) => entry !== id);
}

// A transport line without the hexes at `cuts` (positions): the pieces of two hexes or more, each
// keeping the line's name.
function splitLine(line, cuts) {
  const pieces = [];
  let current = [];
  line.hexes.forEach((hex, position) => {
    if (cuts.includes(position)) {
      pieces.push(current);
      current = [];
    } else current.push(hex);
  });
  pieces.push(current);
  return pieces.filter((hexes) => hexes.length >= 2).map((hexes) => ({ ...line, hexes }));
}

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
// `htmlElement` is the page's own element builder (web/calculator.js), handed over so there is one of it.
export function createMapEditor({ schema, words, getScenario, commit, htmlElement }) {
  const defs = schema.$defs || {};
  const hexSchema = defs.Hex || { properties: {} };
  const unitSchema = defs.Unit || { properties: {} };
  const markerSchema = schema.properties && schema.properties.markers ? defs.Marker : null;
  const mapSchema = resolve((schema.properties || {}).map, schema);
  const mapHas = (name) => Boolean((mapSchema.properties || {})[name]);
  const sideFeatures = defs.HexsideFeature && Array.isArray(defs.HexsideFeature.enum) ? defs.HexsideFeature.enum : [];
  const factions = (defs.Faction && Array.isArray(defs.Faction.enum) ? defs.Faction.enum : []).filter((faction) => faction !== "neutral");
  const boxKinds = defs.BoxKind && Array.isArray(defs.BoxKind.enum) ? defs.BoxKind.enum : ["other"];
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
    line: null, // index of the transport line being laid
    zone: "", // the sea zone whose ports a tap joins or takes out
    box: "", // the off-map box whose entry hexes a tap joins or takes out
    newZone: "",
    newBox: "",
    boxKind: boxKinds.includes("other") ? "other" : boxKinds[0],
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

  const listOf = (owner, key) => {
    if (!Array.isArray(owner[key])) owner[key] = [];
    return owner[key];
  };
  const positionsOf = (scenario) => new Map(places(scenario).drawn.map((place) => [place.cell.id, [place.q, place.r]]));

  // The transport line tool: a tap on a hex next to the last one lays the next hex; on the last hex
  // again, ends the line (a line of one hex is dropped); elsewhere, starts a new line there.
  const layLine = (scenario, cell) => {
    const lines = listOf(scenario.map, "transport_lines");
    const current = state.line === null ? null : lines[state.line];
    if (current && Array.isArray(current.hexes) && current.hexes.length) {
      const last = current.hexes[current.hexes.length - 1];
      const where = positionsOf(scenario);
      if (last === cell.id) {
        if (current.hexes.length < 2) lines.splice(state.line, 1);
        state.line = null;
        return;
      }
      if (where.has(last) && where.has(cell.id) && adjacent(where.get(last), where.get(cell.id))) {
        current.hexes.push(cell.id);
        return;
      }
      if (current.hexes.length < 2) lines.splice(state.line, 1);
    }
    lines.push({ hexes: [cell.id] });
    state.line = lines.length - 1;
  };
  const finishLine = () => {
    const lines = (getScenario().map || {}).transport_lines;
    const current = state.line !== null && Array.isArray(lines) ? lines[state.line] : null;
    const index = state.line;
    state.line = null;
    if (current && Array.isArray(current.hexes) && current.hexes.length < 2) {
      change((scenario) => {
        scenario.map.transport_lines.splice(index, 1);
        return true;
      });
    } else drawToolbar(getScenario());
  };

  // The hexside tool: each tap on a side gives it the next feature, after the last one none.
  const cycleSide = (a, b) => {
    change((scenario) => {
      const sides = listOf(scenario.map, "hexsides");
      const at = sides.findIndex((side) => sameSide(side, a, b));
      const now = at >= 0 ? sideFeatures.indexOf(sides[at].feature) : -1;
      const next = sideFeatures[now + 1];
      if (at >= 0 && next) sides[at].feature = next;
      else if (at >= 0) sides.splice(at, 1);
      else sides.push({ between: [a, b], feature: sideFeatures[0] });
      if (!sides.length) delete scenario.map.hexsides;
      return true;
    });
  };

  // The erase tool on a transport line: the segment between the hexes at `position` and the next goes.
  const eraseSegment = (number, position) => {
    change((scenario) => {
      const lines = listOf(scenario.map, "transport_lines");
      const line = lines[number];
      if (!line || !Array.isArray(line.hexes)) return false;
      const pieces = [line.hexes.slice(0, position + 1), line.hexes.slice(position + 1)].filter((hexes) => hexes.length >= 2);
      lines.splice(number, 1, ...pieces.map((hexes) => ({ ...line, hexes })));
      if (state.line !== null && state.line >= number) state.line = null;
      if (!lines.length) delete scenario.map.transport_lines;
      return true;
    });
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
        else {
          scenario.map.hexes.splice(place.index, 1);
          forgetHex(scenario.map, cell.id);
        }
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
      } else if (state.tool === "hexside") {
        return false; // the tool acts on the sides between hexes, drawn above them
      } else if (state.tool === "line") {
        layLine(scenario, cell);
      } else if (state.tool === "zone") {
        const zone = listOf(scenario.map, "sea_zones").find((item) => item && item.id === state.zone);
        if (!zone) return false;
        const ports = listOf(zone, "ports");
        if (ports.includes(cell.id)) zone.ports = ports.filter((port) => port !== cell.id);
        else {
          ports.push(cell.id);
          cell.port = true; // a zone lists ports only (hexmap.py)
        }
      } else if (state.tool === "box") {
        const box = listOf(scenario.map, "boxes").find((item) => item && item.id === state.box);
        if (!box) return false;
        const entries = listOf(box, "entry_hexes");
        if (entries.includes(cell.id)) box.entry_hexes = entries.filter((entry) => entry !== cell.id);
        else entries.push(cell.id);
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
      // The countries, numbering, weather, sea zones and off-map boxes stay: they are the frame a
      // new drawing uses (the zones keep their convoys, support units and neighbours, the boxes
      // their kind and links, without the hexes that are gone); hexsides and transport lines join
      // hexes, so they go with them.
      scenario.map.hexes = [];
      for (const key of ["hexsides", "transport_lines"]) delete scenario.map[key];
      for (const zone of Array.isArray(scenario.map.sea_zones) ? scenario.map.sea_zones : []) if (zone && typeof zone === "object") zone.ports = [];
      for (const box of Array.isArray(scenario.map.boxes) ? scenario.map.boxes : []) if (box && typeof box === "object") box.entry_hexes = [];
      state.line = null;
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
    if (mapHas("hexsides") && sideFeatures.length) list.push(["hexside", words.field("hexsides")]);
    if (mapHas("transport_lines")) list.push(["line", words.field("transport_lines")]);
    if (mapHas("sea_zones")) list.push(["zone", words.field("sea_zones")]);
    if (mapHas("boxes")) list.push(["box", words.field("boxes")]);
    list.push(["unit", words.field("unit")]);
    if (markerSchema) list.push(["marker", words.field("markers")]);
    list.push(["erase", words.t("erase")]);
    return list;
  };

  // A list of ticks (factions, zones, boxes) that each change one list of the chosen zone or box.
  const ticks = (legend, name, values, chosen, label, onToggle) => {
    const group = htmlElement("fieldset", { class: "rb-tool-option rb-ticks", "data-ticks": name }, [htmlElement("legend", { text: legend })]);
    for (const value of values) {
      const box = htmlElement("input", { type: "checkbox", value, "data-tick": `${name}:${value}` });
      box.checked = chosen.includes(value);
      box.addEventListener("change", () => onToggle(value, box.checked));
      group.append(htmlElement("label", {}, [box, ` ${label(value)}`]));
    }
    return group;
  };
  const toggleIn = (owner, key, value, on) => {
    const list = Array.isArray(owner[key]) ? owner[key].filter((item) => item !== value) : [];
    if (on) list.push(value);
    owner[key] = list;
  };
  // A new zone or box: a name not yet used by a hex, zone or box (the map's nodes share one namespace).
  const adder = (inputId, buttonId, hint, value, onInput, onAdd) => {
    const name = htmlElement("input", { id: inputId, type: "text", placeholder: words.t(hint), "aria-label": words.t(hint) });
    name.value = value;
    name.addEventListener("input", () => onInput(name.value));
    const add = htmlElement("button", { type: "button", class: "md-button", id: buttonId, text: words.t("add") });
    add.addEventListener("click", () => onAdd(name.value.trim()));
    return htmlElement("span", { class: "rb-tool-option" }, [name, add]);
  };
  const nodeIds = (scenario) => {
    const map = scenario.map || {};
    const ids = [map.hexes, map.sea_zones, map.boxes].flatMap((list) => (Array.isArray(list) ? list : [])).map((item) => item && item.id);
    return new Set(ids.filter((id) => typeof id === "string"));
  };
  const named = (list) => (Array.isArray(list) ? list : []).filter((item) => item && typeof item.id === "string");

  const zoneOptions = (scenario) => {
    const zones = named((scenario.map || {}).sea_zones);
    if (!zones.some((zone) => zone.id === state.zone)) state.zone = zones.length ? zones[0].id : "";
    if (zones.length) {
      const select = htmlElement("select", { id: "rb-tool-zone" });
      for (const zone of zones) select.append(htmlElement("option", { value: zone.id, text: zone.id }));
      select.value = state.zone;
      select.addEventListener("change", () => {
        state.zone = select.value;
        drawToolbar(getScenario());
      });
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.t("sea_zone")} `, select]));
    }
    options.append(adder("rb-new-zone", "rb-add-zone", "new_zone_hint", state.newZone, (value) => {
      state.newZone = value;
    }, (id) => {
      if (!id || nodeIds(getScenario()).has(id)) return;
      change((next) => {
        listOf(next.map, "sea_zones").push({ id, ports: [] });
        return true;
      });
      state.zone = id;
      state.newZone = "";
      drawToolbar(getScenario());
    }));
    const zone = zones.find((item) => item.id === state.zone);
    if (!zone) return;
    const editZone = (key, value, on) => change((next) => {
      const found = next.map.sea_zones.find((item) => item && item.id === zone.id);
      toggleIn(found, key, value, on);
      if (key === "adjacent") {
        // adjacency is symmetric (hexmap.py): the other zone lists this one too, or neither does
        const other = next.map.sea_zones.find((item) => item && item.id === value);
        if (other) toggleIn(other, key, zone.id, on);
      }
      return true;
    });
    const factionWord = (faction) => words.choice("faction", faction);
    if (factions.length) {
      options.append(ticks(words.field("convoys"), "convoys", factions, listOf({ ...zone }, "convoys"), factionWord, (value, on) => editZone("convoys", value, on)));
      options.append(ticks(words.field("support_units"), "support_units", factions, listOf({ ...zone }, "support_units"), factionWord, (value, on) => editZone("support_units", value, on)));
    }
    const others = zones.filter((item) => item.id !== zone.id).map((item) => item.id);
    if (others.length) options.append(ticks(words.field("adjacent"), "adjacent", others, listOf({ ...zone }, "adjacent"), (id) => id, (value, on) => editZone("adjacent", value, on)));
  };

  const boxOptions = (scenario) => {
    const boxes = named((scenario.map || {}).boxes);
    if (!boxes.some((box) => box.id === state.box)) state.box = boxes.length ? boxes[0].id : "";
    if (boxes.length) {
      const select = htmlElement("select", { id: "rb-tool-box" });
      for (const box of boxes) select.append(htmlElement("option", { value: box.id, text: `${box.id} (${words.choice("kind", box.kind || "other")})` }));
      select.value = state.box;
      select.addEventListener("change", () => {
        state.box = select.value;
        drawToolbar(getScenario());
      });
      options.append(htmlElement("label", { class: "rb-tool-option" }, [`${words.t("off_map_box")} `, select]));
    }
    options.append(choiceSelect("rb-tool-box-kind", words.field("kind"), boxKinds, state.boxKind, "kind", (value) => {
      state.boxKind = value;
    }));
    options.append(adder("rb-new-box", "rb-add-box", "new_box_hint", state.newBox, (value) => {
      state.newBox = value;
    }, (id) => {
      if (!id || nodeIds(getScenario()).has(id)) return;
      change((next) => {
        const box = { id, entry_hexes: [] };
        if (state.boxKind !== "other") box.kind = state.boxKind;
        listOf(next.map, "boxes").push(box);
        return true;
      });
      state.box = id;
      state.newBox = "";
      drawToolbar(getScenario());
    }));
    const box = boxes.find((item) => item.id === state.box);
    if (!box) return;
    const editBox = (key, value, on) => change((next) => {
      const found = next.map.boxes.find((item) => item && item.id === box.id);
      toggleIn(found, key, value, on);
      if (key === "links") {
        const other = next.map.boxes.find((item) => item && item.id === value);
        if (other) toggleIn(other, key, box.id, on); // links are symmetric (hexmap.py)
      }
      return true;
    });
    const zones = named((scenario.map || {}).sea_zones).map((zone) => zone.id);
    if (zones.length) options.append(ticks(words.field("sea_zones"), "box_zones", zones, listOf({ ...box }, "sea_zones"), (id) => id, (value, on) => editBox("sea_zones", value, on)));
    const others = boxes.filter((item) => item.id !== box.id).map((item) => item.id);
    if (others.length) options.append(ticks(words.field("links"), "links", others, listOf({ ...box }, "links"), (id) => id, (value, on) => editBox("links", value, on)));
  };

  const drawToolbar = (scenario) => {
    toolbar.replaceChildren();
    for (const [name, label] of tools()) {
      const button = htmlElement("button", { type: "button", class: "rb-tool", "data-tool": name, "aria-pressed": String(state.tool === name), text: label });
      button.addEventListener("click", () => {
        if (state.tool === "line" && name !== "line") state.line = null;
        state.tool = name;
        drawToolbar(getScenario());
        drawGrid(getScenario()); // the sides and segments to tap are drawn for their tools only
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
    } else if (state.tool === "line") {
      if (state.line !== null) {
        const finish = htmlElement("button", { type: "button", class: "md-button", id: "rb-finish-line", text: words.t("finish_line") });
        finish.addEventListener("click", finishLine);
        options.append(finish);
      }
    } else if (state.tool === "zone") {
      zoneOptions(scenario);
    } else if (state.tool === "box") {
      boxOptions(scenario);
    }
    const hints = { erase: "erase_hint", hexside: "hexside_hint", line: "line_hint", zone: "zone_hint", box: "box_hint" };
    note.textContent = words.t(hints[state.tool] || "map_hint");
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
    const map = scenario.map && typeof scenario.map === "object" ? scenario.map : {};
    // Off-map boxes, then sea zones, in a column right of the map (svg.py's order and shapes).
    const column = [...named(map.boxes).map((item) => ["box", item]), ...named(map.sea_zones).map((item) => ["zone", item])];
    const columnX = Math.max(...xs) + SIZE * 2.7;
    const columnY = (number) => Math.min(...ys) - SIZE * 0.4 + SIZE * 1.6 * number;
    const left = Math.min(...xs) - SIZE, top = Math.min(...ys) - SIZE * 1.1;
    const right = column.length ? columnX + SIZE * 1.6 : Math.max(...xs) + SIZE;
    const bottom = Math.max(Math.max(...ys) + SIZE * 1.1, column.length ? columnY(column.length - 1) + SIZE * 0.7 : -Infinity);
    const width = right - left, height = bottom - top;
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
    const where = new Map(drawn.map((place) => [place.cell.id, [place.q, place.r]]));
    const lineLayer = svgElement("g", { class: "rb-map-lines", "pointer-events": "none", "aria-hidden": "true" });
    for (const side of Array.isArray(map.hexsides) ? map.hexsides : []) {
      if (!side || !Array.isArray(side.between) || !SIDE_STYLE[side.feature]) continue;
      const [a, b] = side.between;
      if (!where.has(a) || !where.has(b) || !adjacent(where.get(a), where.get(b))) continue;
      lineLayer.append(svgElement("line", { ...sharedEdge(where.get(a), where.get(b)), ...SIDE_STYLE[side.feature], "stroke-linecap": "round", class: "rb-side-drawn", "data-between": `${a} ${b}`, "data-feature": side.feature }));
    }
    (Array.isArray(map.transport_lines) ? map.transport_lines : []).forEach((line, number) => {
      if (!line || !Array.isArray(line.hexes)) return;
      const points = line.hexes.filter((hex) => where.has(hex)).map((hex) => centre(...where.get(hex)).map((value) => value.toFixed(1)).join(",")).join(" ");
      const laying = state.tool === "line" && state.line === number;
      lineLayer.append(svgElement("polyline", { points, fill: "none", stroke: laying ? "#d68910" : "#333", "stroke-width": 2.2, class: "rb-line", "data-line": number, "data-hexes": line.hexes.join(" ") }));
      lineLayer.append(svgElement("polyline", { points, fill: "none", stroke: "#fff", "stroke-width": 1, "stroke-dasharray": "3 3" }));
    });
    column.forEach(([kind, item], number) => {
      const x = columnX, y = columnY(number);
      const joined = kind === "zone" ? item.ports : item.entry_hexes;
      for (const hex of Array.isArray(joined) ? joined : []) {
        if (typeof hex !== "string" || !where.has(hex)) continue;
        const [px, py] = centre(...where.get(hex));
        lineLayer.append(svgElement("line", { x1: px.toFixed(1), y1: py.toFixed(1), x2: (x - SIZE * 1.5).toFixed(1), y2: y.toFixed(1), stroke: kind === "zone" ? "#2a6fb0" : "#333", "stroke-width": 1, "stroke-opacity": 0.6, "stroke-dasharray": "2 3", class: `rb-${kind}-link`, "data-hex": hex }));
      }
      const chosen = (kind === "zone" && state.tool === "zone" && state.zone === item.id) || (kind === "box" && state.tool === "box" && state.box === item.id);
      lineLayer.append(svgElement("rect", {
        x: (x - SIZE * 1.5).toFixed(1), y: (y - SIZE * 0.6).toFixed(1), width: SIZE * 3, height: SIZE * 1.2, rx: kind === "zone" ? 12 : 0,
        fill: kind === "zone" ? TERRAIN_FILL.sea : "#fafafa", stroke: chosen ? "#d68910" : kind === "zone" ? "#2a6fb0" : "#333",
        "stroke-width": chosen ? 2.5 : 1, "stroke-dasharray": kind === "box" ? "5 3" : undefined, class: `rb-${kind}`, [`data-${kind}`]: item.id,
      }));
      lineLayer.append(svgElement("text", { x: x.toFixed(1), y: (y - 2).toFixed(1), class: "rb-column-name" }, String(item.id).slice(0, 16)));
      if (kind !== "zone") return;
      const badges = [...(Array.isArray(item.convoys) ? item.convoys : []).map((faction) => ["convoy", faction, "C"]), ...(Array.isArray(item.support_units) ? item.support_units : []).map((faction) => ["support-unit", faction, "S"])];
      badges.forEach(([badge, faction, letter], position) => {
        const bx = x - SIZE * 1.2 + position * 13, by = y + 4;
        const mark = svgElement("g", { class: `rb-${badge}`, "data-faction": faction });
        mark.append(badge === "convoy"
          ? svgElement("rect", { x: bx.toFixed(1), y: by.toFixed(1), width: 11, height: 8, rx: 1, fill: FACTION_COLOUR[faction] || "#999" })
          : svgElement("circle", { cx: (bx + 5.5).toFixed(1), cy: (by + 4).toFixed(1), r: 4.5, fill: FACTION_COLOUR[faction] || "#999" }));
        mark.append(svgElement("text", { x: (bx + 5.5).toFixed(1), y: (by + 6.5).toFixed(1), class: "rb-badge-letter" }, letter));
        lineLayer.append(mark);
      });
    });
    // What the hexside and erase tools tap lies above the hexes, for those tools only: each side
    // between two drawn hexes; each segment of a transport line.
    const tapLayer = svgElement("g", { class: "rb-taps" });
    if (state.tool === "hexside") {
      for (const place of drawn) {
        for (const [dq, dr] of NEIGHBOURS.slice(0, 3)) {
          const other = drawn.find((item) => item.q === place.q + dq && item.r === place.r + dr);
          if (!other) continue;
          const [a, b] = [place.cell.id, other.cell.id];
          const side = (Array.isArray(map.hexsides) ? map.hexsides : []).find((item) => sameSide(item, a, b));
          const feature = side ? words.choice("feature", side.feature) : words.t("no_feature");
          const button = svgElement("g", { class: "rb-side", role: "button", tabindex: "0", "data-between": `${a} ${b}`, "aria-label": words.t("hexside_label", { a, b, feature }) });
          button.append(svgElement("polygon", { points: band(sharedEdge([place.q, place.r], [other.q, other.r], 0.8), 24), fill: "transparent" }));
          tapLayer.append(button);
        }
      }
    } else if (state.tool === "erase") {
      (Array.isArray(map.transport_lines) ? map.transport_lines : []).forEach((line, number) => {
        if (!line || !Array.isArray(line.hexes)) return;
        for (let position = 0; position + 1 < line.hexes.length; position += 1) {
          const [a, b] = [line.hexes[position], line.hexes[position + 1]];
          if (!where.has(a) || !where.has(b)) continue;
          const [ax, ay] = centre(...where.get(a)), [bx, by] = centre(...where.get(b));
          const button = svgElement("g", { class: "rb-segment", role: "button", tabindex: "0", "data-line": number, "data-position": position, "data-between": `${a} ${b}`, "aria-label": words.t("segment_label", { a, b }) });
          button.append(svgElement("polygon", { points: band({ x1: ax + (bx - ax) * 0.3, y1: ay + (by - ay) * 0.3, x2: ax + (bx - ax) * 0.7, y2: ay + (by - ay) * 0.7 }, 24), fill: "transparent" }));
          tapLayer.append(button);
        }
      });
    }
    svg.append(hexLayer, lineLayer, markLayer, tapLayer);
    const target = (event) => event.target.closest("g.rb-hex, g.rb-side, g.rb-segment");
    svg.addEventListener("click", (event) => {
      const group = target(event);
      if (group) activate(group);
    });
    svg.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const group = target(event);
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
    const focused = document.activeElement === group;
    if (group.classList.contains("rb-side")) {
      focusAfterDraw = focused ? `g.rb-side[data-between="${group.dataset.between}"]` : null;
      const [a, b] = group.dataset.between.split(" ");
      cycleSide(a, b);
      return;
    }
    if (group.classList.contains("rb-segment")) {
      focusAfterDraw = null;
      eraseSegment(Number(group.dataset.line), Number(group.dataset.position));
      return;
    }
    const q = Number(group.dataset.q), r = Number(group.dataset.r);
    const place = places(getScenario()).drawn.find((item) => item.q === q && item.r === r) || { index: null, q, r, cell: null };
    focusAfterDraw = focused ? `g.rb-hex[data-q="${q}"][data-r="${r}"]` : null;
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
      // After undo or a typed edit the line being laid may be gone.
      const lines = safe.map && Array.isArray(safe.map.transport_lines) ? safe.map.transport_lines : [];
      if (state.line !== null && !(lines[state.line] && Array.isArray(lines[state.line].hexes) && lines[state.line].hexes.length)) state.line = null;
      drawToolbar(safe);
      drawGrid(safe);
      if (focusAfterDraw) {
        const again = gridBox.querySelector(focusAfterDraw);
        if (again) again.focus();
        focusAfterDraw = null;
      }
    },
  };
}
