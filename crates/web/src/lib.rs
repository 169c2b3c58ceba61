//! goishi's WebAssembly module, with its JavaScript API: the browser playground loads it
//! (`cargo xtask web` builds it; the page under `web/`), and it is the npm package
//! `goishi-wasm` (`cargo xtask dist --only npm`; docs/distribution.md). A thin wasm-bindgen
//! API over the facade, `goishi-sgf` and `goishi-play`. No rule is written here or in the
//! page: every move, refusal, capture and result is the engine's, every error text is the
//! engine's sentence (thrown as a JavaScript `Error`; nothing here panics on a caller's
//! input).
//!
//! JavaScript sees, with camelCase names (as JavaScript writes them), and the TypeScript
//! interfaces of `TYPES` for the objects it hands out and takes:
//!
//! - [`variants`]: the registry (ids, summaries, docs pages, options and defaults);
//! - [`canonical_rules`], [`describe_rules`] (`parseRules`): a rules string parsed into its
//!   canonical form, and into its variant, option values, board and size;
//! - [`Game`]: one game (play by GTP vertex or point index, pass, resign, undo, redo, legal
//!   moves, the board as an array, prisoners, outcome, score with dead stones and their
//!   estimate, SGF in and out, a graph board from pasted text), its players (random, and
//!   MCTS: `search`, `genmove`), and the playground's views of it (`state`, `geometry`);
//! - [`random_playouts`]: random games timed by the page, to compare with native speed.
//!
//! The plain-Rust layer under it ([`session`], [`link`], [`catalog`], [`players`]) is what
//! the native tests run; [`rules_page`] (native only) renders the variants' docs pages as
//! HTML when `cargo xtask web` builds the site. [`Game::state`] is an object: `rules` (the
//! link's: the board's size in it when not the variant's default), `setup` (the link's
//! setup, or null), `link_moves` (the link's moves, `B:E5` for a move out of turn),
//! `variant`, `family`, `board`, `to_move`, `over`, `result` (SGF `RE` form, dead stones
//! counted), `outcome` (the engine's), `status` (the result or `black to move`), `captures`
//! (`black`, `white`), `stones` (every point's name to `black`, `white` or `""`), `moves`
//! (GTP vertices), `last`, `removed` (the stones the last move took off), `dead`,
//! `can_mark_dead`, `can_undo`, `can_redo`, `legal`.

pub mod catalog;
pub mod link;
pub mod players;
#[cfg(not(target_arch = "wasm32"))]
pub mod rules_page;
pub mod session;

use goishi::{Color, Move, Point};
use js_sys::{Array, Reflect, JSON};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use session::Session;

/// The TypeScript types of the objects the API hands out and takes (the `.d.ts` that
/// wasm-bindgen writes holds them; the methods name them).
#[wasm_bindgen(typescript_custom_section)]
pub const TYPES: &str = r#"
/** A player's colour. */
export type Color = "black" | "white";

/**
 * A move: a GTP vertex (`"D4"`, a graph point's name), `"pass"` or `"resign"`; or a point
 * index: 0 to `numPoints - 1` in the order of `board()` and `pointNames()`, and `numPoints`
 * for pass (the action indices of the Python package).
 */
export type MoveInput = string | number;

/** How `new Game` builds the board besides the rules string. */
export interface GameOptions {
  /** The board's size: `9`, or `[width, height]`; by default the rules' `size=`, else the variant's. */
  size?: number | [number, number];
  /** A graph board, as text in the graph file format (one edge a line, `a b`). */
  graph?: string;
}

/** Points under the variant's count, komi included. */
export interface Score {
  black: number;
  white: number;
  /** The result these points give, as SGF's `RE` writes it (`"B+3.5"`, `"0"`). */
  result: string;
}

/** The stones each player has captured. */
export interface Captures {
  black: number;
  white: number;
}

/** What the MCTS search found for the side to move. */
export interface SearchResult {
  /** The move it chose (`"D4"`, `"pass"`, `"resign"`). */
  move: string;
  /** Playouts run. */
  playouts: number;
  /** The mover's win rate of the most visited move, from 0 to 1. */
  win_rate: number;
  elapsed_ms: number;
  /** The points' names, in the order of `ownership`. */
  points: string[];
  /** Per point, the average owner at the playouts' ends: +1 Black, -1 White. */
  ownership: number[];
}

/** How an option's value is written, and so which widget edits it. */
export type OptionKind =
  | { type: "choice"; choices: string[] }
  | { type: "bool" }
  | { type: "int"; min: number; max: number }
  | { type: "half"; min: number; max: number; step: number }
  | { type: "int-or-auto"; min: number; max: number };

/** One option of a variant. */
export interface OptionInfo {
  name: string;
  kind: OptionKind;
  /** The variant's default value, as a rules string writes it. */
  default: string;
  help: string;
  /** The values allowed, in words. */
  describe: string;
}

/** One registered variant. */
export interface VariantInfo {
  /** `family/name`, as rules strings name it (`"go/japanese"`). */
  id: string;
  family: string;
  family_title: string;
  aliases: string[];
  summary: string;
  /** Its rules page (Markdown). */
  docs: string;
  default_size: [number, number];
  /** Its default rules string, in canonical form. */
  rules: string;
  options: OptionInfo[];
}

/** The registry: every variant, sorted by id, and its problems (none when all is well). */
export interface Catalog {
  variants: VariantInfo[];
  problems: string[];
}

/** A rules string read: its canonical form, variant, every option's value, board and size. */
export interface RulesInfo {
  canonical: string;
  variant: string;
  values: Record<string, string>;
  /** Its `board=` kind, when it names one. */
  board: string | null;
  /** Its `size=`, when it names one. */
  size: [number, number] | null;
}

/** The playground's view of a game (field by field in docs/distribution.md). */
export interface GameState {
  rules: string;
  setup: string | null;
  link_moves: string[];
  variant: string;
  family: string;
  board: string;
  to_move: Color;
  over: boolean;
  /** The result with the stones marked dead taken off (SGF `RE` form). */
  result: string | null;
  /** The engine's outcome. */
  outcome: string | null;
  status: string;
  captures: Captures;
  /** Every point's name to its stone (`""`: empty). */
  stones: Record<string, Color | "">;
  moves: string[];
  last: string | null;
  removed: string[];
  dead: string[];
  can_mark_dead: boolean;
  can_undo: boolean;
  can_redo: boolean;
  legal: string[];
}

/** The board's shape, for drawing it. */
export interface BoardShape {
  kind: "rect" | "torus" | "hex" | "graph";
  width: number;
  height: number;
  describe: string;
  /** Every point in index order, with its grid column and row (0, 0: `A1`; 0 on a graph). */
  points: { name: string; x: number; y: number }[];
  /** The neighbouring pairs of point indices, each once. */
  edges: [number, number][];
}
"#;

fn js(message: String) -> JsError {
    JsError::new(&message)
}

/// A JSON value as the JavaScript object it writes (the host's `JSON.parse`).
fn object(value: &Value) -> Result<JsValue, JsError> {
    JSON::parse(&value.to_string()).map_err(|_| JsError::new("JSON.parse failed"))
}

/// Every registered variant, sorted by id, with its summary, rules page, options and
/// defaults; and the registry's problems (none when all is well).
#[wasm_bindgen(unchecked_return_type = "Catalog")]
pub fn variants() -> Result<JsValue, JsError> {
    object(&catalog::variants())
}

/// The canonical form of a rules string (`"japanese"` gives `"go/japanese"`); throws the
/// engine's sentence saying what is wrong.
#[wasm_bindgen(js_name = canonicalRules)]
pub fn canonical_rules(text: &str) -> Result<String, JsError> {
    session::parse_rules(text)
        .map(|r| r.to_string())
        .map_err(js)
}

/// A rules string read: its canonical form, variant, every option's value, board and size;
/// throws the engine's sentence saying what is wrong (`unknown variant ...`).
#[wasm_bindgen(js_name = parseRules, unchecked_return_type = "RulesInfo")]
pub fn describe_rules(text: &str) -> Result<JsValue, JsError> {
    catalog::describe_rules(text)
        .map_err(js)
        .and_then(|v| object(&v))
}

/// Plays `games` random games under `rules` (game `g` of seed `seed`, as `goishi selfplay`
/// plays them); returns the moves played, for a speed figure timed by the caller.
#[wasm_bindgen(js_name = randomPlayouts)]
pub fn random_playouts(rules: &str, games: u32, seed: u32) -> Result<f64, JsError> {
    players::random_playouts(rules, games, u64::from(seed))
        .map(|m| m as f64)
        .map_err(js)
}

/// One game of any registered variant. Its memory lives in the module: free it with
/// `free()` (or `using`) when done.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Game {
    session: Session,
}

fn split_moves(moves: &str) -> Vec<&str> {
    moves
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|m| !m.is_empty())
        .collect()
}

/// A whole number from 1 up, read from a JavaScript number.
fn dimension(value: f64) -> Option<u32> {
    (value.fract() == 0.0 && value >= 1.0 && value <= f64::from(u32::MAX)).then_some(value as u32)
}

/// The `size` of [`GameOptions`]: `9` or `[width, height]`.
fn size_option(size: &JsValue) -> Result<Option<(u32, u32)>, String> {
    const WHAT: &str = "options.size is a board size: a whole number (9) or [width, height]";
    if size.is_undefined() || size.is_null() {
        return Ok(None);
    }
    if let Some(n) = size.as_f64() {
        return dimension(n)
            .map(|n| Some((n, n)))
            .ok_or_else(|| WHAT.to_owned());
    }
    if Array::is_array(size) {
        let array = Array::from(size);
        let side = |i| array.get(i).as_f64().and_then(dimension);
        if array.length() == 2 {
            if let (Some(w), Some(h)) = (side(0), side(1)) {
                return Ok(Some((w, h)));
            }
        }
    }
    Err(WHAT.to_owned())
}

/// The options of `new Game` (`GameOptions` in `TYPES`), read.
#[derive(Debug, Default)]
struct NewGame {
    size: Option<(u32, u32)>,
    graph: Option<String>,
}

/// The options of `new Game`: the board's size and a pasted graph.
fn game_options(options: &JsValue) -> Result<NewGame, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(NewGame::default());
    }
    if !options.is_object() {
        return Err("the options of a new game are an object: { size, graph }".to_owned());
    }
    let field = |name: &str| Reflect::get(options, &JsValue::from_str(name)).unwrap_or_default();
    let size = size_option(&field("size"))?;
    let graph = field("graph");
    let graph = match graph.as_string() {
        Some(text) => Some(text),
        None if graph.is_undefined() || graph.is_null() => None,
        None => return Err("options.graph is the graph's text".to_owned()),
    };
    Ok(NewGame { size, graph })
}

impl Game {
    /// The move a JavaScript value names (`MoveInput` in `TYPES`).
    fn move_of(&self, mv: &JsValue) -> Result<Move, String> {
        if let Some(text) = mv.as_string() {
            Move::parse(self.session.position().geometry(), text.trim()).map_err(|e| e.to_string())
        } else if let Some(index) = mv.as_f64() {
            self.session.index_move(index)
        } else {
            Err("a move is a GTP vertex (\"D4\", \"pass\", \"resign\") or a point index".to_owned())
        }
    }

    /// The point a JavaScript value names: a vertex or a point index.
    fn point_of(&self, value: &JsValue) -> Result<Point, String> {
        match self.move_of(value)? {
            Move::Place(p) => Ok(p),
            _ => Err("a dead stone is a point, not pass or resign".to_owned()),
        }
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game under `rules` (a rules string: `"japanese"`, `"go/chinese:komi=7"`,
    /// `"contact/2b:board=hex"`), on `options.size` or `options.graph` when given; throws
    /// the engine's sentence for a bad rules string, size or graph.
    #[wasm_bindgen(constructor)]
    pub fn new(
        rules: &str,
        #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: Option<JsValue>,
    ) -> Result<Game, JsError> {
        let options = game_options(&options.unwrap_or_default()).map_err(js)?;
        Session::new(rules, options.graph.as_deref(), options.size)
            .map(|session| Game { session })
            .map_err(js)
    }

    /// A shared link's game (the playground's address): `moves` (vertices separated by commas
    /// or spaces, `B:E5` for a move out of turn) played from `setup` when given
    /// (`black:D4,Q16;white:C3;first:white;handicap:2`), else from an empty board; on the
    /// pasted `graph` when given. Throws naming the first move refused.
    #[wasm_bindgen(js_name = withMoves)]
    pub fn with_moves(
        rules: &str,
        graph: Option<String>,
        moves: &str,
        setup: Option<String>,
    ) -> Result<Game, JsError> {
        Session::from_link(
            rules,
            graph.as_deref(),
            setup.as_deref(),
            &split_moves(moves),
        )
        .map(|session| Game { session })
        .map_err(js)
    }

    /// The game of an SGF record: its rules (`RU`, else `go/chinese`), setup and every move;
    /// throws the SGF reader's sentence, or the first illegal move's.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(text: &str) -> Result<Game, JsError> {
        Session::from_sgf(text)
            .map(|session| Game { session })
            .map_err(js)
    }

    /// The game as SGF text (`RE` once it is over, dead stones counted).
    pub fn sgf(&self) -> Result<String, JsError> {
        self.session.sgf().map_err(js)
    }

    /// The rules string of the game, canonical, with the board's size and kind in it when
    /// they are not the variant's default: `new Game(game.rules)` has the same board.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        link::link_rules(self.session.position()).to_string()
    }

    /// The side to move.
    #[wasm_bindgen(getter = toMove, unchecked_return_type = "Color")]
    pub fn to_move(&self) -> String {
        self.session.position().side_to_move().name().to_owned()
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter = isOver)]
    pub fn is_over(&self) -> bool {
        self.session.position().is_over()
    }

    /// The engine's outcome as SGF's `RE` writes it (`"B+3.5"`, `"W+R"`, `"0"`), undefined
    /// while the game goes on. A count takes no stone off: see `score` for dead stones.
    #[wasm_bindgen(getter)]
    pub fn outcome(&self) -> Option<String> {
        self.session.position().outcome().map(|r| r.to_string())
    }

    /// The number of points; the point index of pass.
    #[wasm_bindgen(getter = numPoints)]
    pub fn num_points(&self) -> u32 {
        self.session.position().geometry().num_points() as u32
    }

    /// The board's columns (a graph board is one row of all its points).
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.session.position().geometry().width()
    }

    /// The board's rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.session.position().geometry().height()
    }

    /// Plays a move for the side to move: a vertex (`"D4"`, `"pass"`, `"resign"`) or a
    /// point index. Throws the engine's sentence when the rules refuse it (`illegal move:
    /// W D4: occupied`), the game then unchanged.
    pub fn play(
        &mut self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "MoveInput")] mv: JsValue,
    ) -> Result<(), JsError> {
        let mv = self.move_of(&mv).map_err(js)?;
        self.session.play_move(mv).map_err(js)
    }

    /// Whether the side to move may play `move` now (every rule applied, repetition
    /// included); a move that names no point is not legal.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "MoveInput")] mv: JsValue,
    ) -> bool {
        self.move_of(&mv).is_ok_and(|mv| self.session.is_legal(mv))
    }

    /// The legal moves of the side to move: the points' names in point order, then
    /// `"pass"`; empty once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.session.legal_moves()
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Plays the last move undone again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, JsError> {
        self.session.redo().map_err(js)
    }

    /// The moves played, named (`"D4"`, `"pass"`, `"resign"`).
    pub fn moves(&self) -> Vec<String> {
        self.session.moves()
    }

    /// The stones in point order: 1 black, -1 white, 0 empty. On a grid, row by row from
    /// the bottom (`A1`, `B1`, ...): the stone at column `x`, row `y` is `board()[y * width
    /// + x]`.
    pub fn board(&self) -> Vec<i8> {
        self.session.board_values()
    }

    /// The points' names in point order (`"A1"`, `"B1"`, ...).
    #[wasm_bindgen(js_name = pointNames)]
    pub fn point_names(&self) -> Vec<String> {
        self.session.point_names()
    }

    /// The stones each player has captured.
    #[wasm_bindgen(unchecked_return_type = "Captures")]
    pub fn captures(&self) -> Result<JsValue, JsError> {
        let position = self.session.position();
        object(&serde_json::json!({
            "black": position.captures(Color::Black),
            "white": position.captures(Color::White),
        }))
    }

    /// The score under the variant's rule with the stones at `dead` (vertices or point
    /// indices; none when omitted) taken off; `estimateDead()` gives the engine's guess.
    #[wasm_bindgen(unchecked_return_type = "Score")]
    pub fn score(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveInput[]")] dead: Option<Vec<JsValue>>,
    ) -> Result<JsValue, JsError> {
        let dead = dead
            .unwrap_or_default()
            .iter()
            .map(|v| self.point_of(v))
            .collect::<Result<Vec<Point>, String>>()
            .map_err(js)?;
        object(&self.session.score(&dead))
    }

    /// The stones `goishi-play`'s estimate judges dead (Benson's pass-alive chains, seki,
    /// then the ownership of random playouts; none in a family that takes no dead stones off).
    #[wasm_bindgen(js_name = estimateDead)]
    pub fn estimate_dead(&self) -> Vec<String> {
        self.session.estimate_dead()
    }

    /// The random player's move for the side to move (not played).
    #[wasm_bindgen(js_name = randomMove)]
    pub fn random_move(&self, seed: u32) -> String {
        players::random_move(&self.session, u64::from(seed))
    }

    /// The MCTS player's search for the side to move within `playouts` playouts and
    /// `millis` milliseconds (0: no limit of that kind; one must be given), seeded by
    /// `seed`; the move is not played.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn search(&self, playouts: u32, millis: u32, seed: u32) -> Result<JsValue, JsError> {
        players::mcts_move(&self.session, playouts, millis, u64::from(seed))
            .map_err(js)
            .and_then(|v| object(&v))
    }

    /// GTP's `genmove`: the MCTS player's move for the side to move within `playouts`
    /// playouts (seeded by `seed`, 0 when omitted), played; returns it (`"D4"`, `"pass"`,
    /// `"resign"`).
    pub fn genmove(&mut self, playouts: u32, seed: Option<u32>) -> Result<String, JsError> {
        players::genmove(&mut self.session, playouts, u64::from(seed.unwrap_or(0))).map_err(js)
    }

    /// The playground's view of the game, all of it at once (see `GameState`).
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn state(&self) -> Result<JsValue, JsError> {
        object(&self.session.state())
    }

    /// The board's shape, for drawing it: its kind, size, every point with its name and grid
    /// coordinates, and the neighbouring pairs.
    #[wasm_bindgen(unchecked_return_type = "BoardShape")]
    pub fn geometry(&self) -> Result<JsValue, JsError> {
        object(&self.session.geometry_json())
    }

    /// The pasted graph's text, if the game is on one.
    pub fn graph(&self) -> Option<String> {
        self.session.graph().map(str::to_owned)
    }

    /// Marks the chain at `vertex` dead, or alive again (the scoring of a Go game ended by
    /// passes: `state().dead`, `state().result`).
    #[wasm_bindgen(js_name = toggleDead)]
    pub fn toggle_dead(&mut self, vertex: &str) -> Result<(), JsError> {
        self.session.toggle_dead(vertex).map_err(js)
    }
}
