//! The plain reference model of contact capture, written straight from the spec's rule
//! (subsets enumerated, whole boards kept in the history): shared by the reference test
//! (`tests/it/reference.rs`) and the differential fuzz target
//! (`fuzz/fuzz_targets/contact_reference.rs`), which include this file with `#[path]`.

use goishi_board::{Board, Color, Move, NeighborTable, Point, Rules, Turn};
use goishi_contact_capture::VARIANTS;

/// The capture parameters a reference run uses, as plain values.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub k: usize,
    pub b: bool,
    pub c: bool,
    pub t: usize,
    pub local: bool,
    pub capped: bool,
}

/// The rule of contact-capture.md section 2, written plainly: after `mover` places at `p`,
/// which opponent stones go?
pub fn reference(
    board: &Board,
    table: &NeighborTable,
    params: Params,
    mover: Color,
    p: Point,
) -> Vec<Point> {
    let n = board.geometry().num_points();
    let mut cells: Vec<Option<Color>> = (0..n).map(|i| board.get(Point::new(i))).collect();
    cells[p.index()] = Some(mover);
    let opponent = mover.opponent();
    let touches = |a: Point, b: Point| table.of(a).contains(&b);
    let opponents_touching = |u: Point| {
        table
            .of(u)
            .iter()
            .filter(|q| cells[q.index()] == Some(opponent))
            .count()
    };
    let targets: Vec<Point> = (0..n)
        .map(Point::new)
        .filter(|&v| cells[v.index()] == Some(opponent))
        .filter(|&v| !params.local || touches(p, v))
        .collect();
    let mut removed = Vec::new();
    for v in targets {
        let need = if params.capped {
            params.k.min(table.of(v).len()).max(1)
        } else {
            params.k
        };
        let eligible: Vec<Point> = table
            .of(v)
            .iter()
            .copied()
            .filter(|&u| cells[u.index()] == Some(mover))
            .filter(|&u| !params.b || opponents_touching(u) < params.t)
            .collect();
        // Is there a set S of `need` eligible stones meeting the conditions?
        fn search(
            pool: &[Point],
            chosen: &mut Vec<Point>,
            need: usize,
            ok: &dyn Fn(&[Point]) -> bool,
        ) -> bool {
            if chosen.len() == need {
                return ok(chosen);
            }
            for (i, &u) in pool.iter().enumerate() {
                chosen.push(u);
                if search(&pool[i + 1..], chosen, need, ok) {
                    return true;
                }
                chosen.pop();
            }
            false
        }
        let ok = |s: &[Point]| {
            (!params.local || s.contains(&p))
                && (!params.c
                    || s.iter()
                        .enumerate()
                        .all(|(i, &a)| s[i + 1..].iter().all(|&b| !touches(a, b))))
        };
        if search(&eligible, &mut Vec::new(), need, &ok) {
            removed.push(v);
        }
    }
    removed.sort();
    removed
}

pub fn rules_for(params: Params, contact: &str, t_auto: bool, ko: &str) -> Rules {
    let mut rules = VARIANTS[0].default_rules();
    let protection = match (params.b, params.c) {
        (false, false) => "a",
        (true, false) => "b",
        (false, true) => "c",
        (true, true) => "b+c",
    };
    rules.set("k", &params.k.to_string()).unwrap();
    rules.set("protection", protection).unwrap();
    if params.b && !t_auto {
        rules.set("t", &params.t.to_string()).unwrap();
    }
    rules.set("contact", contact).unwrap();
    rules
        .set("scope", if params.local { "local" } else { "global" })
        .unwrap();
    rules
        .set(
            "threshold",
            if params.capped { "capped" } else { "absolute" },
        )
        .unwrap();
    rules.set("ko", ko).unwrap();
    rules
}

/// One state of the naive history: the board, who moves next, whose placement made it.
pub type State = (Vec<Option<Color>>, Color, Option<Color>);

pub fn cells(board: &Board) -> Vec<Option<Color>> {
    board.geometry().points().map(|p| board.get(p)).collect()
}

/// Whether `c` placing at `p` is legal under `ko`, judged from the full list of earlier
/// states by comparing whole boards (no hash).
/// The rule a naive check applies: contact table, capture parameters, repetition rule.
pub struct NaiveRule<'a> {
    pub table: &'a NeighborTable,
    pub params: Params,
    pub ko: &'a str,
}

pub fn naive_legal(
    rule: &NaiveRule,
    history: &[State],
    turns: &[Turn],
    board: &Board,
    c: Color,
    p: Point,
) -> bool {
    let removed = reference(board, rule.table, rule.params, c, p);
    naive_legal_removing(rule, history, turns, board, c, p, &removed)
}

/// [`naive_legal`] with the stones the placement removes, as [`reference`] gave them.
pub fn naive_legal_removing(
    rule: &NaiveRule,
    history: &[State],
    turns: &[Turn],
    board: &Board,
    c: Color,
    p: Point,
    removed: &[Point],
) -> bool {
    let mut result = cells(board);
    result[p.index()] = Some(c);
    for v in removed {
        result[v.index()] = None;
    }
    match rule.ko {
        "none" => true,
        "positional" => history.iter().all(|(b, _, _)| *b != result),
        "situational" => history
            .iter()
            .all(|(b, next, _)| !(*b == result && *next == c.opponent())),
        "natural-situational" => history
            .iter()
            .all(|(b, _, by)| !(*b == result && *by == Some(c))),
        "simple" => match turns.last() {
            Some(last) if last.color == c.opponent() && matches!(last.mv, Move::Place(_)) => {
                history[history.len() - 2].0 != result
            }
            _ => true,
        },
        other => unreachable!("unknown ko {other}"),
    }
}
