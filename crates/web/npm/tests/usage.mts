// goishi-wasm's TypeScript types as a user meets them: `cargo xtask dist --only npm --check`
// compiles this file with the pinned TypeScript (`tsc --noEmit`, strict) against the types of
// the installed package. Each `@ts-expect-error` is a mistake the types must refuse: were a
// type `any`, its line would compile and tsc would fail on the unused directive.

import init, {
  Game,
  canonicalRules,
  parseRules,
  variants,
  type Catalog,
  type Color,
  type GameState,
  type MoveInput,
  type RulesInfo,
  type Score,
  type SearchResult,
} from "goishi-wasm";

await init();

const catalog: Catalog = variants();
const ids: string[] = catalog.variants.map(v => v.id);
const kinds: string[] = catalog.variants.flatMap(v => v.options.map(o => o.kind.type));
const rules: string = canonicalRules("japanese");
const info: RulesInfo = parseRules("nz:size=13");
const size: [number, number] | null = info.size;

const game = new Game("go/chinese", { size: 9 });
const rect = new Game("go/chinese", { size: [7, 5] });
const graph = new Game("go/chinese", { graph: "a b\nb c\n" });
const plain = new Game("go/chinese");
const moves: MoveInput[] = ["E5", 30, "pass"];
for (const m of moves) game.play(m);
const toMove: Color = game.toMove;
const over: boolean = game.isOver;
const outcome: string | undefined = game.outcome;
const board: Int8Array = game.board();
const legal: string[] = game.legalMoves();
const score: Score = game.score(game.estimateDead());
const margin: number = score.black - score.white;
const search: SearchResult = game.search(64, 0, 1);
const ownership: number[] = search.ownership;
const played: string = game.genmove(100, 1);
const state: GameState = game.state();
const stone: Color | "" | undefined = state.stones["E5"];
const back: Game = Game.fromSgf(game.sgf());
const width: number = game.width;
const undone: boolean = game.undo();

// @ts-expect-error: a move is a vertex or a point index
game.play(true);
// @ts-expect-error: the size is a number or [width, height]
new Game("go/chinese", { size: "9" });
// @ts-expect-error: the options are an object
new Game("go/chinese", 9);
// @ts-expect-error: the side to move is a colour
const wrong: number = game.toMove;
// @ts-expect-error: the board is numbers
const letters: string[] = Array.from(game.board());
// @ts-expect-error: the score's result is text
const result: number = score.result;
// @ts-expect-error: read-only
game.numPoints = 3;

for (const g of [game, rect, graph, plain, back]) g.free();
export { ids, kinds, rules, size, toMove, over, outcome, board, legal, margin, ownership, played, stone, width, undone, wrong, letters, result };
