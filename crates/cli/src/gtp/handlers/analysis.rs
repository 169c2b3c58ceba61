//! Streaming analysis in the two dialects that Go GUIs read: Leela Zero's (`lz-analyze`,
//! `lz-genmove_analyze`: Sabaki, Lizzie, q5Go) and KataGo's (`kata-analyze`,
//! `kata-genmove_analyze`, with KataGo's keys), for every variant and board; and
//! `kgs-genmove_cleanup`, which plays on until the opponent's dead stones are captured.
//!
//! `lz-analyze` and `kata-analyze` answer `=` at once, then search without end, writing one
//! line every interval: an `info` section for each candidate move, most visited first, then
//! in KataGo's dialect `rootInfo`, `ownership` and `ownershipStdev` when asked. They stop at
//! the controller's next line (any line, a blank one too) and end the response with an empty
//! line before that line runs. The `genmove_analyze` pair writes the same lines while it
//! searches the move of `genmove` (its budget and clock; the next line waits), then `play V`.
//!
//! The fields that KataGo computes with its network are made from the search (see
//! docs/cli.md, `goishi analysis`): `winrate` is the move's win rate over its playouts, from the side of the
//! player analysed; `scoreMean`, `scoreLead` and `scoreSelfplay` the mean margin on the
//! game's count at the end of those playouts, `scoreStdev` its spread; `prior` what the
//! tree knew of the move before searching it (uniform where a family has no priors);
//! `utility` is `2 winrate - 1`, `lcb` [`MoveStats::lcb`], `utilityLcb` `2 lcb - 1`;
//! `edgeVisits` the visits (the tree is no graph). `ownership` is the average owner of every
//! point from the side analysed, in [`crate::common::reading_order`].

use std::fmt::Write as _;
use std::sync::atomic::Ordering;
use std::time::Duration;

use goishi::{Color, Geometry, Move, Point, Position};
use goishi_play::mcts::{Budget, MoveFilter, MoveStats, SearchResult, Watch};

use crate::common::reading_order;
use crate::gtp::args::parse_color;
use crate::gtp::engine::{Answer, Controller, Engine};
use crate::gtp::player::PlayerKind;

/// Leela Zero's or KataGo's form of the lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    Lz,
    Kata,
}

/// The interval when none is given: one line a second.
const DEFAULT_INTERVAL: Duration = Duration::from_secs(1);

/// The shortest interval: a line every centisecond.
const MIN_INTERVAL: Duration = Duration::from_millis(10);

/// An analysis command's arguments.
#[derive(Clone, Debug, PartialEq)]
struct Request {
    color: Color,
    interval: Duration,
    min_moves: usize,
    max_moves: usize,
    root_info: bool,
    ownership: bool,
    ownership_stdev: bool,
    moves_ownership: bool,
    pv_visits: bool,
    pv_edge_visits: bool,
    /// `avoid` and `allow`: whose moves, which, allowed or avoided, until which ply.
    filters: Vec<(Color, Vec<Move>, bool, u32)>,
}

impl Request {
    fn filters(&self) -> Vec<MoveFilter<'_>> {
        self.filters
            .iter()
            .map(|(color, moves, allow, until)| MoveFilter {
                color: *color,
                moves,
                allow: *allow,
                until_depth: *until,
            })
            .collect()
    }

    fn watch<'a>(&self, filters: &'a [MoveFilter<'a>]) -> Watch<'a> {
        Watch {
            every: self.interval,
            moves_ownership: self.moves_ownership,
            ownership_stdev: self.ownership_stdev,
            filters,
            force: true,
            ..Watch::default()
        }
    }
}

/// An interval in centiseconds (a number of 0 or more), at least [`MIN_INTERVAL`].
fn interval(text: &str) -> Option<Duration> {
    let cs: f64 = text.parse().ok()?;
    (0.0..1e9)
        .contains(&cs)
        .then(|| Duration::from_secs_f64(cs / 100.0).max(MIN_INTERVAL))
}

fn flag(key: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "invalid value {value:?} for {key}; expected true or false"
        )),
    }
}

fn count(key: &str, value: &str) -> Result<usize, String> {
    value
        .parse::<u32>()
        .map(|n| n as usize)
        .map_err(|_| format!("invalid value {value:?} for {key}; expected a count like 10"))
}

impl Engine {
    /// Reads `[COLOR] [INTERVAL] [KEY VALUE...]` as KataGo does; `genmove` (the
    /// `genmove_analyze` pair) takes the colour to move by default as well.
    fn analysis_request(&self, dialect: Dialect, a: &[&str]) -> Result<Request, String> {
        let mut request = Request {
            color: self.position.side_to_move(),
            interval: DEFAULT_INTERVAL,
            min_moves: 0,
            max_moves: usize::MAX,
            root_info: false,
            ownership: false,
            ownership_stdev: false,
            moves_ownership: false,
            pv_visits: false,
            pv_edge_visits: false,
            filters: Vec::new(),
        };
        let mut rest = a;
        if let Some((first, tail)) = rest.split_first() {
            if let Ok(color) = parse_color(first) {
                request.color = color;
                rest = tail;
            }
        }
        if let Some((first, tail)) = rest.split_first() {
            if let Some(i) = interval(first) {
                request.interval = i;
                rest = tail;
            }
        }
        let kata = dialect == Dialect::Kata;
        while let Some((&key, tail)) = rest.split_first() {
            let Some((&value, tail)) = tail.split_first() else {
                return Err(format!("syntax error: {key} needs a value"));
            };
            rest = tail;
            match key {
                "interval" => {
                    request.interval = interval(value).ok_or_else(|| {
                        format!("invalid interval {value:?}; expected centiseconds, 0 or more")
                    })?
                }
                "minmoves" => request.min_moves = count(key, value)?,
                "maxmoves" => request.max_moves = count(key, value)?,
                "avoid" | "allow" => {
                    let [moves, until, tail @ ..] = rest else {
                        return Err(format!(
                            "syntax error: {key} takes COLOR VERTEX,VERTEX,... UNTILDEPTH"
                        ));
                    };
                    rest = tail;
                    let color = parse_color(value)?;
                    let until: u32 = until.parse().ok().filter(|&d| d >= 1).ok_or_else(|| {
                        format!("invalid depth {until:?} for {key}; expected 1 or more")
                    })?;
                    let mut list = Vec::new();
                    for vertex in moves.split(',').map(str::trim).filter(|v| !v.is_empty()) {
                        list.push(match vertex.to_ascii_lowercase().as_str() {
                            "pass" => Move::Pass,
                            _ => Move::Place(self.parse_point(vertex)?),
                        });
                    }
                    let allow = key == "allow";
                    // KataGo's rule: for each colour, one `allow`, or any `avoid`s.
                    let clash = request
                        .filters
                        .iter()
                        .any(|f| f.0 == color && (allow || f.2));
                    if clash {
                        return Err(format!(
                            "{key}: {} has an allow already, or avoids with allow",
                            color.name()
                        ));
                    }
                    request.filters.push((color, list, allow, until));
                }
                "rootInfo" if kata => request.root_info = flag(key, value)?,
                "ownership" if kata => request.ownership = flag(key, value)?,
                "ownershipStdev" if kata => request.ownership_stdev = flag(key, value)?,
                "movesOwnership" if kata => request.moves_ownership = flag(key, value)?,
                "pvVisits" if kata => request.pv_visits = flag(key, value)?,
                "pvEdgeVisits" if kata => request.pv_edge_visits = flag(key, value)?,
                _ => {
                    return Err(format!(
                        "unknown key {key:?}; expected {}",
                        if kata {
                            "interval, minmoves, maxmoves, avoid, allow, rootInfo, ownership, \
                             ownershipStdev, movesOwnership, pvVisits or pvEdgeVisits"
                        } else {
                            "interval, minmoves, maxmoves, avoid or allow"
                        }
                    ))
                }
            }
        }
        Ok(request)
    }

    /// Ponders on the position for the colour asked until the controller's next line.
    fn analyze(&mut self, dialect: Dialect, a: &[&str], controller: &mut dyn Controller) -> Answer {
        let request = self.analysis_request(dialect, a)?;
        controller.accept().map_err(|e| e.to_string())?;
        let geometry = self.geometry().clone();
        let order = reading_order(&geometry);
        let filters = request.filters();
        let stop = controller.next_line();
        let mut on_report = |r: &SearchResult| {
            if r.moves.is_empty() {
                // No move has a playout of this search yet (a root kept from an earlier
                // search, not yet expanded): nothing to show.
                return;
            }
            let line = report_line(dialect, &request, r, &geometry, &order);
            if controller.send_line(&line).is_err() {
                // The controller is gone: nothing more to say.
                stop.store(true, Ordering::SeqCst);
            }
        };
        let watch = Watch {
            stop: Some(&stop),
            on_report: Some(&mut on_report),
            ..request.watch(&filters)
        };
        // A game over has nothing to search: the response still waits for the next line.
        if self
            .player
            .search(
                self.position.as_ref(),
                request.color,
                Budget::UNLIMITED,
                watch,
            )
            .is_err()
        {
            while !stop.load(Ordering::SeqCst) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        Ok(String::new())
    }

    /// `genmove` with the analysis lines written while it searches, then `play V`.
    fn genmove_analyze(
        &mut self,
        dialect: Dialect,
        a: &[&str],
        controller: &mut dyn Controller,
    ) -> Answer {
        let request = self.analysis_request(dialect, a)?;
        controller.accept().map_err(|e| e.to_string())?;
        let geometry = self.geometry().clone();
        let order = reading_order(&geometry);
        let filters = request.filters();
        let interrupt = controller.interrupt();
        let mv = self.genmove_by(request.color, |player, position, color, budget| {
            if player.options().kind == PlayerKind::Random {
                // The player of `genmove` moves at random: no search, no line.
                return player.choose(position, color, budget, None);
            }
            let mut on_report = |r: &SearchResult| {
                if !r.moves.is_empty() {
                    let _ =
                        controller.send_line(&report_line(dialect, &request, r, &geometry, &order));
                }
            };
            let watch = Watch {
                stop: Some(&interrupt),
                on_report: Some(&mut on_report),
                ..request.watch(&filters)
            };
            match player.search(position, color, budget, watch) {
                Ok(result) => {
                    let last = report_line(dialect, &request, &result, &geometry, &order);
                    let _ = controller.send_line(&last);
                    result.mv
                }
                Err(_) => Move::Pass,
            }
        })?;
        Ok(format!("play {mv}"))
    }
}

pub(crate) fn lz_analyze(e: &mut Engine, a: &[&str], s: &mut dyn Controller) -> Answer {
    e.analyze(Dialect::Lz, a, s)
}

pub(crate) fn kata_analyze(e: &mut Engine, a: &[&str], s: &mut dyn Controller) -> Answer {
    e.analyze(Dialect::Kata, a, s)
}

pub(crate) fn lz_genmove_analyze(e: &mut Engine, a: &[&str], s: &mut dyn Controller) -> Answer {
    e.genmove_analyze(Dialect::Lz, a, s)
}

pub(crate) fn kata_genmove_analyze(e: &mut Engine, a: &[&str], s: &mut dyn Controller) -> Answer {
    e.genmove_analyze(Dialect::Kata, a, s)
}

/// GTP's `kgs-genmove_cleanup` (KGS, after a dispute over dead stones): the move of
/// `genmove`, except that the engine does not pass (nor resign) while stones of the
/// opponent that it judges dead are on the board: it plays on a liberty of one of them
/// (the one the search liked most), so that they are captured.
pub(crate) fn kgs_genmove_cleanup(
    e: &mut Engine,
    a: &[&str],
    controller: &mut dyn Controller,
) -> Answer {
    let color = parse_color(a[0])?;
    let interrupt = controller.interrupt();
    let dead: Vec<Point> = if e.position.is_over() {
        Vec::new()
    } else {
        let board = e.position.board();
        e.statuses()
            .dead
            .into_iter()
            .filter(|&p| board.get(p) == Some(color.opponent()))
            .collect()
    };
    e.genmove_by(color, |player, position, color, budget| {
        let mv = player.choose(position, color, budget, Some(&interrupt));
        if dead.is_empty() || matches!(mv, Move::Place(_)) {
            return mv;
        }
        cleanup_move(position, color, &dead, player.last_search()).unwrap_or(mv)
    })
}

/// A legal move of `color` on a liberty of the `dead` stones: the most visited of the last
/// search among them, else the first.
fn cleanup_move(
    position: &dyn Position,
    color: Color,
    dead: &[Point],
    search: Option<&SearchResult>,
) -> Option<Move> {
    let board = position.board();
    let g = position.geometry();
    let mut liberties: Vec<Move> = Vec::new();
    for &p in dead {
        for &q in g.default_neighbors().of(p) {
            let mv = Move::Place(q);
            if board.get(q).is_none()
                && !liberties.contains(&mv)
                && position.check_move(color, mv).is_ok()
            {
                liberties.push(mv);
            }
        }
    }
    let searched = search
        .into_iter()
        .flat_map(|s| s.moves.iter())
        .find(|m| liberties.contains(&m.mv))
        .map(|m| m.mv);
    searched.or_else(|| liberties.first().copied())
}

/// One line of analysis: an `info` section for each move shown, then KataGo's `rootInfo`,
/// `ownership` and `ownershipStdev` when asked.
fn report_line(
    dialect: Dialect,
    request: &Request,
    r: &SearchResult,
    g: &Geometry,
    order: &[Point],
) -> String {
    let mut line = String::with_capacity(256 * r.moves.len().min(32) + 8 * order.len());
    let shown = r.moves.len().min(request.max_moves);
    let zero = |mv: Move, prior: f64| MoveStats {
        mv,
        visits: 0,
        win_rate: 0.0,
        amaf_visits: 0,
        amaf_win_rate: 0.0,
        prior,
        score_mean: 0.0,
        score_stdev: 0.0,
        pv: vec![mv],
        pv_visits: vec![0],
        ownership: None,
    };
    // At least `minmoves` moves, those without a visit after the others (by prior).
    let mut unvisited: Vec<(Move, f64)> = r.unvisited.clone();
    unvisited.sort_by(|a, b| b.1.total_cmp(&a.1));
    let padding = request
        .min_moves
        .min(request.max_moves)
        .saturating_sub(shown);
    let extra: Vec<MoveStats> = unvisited
        .into_iter()
        .take(padding)
        .map(|(mv, p)| zero(mv, p))
        .collect();
    for (order_index, m) in r.moves[..shown].iter().chain(&extra).enumerate() {
        if !line.is_empty() {
            line.push(' ');
        }
        write_info(
            &mut line,
            dialect,
            request,
            r.color,
            m,
            order_index,
            g,
            order,
        );
    }
    if dialect == Dialect::Kata {
        let side = side_sign(r.color);
        if request.root_info {
            let w = root_win_rate(r);
            let _ = write!(
                line,
                "{}rootInfo visits {} utility {} winrate {} scoreMean {} scoreStdev {} \
                 scoreLead {} scoreSelfplay {} currentPlayer {}",
                if line.is_empty() { "" } else { " " },
                r.visits,
                num(2.0 * w - 1.0),
                num(w),
                num(r.score_mean),
                num(r.score_stdev),
                num(r.score_mean),
                num(r.score_mean),
                r.color.letter()
            );
        }
        if request.ownership {
            line.push_str(if line.is_empty() {
                "ownership"
            } else {
                " ownership"
            });
            for p in order {
                let _ = write!(line, " {}", num(side * r.ownership[p.index()]));
            }
        }
        if request.ownership_stdev && !r.ownership_stdev.is_empty() {
            line.push_str(if line.is_empty() {
                "ownershipStdev"
            } else {
                " ownershipStdev"
            });
            for p in order {
                let _ = write!(line, " {}", num(r.ownership_stdev[p.index()]));
            }
        }
    }
    line
}

/// The win rate of the whole search for the player analysed: the visits' average over the
/// root's moves (0.5 without any).
fn root_win_rate(r: &SearchResult) -> f64 {
    let visits: f64 = r.moves.iter().map(|m| f64::from(m.visits)).sum();
    if visits == 0.0 {
        return 0.5;
    }
    r.moves
        .iter()
        .map(|m| m.win_rate * f64::from(m.visits))
        .sum::<f64>()
        / visits
}

/// +1 for Black, -1 for White: a value of Black's times it is the colour's.
fn side_sign(color: Color) -> f64 {
    match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    }
}

/// A number as KataGo writes its floats: up to six significant decimals, no trailing zeros.
fn num(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let text = format!("{x:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_owned(),
        t => t.to_owned(),
    }
}

/// Leela Zero's 0-10000 scale.
fn per_10000(x: f64) -> i64 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as i64
}

#[allow(clippy::too_many_arguments)]
fn write_info(
    line: &mut String,
    dialect: Dialect,
    request: &Request,
    color: Color,
    m: &MoveStats,
    order_index: usize,
    g: &Geometry,
    order: &[Point],
) {
    let name = m.mv.name(g);
    let lcb = m.lcb();
    match dialect {
        Dialect::Lz => {
            let _ = write!(
                line,
                "info move {name} visits {} winrate {} prior {} lcb {} order {order_index} pv",
                m.visits,
                per_10000(m.win_rate),
                per_10000(m.prior),
                per_10000(lcb),
            );
        }
        Dialect::Kata => {
            let _ = write!(
                line,
                "info move {name} visits {v} edgeVisits {v} utility {} winrate {} scoreMean {} \
                 scoreStdev {} scoreLead {} scoreSelfplay {} prior {} lcb {} utilityLcb {} \
                 order {order_index} pv",
                num(2.0 * m.win_rate - 1.0),
                num(m.win_rate),
                num(m.score_mean),
                num(m.score_stdev),
                num(m.score_mean),
                num(m.score_mean),
                num(m.prior),
                num(lcb),
                num(2.0 * lcb - 1.0),
                v = m.visits,
            );
        }
    }
    for mv in &m.pv {
        let _ = write!(line, " {}", mv.name(g));
    }
    if dialect == Dialect::Kata {
        if request.pv_visits {
            line.push_str(" pvVisits");
            for v in &m.pv_visits {
                let _ = write!(line, " {v}");
            }
        }
        if request.pv_edge_visits {
            // A tree, not a graph: each position of the variation is reached by its move.
            line.push_str(" pvEdgeVisits");
            for v in &m.pv_visits {
                let _ = write!(line, " {v}");
            }
        }
        if request.moves_ownership {
            line.push_str(" movesOwnership");
            let side = side_sign(color);
            for p in order {
                let o = m.ownership.as_ref().map_or(0.0, |o| o[p.index()]);
                let _ = write!(line, " {}", num(side * o));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_katago_writes_them() {
        for (x, text) in [
            (0.5, "0.5"),
            (1.0, "1"),
            (0.0, "0"),
            (-0.0, "0"),
            (-3.25, "-3.25"),
            (0.123_456_78, "0.123457"),
            (f64::NAN, "0"),
            (-0.000_000_1, "0"),
        ] {
            assert_eq!(num(x), text, "{x}");
        }
        assert_eq!(per_10000(0.48), 4800);
        assert_eq!(per_10000(1.5), 10000);
    }

    #[test]
    fn intervals_are_centiseconds_of_at_least_one() {
        assert_eq!(interval("50"), Some(Duration::from_millis(500)));
        assert_eq!(interval("0"), Some(MIN_INTERVAL));
        assert_eq!(interval("-1"), None);
        assert_eq!(interval("b"), None);
        assert_eq!(interval("inf"), None);
    }
}
