// goishi-wasm's entry for Node.js (the "node" condition of package.json's "exports"): the
// module of goishi_wasm.js (wasm-bindgen's web target) compiled from the .wasm file beside it
// at import, synchronously, so that its API is ready once imported. The default export is
// an `init` that has nothing left to do, so that code written for the browser (`await
// init()`) runs unchanged.
import { readFileSync } from "node:fs";
import { initSync } from "./goishi_wasm.js";

export * from "./goishi_wasm.js";

const output = initSync({ module: readFileSync(new URL("./goishi_wasm_bg.wasm", import.meta.url)) });

/** The module, already compiled and instantiated. */
export default async function init() {
  return output;
}
