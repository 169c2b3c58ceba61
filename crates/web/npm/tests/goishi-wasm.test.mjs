// The npm package goishi-wasm as its users get it: `cargo xtask dist --only npm --check`
// installs the tarball into an empty Node.js project and runs this file there with
// `node --test` (GOISHI_VARIANTS: the ids of the native registry, comma-separated).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import init, { Game, canonicalRules, parseRules, variants } from "goishi-wasm";

await init();

test("the registry holds every variant of the native one", () => {
  const catalog = variants();
  assert.deepEqual(catalog.problems, []);
  const ids = catalog.variants.map(v => v.id);
  assert.deepEqual(ids, process.env.GOISHI_VARIANTS.split(","));
  for (const v of catalog.variants) {
    assert.equal(canonicalRules(v.rules), v.rules);
    assert.ok(v.summary && v.docs, v.id);
  }
});

test("rules strings: canonical form, values, and the engine's sentence for a bad one", () => {
  assert.equal(canonicalRules("japanese"), "go/japanese");
  const nz = parseRules("nz:size=13");
  assert.equal(nz.variant, "go/new-zealand");
  assert.deepEqual(nz.size, [13, 13]);
  assert.equal(typeof nz.values.komi, "string");
  assert.throws(() => canonicalRules("go/nope"), e => e instanceof Error && /^unknown rules "go\/nope"/.test(e.message));
  assert.throws(() => new Game("go/chinese:komi=banana"), /komi/);
});

test("a game: moves by vertex and by index, a capture, undo and redo", () => {
  const game = new Game("go/chinese", { size: 9 });
  assert.equal(game.numPoints, 81);
  assert.equal(game.rules, "go/chinese:size=9");
  for (const m of ["D5", "E5", "F5", "A1", "E6", "A2"]) game.play(m);
  assert.equal(game.toMove, "black");
  const e4 = game.pointNames().indexOf("E4");
  assert.equal(e4, 3 * 9 + 4);
  game.play(e4);
  assert.deepEqual(game.captures(), { black: 1, white: 0 });
  assert.equal(game.board()[game.pointNames().indexOf("E5")], 0);
  assert.equal(game.board()[e4], 1);
  assert.ok(game.board() instanceof Int8Array);
  assert.ok(game.undo());
  assert.equal(game.board()[game.pointNames().indexOf("E5")], -1);
  assert.ok(game.redo());
  assert.equal(game.moves().at(-1), "E4");
  game.play(game.numPoints); // pass
  assert.equal(game.moves().at(-1), "pass");
  game.free();
});

test("an illegal move throws the engine's sentence and changes nothing", () => {
  const game = new Game("go/chinese", { size: [7, 5] });
  game.play("E5");
  const before = Array.from(game.board());
  const legal = game.legalMoves();
  assert.throws(() => game.play("E5"), e => e instanceof Error && e.message === "illegal move: W E5: occupied");
  assert.throws(() => game.play(36), { message: "illegal move: W action 36: off board; an action is a point index from 0 to 34 or 35 for pass" });
  assert.throws(() => game.play("Z99"), /Z99/);
  assert.throws(() => game.play(true), /a move is a GTP vertex/);
  assert.deepEqual(Array.from(game.board()), before);
  assert.deepEqual(game.legalMoves(), legal);
  assert.equal(game.isLegal("E5"), false);
  assert.equal(game.isLegal("D4"), true);
  assert.throws(() => new Game("go/chinese:size=9", { size: 13 }), /size=9/);
  assert.throws(() => new Game("go/chinese", { size: 0 }), /options.size/);
  game.free();
});

test("SGF out and back in gives the same game", () => {
  const game = new Game("go/japanese:komi=6.5", { size: 9 });
  for (const m of ["C3", "G7", "C7", "G3", "pass"]) game.play(m);
  const text = game.sgf();
  assert.match(text, /RU\[go\/japanese\]/);
  const back = Game.fromSgf(text);
  assert.deepEqual(back.moves(), game.moves());
  assert.deepEqual(Array.from(back.board()), Array.from(game.board()));
  assert.equal(back.rules, game.rules);
  assert.throws(() => Game.fromSgf("(;GM[1]SZ[9];B["), Error);
  game.free();
  back.free();
});

test("two passes end the game; the score counts the dead stones given", () => {
  const game = new Game("go/chinese:komi=0.5", { size: 7 });
  for (const m of ["D4", "A1", "pass", "pass"]) game.play(m);
  assert.equal(game.isOver, true);
  assert.deepEqual(game.legalMoves(), []);
  assert.equal(game.outcome, game.score().result);
  const dead = game.estimateDead();
  assert.deepEqual(dead, ["A1"]);
  assert.deepEqual(game.score(dead), { black: 49, white: 0.5, result: "B+48.5" });
  assert.deepEqual(game.score([0]), game.score(["A1"]));
  assert.throws(() => game.play("C3"), /game over/);
  game.free();
});

test("a short search, and genmove playing its move", () => {
  const game = new Game("go/chinese", { size: 9 });
  const search = game.search(64, 0, 3);
  assert.equal(search.playouts, 64);
  assert.equal(search.ownership.length, 81);
  assert.ok(game.isLegal(search.move), search.move);
  const move = game.genmove(200, 1);
  assert.deepEqual(game.moves(), [move]);
  const again = new Game("go/chinese", { size: 9 });
  assert.equal(again.genmove(200, 1), move); // seeded: the same move
  assert.throws(() => game.genmove(0), /playout/);
  const other = new Game("contact/2b:board=hex", { size: 6 });
  other.play(other.randomMove(7));
  other.genmove(50, 2);
  assert.equal(other.moves().length, 2);
  for (const g of [game, again, other]) g.free();
});

test("the README's example runs as written", () => {
  const dir = createRequire(import.meta.url).resolve("goishi-wasm/package.json").replace(/package\.json$/, "");
  const readme = fs.readFileSync(`${dir}README.md`, "utf8");
  const example = readme.match(/```js\n([\s\S]*?)```/);
  assert.ok(example, "the README has a js example");
  fs.writeFileSync("readme-example.mjs", example[1]);
  const printed = execFileSync(process.execPath, ["readme-example.mjs"], { encoding: "utf8" });
  assert.match(printed, /^go\/japanese\n/);
  assert.match(printed, /illegal move: B E5: occupied/);
  assert.match(printed, /black 80 1/);
});
