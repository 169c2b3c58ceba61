// The playground's end-to-end tests, in headless Chromium through playwright-core. Run by
// `cargo xtask web --test` (xtask/src/web_test.rs), which builds the page in debug and release,
// serves it, plays web/tests/scripts.json natively and passes the native answers here:
//
//   GOISHI_BASE_URL     the server (http://127.0.0.1:PORT), serving target/web/site/
//   GOISHI_PROFILES     the builds to test (debug,release)
//   GOISHI_SCRIPTS      web/tests/scripts.json; GOISHI_EXPECTED the native engine's answers
//   GOISHI_BIN          the goishi CLI (`goishi variants`, `goishi replay`)
//   GOISHI_NODE_MODULES where npm ci put playwright-core; GOISHI_OUT where results go
//   GOISHI_SIZES        the modules' sizes; GOISHI_PLAYOUTS the native playout figures
//   CHROMIUM            the browser (Debian's /usr/bin/chromium)
//
// Every check prints `ok` or `not ok`; the run fails if any failed. Figures (sizes, speed,
// times) are printed, never asserted: the machine may be loaded.

import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const env = name => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run cargo xtask web --test`);
  return v;
};
const require = createRequire(path.join(env("GOISHI_NODE_MODULES"), "..", "package.json"));
const { chromium } = require("playwright-core");

const base = env("GOISHI_BASE_URL");
const profiles = env("GOISHI_PROFILES").split(",");
const scripts = JSON.parse(fs.readFileSync(env("GOISHI_SCRIPTS"), "utf8"));
const expected = JSON.parse(fs.readFileSync(env("GOISHI_EXPECTED"), "utf8"));
const goishi = env("GOISHI_BIN");
const out = env("GOISHI_OUT");
const sizes = JSON.parse(env("GOISHI_SIZES"));
const playouts = JSON.parse(env("GOISHI_PLAYOUTS"));
const shots = path.join(out, "screenshots");
fs.mkdirSync(shots, { recursive: true });

let failures = 0;
const figures = [];
function check(name, ok, detail = "") {
  if (ok) {
    console.log(`ok - ${name}`);
  } else {
    failures++;
    console.log(`not ok - ${name}${detail ? `: ${detail}` : ""}`);
  }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const sorted = o => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

const nativeIds = execFileSync(goishi, ["variants"], { encoding: "utf8" })
  .split("\n")
  .filter(l => /^\S/.test(l))
  .map(l => l.split(" ")[0]);

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "goishi-e2e-chromium-"));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  acceptDownloads: true,
  viewport: { width: 1280, height: 1000 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

async function open(profile, hash = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", e => errors.push(String(e)));
  page.on("console", m => m.type() === "error" && errors.push(m.text()));
  const t = Date.now();
  await page.goto(`${base}/${profile}/index.html${hash}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  const wall = Date.now() - t;
  const interactive = await page.evaluate(() => window.goishiPlayground.interactiveMs);
  return { page, errors, wall, interactive };
}

const snapshot = page => page.evaluate(() => {
  const p = window.goishiPlayground;
  return { rules: p.rules(), moves: p.moves(), board: p.board(), state: p.state() };
});
const message = page => page.locator('[data-testid="message"]').textContent();
const status = page => page.locator('[data-testid="status"]').textContent();

async function newGame(page, rules, graph) {
  await page.selectOption('[data-testid="board-kind"]', graph ? "graph" : "square");
  if (graph) await page.fill('[data-testid="graph"]', graph);
  await page.fill('[data-testid="rules"]', rules);
  await page.press('[data-testid="rules"]', "Enter");
}

async function move(page, text) {
  const before = (await page.evaluate(() => window.goishiPlayground.moves().length));
  if (text === "pass" || text === "resign") {
    await page.click(`[data-testid="${text}"]`);
  } else {
    await page.click(`[data-point="${text}"]`);
  }
  await page.waitForFunction(n => window.goishiPlayground.moves().length === n + 1, before, { timeout: 5000 })
    .catch(() => {});
}

// The DOM contract: each point's data-stone agrees with board().
async function contractHolds(page) {
  return page.evaluate(() => {
    const board = window.goishiPlayground.board();
    const els = [...document.querySelectorAll("[data-point]")];
    const names = new Set();
    for (const e of els) {
      const name = e.getAttribute("data-point");
      if (names.has(name)) return `two elements for ${name}`;
      names.add(name);
      if ((board[name] || "") !== e.getAttribute("data-stone")) return `${name} shows ${e.getAttribute("data-stone")}`;
    }
    return names.size === Object.keys(window.goishiPlayground.state().stones).length ? "" : "points missing";
  });
}

// The coordinates of a grid board: each label names the point nearest it (its column letters
// or its row number, as the point's data-point says; on a torus a label of the faded band
// names the point the band's copy stands for), every column and row is named, and no label
// overlaps a place where a stone is drawn. "" when all is well, else the problems.
async function coordinateProblems(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("#board svg");
    const places = [];
    for (const g of svg.querySelectorAll("[data-point], [data-wrap-of]")) {
      const c = g.querySelector("circle.ghost, circle.spot, circle[class^='stone-']");
      if (!c) continue;
      places.push({
        name: g.getAttribute("data-point") || g.getAttribute("data-wrap-of"),
        x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")),
      });
    }
    const column = name => name.replace(/[0-9]+$/, "");
    const row = name => name.slice(column(name).length);
    const labels = [...svg.querySelectorAll("text.label:not(.graph-label)")];
    const problems = [];
    if (!labels.length) problems.push("no coordinates");
    const named = { column: new Set(), row: new Set() };
    for (const t of labels) {
      const axis = /^[0-9]+$/.test(t.textContent) ? "row" : "column";
      const box = t.getBBox();
      const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
      let nearest = null, best = Infinity;
      for (const p of places) {
        const d = Math.hypot(p.x - cx, p.y - cy);
        if (d < best) [nearest, best] = [p, d];
        // The nearest point of the label's box to the stone's centre, inside the stone?
        const nx = Math.max(box.x, Math.min(p.x, box.x + box.width));
        const ny = Math.max(box.y, Math.min(p.y, box.y + box.height));
        if (Math.hypot(nx - p.x, ny - p.y) < p.r) problems.push(`${axis} ${t.textContent} overlaps the stone of ${p.name}`);
      }
      const want = axis === "column" ? column(nearest.name) : row(nearest.name);
      if (t.textContent !== want) problems.push(`${axis} label ${t.textContent} is next to ${nearest.name}`);
      named[axis].add(t.textContent);
    }
    for (const g of svg.querySelectorAll("[data-point]")) {
      const name = g.getAttribute("data-point");
      if (!named.column.has(column(name)) || !named.row.has(row(name))) problems.push(`${name}'s column or row is not named`);
    }
    return [...new Set(problems)].slice(0, 10).join("; ");
  });
}

// The torus's band: a faded copy one row and column past each edge (corners included), each
// showing the stone of the point it stands for.
async function bandProblems(page) {
  return page.evaluate(() => {
    const board = window.goishiPlayground.board();
    const copies = [...document.querySelectorAll("#board [data-wrap-of]")];
    const points = document.querySelectorAll("#board [data-point]").length;
    const problems = [];
    for (const c of copies) {
      const name = c.getAttribute("data-wrap-of");
      const stone = c.querySelector("circle[class^='stone-']");
      const shown = stone ? stone.getAttribute("class").replace("stone-", "") : "";
      if (shown !== (board[name] || "")) problems.push(`the copy of ${name} shows ${shown || "nothing"}`);
    }
    return { copies: copies.length, points, problems: problems.join("; ") };
  });
}

// ---- every variant loads, in each build ----
for (const profile of profiles) {
  const { page, errors, wall, interactive } = await open(profile);
  figures.push(`${profile}: page interactive ${interactive.toFixed(0)} ms after navigation (${wall} ms wall to ready)`);
  const ids = await page.$$eval('[data-testid="variant"] option', os => os.map(o => o.value));
  check(`${profile}: the variant list equals goishi variants (${nativeIds.length} ids)`, same(ids, nativeIds),
    `page ${ids.join(" ")} / native ${nativeIds.join(" ")}`);
  const unrendered = [];
  for (const id of ids) {
    await page.selectOption('[data-testid="variant"]', id);
    await page.waitForFunction(v => window.goishiPlayground.state().variant === v, id, { timeout: 10000 }).catch(() => {});
    const s = await snapshot(page);
    const points = await page.locator("[data-point]").count();
    check(`${profile}: ${id} loads`, s.state.variant === id && points > 0 && s.moves.length === 0
      && (await status(page)) === "black to move" && (await contractHolds(page)) === "",
      `variant ${s.state.variant}, ${points} points, message ${await message(page)}`);
    const rendered = await page.evaluate(() => {
      const box = document.querySelector("#docs");
      return box !== null && box.dataset.rendered === "true" && box.querySelectorAll("h2").length === 4;
    });
    if (!rendered) unrendered.push(id);
  }
  check(`${profile}: every variant's rules page is rendered from the module's text`, unrendered.length === 0, unrendered.join(" "));
  check(`${profile}: no page error`, errors.length === 0, errors.join(" | "));
  await page.close();
}

const profile = profiles.includes("release") ? "release" : profiles[0];
const { page, errors } = await open(profile);

// ---- a scripted game per family agrees with the native engine ----
for (const game of scripts.games) {
  await newGame(page, game.rules, game.graph);
  await page.waitForFunction(() => window.goishiPlayground.moves().length === 0);
  for (const m of game.moves) await move(page, m);
  const want = expected.games[game.name];
  const s = await snapshot(page);
  check(`${game.name}: the stones are the native engine's`, same(sorted(s.board), sorted(want.stones)),
    `page ${JSON.stringify(s.board)} / native ${JSON.stringify(want.stones)} (message ${await message(page)})`);
  check(`${game.name}: the prisoners are the native engine's`, same(s.state.captures, want.captures),
    `${JSON.stringify(s.state.captures)} / ${JSON.stringify(want.captures)}`);
  const wantStatus = want.result ?? `${want.to_move} to move`;
  check(`${game.name}: the status is ${wantStatus}`, (await status(page)) === wantStatus, await status(page));
  check(`${game.name}: ${want.moves} moves, ${want.points} points`, s.moves.length === want.moves
    && (await page.locator("[data-point]").count()) === want.points);
  check(`${game.name}: the DOM contract holds`, (await contractHolds(page)) === "", await contractHolds(page));
  if (!game.graph) {
    const problems = await coordinateProblems(page);
    check(`${game.name}: the coordinates name the points beside them, clear of the stones`, problems === "", problems);
  }
  if (game.rules.includes("board=torus")) {
    const [, w, h] = game.rules.match(/size=(\d+)x(\d+)/).map(Number);
    const band = await bandProblems(page);
    check(`${game.name}: the band past each edge holds a faded copy of the ${2 * w + 2 * h + 4} points it wraps to, with their stones`,
      band.copies === 2 * w + 2 * h + 4 && band.points === w * h && band.problems === "", JSON.stringify(band));
    const note = await page.locator('[data-testid="board-note"]').textContent({ timeout: 2000 }).catch(() => "");
    check(`${game.name}: a note under the board says what the band is`, note.startsWith("A torus: ")
      && note.includes("left of column A comes column "), note);
  }
  await page.waitForTimeout(1000); // the leaving stones' animation ends
  await page.locator("#board svg").screenshot({ path: path.join(shots, `${game.name}.png`) });
}

// ---- illegal clicks are refused with their reason and change nothing ----
for (const ill of scripts.illegal) {
  await page.evaluate(h => { location.hash = h; }, `#rules=${encodeURIComponent(ill.rules)}&moves=${ill.moves.join(",")}`);
  await page.waitForFunction(n => window.goishiPlayground.moves().length === n, ill.moves.length, { timeout: 5000 }).catch(() => {});
  const before = await snapshot(page);
  await page.click(`[data-point="${ill.click}"]`);
  const after = await snapshot(page);
  const want = expected.illegal[ill.name];
  check(`illegal ${ill.name}: refused with the engine's sentence`, (await message(page)) === want.message,
    `${await message(page)} / ${want.message}`);
  check(`illegal ${ill.name}: nothing changed`, same(before, after) && before.moves.length === ill.moves.length);
}

// ---- undo and redo ----
{
  const game = scripts.games[0];
  await newGame(page, game.rules);
  const states = [await snapshot(page)];
  for (const m of game.moves.slice(0, 7)) {
    await move(page, m);
    states.push(await snapshot(page));
  }
  const game_of = s => ({ board: s.board, moves: s.moves, captures: s.state.captures, to_move: s.state.to_move });
  let ok = true;
  for (let i = 6; i >= 0; i--) {
    await page.click('[data-testid="undo"]');
    ok = ok && same(game_of(await snapshot(page)), game_of(states[i]));
  }
  check("undo takes every move back, captures included", ok);
  ok = true;
  for (let i = 1; i <= 7; i++) {
    await page.click('[data-testid="redo"]');
    const s = await snapshot(page);
    ok = ok && same(s.board, states[i].board) && same(s.moves, states[i].moves);
  }
  check("redo plays them again", ok);
}

// ---- SGF: the page's record replays with goishi replay, and reads back ----
for (const game of scripts.games.filter(g => !g.graph)) {
  await newGame(page, game.rules);
  for (const m of game.moves) await move(page, m);
  const s = await snapshot(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="export"]')]);
  const file = path.join(out, `${game.name}.sgf`);
  await download.saveAs(file);
  const replay = JSON.parse(execFileSync(goishi, ["replay", "--json", file], { encoding: "utf8" }).trim());
  const stones = {};
  const rows = replay.board.split("\n").filter(l => /^\s*\d/.test(l));
  const letters = replay.board.split("\n")[0].trim().split(/\s+/);
  for (const row of rows) {
    const cells = row.trim().split(/\s+/);
    const n = cells[0];
    cells.slice(1, 1 + letters.length).forEach((c, i) => {
      if (c === "X") stones[`${letters[i]}${n}`] = "black";
      if (c === "O") stones[`${letters[i]}${n}`] = "white";
    });
  }
  const played = s.moves.filter(m => m !== "resign").length;
  check(`${game.name}: goishi replay reads the page's SGF to the same game`, replay.status === "ok"
    && replay.moves === played && same(sorted(stones), sorted(s.board))
    && same(replay.captures, [s.state.captures.black, s.state.captures.white])
    && (replay.record_result ?? null) === (s.state.result ?? null)
    && (replay.over === s.state.over || s.state.result.endsWith("+R")),
    JSON.stringify({ replay, page: s.state.result }));
  await newGame(page, "go/chinese");
  await page.fill('[data-testid="sgf-text"]', fs.readFileSync(file, "utf8"));
  await page.click('[data-testid="load-sgf"]');
  const back = await snapshot(page);
  check(`${game.name}: the page reads its SGF back`, same(back.board, s.board) && back.state.result === s.state.result);
}

// ---- bad input shows the engine's sentence and leaves the game as it was ----
{
  const game = scripts.games[0];
  await newGame(page, game.rules);
  for (const m of game.moves.slice(0, 5)) await move(page, m);
  const before = await snapshot(page);
  const unchanged = async what => {
    check(`${what}: the game is unchanged`, same(await snapshot(page), before));
  };
  const e = expected.errors;
  await page.fill('[data-testid="rules"]', scripts.bad.rules);
  await page.press('[data-testid="rules"]', "Enter");
  check("malformed rules: the engine's sentence", (await message(page)) === e.rules, `${await message(page)} / ${e.rules}`);
  await unchanged("malformed rules");
  await page.fill('[data-testid="rules"]', scripts.bad.size);
  await page.press('[data-testid="rules"]', "Enter");
  check("a 53x53 board: the engine's sentence", (await message(page)) === e.size, `${await message(page)} / ${e.size}`);
  await unchanged("a 53x53 board");
  await page.selectOption('[data-testid="board-kind"]', "graph");
  await page.fill('[data-testid="graph"]', scripts.bad.graph);
  await page.click('[data-testid="new-game"]');
  // The board crate's sentence, its source named `(pasted)`: `graph (pasted), line 2: ...`.
  check("a graph with errors: the engine's sentence",
    (await message(page)) === e.graph && e.graph.startsWith("graph (pasted), line 2: "),
    `${await message(page)} / ${e.graph}`);
  await unchanged("a graph with errors");
  await page.selectOption('[data-testid="board-kind"]', "square");
  for (const key of ["sgf", "sgf_other"]) {
    await page.fill('[data-testid="sgf-text"]', scripts.bad[key]);
    await page.click('[data-testid="load-sgf"]');
    check(`bad SGF (${key}): the engine's sentence`, (await message(page)) === e[key], `${await message(page)} / ${e[key]}`);
    await unchanged(`bad SGF (${key})`);
  }
  const hash = `#rules=${encodeURIComponent(scripts.bad.link_rules)}&moves=${scripts.bad.link_moves.join(",")}`;
  await page.evaluate(h => { location.hash = h; }, hash);
  await page.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent !== "", null, { timeout: 5000 }).catch(() => {});
  check("garbage moves in the link: the engine's sentence", (await message(page)).includes(e.link), `${await message(page)} / ${e.link}`);
  await unchanged("garbage moves in the link");
  check("garbage moves in the link: the address shows the game again", (await page.evaluate(() => location.hash)).includes(before.moves.join(",")));

  // A click while the MCTS player searches is refused; Stop ends the search without a move.
  await page.selectOption('[data-testid="opponent"]', "mcts");
  await page.selectOption('[data-testid="engine-color"]', before.state.to_move === "black" ? "white" : "black");
  await page.fill('[data-testid="playouts"]', "0");
  await page.fill('[data-testid="millis"]', "20000");
  const legal = before.state.legal;
  await move(page, legal[0]);
  await page.waitForFunction(() => window.goishiPlayground.busy(), null, { timeout: 5000 }).catch(() => {});
  const during = await snapshot(page);
  await page.click(`[data-point="${legal[legal.length - 1]}"]`);
  const msg = await message(page);
  check("a click during the engine's move is refused", msg.startsWith("the engine is choosing its move"), msg);
  check("a click during the engine's move changes nothing", same(await snapshot(page), during) && during.moves.length === before.moves.length + 1);
  const t = Date.now();
  await page.click('[data-testid="stop"]');
  check("Stop ends the search at once, without a move", !(await page.evaluate(() => window.goishiPlayground.busy()))
    && same((await snapshot(page)).moves, during.moves), `${Date.now() - t} ms`);

  // The MCTS player answers within its time setting (a figure, not a check).
  await page.fill('[data-testid="millis"]', "1000");
  await page.click('[data-testid="undo"]');
  await move(page, legal[0]);
  await page.waitForFunction(n => window.goishiPlayground.moves().length === n + 2, before.moves.length, { timeout: 30000 }).catch(() => {});
  const search = await page.evaluate(() => window.goishiPlayground.lastSearch);
  check("the MCTS player moves", search !== null && (await snapshot(page)).moves.length === before.moves.length + 2);
  if (search) {
    figures.push(`MCTS move at 1000 ms: search ${search.elapsed_ms.toFixed(0)} ms, ${search.playouts} playouts, ${search.wall_ms.toFixed(0)} ms from request to answer (worker start included)`);
  }
  await page.check('[data-testid="show-ownership"]');
  check("the ownership map of the last search is drawn", (await page.locator('[data-testid="ownership"]').count()) === 1);
  await page.uncheck('[data-testid="show-ownership"]');
  await page.selectOption('[data-testid="opponent"]', "human");
}

// ---- the random player, dead stones ----
{
  await newGame(page, "go/chinese:size=7x7");
  await page.selectOption('[data-testid="opponent"]', "random");
  await page.selectOption('[data-testid="engine-color"]', "white");
  await move(page, "D4");
  await page.waitForFunction(() => window.goishiPlayground.moves().length === 2, null, { timeout: 5000 }).catch(() => {});
  check("the random player answers", (await snapshot(page)).moves.length === 2);
  await page.selectOption('[data-testid="opponent"]', "human");
  await move(page, "pass");
  await move(page, "pass");
  const s = await snapshot(page);
  const white = Object.keys(s.board).find(p => s.board[p] === "white");
  check("a Go game ended by passes opens the scoring", s.state.can_mark_dead && s.state.over);
  const wasDead = s.state.dead.includes(white);
  await page.click(`[data-point="${white}"]`);
  const marked = await snapshot(page);
  check("a click on a chain flips it dead or alive and the result counts it",
    marked.state.dead.includes(white) !== wasDead && marked.state.result !== s.state.result
    && (await status(page)) === marked.state.result,
    JSON.stringify([marked.state.dead, marked.state.result, s.state.result]));
  await page.click(`[data-point="${white}"]`);
  check("a second click flips it back", same((await snapshot(page)).state.dead, s.state.dead));
}

// ---- the engine moves at once when a game starts with it to move ----
{
  const moves = () => page.evaluate(() => window.goishiPlayground.moves().length);
  const settle = n => page.waitForFunction(k => window.goishiPlayground.moves().length === k && !window.goishiPlayground.busy(),
    n, { timeout: 30000 }).catch(() => {});
  await page.selectOption('[data-testid="variant"]', "go/chinese");
  await page.selectOption('[data-testid="engine-color"]', "black");
  for (const opponent of ["random", "mcts"]) {
    await page.selectOption('[data-testid="opponent"]', opponent);
    await page.fill('[data-testid="playouts"]', "50");
    await page.fill('[data-testid="millis"]', "0");
    await page.click('[data-testid="new-game"]');
    await settle(1);
    const s = await snapshot(page);
    check(`New game with the ${opponent} player as black: it moves at once`, s.moves.length === 1
      && s.board[s.moves[0]] === "black" && s.state.to_move === "white", `${s.moves} ${await message(page)}`);
    // Then it waits for the person's move, and answers it.
    await page.waitForTimeout(300);
    check(`New game with the ${opponent} player as black: then it waits`, (await moves()) === 1);
    await move(page, s.state.legal[0]);
    await settle(3);
    check(`New game with the ${opponent} player as black: it answers a move`, (await moves()) === 3);
  }
  // A record, and a link, where the engine's colour is to move.
  await page.selectOption('[data-testid="opponent"]', "random");
  await page.selectOption('[data-testid="engine-color"]', "white");
  await page.fill('[data-testid="sgf-text"]', "(;GM[1]FF[4]SZ[9];B[ee])");
  await page.click('[data-testid="load-sgf"]');
  await settle(2);
  let s = await snapshot(page);
  check("a record with the engine to move: it moves at once", s.moves.length === 2 && s.moves[0] === "E5"
    && s.board[s.moves[1]] === "white", `${s.moves} ${await message(page)}`);
  await page.evaluate(h => { location.hash = h; }, "#rules=go%2Fchinese%3Asize%3D9&moves=E5,D4,C3");
  await settle(4);
  s = await snapshot(page);
  check("a link with the engine to move: it moves at once", s.moves.length === 4
    && same(s.moves.slice(0, 3), ["E5", "D4", "C3"]) && s.board[s.moves[3]] === "white", `${s.moves} ${await message(page)}`);
  // A game where the person is to move stays as it is; so does a change of the settings.
  await page.evaluate(h => { location.hash = h; }, "#rules=go%2Fchinese%3Asize%3D9&moves=E5,D4");
  await page.waitForTimeout(300);
  check("a link with the person to move: the engine waits", same((await snapshot(page)).moves, ["E5", "D4"]));
  await page.selectOption('[data-testid="engine-color"]', "black");
  await page.waitForTimeout(300);
  check("choosing the engine's colour mid-game does not make it move", same((await snapshot(page)).moves, ["E5", "D4"]));
  await page.selectOption('[data-testid="opponent"]', "human");
  await page.selectOption('[data-testid="engine-color"]', "white");
  await page.fill('[data-testid="playouts"]', "10000");
  await page.fill('[data-testid="millis"]', "1000");
}

// ---- the rules page is the docs page rendered, not its Markdown ----
{
  await page.selectOption('[data-testid="variant"]', "contact/1a");
  await page.click('#docs-box > summary');
  const docs = await page.evaluate(() => {
    const box = document.querySelector("#docs");
    return {
      headings: [...box.querySelectorAll("h2")].map(h => h.textContent),
      code: box.querySelectorAll("pre code").length,
      inline: box.querySelectorAll("p code").length,
      text: box.innerText,
      visible: box.getBoundingClientRect().height > 0,
    };
  });
  check("the rules page shows the docs page's sections as headings",
    same(docs.headings, ["What it is", "The rules", "An example", "Where it comes from"]) && docs.visible, JSON.stringify(docs.headings));
  check("the rules page shows no Markdown markup (## headings, ``` fences, `code` ticks)",
    docs.code >= 1 && docs.inline >= 1 && !/^#+ |```|`/m.test(docs.text), docs.text.slice(0, 300));
  await page.locator("#docs-box").screenshot({ path: path.join(shots, "rules-page.png") });
  await page.click('#docs-box > summary');
  await page.selectOption('[data-testid="variant"]', "go/chinese");
}

// ---- a 52x52 board plays ----
{
  await newGame(page, "go/chinese:size=52x52");
  await page.waitForFunction(() => window.goishiPlayground.state().board === "52x52", null, { timeout: 10000 }).catch(() => {});
  const t = Date.now();
  await move(page, "A52");
  check("a 52x52 board loads and plays", (await page.locator("[data-point]").count()) === 2704
    && same((await snapshot(page)).moves, ["A52"]));
  figures.push(`52x52: a move and its redraw ${Date.now() - t} ms`);
}

// ---- the board settings show the fields of the board kind, and only those ----
{
  const shown = {
    square: ["width"], rectangle: ["width", "height"], torus: ["width", "height"],
    hex: ["width", "height"], graph: ["graph"],
  };
  for (const [kind, fields] of Object.entries(shown)) {
    await page.selectOption('[data-testid="board-kind"]', kind);
    const visible = [];
    for (const f of ["width", "height", "graph"]) {
      if (await page.isVisible(`[data-testid="${f}"]`)) visible.push(f);
    }
    check(`board kind ${kind}: the fields shown are ${fields.join(", ")}`, same(visible, fields), visible.join(", "));
  }
  await page.selectOption('[data-testid="board-kind"]', "square");
}

// ---- a graph with a point alone: every point near the rest, at a size one can click ----
{
  const ring = scripts.games.find(g => g.name === "go-graph").graph;
  await newGame(page, "go/chinese", `${ring}lonely\n`);
  await page.waitForFunction(() => window.goishiPlayground.state().board.includes("9"), null, { timeout: 5000 }).catch(() => {});
  const geometry = await page.evaluate(() => {
    const svg = document.querySelector("#board svg").getBoundingClientRect();
    const points = [...document.querySelectorAll("[data-point] .hit")].map(c => {
      const r = c.getBoundingClientRect();
      const x = r.x + r.width / 2, y = r.y + r.height / 2;
      const top = document.elementFromPoint(x, y);
      return {
        name: c.parentNode.getAttribute("data-point"), x, y, size: r.width,
        inside: r.left >= svg.left && r.right <= svg.right && r.top >= svg.top && r.bottom <= svg.bottom,
        clickable: top !== null && top.closest("[data-point]") === c.parentNode,
      };
    });
    return { points, svg: { width: svg.width, height: svg.height } };
  });
  const pts = geometry.points;
  const nearest = p => Math.min(...pts.filter(q => q !== p).map(q => Math.hypot(p.x - q.x, p.y - q.y)));
  const lonely = pts.find(p => p.name === "lonely");
  check("a point alone: 9 points, each inside the board and clickable", pts.length === 9
    && pts.every(p => p.inside && p.clickable), JSON.stringify(pts));
  check("a point alone: the points keep a size one can click (at least 30 px a point)",
    pts.every(p => p.size >= 30), pts.map(p => `${p.name} ${p.size.toFixed(0)}`).join(", "));
  check("a point alone stays near the rest (within three point sizes of the nearest)",
    lonely && nearest(lonely) <= 3 * lonely.size, lonely ? `${nearest(lonely).toFixed(0)} px` : "no point lonely");
  // A point with no edge has no liberty: the click reaches it and the engine refuses it.
  await page.click('[data-point="lonely"] .hit');
  check("a point alone: a click reaches it (suicide)", (await message(page)).endsWith("lonely: suicide"), await message(page));
  await page.locator("#board svg").screenshot({ path: path.join(shots, "go-graph-lonely.png") });
}

// ---- the link of a record reopens the same game: size, setup stones, colours ----
for (const [what, sgf, rulesPart, setupPart] of [
  ["a 9x9 record", "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[dd];B[cc])", "size%3D9", null],
  ["a 13x9 record with RU", "(;GM[1]FF[4]SZ[13:9]RU[japanese]KM[6.5];B[ee];W[dd])", "size%3D13x9", null],
  ["a handicap record", "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd];W[qp];B[dd])", "go%2Fchinese&", "setup=black:D4,Q16;first:white;handicap:2"],
  ["a record with a move out of turn", "(;GM[1]FF[4]SZ[9];B[ee];B[dd];W[cc])", "size%3D9", null],
]) {
  await page.fill('[data-testid="sgf-text"]', sgf);
  await page.click('[data-testid="load-sgf"]');
  const s = await snapshot(page);
  const hash = await page.evaluate(() => location.hash);
  check(`${what}: the link holds its board${setupPart ? " and its setup" : ""}`, hash.includes(rulesPart)
    && (setupPart ? hash.includes(`&${setupPart}&`) : !hash.includes("setup=")), hash);
  const other = await open(profile, hash);
  const t = await snapshot(other.page);
  check(`${what}: the link reopens the same game`, same(t, s) && (await message(other.page)) === ""
    && other.errors.length === 0, JSON.stringify({ link: t, record: s, message: await message(other.page) }));
  if (what === "a handicap record") {
    check("a handicap record: the moves keep their colours", t.board.R4 === "white" && t.board.D16 === "black"
      && t.state.to_move === "white", JSON.stringify(t.board));
    // The MCTS player's worker rebuilds the game of a link with a setup.
    await other.page.selectOption('[data-testid="opponent"]', "mcts");
    await other.page.fill('[data-testid="playouts"]', "50");
    await other.page.fill('[data-testid="millis"]', "0");
    await other.page.click('[data-testid="engine-move"]');
    await other.page.waitForFunction(() => window.goishiPlayground.moves().length === 3, null, { timeout: 30000 }).catch(() => {});
    const after = await snapshot(other.page);
    check("a handicap link: the MCTS player moves for white", after.moves.length === 3
      && after.board[after.moves[2]] === "white" && after.board.D4 === "black", `${after.moves} ${await message(other.page)}`);
  }
  await other.page.close();
}

// ---- a malformed setup in a link is refused with its reason; the old forms still open ----
{
  await page.evaluate(h => { location.hash = h; }, "#rules=go%2Fchinese%3Asize%3D9&moves=E5,D4");
  await page.waitForFunction(() => window.goishiPlayground.moves().length === 2, null, { timeout: 5000 }).catch(() => {});
  const before = await snapshot(page);
  check("a link of rules and moves still opens", same(before.moves, ["E5", "D4"]) && before.state.board === "9x9");
  for (const [setup, why] of [
    ["", "the setup is empty"],
    ["black:Z99", "setup black stone \"Z99\""],
    ["black:E5;black:D4", "setup part \"black\" is given twice"],
    ["colour:E5", "unknown setup part \"colour\""],
    ["first:red", "setup first:red: expected black or white"],
    ["black:A1;white:A2,B1", "the chain at A1 has no liberty"],
  ]) {
    await page.evaluate(() => { document.querySelector('[data-testid="message"]').textContent = ""; });
    await page.evaluate(h => { location.hash = h; }, `#rules=go%2Fchinese%3Asize%3D9&setup=${setup}&moves=E5`);
    await page.waitForFunction(() => document.querySelector('[data-testid="message"]').textContent !== "", null, { timeout: 5000 }).catch(() => {});
    const msg = await message(page);
    check(`a link with setup=${setup}: refused with its reason`, msg.startsWith("the setup of the link: ") && msg.includes(why), msg);
    check(`a link with setup=${setup}: the game is unchanged`, same(await snapshot(page), before));
  }
}

// ---- the layout: no sideways scroll on a phone, the board first; a wide board on a wide screen ----
{
  const narrow = await open(profile);
  await narrow.page.setViewportSize({ width: 390, height: 844 });
  await narrow.page.selectOption('[data-testid="board-kind"]', "graph");
  await narrow.page.click('#docs-box > summary'); // the rules page open: its code too
  const n = await narrow.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
    board: document.querySelector("#board").getBoundingClientRect().top,
    setup: document.querySelector("#setup").getBoundingClientRect().top,
    record: document.querySelector("#records").getBoundingClientRect().top,
    wide: [...document.querySelectorAll("main *")].filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5).map(e => e.id || e.tagName),
  }));
  check("390 px wide: no sideways scroll, nothing past the right edge", n.scroll <= n.inner && n.wide.length === 0, JSON.stringify(n));
  check("390 px wide: the board comes before the settings, the record after them", n.board < n.setup && n.setup < n.record, JSON.stringify(n));
  await narrow.page.screenshot({ path: path.join(shots, "layout-390.png") });
  await narrow.page.screenshot({ path: path.join(shots, "layout-390-full.png"), fullPage: true });
  await narrow.page.setViewportSize({ width: 1400, height: 900 });
  const w = await narrow.page.evaluate(() => ({
    setup: document.querySelector("#setup").getBoundingClientRect().width,
    board: document.querySelector("#board svg").getBoundingClientRect().width,
    gap: document.querySelector("#records").getBoundingClientRect().top - document.querySelector("#buttons").getBoundingClientRect().bottom,
    scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
  }));
  check("1400 px wide: the settings keep about 22rem and the board gets the rest",
    w.setup <= 22 * 16 + 1 && w.board >= 700 && w.scroll <= w.inner && w.gap < 100, JSON.stringify(w));
  await narrow.page.screenshot({ path: path.join(shots, "layout-1400.png") });
  check("the layout checks: no page error", narrow.errors.length === 0, narrow.errors.join(" | "));
  await narrow.page.close();
}

// ---- speed of the random playouts, page against native ----
{
  // The same games, timed `rounds` times (as the native example does): the fastest round.
  let r = null;
  for (let i = 0; i < playouts.rounds; i++) {
    const round = await page.evaluate(p => window.goishiPlayground.randomPlayouts(p.rules, p.games, p.seed), playouts);
    if (r === null || round.ms < r.ms) r = round;
  }
  check("the page's playouts play the native games (same seed, same moves)", r.moves === playouts.native.moves,
    `${r.moves} / ${playouts.native.moves}`);
  const page_rate = r.moves / r.ms, native_rate = playouts.native.moves / playouts.native.ms;
  figures.push(`random playouts (${playouts.games} games of ${playouts.rules}, fastest of ${playouts.rounds} rounds): page ${(page_rate * 1000).toFixed(0)} moves/s, native ${(native_rate * 1000).toFixed(0)} moves/s: ${(page_rate / native_rate).toFixed(2)}x`);
}
check(`${profile}: no page error in the scripted games`, errors.length === 0, errors.join(" | "));
for (const [p, s] of Object.entries(sizes)) {
  figures.push(`${p} module: ${(s.bytes / 1024).toFixed(0)} KB, ${(s.gzipped / 1024).toFixed(0)} KB gzipped`);
}
await context.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
console.log("\nfigures (a shared machine: see docs/playground.md):");
for (const f of figures) console.log(`  ${f}`);
console.log(`\nscreenshots: ${shots}`);
if (failures) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
console.log("all checks passed");
