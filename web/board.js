// Draws a goishi board as SVG from the engine's geometry (points with grid coordinates and
// the edges of the default adjacency) and the game's state (stones, last move, stones just
// removed, dead stones, legal points). Square and rectangle boards get the grid of Go; a
// torus gets a faded band one row and column wide past each edge (the points it wraps to);
// hex boards hexagons; every grid its coordinates, the parts of the engine's point names; a
// graph its points (named) and edges, laid out here (a drawing choice, not a rule).
//
// Every board point is a <g data-point="E5" data-stone="black|white|"> (the DOM contract of
// docs/playground.md); the torus's band is <g data-wrap-of="E5">, with no data-point; each
// coordinate a <text class="label">.

const SVG = "http://www.w3.org/2000/svg";
const SQRT3 = Math.sqrt(3);

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A deterministic spring layout of one connected graph (circle start, fixed iterations),
// scaled so that its median edge is two stones long; `edges` index 0..n-1.
function springLayout(n, edges) {
  const pos = [];
  const r = Math.max(2, n / 3);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    pos.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  if (n <= 400) {
    const k = 1.6;
    for (let it = 0; it < 300; it++) {
      const disp = pos.map(() => [0, 0]);
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
          const d2 = Math.max(dx * dx + dy * dy, 0.01);
          const f = (k * k) / d2;
          disp[i][0] += dx * f; disp[i][1] += dy * f;
          disp[j][0] -= dx * f; disp[j][1] -= dy * f;
        }
      }
      for (const [i, j] of edges) {
        const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
        const d = Math.max(Math.hypot(dx, dy), 0.01);
        const f = d / k;
        disp[i][0] -= dx * f; disp[i][1] -= dy * f;
        disp[j][0] += dx * f; disp[j][1] += dy * f;
      }
      const t = 0.1 * (1 - it / 300) + 0.01;
      for (let i = 0; i < n; i++) {
        const d = Math.max(Math.hypot(disp[i][0], disp[i][1]), 0.01);
        const step = Math.min(d, t * k * 4);
        pos[i][0] += (disp[i][0] / d) * step;
        pos[i][1] += (disp[i][1] / d) * step;
      }
    }
  }
  const minX = Math.min(...pos.map(p => p[0])), minY = Math.min(...pos.map(p => p[1]));
  const lengths = edges.map(([i, j]) => Math.hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1])).sort((a, b) => a - b);
  const median = lengths.length ? lengths[lengths.length >> 1] : 0;
  const s = median > 0 ? 2 / median : 1;
  return pos.map(([x, y]) => [(x - minX) * s, (y - minY) * s]);
}

// The layout of a graph: each connected part laid out alone by the spring layout (a point
// with no edge is a part of one point), then the parts packed in rows, largest first, two
// stones apart, so that no part drifts away from the others or shrinks the rest to a speck.
// A connected graph is its spring layout. Deterministic: the same graph, the same drawing.
function layoutGraph(n, edges) {
  const neighbours = Array.from({ length: n }, () => []);
  for (const [i, j] of edges) {
    neighbours[i].push(j);
    neighbours[j].push(i);
  }
  const part = new Array(n).fill(-1);
  const parts = [];
  for (let start = 0; start < n; start++) {
    if (part[start] >= 0) continue;
    const members = [start];
    part[start] = parts.length;
    for (let k = 0; k < members.length; k++) {
      for (const q of neighbours[members[k]]) {
        if (part[q] < 0) {
          part[q] = parts.length;
          members.push(q);
        }
      }
    }
    members.sort((a, b) => a - b);
    parts.push(members);
  }
  if (parts.length === 1) return springLayout(n, edges);
  const local = new Array(n);
  for (const members of parts) members.forEach((p, k) => { local[p] = k; });
  const partEdges = parts.map(() => []);
  for (const [i, j] of edges) partEdges[part[i]].push([local[i], local[j]]);
  const laid = parts.map((members, c) => {
    const pos = springLayout(members.length, partEdges[c]);
    const width = Math.max(...pos.map(p => p[0])), height = Math.max(...pos.map(p => p[1]));
    return { members, pos, width, height };
  });
  // Shelf packing: rows no wider than the widest part or the square root of the total area.
  const gap = 2;
  const order = laid.map((_, i) => i).sort((a, b) => laid[b].members.length - laid[a].members.length || a - b);
  const area = laid.reduce((sum, l) => sum + (l.width + gap) * (l.height + gap), 0);
  const rowWidth = Math.max(Math.sqrt(area) * 1.2, ...laid.map(l => l.width));
  const out = new Array(n);
  let x = 0, y = 0, rowHeight = 0;
  for (const i of order) {
    const l = laid[i];
    if (x > 0 && x + l.width > rowWidth) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    l.members.forEach((p, k) => { out[p] = [l.pos[k][0] + x, l.pos[k][1] + y]; });
    x += l.width + gap;
    rowHeight = Math.max(rowHeight, l.height);
  }
  return out;
}

// The centres of the points, in board units; for a grid, `at(x, y)` is the centre of column
// x, row y (row 0 at the bottom), also for the places just off the board where the torus's
// wrap and the coordinates are drawn.
function centres(geometry) {
  const { kind, height: h, points, edges } = geometry;
  if (kind === "graph") {
    const pos = layoutGraph(points.length, edges);
    return { pos };
  }
  let at = (x, y) => [x, h - 1 - y];
  if (kind === "hex") {
    // Which diagonal the engine joins decides the rhombus's slant.
    const index = new Map(points.map((p, i) => [`${p.x},${p.y}`, i]));
    const a = index.get("0,0"), b = index.get("1,1");
    const slantRight = !edges.some(([i, j]) => (i === a && j === b) || (i === b && j === a));
    const s = slantRight ? 1 : -1;
    const minX = Math.min(...points.map(p => p.x + (s * p.y) / 2));
    at = (x, y) => [x + (s * y) / 2 - minX, (h - 1 - y) * SQRT3 / 2];
  }
  return { pos: points.map(p => at(p.x, p.y)), at };
}

// The name of the grid point at column x, row y, read modulo the board's sides (the point
// a place past a torus's edge wraps to).
const gridNames = new WeakMap();
function wrapName(geometry, x, y) {
  const { width: w, height: h, points } = geometry;
  if (!gridNames.has(geometry)) gridNames.set(geometry, new Map(points.map(p => [`${p.x},${p.y}`, p.name])));
  return gridNames.get(geometry).get(`${((x % w) + w) % w},${((y % h) + h) % h}`);
}

// The GTP names' two parts, read from the engine's names of the points (`AB12`: `AB`, `12`).
const columnName = pointName => pointName.replace(/[0-9]+$/, "");
const rowName = pointName => pointName.slice(columnName(pointName).length);

// How far the coordinates sit from the centres of the edge points (board units): past the
// stones (radius under 0.5), past the hexagons' points (1/sqrt(3)), past the torus's band.
const LABEL_OFFSET = { rect: [0.75, 0.75], hex: [0.9, 0.95], torus: [1.75, 1.75] };

// The coordinates of a grid board: each column's name above and below it, each row's number
// left and right of it, as the engine names the points beside them. On a torus the band's
// row and column are named too, faded: the names they wrap to (left of A, the last column).
function coordinates(geometry, layout) {
  const { kind, width: w, height: h } = geometry;
  const [dx, dy] = LABEL_OFFSET[kind];
  const band = kind === "torus" ? 1 : 0;
  const labels = [];
  for (let x = -band; x < w + band; x++) {
    const text = columnName(wrapName(geometry, x, 0));
    const wrap = x < 0 || x >= w;
    const [tx, ty] = layout.at(x, h - 1);
    const [bx, by] = layout.at(x, 0);
    labels.push({ text, wrap, x: tx, y: ty - dy }, { text, wrap, x: bx, y: by + dy });
  }
  for (let y = -band; y < h + band; y++) {
    const text = rowName(wrapName(geometry, 0, y));
    const wrap = y < 0 || y >= h;
    const [lx, ly] = layout.at(0, y);
    const [rx, ry] = layout.at(w - 1, y);
    labels.push({ text, wrap, x: lx - dx, y: ly }, { text, wrap, x: rx + dx, y: ry });
  }
  return labels;
}

// The box of everything drawn: [minX, minY, maxX, maxY].
function extent(boxes) {
  return [
    Math.min(...boxes.map(b => b[0])), Math.min(...boxes.map(b => b[1])),
    Math.max(...boxes.map(b => b[2])), Math.max(...boxes.map(b => b[3])),
  ];
}

// A note under the board for a person: what the torus's band is.
export function boardNote(geometry) {
  if (geometry.kind !== "torus") return "";
  const first = wrapName(geometry, 0, 0), last = wrapName(geometry, -1, -1);
  return `A torus: each edge continues on the opposite one. The faded band around the board `
    + `repeats the opposite edges: left of column ${columnName(first)} comes column ${columnName(last)}, `
    + `above row ${rowName(last)} comes row ${rowName(first)}.`;
}

// Draws the board into `container`; `onPoint(name)` is called on a click on a point.
export function drawBoard(container, geometry, state, view, onPoint) {
  const { kind, width: w, height: h, points, edges } = geometry;
  const layout = view.layout && view.layoutFor === geometry ? view.layout : centres(geometry);
  view.layout = layout;
  view.layoutFor = geometry;
  const { pos } = layout;
  const stoneR = kind === "hex" ? 0.45 : kind === "graph" ? 0.36 : 0.47;
  const labels = kind === "graph" ? [] : coordinates(geometry, layout);
  // The torus's band: one row and one column past each edge, the points they wrap to.
  const band = [];
  if (kind === "torus") {
    for (let y = -1; y <= h; y++) {
      for (let x = -1; x <= w; x++) {
        if (x >= 0 && x < w && y >= 0 && y < h) continue;
        band.push({ name: wrapName(geometry, x, y), at: layout.at(x, y) });
      }
    }
  }
  // The drawing's extent: the points (a graph's with a stone's width of room around them),
  // the coordinates, the torus's band.
  const room = kind === "graph" ? 1 : 0.6;
  const boxes = pos.map(([x, y]) => [x - room, y - room, x + room, y + room]);
  for (const l of labels) {
    const half = 0.15 + 0.12 * l.text.length;
    boxes.push([l.x - half, l.y - 0.25, l.x + half, l.y + 0.25]);
  }
  for (const { at: [x, y] } of band) boxes.push([x - 0.8, y - 0.8, x + 0.8, y + 0.8]);
  if (kind === "graph") {
    // Room on the right for the names written right of the points (about 0.2 a letter).
    points.forEach((p, i) => boxes.push([pos[i][0], pos[i][1], pos[i][0] + 0.6 + 0.2 * p.name.length, pos[i][1]]));
  }
  const [x0, y0, x1, y1] = extent(boxes);
  const pad = kind === "graph" ? 0 : 0.15;
  const svg = el("svg", {
    viewBox: `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`,
    class: `board kind-${kind} to-move-${state.to_move}`,
    "data-testid": "board-svg",
    role: "img",
    "aria-label": `${geometry.describe} board`,
  });
  el("rect", {
    class: "frame", x: x0 - pad + 0.1, y: y0 - pad + 0.1,
    width: x1 - x0 + 2 * pad - 0.2, height: y1 - y0 + 2 * pad - 0.2, rx: 0.2,
  }, svg);
  if (kind === "torus") {
    // The band: paler wood, its lines faded and running on past it; the seam dashed.
    el("path", {
      class: "band", "fill-rule": "evenodd",
      d: `M-1.5,-1.5H${w + 0.5}V${h + 0.5}H-1.5Z M-0.5,-0.5H${w - 0.5}V${h - 0.5}H-0.5Z`,
    }, svg);
    const wrap = el("g", { class: "wrap" }, svg);
    for (let x = -1; x <= w; x++) el("line", { x1: x, y1: -1.5, x2: x, y2: h + 0.5 }, wrap);
    for (let y = -1; y <= h; y++) el("line", { x1: -1.5, y1: y, x2: w + 0.5, y2: y }, wrap);
    el("rect", { class: "seam", x: -0.5, y: -0.5, width: w, height: h }, svg);
  }
  if (kind === "rect" || kind === "torus") {
    const grid = el("g", { class: "grid" }, svg);
    for (let x = 0; x < w; x++) el("line", { x1: x, y1: 0, x2: x, y2: h - 1 }, grid);
    for (let y = 0; y < h; y++) el("line", { x1: 0, y1: y, x2: w - 1, y2: y }, grid);
  } else if (kind === "hex") {
    const cells = el("g", {}, svg);
    const r = 1 / SQRT3;
    for (const [cx, cy] of pos) {
      const corners = [];
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 6 + (k * Math.PI) / 3;
        corners.push(`${(cx + r * Math.cos(a)).toFixed(3)},${(cy + r * Math.sin(a)).toFixed(3)}`);
      }
      el("polygon", { class: "hexcell", points: corners.join(" ") }, cells);
    }
  } else {
    const lines = el("g", {}, svg);
    for (const [i, j] of edges) {
      el("line", { class: "edge", x1: pos[i][0], y1: pos[i][1], x2: pos[j][0], y2: pos[j][1] }, lines);
    }
  }
  if (labels.length) {
    const g = el("g", { class: "coordinates" }, svg);
    for (const l of labels) {
      el("text", { class: l.wrap ? "label wrap-label" : "label", x: l.x, y: l.y }, g).textContent = l.text;
    }
  }
  const dead = new Set(state.dead);
  const legal = new Set(view.interactive ? state.legal : []);
  // The torus's band: the points of the opposite edges, their stones faded.
  if (band.length) {
    const wrapped = el("g", { class: "wrapped" }, svg);
    for (const { name, at: [cx, cy] } of band) {
      const g = el("g", { "data-wrap-of": name }, wrapped);
      el("circle", { class: "spot", cx, cy, r: stoneR }, g);
      const color = state.stones[name];
      if (color) el("circle", { class: `stone-${color}`, cx, cy, r: stoneR }, g);
    }
  }
  const layer = el("g", { class: "points" }, svg);
  points.forEach((p, i) => {
    const [cx, cy] = pos[i];
    const color = state.stones[p.name] || "";
    const g = el("g", { "data-point": p.name, "data-stone": color }, layer);
    if (legal.has(p.name)) g.classList.add("legal");
    if (kind === "graph") el("circle", { class: "node", cx, cy, r: 0.16 }, g);
    el("circle", { class: "hit", cx, cy, r: 0.5 }, g);
    if (color) {
      el("circle", { class: `stone-${color}${dead.has(p.name) ? " dead" : ""}`, cx, cy, r: stoneR }, g);
    } else {
      el("circle", { class: "ghost", cx, cy, r: stoneR }, g);
    }
    if (dead.has(p.name)) {
      el("path", { class: "dead-mark", d: `M${cx - 0.2},${cy - 0.2}L${cx + 0.2},${cy + 0.2}M${cx + 0.2},${cy - 0.2}L${cx - 0.2},${cy + 0.2}` }, g);
    }
    if (kind === "graph") {
      el("text", { class: "label graph-label", x: cx + 0.5, y: cy - 0.45 }, g).textContent = p.name;
    }
    const title = el("title", {}, g);
    title.textContent = p.name;
  });
  if (state.last) {
    const i = points.findIndex(p => p.name === state.last);
    if (i >= 0) el("circle", { class: "last", cx: pos[i][0], cy: pos[i][1], r: 0.22 }, svg);
  }
  // Stones the last move removed, leaving (drawn once, then faded out by CSS).
  if (state.removed.length && view.animate) {
    const leaving = el("g", {}, svg);
    const names = new Map(points.map((p, i) => [p.name, i]));
    for (const name of state.removed) {
      const i = names.get(name);
      const color = view.previousStones ? view.previousStones[name] : null;
      if (i === undefined || !color) continue;
      el("circle", { class: `stone-${color} leaving`, cx: pos[i][0], cy: pos[i][1], r: stoneR }, leaving);
    }
  }
  if (view.ownership) {
    const own = el("g", { class: "own", "data-testid": "ownership" }, svg);
    const names = new Map(points.map((p, i) => [p.name, i]));
    view.ownership.points.forEach((name, k) => {
      const i = names.has(name) ? names.get(name) : -1;
      const o = view.ownership.values[k];
      if (i < 0 || Math.abs(o) < 0.05) return;
      const s = 0.5 * Math.min(1, Math.abs(o));
      el("rect", {
        x: pos[i][0] - s / 2, y: pos[i][1] - s / 2, width: s, height: s,
        fill: o > 0 ? "#000" : "#fff", opacity: 0.75, stroke: "#777", "stroke-width": 0.02,
      }, own);
    });
  }
  svg.addEventListener("click", ev => {
    const g = ev.target.closest("[data-point]");
    if (g) onPoint(g.getAttribute("data-point"));
  });
  container.replaceChildren(svg);
}
