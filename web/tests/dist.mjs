// The artefacts of `cargo xtask dist --check` in headless Chromium, through playwright-core
// (xtask/src/dist/site.rs runs it):
//
//   GOISHI_CHECK        site: the static site, served from a sub-path (GOISHI_URL ends in
//                       /goishi/): the page loads with no error, the board is drawn, a click
//                       plays a stone, and no request leaves the sub-path;
//                       npm: the npm package's browser entry (GOISHI_URL is the installed
//                       package's folder): `init()` fetches the .wasm beside the module, a
//                       game is played and an illegal move refused with the engine's sentence
//   GOISHI_URL          where it is served
//   GOISHI_NODE_MODULES where npm ci put playwright-core; GOISHI_OUT where the screenshot goes
//   CHROMIUM            the browser (Debian's /usr/bin/chromium)
//
// Every check prints `ok` or `not ok`; the run fails if any failed.

import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const env = name => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run cargo xtask dist --check`);
  return v;
};
const require = createRequire(path.join(env("GOISHI_NODE_MODULES"), "..", "package.json"));
const { chromium } = require("playwright-core");

const mode = env("GOISHI_CHECK");
const url = env("GOISHI_URL");
const out = env("GOISHI_OUT");

let failures = 0;
function check(name, ok, detail = "") {
  if (ok) {
    console.log(`ok - ${name}`);
  } else {
    failures++;
    console.log(`not ok - ${name}${detail ? `: ${detail}` : ""}`);
  }
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "goishi-dist-chromium-"));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 1000 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

const page = await context.newPage();
const errors = [];
const requests = [];
page.on("pageerror", e => errors.push(String(e)));
// A browser asks for /favicon.ico by itself: the site names its icon, the package has none.
const favicon = u => u.endsWith("/favicon.ico");
page.on("console", m => m.type() === "error" && !favicon(m.location().url || "") && errors.push(m.text()));
page.on("request", r => requests.push(r.url()));
page.on("requestfailed", r => errors.push(`request failed: ${r.url()}`));
page.on("response", r => r.status() >= 400 && !favicon(r.url()) && errors.push(`${r.status()}: ${r.url()}`));

try {
  if (mode === "site") {
    await page.goto(url);
    await page.waitForFunction(() => window.goishiPlayground && document.querySelectorAll("[data-point]").length > 0,
      null, { timeout: 30000 }).catch(() => {});
    const points = await page.locator("[data-point]").count();
    check("the page loads from the sub-path and draws the board", points > 0, `${points} points`);
    const state = await page.evaluate(() => window.goishiPlayground && window.goishiPlayground.state());
    const target = state && state.legal[Math.floor(state.legal.length / 2)];
    check("the engine lists the legal points", Boolean(target));
    if (target) {
      await page.locator(`[data-point="${target}"]`).click();
      await page.waitForFunction(t => window.goishiPlayground.moves().length === 1
        && window.goishiPlayground.board()[t] === "black", target, { timeout: 10000 }).catch(() => {});
      const stone = await page.locator(`[data-point="${target}"]`).getAttribute("data-stone");
      check(`a click on ${target} plays a black stone`, stone === "black", `data-stone=${stone}`);
    }
    const rulesPages = requests.some(r => r.endsWith("/goishi/rules-pages.json"));
    check("the rules pages are read from beside the page", rulesPages);
    const origin = new URL(url).origin;
    const prefix = new URL(url).pathname;
    const outside = requests.filter(r => !r.startsWith("data:") && !r.startsWith("blob:")
      && !r.startsWith(origin + prefix));
    check(`every request stays under ${prefix}`, outside.length === 0, outside.join(", "));
    await page.screenshot({ path: path.join(out, "site.png") });
  } else if (mode === "npm") {
    // A same-origin document to import the module from (the package's own package.json).
    await page.goto(new URL("package.json", url).href);
    const result = await page.evaluate(async base => {
      const m = await import(new URL("goishi_wasm.js", base).href);
      await m.default();
      const game = new m.Game("go/chinese", { size: 9 });
      game.play("E5");
      let refusal = "";
      try {
        game.play("E5");
      } catch (e) {
        refusal = `${e instanceof Error}: ${e.message}`;
      }
      const answer = {
        moves: game.moves(),
        black: game.board().filter(v => v === 1).length,
        refusal,
        variants: m.variants().variants.length,
      };
      game.free();
      return answer;
    }, url);
    check("the browser entry plays a move", JSON.stringify(result.moves) === '["E5"]' && result.black === 1,
      JSON.stringify(result));
    check("an illegal move throws an Error with the engine's sentence",
      result.refusal === "true: illegal move: W E5: occupied", result.refusal);
    check("the registry is there", result.variants > 0, String(result.variants));
    check("the module was fetched from beside it", requests.some(r => r.endsWith("/goishi_wasm_bg.wasm")));
  } else {
    throw new Error(`GOISHI_CHECK=${mode}: expected site or npm`);
  }
  check("no error in the page", errors.length === 0, errors.join(" | "));
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}

console.log(failures ? `${failures} check(s) failed` : "all checks passed");
process.exit(failures ? 1 : 0);
