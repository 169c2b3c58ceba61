//! The game the page shows ([`Session`]): a position of any registered variant, the moves
//! undone that redo plays again, the stones the last move removed, and the stones marked dead
//! on the result screen. Every rule is the engine's: a move is the position's `play_as`, a
//! refusal is its `PlayError` sentence, a result is its `outcome` or its `score`; the dead
//! stones of a Go game ended by passes start as `goishi-play`'s estimate (`estimate_dead_dyn`).
//!
//! Its state goes to the page as one JSON object ([`Session::state`]); the board's shape as
//! another ([`Session::geometry_json`]), drawn by the page.
//!
//! A game is shared as a link (see [`crate::link`]): [`Session::from_link`] reads one, and
//! the state holds the link of the game shown (`rules`, `setup`, `link_moves`), which reopens
//! exactly that game.

use goishi::{
    Color, GameResult, Geometry, IllegalMove, Margin, Move, Point, Position, Rules, Setup,
    Topology, Turn,
};

use crate::link::{self, link_move, link_rules, parse_setup, setup_text};
use serde_json::{json, Map, Value};

/// The source name of a pasted graph in its error messages.
pub const PASTED_GRAPH: &str = "(pasted)";

/// A game in the page.
#[derive(Debug)]
pub struct Session {
    position: Box<dyn Position>,
    graph: Option<String>,
    redo: Vec<Turn>,
    removed: Vec<Point>,
    dead: Vec<Point>,
}

/// Parses a rules string against the registry: its canonical form, or the engine's sentence.
pub fn parse_rules(text: &str) -> Result<Rules, String> {
    goishi::registry()
        .parse_rules(text.trim())
        .map_err(|e| e.to_string())
}

pub(crate) fn color_name(color: Option<Color>) -> &'static str {
    match color {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "",
    }
}

/// A pasted graph read; its errors are the board crate's (`graph (pasted), line 2: ...`).
fn pasted_graph(text: &str) -> Result<Geometry, String> {
    Geometry::parse_graph(text, PASTED_GRAPH).map_err(|e| e.to_string())
}

impl Session {
    /// A new game under `rules` (a rules string), on the graph `graph` (its text in the graph
    /// file format) when given, else on the rules' board at `size` (width, height) when
    /// given, else at the rules' `size=` or the variant's default size. A size that differs
    /// from the rules' `size=`, or a size with a graph (whose size is its graph's), is
    /// refused, naming both.
    pub fn new(
        rules: &str,
        graph: Option<&str>,
        size: Option<(u32, u32)>,
    ) -> Result<Session, String> {
        Session::start(rules, graph, size, None)
    }

    /// A new game under `rules` on `graph` (else the rules' board, at `size` when given) from
    /// `setup` (the form of [`setup_text`]) when given, else from an empty board with Black
    /// to move.
    fn start(
        rules: &str,
        graph: Option<&str>,
        size: Option<(u32, u32)>,
        setup: Option<&str>,
    ) -> Result<Session, String> {
        let rules = parse_rules(rules)?;
        let graph = graph.filter(|g| !g.trim().is_empty());
        if let (Some(_), Some((w, h))) = (graph, size) {
            return Err(format!(
                "a graph board has its graph's size: the size {w}x{h} cannot be given with it"
            ));
        }
        // The size against the rules' (a conflict, or a size on a graph board), as every front
        // end checks it.
        rules.board_size(size).map_err(|e| e.to_string())?;
        let geometry = match graph {
            Some(text) => pasted_graph(text)?,
            None => rules.geometry(size).map_err(|e| e.to_string())?,
        };
        let position = match setup {
            Some(text) => parse_setup(text, rules, geometry)
                .and_then(|setup| setup.into_position().map_err(|e| e.to_string()))
                .map_err(|e| format!("the setup of the link: {e}"))?,
            None => Setup::new(rules, geometry)
                .into_position()
                .map_err(|e| e.to_string())?,
        };
        Ok(Session::from_position(position, graph.map(str::to_owned)))
    }

    fn from_position(position: Box<dyn Position>, graph: Option<String>) -> Session {
        let mut session = Session {
            position,
            graph,
            redo: Vec::new(),
            removed: Vec::new(),
            dead: Vec::new(),
        };
        session.mark_estimated_dead();
        session
    }

    /// Marks the stones `goishi-play`'s estimate judges dead, once a Go game has ended by
    /// passes (the scoring screen starts from it; clicks edit it).
    fn mark_estimated_dead(&mut self) {
        if self.can_mark_dead() {
            let config = goishi_play::DeadConfig::default();
            self.dead =
                goishi_play::estimate_dead_dyn(self.position.as_ref(), &config).dead_points();
        }
    }

    /// The game of a link: under `rules` on `graph`, from `setup` when given (see
    /// [`parse_setup`]), with `moves` played (GTP vertices, `pass`, `resign`), each by the
    /// side to move, or by its colour when written with one (`B:E5`). The first move the
    /// rules refuse (or that names no point) is the error, with its number.
    pub fn from_link(
        rules: &str,
        graph: Option<&str>,
        setup: Option<&str>,
        moves: &[&str],
    ) -> Result<Session, String> {
        let mut session = Session::start(rules, graph, None, setup)?;
        for (i, text) in moves.iter().enumerate() {
            let at = |e: String| format!("move {} ({text}) of the link: {e}", i + 1);
            let (color, mv) = link_move(session.geometry(), text).map_err(at)?;
            let color = color.unwrap_or_else(|| session.position.side_to_move());
            session.play_turn(Turn { color, mv }).map_err(at)?;
        }
        Ok(session)
    }

    /// The moves of the game's link (see [`link::link_moves`]).
    pub fn link_moves(&self) -> Vec<String> {
        link::link_moves(self.position.as_ref())
    }

    /// The game of an SGF record: its rules (`RU`, else Go's `go/chinese`), setup and every
    /// move. The error is the SGF crate's sentence, or the first illegal move's.
    pub fn from_sgf(text: &str) -> Result<Session, String> {
        let choice = goishi_sgf::RulesChoice {
            force: None,
            fallback: parse_rules("go/chinese")?,
        };
        let record = goishi_sgf::parse_record(text, &choice).map_err(|e| e.to_string())?;
        let mut position = record.replay(usize::MAX).map_err(|e| e.to_string())?;
        // A resignation is written as the result (`RE[B+R]`), not as a move: played again.
        let resigned = record
            .result
            .as_deref()
            .and_then(|r| r.parse::<GameResult>().ok());
        if let Some(GameResult::Win {
            winner,
            margin: Margin::Resign,
        }) = resigned
        {
            if !position.is_over() {
                let _ = position.play_as(winner.opponent(), Move::Resign);
            }
        }
        Ok(Session::from_position(position, None))
    }

    /// The game as SGF text, with its result (dead stones counted) when it is over.
    pub fn sgf(&self) -> Result<String, String> {
        let options = goishi_sgf::WriteOptions {
            result: self.result().map(|r| r.to_string()),
            ..Default::default()
        };
        goishi_sgf::write_game(self.position.as_ref(), &options).map_err(|e| e.to_string())
    }

    /// The position.
    pub fn position(&self) -> &dyn Position {
        self.position.as_ref()
    }

    /// The pasted graph's text, if the game is on one.
    pub fn graph(&self) -> Option<&str> {
        self.graph.as_deref()
    }

    fn geometry(&self) -> &Geometry {
        self.position.geometry()
    }

    fn name(&self, p: Point) -> String {
        self.geometry().point_name(p)
    }

    /// Plays `text` (a vertex, `pass` or `resign`) for the side to move. A refusal leaves the
    /// game as it was; its error is the engine's sentence (`illegal move: B D4: occupied`).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = Move::parse(self.geometry(), text.trim()).map_err(|e| e.to_string())?;
        self.play_move(mv)
    }

    /// Plays the move of a point index for the side to move (see [`Session::index_move`]).
    pub fn play_index(&mut self, index: f64) -> Result<(), String> {
        let mv = self.index_move(index)?;
        self.play_move(mv)
    }

    /// The move of an action index, as the Python package numbers them: a point's index
    /// (the order of [`Session::point_names`] and [`Session::board_values`]), or the number of
    /// points for pass. Any other number is refused as `off board`, with the range.
    pub fn index_move(&self, index: f64) -> Result<Move, String> {
        let n = self.geometry().num_points();
        if index.fract() == 0.0 && index >= 0.0 && index < n as f64 {
            return Ok(Move::Place(Point::new(index as usize)));
        }
        if index == n as f64 {
            return Ok(Move::Pass);
        }
        // A number as JavaScript writes it (`Infinity`, not Rust's `inf`).
        let index = match index {
            i if i.is_nan() => "NaN".to_owned(),
            i if i.is_infinite() => format!("{}Infinity", if i < 0.0 { "-" } else { "" }),
            i => i.to_string(),
        };
        Err(format!(
            "illegal move: {} action {index}: {}; an action is a point index from 0 to {} or \
             {n} for pass",
            self.position.side_to_move().letter(),
            IllegalMove::OffBoard,
            n.saturating_sub(1)
        ))
    }

    /// Plays `mv` for the side to move (a refusal leaves the game as it was, its error the
    /// engine's sentence); the moves undone stay for redo only when it is the next of them.
    pub fn play_move(&mut self, mv: Move) -> Result<(), String> {
        let color = self.position.side_to_move();
        self.play_turn(Turn { color, mv })?;
        if self.redo.last() == Some(&Turn { color, mv }) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    fn play_turn(&mut self, turn: Turn) -> Result<(), String> {
        let before: Vec<Option<Color>> = self
            .geometry()
            .points()
            .map(|p| self.position.board().get(p))
            .collect();
        self.position
            .play_as(turn.color, turn.mv)
            .map_err(|e| e.to_string())?;
        let board = self.position.board();
        self.removed = self
            .position
            .geometry()
            .points()
            .filter(|&p| before[p.index()].is_some() && board.get(p).is_none())
            .collect();
        self.dead.clear();
        self.mark_estimated_dead();
        Ok(())
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.position.undo() {
            Some(turn) => {
                self.redo.push(turn);
                self.removed.clear();
                self.dead.clear();
                true
            }
            None => false,
        }
    }

    /// Plays the last move undone again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, String> {
        let Some(&turn) = self.redo.last() else {
            return Ok(false);
        };
        self.play_turn(turn)?;
        self.redo.pop();
        Ok(true)
    }

    /// The points where the side to move may play.
    pub fn legal_points(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.position
            .legal_moves_as(self.position.side_to_move(), &mut moves);
        moves
            .into_iter()
            .filter_map(Move::point)
            .map(|p| self.name(p))
            .collect()
    }

    /// Every legal move of the side to move, named: the points in point order, then `pass`
    /// (none once the game is over; resignation, always allowed before, is not listed).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.position.legal_moves(&mut moves);
        moves.iter().map(|m| m.name(self.geometry())).collect()
    }

    /// Whether the side to move may play `mv` now (every rule applied, repetition included).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.position.is_legal(mv)
    }

    /// The stones in point order: 1 black, -1 white, 0 empty (on a grid, row by row from
    /// `A1`, the bottom left).
    pub fn board_values(&self) -> Vec<i8> {
        let board = self.position.board();
        self.geometry()
            .points()
            .map(|p| match board.get(p) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            })
            .collect()
    }

    /// The moves played, named (`D4`, `pass`, `resign`).
    pub fn moves(&self) -> Vec<String> {
        let geometry = self.geometry();
        self.position
            .history()
            .iter()
            .map(|t| t.mv.name(geometry))
            .collect()
    }

    /// The score under the variant's rule with the stones of `dead` taken off:
    /// `{"black": ..., "white": ..., "result": "B+3.5"}` (the score of the Python package).
    pub fn score(&self, dead: &[Point]) -> Value {
        let score = self.position.score(dead);
        json!({
            "black": score.black,
            "white": score.white,
            "result": score.result().to_string(),
        })
    }

    /// The stones `goishi-play`'s estimate judges dead now (Benson's pass-alive chains,
    /// seki, then the ownership of random playouts), named, in point order.
    pub fn estimate_dead(&self) -> Vec<String> {
        let config = goishi_play::DeadConfig::default();
        goishi_play::estimate_dead_dyn(self.position.as_ref(), &config)
            .dead_points()
            .into_iter()
            .map(|p| self.name(p))
            .collect()
    }

    /// Whether stones can be marked dead: a Go game ended by passes (not by resignation).
    pub fn can_mark_dead(&self) -> bool {
        self.position
            .rules()
            .variant()
            .capabilities
            .counts_dead_stones
            && matches!(
                self.position.outcome(),
                Some(GameResult::Win {
                    margin: Margin::Points(_),
                    ..
                }) | Some(GameResult::Draw)
            )
    }

    /// Marks the chain at `text` dead, or alive again if it was marked; an error when the
    /// game is not at its scoring or the point holds no stone.
    pub fn toggle_dead(&mut self, text: &str) -> Result<(), String> {
        if !self.can_mark_dead() {
            return Err("dead stones are marked once a Go game has ended by two passes".into());
        }
        let p = self
            .geometry()
            .parse_point(text.trim())
            .map_err(|e| e.to_string())?;
        let board = self.position.board();
        if board.get(p).is_none() {
            return Err(format!("{text} holds no stone to mark dead"));
        }
        let chain = board.chain_at(self.geometry().default_adjacency(), p);
        if self.dead.contains(&p) {
            self.dead.retain(|q| !chain.contains(q));
        } else {
            self.dead.extend(chain);
        }
        Ok(())
    }

    /// The result: the engine's outcome, scored with the stones marked dead taken off.
    pub fn result(&self) -> Option<GameResult> {
        let outcome = self.position.outcome()?;
        if self.dead.is_empty() || !self.can_mark_dead() {
            return Some(outcome);
        }
        Some(self.position.score(&self.dead).result())
    }

    /// The game's state for the page (see the module docs of the crate for its fields).
    pub fn state(&self) -> Value {
        let position = self.position.as_ref();
        let geometry = position.geometry();
        let board = position.board();
        let mut stones = Map::new();
        for p in geometry.points() {
            stones.insert(self.name(p), color_name(board.get(p)).into());
        }
        let names =
            |points: &[Point]| -> Vec<String> { points.iter().map(|&p| self.name(p)).collect() };
        let moves = self.moves();
        let to_move = position.side_to_move();
        let result = self.result();
        let status = match result {
            Some(r) => r.to_string(),
            None => format!("{} to move", color_name(Some(to_move))),
        };
        json!({
            "rules": link_rules(position).to_string(),
            "setup": setup_text(position),
            "link_moves": self.link_moves(),
            "variant": position.rules().variant().id,
            "family": position.rules().variant().family,
            "board": geometry.describe(),
            "to_move": color_name(Some(to_move)),
            "over": position.is_over(),
            "result": result.map(|r| r.to_string()),
            "outcome": position.outcome().map(|r| r.to_string()),
            "status": status,
            "captures": {
                "black": position.captures(Color::Black),
                "white": position.captures(Color::White),
            },
            "stones": stones,
            "moves": moves,
            "last": position.history().last().map(|t| t.mv.name(geometry)),
            "removed": names(&self.removed),
            "dead": names(&self.dead),
            "can_mark_dead": self.can_mark_dead(),
            "can_undo": !position.history().is_empty(),
            "can_redo": !self.redo.is_empty(),
            "legal": if position.is_over() { Vec::new() } else { self.legal_points() },
        })
    }

    /// The board's shape for drawing: its kind, its size, every point with its name and grid
    /// coordinates, and the edges of its default adjacency (each pair once).
    pub fn geometry_json(&self) -> Value {
        let geometry = self.geometry();
        let kind = match geometry.topology() {
            Topology::Rect => "rect",
            Topology::Torus => "torus",
            Topology::Hex => "hex",
            Topology::Graph => "graph",
        };
        let graph = *geometry.topology() == Topology::Graph;
        let points: Vec<Value> = geometry
            .points()
            .map(|p| {
                let (x, y) = if graph { (0, 0) } else { geometry.coords(p) };
                json!({ "name": self.name(p), "x": x, "y": y })
            })
            .collect();
        let neighbours = geometry.default_neighbors();
        let mut edges = Vec::new();
        for p in geometry.points() {
            for &q in neighbours.of(p) {
                if p.index() < q.index() {
                    edges.push(json!([p.index(), q.index()]));
                }
            }
        }
        json!({
            "kind": kind,
            "width": geometry.width(),
            "height": geometry.height(),
            "describe": geometry.describe(),
            "points": points,
            "edges": edges,
        })
    }

    /// The point of a vertex, for the players and the estimate.
    pub fn point(&self, text: &str) -> Result<Point, String> {
        self.geometry().parse_point(text).map_err(|e| e.to_string())
    }

    /// The points' names, in index order (the order of an ownership map).
    pub fn point_names(&self) -> Vec<String> {
        self.geometry().points().map(|p| self.name(p)).collect()
    }
}
