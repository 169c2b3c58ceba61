// The goishi playground: the page's controller. Every rule, refusal and result comes from the
// engine (the WebAssembly module built from crates/web); this file reads the registry, edits
// rules strings, draws the engine's state and routes clicks and buttons to the engine.
// docs/playground.md describes the page and the DOM contract its tests rely on.

import init, { variants, canonicalRules, parseRules, randomPlayouts, Game } from "./pkg/goishi_web.js";
import { boardNote, drawBoard } from "./board.js";

const $ = id => document.getElementById(id);

let catalog = [];
let rulesPages = {}; // rules-pages.json: each variant's docs page as HTML, rendered at build time
let game = null;
let geometry = null;
let state = null;
let fromSgf = false; // the game came from a record: the worker rebuilds it from its SGF
let view = { interactive: true };
let busy = false; // the MCTS player is searching
let worker = null;
let searchId = 0;
let ownership = null;
let hashWeSet = "";

function message(text) {
  $("message").textContent = text || "";
}

function variantInfo(id) {
  return catalog.find(v => v.id === id);
}

// ---- the option editor: widgets from the variant's option declarations ----

function optionWidget(option) {
  const label = document.createElement("label");
  label.title = option.help;
  const name = document.createElement("span");
  name.textContent = option.name;
  label.appendChild(name);
  const kind = option.kind;
  let input;
  if (kind.type === "choice") {
    input = document.createElement("select");
    for (const c of kind.choices) {
      const o = document.createElement("option");
      o.value = c;
      o.textContent = c;
      input.appendChild(o);
    }
  } else if (kind.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = kind.min;
    input.max = kind.max;
    input.step = kind.type === "half" ? "0.5" : "1";
  }
  input.dataset.option = option.name;
  input.dataset.testid = `option-${option.name}`;
  label.appendChild(input);
  if (kind.type === "int-or-auto") {
    const auto = document.createElement("input");
    auto.type = "checkbox";
    auto.dataset.autoFor = option.name;
    auto.dataset.testid = `option-${option.name}-auto`;
    const text = document.createElement("span");
    text.textContent = "auto";
    label.append(auto, text);
    auto.addEventListener("change", () => {
      input.disabled = auto.checked;
      composeRules();
    });
  }
  input.addEventListener("change", composeRules);
  const help = document.createElement("span");
  help.className = "help";
  help.textContent = option.describe;
  label.appendChild(help);
  return label;
}

function setOptionValue(option, value) {
  const input = document.querySelector(`[data-option="${option.name}"]`);
  if (!input) return;
  if (option.kind.type === "bool") {
    input.checked = value === "true";
  } else if (option.kind.type === "int-or-auto") {
    const auto = document.querySelector(`[data-auto-for="${option.name}"]`);
    auto.checked = value === "auto";
    input.disabled = auto.checked;
    if (value !== "auto") input.value = value;
  } else {
    input.value = value;
  }
}

function optionValue(option) {
  const input = document.querySelector(`[data-option="${option.name}"]`);
  if (option.kind.type === "bool") return input.checked ? "true" : "false";
  if (option.kind.type === "int-or-auto") {
    const auto = document.querySelector(`[data-auto-for="${option.name}"]`);
    return auto.checked ? "auto" : input.value;
  }
  return input.value;
}

function showVariant(id) {
  const v = variantInfo(id);
  $("variant").value = id;
  $("summary").textContent = v.summary;
  showRulesPage(v);
  const box = $("options");
  box.replaceChildren(box.querySelector("legend") || document.createElement("legend"));
  box.querySelector("legend").textContent = "Options";
  for (const o of v.options) {
    box.appendChild(optionWidget(o));
    setOptionValue(o, o.default);
  }
}

// The variant's docs page: its HTML as `cargo xtask web` rendered it (crates/web/src/
// rules_page.rs: raw HTML in the text escaped, only web links kept) when it was rendered from
// the very text the module's registry holds; else that text as it is.
function showRulesPage(v) {
  const box = $("docs");
  const page = Object.hasOwn(rulesPages, v.id) ? rulesPages[v.id] : null;
  if (page && page.markdown === v.docs) {
    box.innerHTML = page.html;
    box.dataset.rendered = "true";
    for (const a of box.querySelectorAll("a")) {
      a.target = "_blank";
      a.rel = "noopener noreferrer";
    }
  } else {
    const pre = document.createElement("pre");
    pre.textContent = v.docs;
    box.replaceChildren(pre);
    box.dataset.rendered = "false";
  }
}

function boardKindChanged() {
  const kind = $("board-kind").value;
  $("height-label").hidden = kind === "square" || kind === "graph";
  $("width").closest("label").hidden = kind === "graph";
  $("graph-label").hidden = kind !== "graph";
}

// The rules string the editor describes, in canonical form (or the engine's sentence).
function composeRules() {
  const v = variantInfo($("variant").value);
  const parts = [];
  for (const o of v.options) {
    const value = optionValue(o);
    if (value !== o.default) parts.push(`${o.name}=${value}`);
  }
  const kind = $("board-kind").value;
  if (kind === "torus" || kind === "hex") parts.push(`board=${kind}`);
  if (kind !== "graph") {
    const w = $("width").value.trim();
    const h = kind === "square" ? w : $("height").value.trim();
    if (w !== String(v.default_size[0]) || h !== String(v.default_size[1]) || kind !== "square") {
      parts.push(`size=${w}x${h}`);
    }
  }
  const text = parts.length ? `${v.id}:${parts.join(",")}` : v.id;
  try {
    const canonical = canonicalRules(text);
    $("rules").value = canonical;
    message("");
    return canonical;
  } catch (e) {
    message(e.message);
    return null;
  }
}

// Sets the editor from a rules string (and whether the game is on a pasted graph).
function syncEditor(rules, graph) {
  let d;
  try {
    d = parseRules(rules);
  } catch {
    return;
  }
  showVariant(d.variant);
  const v = variantInfo(d.variant);
  for (const o of v.options) setOptionValue(o, d.values[o.name]);
  let kind = d.board === "torus" || d.board === "hex" ? d.board : "square";
  const size = d.size || v.default_size;
  if (kind === "square" && size[0] !== size[1]) kind = "rectangle";
  if (graph) kind = "graph";
  $("board-kind").value = kind;
  $("width").value = size[0];
  $("height").value = size[1];
  if (graph) $("graph").value = graph;
  boardKindChanged();
  $("rules").value = d.canonical;
}

// ---- the game ----

function stopSearch(note) {
  if (worker) {
    worker.terminate();
    worker = null;
  }
  if (busy) {
    busy = false;
    searchId++;
    if (note) message(note);
  }
  $("thinking").hidden = true;
  $("stop").disabled = true;
}

// Replaces the game by `next` (a Game): the old one is freed. A game that starts with the
// engine to move (a new game with the engine as black, a link or a record where its colour
// is to move) gets its move at once.
function replaceGame(next, sgf) {
  stopSearch();
  if (game) game.free();
  game = next;
  fromSgf = sgf;
  geometry = game.geometry();
  $("board-note").textContent = boardNote(geometry);
  view = { interactive: true };
  ownership = null;
  render(false);
  engineIfItsTurn();
}

// Starts a game (from a link's `setup` when given, with its `moves` played); on an error the
// current game stays and the message says why.
function startGame(rules, graph, moves, setup = null) {
  let next;
  try {
    next = (moves && moves.length) || setup !== null
      ? Game.withMoves(rules, graph || undefined, (moves || []).join(","), setup ?? undefined)
      : new Game(rules, { graph: graph || undefined });
  } catch (e) {
    message(e.message);
    return false;
  }
  replaceGame(next, false);
  message("");
  return true;
}

function newGameFromEditor() {
  if (busy) stopSearch();
  const rules = composeRules();
  if (!rules) return;
  const graph = $("board-kind").value === "graph" ? $("graph").value : "";
  if ($("board-kind").value === "graph" && !graph.trim()) {
    message("paste a graph first: one edge a line, two point names (a b)");
    return;
  }
  startGame(rules, graph, []);
}

function humanToMove() {
  const opponent = $("opponent").value;
  return opponent === "human" || state.to_move !== $("engine-color").value;
}

// The game's link: its rules (with the board's size), its setup stones and first player when
// it does not start from an empty board with Black to move, its moves (`B:E5` for a move out
// of turn) and its pasted graph. It reopens exactly this game (docs/playground.md).
function updateHash() {
  // Vertices and graph names need no escaping (letters, digits, `_`, `.`, `-`): the moves
  // and the setup stay readable in the link.
  let hash = `#rules=${encodeURIComponent(state.rules)}`;
  if (state.setup) hash += `&setup=${state.setup}`;
  if (state.link_moves.length) hash += `&moves=${state.link_moves.join(",")}`;
  const graph = game.graph();
  if (graph) hash += `&graph=${encodeURIComponent(graph)}`;
  if (location.hash !== hash) {
    hashWeSet = hash;
    history.replaceState(null, "", hash);
  }
}

function render(animate) {
  const previous = state ? state.stones : null;
  state = game.state();
  view.animate = animate;
  view.previousStones = previous;
  view.interactive = !state.over && !busy && humanToMove();
  view.ownership = $("show-ownership").checked ? ownership : null;
  drawBoard($("board"), geometry, state, view, onPoint);
  $("status").textContent = state.status;
  $("prisoners").textContent = `prisoners: black ${state.captures.black}, white ${state.captures.white}`;
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  $("pass").disabled = state.over;
  $("resign").disabled = state.over;
  $("scoring").hidden = !state.can_mark_dead;
  if (document.activeElement !== $("rules")) $("rules").value = state.rules;
  updateHash();
}

const ENGINE_BUSY = "the engine is choosing its move: wait for it, or press Stop search";

function act(action) {
  if (busy) {
    message(ENGINE_BUSY);
    return false;
  }
  try {
    action();
  } catch (e) {
    message(e.message);
    return false;
  }
  message("");
  return true;
}

function onPoint(name) {
  if (busy) {
    message(ENGINE_BUSY);
    return;
  }
  if (state.can_mark_dead) {
    if (state.stones[name]) act(() => game.toggleDead(name)) && render(false);
    return;
  }
  if (!state.over && !humanToMove()) {
    message(`it is the engine's move (${state.to_move}): press Engine move now`);
    return;
  }
  if (act(() => game.play(name))) {
    render(true);
    engineIfItsTurn();
  }
}

function seedFor() {
  return (Number($("seed").value) + state.moves.length) >>> 0;
}

function enginesTurn() {
  return !state.over && !humanToMove();
}

// The engine's move, soon, if it is its turn; checked again when the time comes (a new game,
// an undo or another setting may have come first).
function engineIfItsTurn() {
  if (enginesTurn()) {
    setTimeout(() => {
      if (!busy && enginesTurn()) engineMove();
    }, 30);
  }
}

function engineMove() {
  if (busy || state.over) return;
  const opponent = $("opponent").value;
  if (opponent === "random" || opponent === "human") {
    act(() => game.play(game.randomMove(seedFor())));
    render(true);
    return;
  }
  busy = true;
  const id = ++searchId;
  const movesAtStart = state.moves.length;
  $("thinking").hidden = false;
  $("stop").disabled = false;
  view.interactive = false;
  if (!worker) worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ev => {
    const reply = ev.data;
    if (reply.id !== id) return;
    busy = false;
    $("thinking").hidden = true;
    $("stop").disabled = true;
    if (!reply.ok) {
      message(reply.error);
      render(false);
      return;
    }
    if (state.moves.length !== movesAtStart) return;
    ownership = { points: reply.result.points, values: reply.result.ownership };
    window.goishiPlayground.lastSearch = {
      move: reply.result.move, playouts: reply.result.playouts,
      elapsed_ms: reply.result.elapsed_ms, wall_ms: performance.now() - started,
    };
    act(() => game.play(reply.result.move));
    render(true);
  };
  worker.onerror = ev => {
    stopSearch();
    message(`the search worker failed: ${ev.message}`);
  };
  const started = performance.now();
  worker.postMessage({
    id,
    rules: state.rules,
    graph: game.graph() || null,
    setup: state.setup,
    moves: state.link_moves,
    sgf: fromSgf ? game.sgf() : null,
    playouts: Number($("playouts").value) >>> 0,
    millis: Number($("millis").value) >>> 0,
    seed: seedFor(),
  });
  render(false);
}

function undo() {
  if (!act(() => game.undo())) return;
  if ($("opponent").value !== "human") {
    const s = game.state();
    if (s.can_undo && s.to_move === $("engine-color").value) game.undo();
  }
  render(false);
}

function redo() {
  if (!act(() => game.redo())) return;
  if ($("opponent").value !== "human") {
    const s = game.state();
    if (s.can_redo && s.to_move === $("engine-color").value) act(() => game.redo());
  }
  render(true);
}

function loadSgf(text) {
  if (busy) {
    message(ENGINE_BUSY);
    return;
  }
  let next;
  try {
    next = Game.fromSgf(text);
  } catch (e) {
    message(e.message);
    return;
  }
  replaceGame(next, true);
  syncEditor(state.rules, null);
  message("");
}

function download() {
  let text;
  try {
    text = game.sgf();
  } catch (e) {
    message(e.message);
    return;
  }
  const blob = new Blob([text], { type: "application/x-go-sgf" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `goishi-${state.variant.replace("/", "-")}.sgf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// The game a link holds: `#rules=...&setup=black:D4;first:white&moves=E5,D4&graph=...`. A
// `setup=` present is handed to the engine as it is (an empty one is an error, not no setup).
function fromHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const rules = params.get("rules");
  if (!rules) return null;
  const moves = (params.get("moves") || "").split(",").filter(m => m);
  const setup = params.has("setup") ? params.get("setup") : null;
  return { rules, moves, setup, graph: params.get("graph") || "" };
}

function loadHash() {
  const link = fromHash(location.hash);
  if (!link) return false;
  if (busy) stopSearch();
  if (!startGame(link.rules, link.graph, link.moves, link.setup)) {
    // The link is not a game: keep the game shown and its address.
    if (game) updateHash();
    return false;
  }
  syncEditor(state.rules, link.graph);
  return true;
}

function wire() {
  $("variant").addEventListener("change", () => {
    const v = variantInfo($("variant").value);
    showVariant(v.id);
    $("board-kind").value = "square";
    $("width").value = v.default_size[0];
    $("height").value = v.default_size[1];
    boardKindChanged();
    newGameFromEditor();
  });
  $("board-kind").addEventListener("change", () => {
    boardKindChanged();
    composeRules();
  });
  for (const id of ["width", "height"]) $(id).addEventListener("change", composeRules);
  $("new-game").addEventListener("click", newGameFromEditor);
  $("rules").addEventListener("keydown", ev => {
    if (ev.key !== "Enter") return;
    const text = $("rules").value;
    const graph = $("board-kind").value === "graph" ? $("graph").value : "";
    // On an error the typed text stays, to be corrected; the game shown stays too.
    if (startGame(text, graph, [])) syncEditor(state.rules, graph);
  });
  $("pass").addEventListener("click", () => {
    if (act(() => game.play("pass"))) {
      render(false);
      engineIfItsTurn();
    }
  });
  $("resign").addEventListener("click", () => act(() => game.play("resign")) && render(false));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("engine-move").addEventListener("click", () => {
    if (busy) {
      message(ENGINE_BUSY);
      return;
    }
    if ($("opponent").value === "human") {
      message("choose the random or the MCTS player as the opponent first");
      return;
    }
    $("engine-color").value = state.to_move;
    engineMove();
  });
  $("stop").addEventListener("click", () => {
    stopSearch("search stopped: the engine did not move");
    render(false);
  });
  $("opponent").addEventListener("change", () => render(false));
  $("engine-color").addEventListener("change", () => render(false));
  $("show-ownership").addEventListener("change", () => render(false));
  $("export").addEventListener("click", download);
  $("sgf-file").addEventListener("change", async () => {
    const file = $("sgf-file").files[0];
    if (file) loadSgf(await file.text());
    $("sgf-file").value = "";
  });
  $("load-sgf").addEventListener("click", () => loadSgf($("sgf-text").value));
  window.addEventListener("hashchange", () => {
    if (location.hash === hashWeSet) return;
    loadHash();
  });
}

// The rules pages, if the site has them (a page that cannot read them shows the Markdown).
async function loadRulesPages() {
  try {
    const response = await fetch(new URL("./rules-pages.json", import.meta.url));
    const pages = response.ok ? await response.json() : null;
    return pages !== null && typeof pages === "object" ? pages : {};
  } catch {
    return {};
  }
}

async function start() {
  [, rulesPages] = await Promise.all([init(), loadRulesPages()]);
  const registry = variants();
  catalog = registry.variants;
  const select = $("variant");
  for (const v of catalog) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = `${v.id}: ${v.summary}`;
    select.appendChild(o);
  }
  wire();
  window.goishiPlayground = {
    rules: () => state.rules,
    moves: () => state.moves.slice(),
    board: () => Object.fromEntries(Object.entries(state.stones).filter(([, c]) => c)),
    state: () => game.state(),
    sgf: () => game.sgf(),
    busy: () => busy,
    variants: () => catalog.map(v => v.id),
    randomPlayouts(rules, games, seed) {
      const t = performance.now();
      const moves = randomPlayouts(rules, games, seed);
      return { moves, ms: performance.now() - t };
    },
    lastSearch: null,
    interactiveMs: null,
  };
  if (!loadHash()) {
    // A link that is not a game keeps its message over the default game.
    const why = $("message").textContent;
    const first = variantInfo("go/chinese") ? "go/chinese" : catalog[0].id;
    syncEditor(first, null);
    startGame(first, "", []);
    message(why);
  }
  window.goishiPlayground.interactiveMs = performance.now();
  document.body.dataset.ready = "true";
}

start().catch(e => {
  message(`the playground did not start: ${e.message}`);
});
