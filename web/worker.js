// The MCTS player's Web Worker: its own instance of the goishi module rebuilds the game (from
// its link: the rules, the graph, the setup and the moves; or from the record's SGF) and
// searches it, so that the page stays responsive; the page stops a search by terminating
// the worker.

import init, { Game } from "./pkg/goishi_web.js";

const ready = init();

self.onmessage = async ev => {
  await ready;
  const job = ev.data;
  let game = null;
  try {
    game = job.sgf
      ? Game.fromSgf(job.sgf)
      : Game.withMoves(job.rules, job.graph || undefined, job.moves.join(","), job.setup ?? undefined);
    const result = game.search(job.playouts, job.millis, job.seed);
    self.postMessage({ id: job.id, ok: true, result });
  } catch (e) {
    self.postMessage({ id: job.id, ok: false, error: e.message });
  } finally {
    if (game) game.free();
  }
};
