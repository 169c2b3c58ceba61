//! The lines the JSON analysis engine writes: a search's result as KataGo's response
//! (`moveInfos`, `rootInfo`, `ownership`, `policy`), errors, warnings and the answers of
//! terminated turns, each one JSON object on one line.
//!
//! How each field is made from goishi's search (docs/cli.md says it for users):
//! `winrate` is the move's win rate over its playouts (a draw half a win); `scoreMean`,
//! `scoreLead` and `scoreSelfplay` the mean final count of those playouts, `scoreStdev` their
//! spread; `prior` the search's prior; `utility` = 2 x winrate - 1; `lcb` the search's lower
//! confidence bound ([`MoveStats::lcb`]: w - 2 sqrt(w (1 - w) / visits), w kept a quarter
//! visit from 0 and 1), `utilityLcb` = 2 x lcb - 1.

use goishi::{Board, Color, Geometry, Move, Position, Score, BLACK, WHITE};
use goishi_play::mcts::{MoveStats, SearchResult};
use serde_json::{json, Map, Value};

use super::query::{Includes, Problem};

/// Whose side the win rates, scores and ownership are reported from (KataGo's
/// `reportAnalysisWinratesAs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Perspective {
    /// Black's, whoever moves (KaTrain's setting).
    Black,
    /// White's.
    White,
    /// The side to move at the turn analysed (KataGo's default).
    #[default]
    SideToMove,
}

impl std::str::FromStr for Perspective {
    type Err = String;

    fn from_str(s: &str) -> Result<Perspective, String> {
        match s.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "black" | "b" => Ok(Perspective::Black),
            "white" | "w" => Ok(Perspective::White),
            "sidetomove" => Ok(Perspective::SideToMove),
            _ => Err(format!(
                "invalid perspective {:?}; expected BLACK, WHITE or SIDETOMOVE",
                goishi::shorten(s)
            )),
        }
    }
}

/// How one turn's figures are written: the board, the colour to move and the perspective.
#[derive(Debug)]
pub struct View<'a> {
    /// The board: its point names and its order of points.
    pub geometry: &'a Geometry,
    /// The colour to move, from whose side the search's figures are.
    pub color: Color,
    /// The side the figures are written from.
    pub perspective: Perspective,
    /// The stones of the position, if known: an owner of exactly 0 under a stone is written
    /// a millionth towards the stone's colour ([`UNDER_A_STONE`]).
    pub stones: Option<&'a Board>,
}

/// What an owner of exactly 0 under a stone is written as, towards the stone's colour:
/// KaTrain 1.20 fails to draw a stone whose ownership is exactly 0 (its board treats the 0 as
/// missing and reads a grid it does not have), which a search's average of +1 and -1 owners
/// gives whenever a stone is captured in exactly half of the playouts.
pub const UNDER_A_STONE: f64 = 1e-6;

impl View<'_> {
    /// Whether a figure from the mover's side is turned to the other side.
    fn flip(&self) -> bool {
        match self.perspective {
            Perspective::Black => self.color == Color::White,
            Perspective::White => self.color == Color::Black,
            Perspective::SideToMove => false,
        }
    }

    fn win(&self, w: f64) -> f64 {
        if self.flip() {
            1.0 - w
        } else {
            w
        }
    }

    fn score(&self, s: f64) -> f64 {
        if self.flip() {
            -s
        } else {
            s
        }
    }

    /// The sign that turns ownership (+1 Black) to the perspective's side.
    fn owner_sign(&self) -> f64 {
        let side = match self.perspective {
            Perspective::Black => Color::Black,
            Perspective::White => Color::White,
            Perspective::SideToMove => self.color,
        };
        if side == Color::Black {
            1.0
        } else {
            -1.0
        }
    }

    /// The point indices in the order analysis writes a board
    /// ([`crate::common::reading_order`]).
    pub fn point_order(&self) -> Vec<usize> {
        crate::common::reading_order(self.geometry)
            .into_iter()
            .map(|p| p.index())
            .collect()
    }

    fn name(&self, mv: Move) -> String {
        match mv {
            Move::Place(p) => self.geometry.point_name(p),
            Move::Pass => "pass".to_owned(),
            Move::Resign => "resign".to_owned(),
        }
    }

    /// Ownership (+1 Black per point) in KataGo's order and this perspective.
    fn ownership(&self, owner: &[f64]) -> Value {
        let sign = self.owner_sign();
        let cells = self.stones.map(Board::cells);
        Value::Array(
            self.point_order()
                .into_iter()
                .map(|i| {
                    let mut o = owner.get(i).copied().unwrap_or(0.0);
                    if o == 0.0 {
                        match cells.and_then(|c| c.get(i)) {
                            Some(&BLACK) => o = UNDER_A_STONE,
                            Some(&WHITE) => o = -UNDER_A_STONE,
                            _ => {}
                        }
                    }
                    num(sign * o)
                })
                .collect(),
        )
    }
}

/// A finite number as JSON (a non-finite one, which no figure should be, as 0).
fn num(x: f64) -> Value {
    json!(if x.is_finite() { x } else { 0.0 })
}

/// The search's lower confidence bound of a win rate `w` over `n` playouts
/// ([`MoveStats::lcb`]), for the root as for its moves.
fn lcb(w: f64, n: u32) -> f64 {
    MoveStats {
        mv: Move::Pass,
        visits: n,
        win_rate: w,
        amaf_visits: 0,
        amaf_win_rate: 0.0,
        prior: 0.0,
        score_mean: 0.0,
        score_stdev: 0.0,
        pv: Vec::new(),
        pv_visits: Vec::new(),
        ownership: None,
    }
    .lcb()
}

/// The fields of one move (or of the root) from the mover's figures.
fn figures(view: &View<'_>, out: &mut Map<String, Value>, w: f64, n: u32, mean: f64, stdev: f64) {
    let low = lcb(w, n);
    // A lower bound of the mover's win rate is an upper bound of the other side's.
    let reported_lcb = view.win(low);
    out.insert("winrate".into(), num(view.win(w)));
    out.insert("scoreMean".into(), num(view.score(mean)));
    out.insert("scoreLead".into(), num(view.score(mean)));
    out.insert("scoreSelfplay".into(), num(view.score(mean)));
    out.insert("scoreStdev".into(), num(stdev));
    out.insert("utility".into(), num(2.0 * view.win(w) - 1.0));
    out.insert("lcb".into(), num(reported_lcb));
    out.insert("utilityLcb".into(), num(2.0 * reported_lcb - 1.0));
    out.insert("visits".into(), json!(n));
}

fn move_info(view: &View<'_>, m: &MoveStats, order: usize, includes: &Includes) -> Value {
    let mut out = Map::new();
    out.insert("move".into(), json!(view.name(m.mv)));
    figures(
        view,
        &mut out,
        m.win_rate,
        m.visits,
        m.score_mean,
        m.score_stdev,
    );
    out.insert("prior".into(), num(m.prior));
    out.insert("order".into(), json!(order));
    let pv: Vec<String> = if m.pv.is_empty() {
        vec![view.name(m.mv)]
    } else {
        m.pv.iter().map(|&mv| view.name(mv)).collect()
    };
    out.insert("pv".into(), json!(pv));
    if includes.pv_visits {
        out.insert("pvVisits".into(), json!(m.pv_visits));
    }
    if includes.moves_ownership {
        if let Some(owner) = &m.ownership {
            out.insert("ownership".into(), view.ownership(owner));
        }
    }
    Value::Object(out)
}

/// The response of a search of one turn (`during`: a report while it runs).
pub fn result(
    id: &str,
    turn: usize,
    during: bool,
    view: &View<'_>,
    result: &SearchResult,
    includes: &Includes,
    position: &dyn Position,
) -> String {
    let mut out = Map::new();
    out.insert("id".into(), json!(id));
    out.insert("turnNumber".into(), json!(turn));
    out.insert("isDuringSearch".into(), json!(during));
    let infos: Vec<Value> = result
        .moves
        .iter()
        .filter(|m| m.visits > 0)
        .enumerate()
        .map(|(order, m)| move_info(view, m, order, includes))
        .collect();
    out.insert("moveInfos".into(), Value::Array(infos));
    // The root's win rate: the mean over its moves' playouts, from the mover's side.
    let visited = result.moves.iter().filter(|m| m.visits > 0);
    let (n, wins) = visited.fold((0u64, 0.0), |(n, s), m| {
        (
            n + u64::from(m.visits),
            s + f64::from(m.visits) * m.win_rate,
        )
    });
    let w = if n > 0 { wins / n as f64 } else { 0.5 };
    let mut root = Map::new();
    figures(
        view,
        &mut root,
        w,
        n.min(u64::from(u32::MAX)) as u32,
        result.score_mean,
        result.score_stdev,
    );
    root.insert("visits".into(), json!(result.visits));
    root.insert("currentPlayer".into(), json!(letter(view.color)));
    root.insert(
        "thisHash".into(),
        json!(format!(
            "{:016X}",
            position.board().hash() ^ color_key(view.color)
        )),
    );
    out.insert("rootInfo".into(), Value::Object(root));
    if includes.ownership {
        out.insert("ownership".into(), view.ownership(&result.ownership));
    }
    if includes.ownership_stdev {
        // The spread of a point's owner over the playouts: the same on either side.
        let order = view.point_order();
        let stdev = &result.ownership_stdev;
        out.insert(
            "ownershipStdev".into(),
            Value::Array(
                order
                    .into_iter()
                    .map(|i| num(stdev.get(i).copied().unwrap_or(0.0)))
                    .collect(),
            ),
        );
    }
    if includes.policy {
        out.insert("policy".into(), policy(view, result, position));
    }
    Value::Object(out).to_string()
}

/// The spread of each point's owner in KataGo's order, for a judge's ownership that comes
/// without one: each playout gives a point an owner in [-1, 1], whose spread around its mean
/// m is at most sqrt(1 - m^2), exact when every playout gives the point an owner.
fn spread(view: &View<'_>, ownership: &[f64]) -> Value {
    Value::Array(
        view.point_order()
            .into_iter()
            .map(|i| {
                let m = ownership.get(i).copied().unwrap_or(0.0);
                num((1.0 - m * m).max(0.0).sqrt())
            })
            .collect(),
    )
}

/// One entry a point in KataGo's order, then pass: the search's prior of each of the root's
/// moves ([`MoveStats::prior`], a probability over them, visited or not), 0 for a legal move
/// the search does not consider (in Go, filling one's own eye), -1 for an illegal move.
fn policy(view: &View<'_>, result: &SearchResult, position: &dyn Position) -> Value {
    let n = view.geometry.num_points();
    let index = |mv: Move| match mv {
        Move::Place(p) => p.index(),
        _ => n,
    };
    let mut by_point = vec![-1.0; n + 1];
    let mut legal = Vec::new();
    position.legal_moves_as(view.color, &mut legal);
    for mv in legal {
        by_point[index(mv)] = 0.0;
    }
    let priors = result.moves.iter().map(|m| (m.mv, m.prior));
    for (mv, prior) in priors.chain(result.unvisited.iter().copied()) {
        by_point[index(mv)] = prior;
    }
    let mut out: Vec<Value> = view
        .point_order()
        .into_iter()
        .map(|i| num(by_point[i]))
        .collect();
    out.push(num(by_point[n]));
    Value::Array(out)
}

/// KataGo's letter of a colour.
pub fn letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Mixed into the board's hash for the side to move.
fn color_key(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => 0x9E37_79B9_7F4A_7C15,
    }
}

/// The response of a turn whose game is over: no move to search. Its figures are the game's
/// count with the dead stones off (`count`, the judge's: the win rate 1, 0 or 0.5, the margin
/// as the score) and the judge's ownership; the policy is all on the pass.
pub fn game_over(
    id: &str,
    turn: usize,
    view: &View<'_>,
    count: &Score,
    ownership: &[f64],
    includes: &Includes,
) -> String {
    let margin = count.black - count.white;
    let lead = if view.color == Color::Black {
        margin
    } else {
        -margin
    };
    let w = match lead.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => 1.0,
        Some(std::cmp::Ordering::Less) => 0.0,
        _ => 0.5,
    };
    let mut root = Map::new();
    figures(view, &mut root, w, 0, lead, 0.0);
    root.insert("currentPlayer".into(), json!(letter(view.color)));
    root.insert("gameOver".into(), json!(true));
    let mut out = Map::new();
    out.insert("id".into(), json!(id));
    out.insert("turnNumber".into(), json!(turn));
    out.insert("isDuringSearch".into(), json!(false));
    out.insert("moveInfos".into(), json!([]));
    out.insert("rootInfo".into(), Value::Object(root));
    if includes.ownership {
        out.insert("ownership".into(), view.ownership(ownership));
    }
    if includes.ownership_stdev {
        out.insert("ownershipStdev".into(), spread(view, ownership));
    }
    if includes.policy {
        // No move is left; the pass gets all of the policy, so that a client falling back
        // on the policy's best entry (KaTrain) shows a pass, not a point.
        let mut policy = vec![-1.0; view.geometry.num_points() + 1];
        if let Some(pass) = policy.last_mut() {
            *pass = 1.0;
        }
        out.insert("policy".into(), json!(policy));
    }
    Value::Object(out).to_string()
}

/// The answer of a turn terminated before its search started.
pub fn no_results(id: &str, turn: usize) -> String {
    json!({"id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true}).to_string()
}

/// `{"id":..,"error":..,"field":..}` (KataGo's form; no id when the line had none).
pub fn error(id: Option<&Value>, problem: &Problem) -> String {
    problem_line("error", id, problem)
}

/// `{"id":..,"warning":..,"field":..}`.
pub fn warning(id: &str, problem: &Problem) -> String {
    problem_line("warning", Some(&json!(id)), problem)
}

fn problem_line(kind: &str, id: Option<&Value>, problem: &Problem) -> String {
    let mut out = Map::new();
    if let Some(id) = id {
        out.insert("id".into(), id.clone());
    }
    out.insert(kind.into(), json!(problem.message));
    if let Some(field) = &problem.field {
        out.insert("field".into(), json!(field));
    }
    Value::Object(out).to_string()
}
