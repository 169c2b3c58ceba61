// Draws a goishi board as SVG from the engine's geometry (points with grid coordinates and
// the edges of the default adjacency) and the game's state (stones, last move, stones just
// removed, dead stones, legal points). Square and rectangle boards get the grid of Go; a
// torus gets one faded row and column past each edge (the points it wraps to); hex boards
// hexagons; a graph its points and edges, laid out here (a drawing choice, not a rule).
//
// Every board point is a <g data-point="E5" data-stone="black|white|"> (the DOM contract of
// docs/playground.md); the faded wrap copies carry no data-point.

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

// The centres of the points, in board units, and the drawing's extent.
function centres(geometry) {
  const { kind, width: w, height: h, points, edges } = geometry;
  if (kind === "graph") {
    const pos = layoutGraph(points.length, edges);
    return { pos, spacing: 1 };
  }
  if (kind === "hex") {
    // Which diagonal the engine joins decides the rhombus's slant.
    const index = new Map(points.map((p, i) => [`${p.x},${p.y}`, i]));
    const a = index.get("0,0"), b = index.get("1,1");
    const slantRight = !edges.some(([i, j]) => (i === a && j === b) || (i === b && j === a));
    const s = slantRight ? 1 : -1;
    const pos = points.map(p => [p.x + (s * p.y) / 2, (h - 1 - p.y) * SQRT3 / 2]);
    const minX = Math.min(...pos.map(q => q[0]));
    return { pos: pos.map(([x, y]) => [x - minX, y]), spacing: 1 };
  }
  return { pos: points.map(p => [p.x, h - 1 - p.y]), spacing: 1 };
}

function columnName(pointName) {
  return pointName.replace(/[0-9]+$/, "");
}

// Draws the board into `container`; `onPoint(name)` is called on a click on a point.
export function drawBoard(container, geometry, state, view, onPoint) {
  const { kind, width: w, height: h, points, edges } = geometry;
  const layout = view.layout && view.layoutFor === geometry ? view.layout : centres(geometry);
  view.layout = layout;
  view.layoutFor = geometry;
  const { pos } = layout;
  const margin = kind === "torus" ? 1.9 : 1.0;
  const xs = pos.map(p => p[0]), ys = pos.map(p => p[1]);
  let maxX = Math.max(...xs);
  const maxY = Math.max(...ys);
  if (kind === "graph") {
    // Room on the right for the names written right of the points (about 0.2 a letter).
    const ends = points.map((p, i) => pos[i][0] + 0.5 + 0.2 * p.name.length - margin + 0.1);
    maxX = Math.max(maxX, ...ends);
  }
  const svg = el("svg", {
    viewBox: `${-margin} ${-margin} ${maxX + 2 * margin} ${maxY + 2 * margin}`,
    class: `board kind-${kind} to-move-${state.to_move}`,
    "data-testid": "board-svg",
    role: "img",
    "aria-label": `${geometry.describe} board`,
  });
  el("rect", {
    class: "frame", x: -margin + 0.1, y: -margin + 0.1,
    width: maxX + 2 * margin - 0.2, height: maxY + 2 * margin - 0.2, rx: 0.2,
  }, svg);
  const stoneR = kind === "hex" ? 0.45 : kind === "graph" ? 0.36 : 0.47;
  if (kind === "rect" || kind === "torus") {
    const grid = el("g", { class: "grid" }, svg);
    const ext = kind === "torus" ? 1 : 0;
    for (let x = 0; x < w; x++) el("line", { x1: x, y1: -ext, x2: x, y2: h - 1 + ext }, grid);
    for (let y = 0; y < h; y++) el("line", { x1: -ext, y1: y, x2: w - 1 + ext, y2: y }, grid);
    const labels = el("g", {}, svg);
    const off = kind === "torus" ? 1.6 : 0.7;
    for (let x = 0; x < w; x++) {
      const name = columnName(points[x].name);
      el("text", { class: "label", x, y: h - 1 + off }, labels).textContent = name;
      el("text", { class: "label", x, y: -off }, labels).textContent = name;
    }
    for (let y = 0; y < h; y++) {
      el("text", { class: "label", x: -off, y: h - 1 - y }, labels).textContent = String(y + 1);
      el("text", { class: "label", x: w - 1 + off, y: h - 1 - y }, labels).textContent = String(y + 1);
    }
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
  const dead = new Set(state.dead);
  const legal = new Set(view.interactive ? state.legal : []);
  // The torus's wrap: the stones of the opposite edge, faded, one step past each edge.
  if (kind === "torus") {
    const wrap = el("g", { class: "wrapped" }, svg);
    points.forEach((p, i) => {
      const color = state.stones[p.name];
      if (!color) return;
      const [x, y] = pos[i];
      const copies = [];
      if (p.x === 0) copies.push([w, y]);
      if (p.x === w - 1) copies.push([-1, y]);
      if (p.y === 0) copies.push([x, -1]);
      if (p.y === h - 1) copies.push([x, h]);
      if (p.x === 0 && p.y === 0) copies.push([w, -1]);
      if (p.x === w - 1 && p.y === 0) copies.push([-1, -1]);
      if (p.x === 0 && p.y === h - 1) copies.push([w, h]);
      if (p.x === w - 1 && p.y === h - 1) copies.push([-1, h]);
      for (const [cx, cy] of copies) {
        el("circle", { cx, cy, r: stoneR, class: `stone-${color}`, "data-wrap-of": p.name }, wrap);
      }
    });
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
