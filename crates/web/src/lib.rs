//! The browser playground's WebAssembly module (`cargo xtask web` builds it; the page under
//! `web/` loads it): a thin wasm-bindgen API over the facade, `goishi-sgf` and `goishi-play`.
//! No rule is written here or in the page: every move, refusal, capture and result is the
//! engine's, every error text is the engine's sentence (thrown as a JavaScript `Error`).
//!
//! - [`variants`]: the registry as JSON (ids, summaries, docs pages, options and defaults);
//! - [`canonical_rules`], [`describe_rules`]: a rules string parsed into its canonical form,
//!   and into its variant, option values, board and size for the option editor;
//! - [`Game`]: one game (play, pass, resign, undo, redo, legal points, stones, prisoners,
//!   result, dead stones, SGF in and out, a graph board from pasted text), and its players
//!   (random, MCTS with its ownership map);
//! - [`random_playouts`]: random games timed by the page, to compare with native speed.
//!
//! The plain-Rust layer under it ([`session`], [`link`], [`catalog`], [`players`]) is what
//! the native tests run; [`rules_page`] (native only) renders the variants' docs pages as
//! HTML when `cargo xtask web` builds the site. [`Game::state`] is a JSON object: `rules` (the
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

use wasm_bindgen::prelude::*;

use session::Session;

fn js(message: String) -> JsError {
    JsError::new(&message)
}

/// Every registered variant as JSON (see [`catalog::variants`]).
#[wasm_bindgen]
pub fn variants() -> String {
    catalog::variants().to_string()
}

/// The canonical form of a rules string, or the engine's sentence saying what is wrong.
#[wasm_bindgen]
pub fn canonical_rules(text: &str) -> Result<String, JsError> {
    session::parse_rules(text)
        .map(|r| r.to_string())
        .map_err(js)
}

/// A rules string read for the option editor, as JSON (see [`catalog::describe_rules`]).
#[wasm_bindgen]
pub fn describe_rules(text: &str) -> Result<String, JsError> {
    catalog::describe_rules(text)
        .map(|v| v.to_string())
        .map_err(js)
}

/// Random games under `rules` (see [`players::random_playouts`]): the moves played.
#[wasm_bindgen]
pub fn random_playouts(rules: &str, games: u32, seed: u32) -> Result<f64, JsError> {
    players::random_playouts(rules, games, u64::from(seed))
        .map(|m| m as f64)
        .map_err(js)
}

/// One game of the page (see [`Session`]).
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

#[wasm_bindgen]
impl Game {
    /// A new game under `rules`, on the pasted graph `graph` when given.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, graph: Option<String>) -> Result<Game, JsError> {
        Session::new(rules, graph.as_deref())
            .map(|session| Game { session })
            .map_err(js)
    }

    /// A shared link's game: `moves` (vertices separated by commas or spaces, `B:E5` for a
    /// move out of turn) played from `setup` when given (see [`link::parse_setup`]), else
    /// from an empty board.
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

    /// The game of an SGF record.
    pub fn from_sgf(text: &str) -> Result<Game, JsError> {
        Session::from_sgf(text)
            .map(|session| Game { session })
            .map_err(js)
    }

    /// The state as JSON (see the crate docs).
    pub fn state(&self) -> String {
        self.session.state().to_string()
    }

    /// The board's shape as JSON (see [`Session::geometry_json`]).
    pub fn geometry(&self) -> String {
        self.session.geometry_json().to_string()
    }

    /// The pasted graph's text, if the game is on one.
    pub fn graph(&self) -> Option<String> {
        self.session.graph().map(str::to_owned)
    }

    /// Plays a vertex (or `pass`, `resign`) for the side to move.
    pub fn play(&mut self, vertex: &str) -> Result<(), JsError> {
        self.session.play(vertex).map_err(js)
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.session.undo()
    }

    /// Plays the last move undone again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, JsError> {
        self.session.redo().map_err(js)
    }

    /// Marks the chain at `vertex` dead or alive again (the result screen of a Go game).
    pub fn toggle_dead(&mut self, vertex: &str) -> Result<(), JsError> {
        self.session.toggle_dead(vertex).map_err(js)
    }

    /// The game as SGF text.
    pub fn sgf(&self) -> Result<String, JsError> {
        self.session.sgf().map_err(js)
    }

    /// The random player's move for the side to move.
    pub fn random_move(&self, seed: u32) -> String {
        players::random_move(&self.session, u64::from(seed))
    }

    /// The MCTS player's search for the side to move, as JSON (see [`players::mcts_move`]).
    pub fn mcts_move(&self, playouts: u32, millis: u32, seed: u32) -> Result<String, JsError> {
        players::mcts_move(&self.session, playouts, millis, u64::from(seed))
            .map(|v| v.to_string())
            .map_err(js)
    }
}
