//! Differential: `ContactPosition` against the plain reference model of the contact-capture
//! tests (`crates/contact-capture/tests/support/reference.rs`). The input chooses the
//! geometry and contact relation (king and orthogonal squares, rectangles and tori, hex
//! boards, small graphs, a hub of more than 64 neighbours, or a graph the input spells), `k`,
//! the protection, `t`, the scope, the threshold and the repetition rule, a setup board,
//! then a sequence of actions: a placement by either colour, a pass, an undo. After every
//! action the engine's hypothetical removals and its legal moves for both colours are the
//! reference's at the points judged (every empty point every 8th action, with the engine's
//! own invariants, on a finished game and on the last position; the region the last actions
//! changed between: see [`FULL_EVERY`]), a placement removes exactly the reference's stones,
//! the incremental hash is right, and undo restores the position (board, hash, history)
//! exactly.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/contact-capture/tests/support/reference.rs"]
mod model;

use goishi_board::{
    Adjacency, Board, Color, FromSetup, Geometry, Move, NeighborTable, Point, Position, Setup,
    Topology,
};
use goishi_contact_capture::{ContactPosition, Ko};
use goishi_fuzz::Choices;
use libfuzzer_sys::fuzz_target;
use model::{cells, naive_legal_removing, reference, rules_for, NaiveRule, Params, State};

/// A geometry and the `contact` value to play it with.
fn geometry(choices: &mut Choices<'_>) -> (Geometry, &'static str) {
    match choices.below(13) {
        0 => (Geometry::square(3).unwrap(), "orthogonal"),
        1 => (Geometry::square(4).unwrap(), "king"),
        2 => (Geometry::square(5).unwrap(), "auto"),
        3 => (Geometry::square(6).unwrap(), "orthogonal"),
        4 => (Geometry::rect(5, 3).unwrap(), "king"),
        5 => (Geometry::torus(3, 3).unwrap(), "king"),
        6 => (Geometry::torus(4, 4).unwrap(), "orthogonal"),
        7 => (Geometry::torus(5, 4).unwrap(), "auto"),
        8 => (Geometry::hex(4, 4).unwrap(), "hex"),
        9 => (Geometry::hex(5, 5).unwrap(), "auto"),
        10 => (Geometry::square(1).unwrap(), "king"),
        11 => {
            // A hub touching 65 to 70 points (more than 64: the engine's general search),
            // the leaves joined in a path where the input says.
            let leaves = 65 + choices.below(6);
            let mut text: String = (0..=leaves).map(|i| format!("p{i}\n")).collect();
            for i in 1..=leaves {
                text.push_str(&format!("p0 p{i}\n"));
                if i < leaves && choices.byte() & 1 != 0 {
                    text.push_str(&format!("p{i} p{}\n", i + 1));
                }
            }
            (Geometry::parse_graph(&text, "hub").unwrap(), "graph")
        }
        _ => {
            let n = 1 + choices.below(14);
            let mut text: String = (0..n).map(|i| format!("p{i}\n")).collect();
            for _ in 0..choices.below(30) {
                let (a, b) = (choices.below(n), choices.below(n));
                if a != b {
                    text.push_str(&format!("p{a} p{b}\n"));
                }
            }
            let g = Geometry::parse_graph(&text, "spelled").unwrap();
            (
                g,
                if choices.byte() & 1 == 0 {
                    "graph"
                } else {
                    "auto"
                },
            )
        }
    }
}

fn adjacency(g: &Geometry, contact: &str) -> Adjacency {
    match contact {
        "king" => Adjacency::King,
        "orthogonal" => Adjacency::Orthogonal,
        "hex" => Adjacency::Hex,
        "graph" => Adjacency::Graph,
        // `auto`: king on grids, hex on hex boards, edges on graphs.
        _ => match g.topology() {
            Topology::Rect | Topology::Torus => Adjacency::King,
            Topology::Hex => Adjacency::Hex,
            Topology::Graph => Adjacency::Graph,
        },
    }
}

/// Every how many actions every empty point is judged. Between, the judgement covers the
/// points the last two actions changed and their neighbours: where a move's effect on the
/// removals and the legality is. A finished game and the last position are judged at every
/// point too, and the input's flags (bits 3 and up) choose the phase, so that any position of
/// a game, the first included, can be the one judged whole: what a change does further away
/// (a removal under the global scope, a repetition) is found there.
const FULL_EVERY: usize = 8;

/// The points where the board differs from `before`.
fn diff(before: &[Option<Color>], board: &Board) -> Vec<usize> {
    (0..before.len())
        .filter(|&i| board.get(Point::new(i)) != before[i])
        .collect()
}

/// The points of `changed` and their neighbours, as a mask of the board's points.
fn region(table: &NeighborTable, n: usize, changed: &[Vec<usize>; 2]) -> Vec<bool> {
    let mut inside = vec![false; n];
    for &p in changed.iter().flatten() {
        inside[p] = true;
        for q in table.of(Point::new(p)) {
            inside[q.index()] = true;
        }
    }
    inside
}

/// A check of a position against the model.
struct Check<'a> {
    rule: &'a NaiveRule<'a>,
    history: &'a [State],
    /// The points judged; every point when `None`.
    region: Option<&'a [bool]>,
    step: usize,
}

impl Check<'_> {
    /// The hash (and the engine's own invariants when every point is judged), then for both
    /// colours the hypothetical removals at the empty points judged, and the legal moves there (all of the legal list when
    /// every point is judged).
    fn position(&self, position: &ContactPosition, context: &dyn Fn(&ContactPosition) -> String) {
        let step = self.step;
        let geometry = position.geometry();
        // The engine's invariants (a rebuild of its tables from the board: as dear as the
        // rest of a light check) with every point.
        if self.region.is_none() {
            position
                .check_invariants()
                .unwrap_or_else(|e| panic!("step {step}: {e}\n{}", context(position)));
        }
        assert_eq!(
            position.board().hash(),
            position.board().recompute_hash(),
            "step {step}: the hash\n{}",
            context(position)
        );
        let judged: Vec<Point> = geometry
            .points()
            .filter(|&p| position.board().is_empty_at(p))
            .filter(|p| self.region.is_none_or(|r| r[p.index()]))
            .collect();
        let (mut buf, mut list) = (Vec::new(), Vec::new());
        for colour in Color::ALL {
            let mut legal = Vec::new();
            for &p in &judged {
                buf.clear();
                position.removals_into(colour, p, &mut buf);
                buf.sort();
                let expected = reference(
                    position.board(),
                    self.rule.table,
                    self.rule.params,
                    colour,
                    p,
                );
                assert_eq!(
                    buf,
                    expected,
                    "step {step}: {colour} at {}\n{}",
                    geometry.point_name(p),
                    context(position)
                );
                if !position.is_over()
                    && naive_legal_removing(
                        self.rule,
                        self.history,
                        position.history(),
                        position.board(),
                        colour,
                        p,
                        &expected,
                    )
                {
                    legal.push(Move::Place(p));
                }
            }
            if position.is_over() {
                continue;
            }
            position.legal_moves_as(colour, &mut list);
            if self.region.is_none() {
                legal.push(Move::Pass);
            } else {
                list.retain(|m| !matches!(m, Move::Place(p) if !judged.contains(p)));
                list.retain(|m| *m != Move::Pass);
            }
            assert_eq!(
                list,
                legal,
                "step {step}: {colour}'s legal moves\n{}",
                context(position)
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut choices = Choices::new(data);
    let (geometry, contact) = geometry(&mut choices);
    let adjacency = adjacency(&geometry, contact);
    let table = geometry.neighbors(adjacency).expect("the relation exists");
    let max_degree = table.max_degree();
    // The reference enumerates subsets of the neighbours: k at most 3 on the hub.
    let k = 1 + choices.below(max_degree.clamp(1, if max_degree > 64 { 3 } else { 6 }));
    let protection = choices.below(4);
    let (b, c) = (protection & 1 != 0, protection & 2 != 0);
    let flags = choices.byte();
    let (local, capped, t_auto) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
    let t = if t_auto {
        k.max(2)
    } else {
        1 + choices.below(max_degree + 1)
    };
    let params = Params {
        k,
        b,
        c,
        t,
        local,
        capped,
    };
    let ko = *choices.pick(Ko::NAMES);
    let rules = rules_for(params, contact, t_auto, ko);
    // The setup: two bits a point (black, white, empty, empty) when the input asks for one.
    let mut board = Board::new(geometry.clone());
    if choices.byte() & 1 != 0 {
        let mut bits = 0u8;
        for (i, p) in geometry.points().enumerate() {
            if i % 4 == 0 {
                bits = choices.byte();
            }
            match (bits >> (2 * (i % 4))) & 3 {
                0 => board.set(p, Some(Color::Black)),
                1 => board.set(p, Some(Color::White)),
                _ => {}
            }
        }
    }
    let setup = Setup {
        rules,
        board,
        to_move: Color::Black,
        handicap: 0,
    };
    let Ok(mut position) = ContactPosition::from_setup(setup) else {
        return;
    };
    assert_eq!(position.model().adjacency, adjacency);
    let rule = NaiveRule { table, params, ko };
    let mut history: Vec<State> = vec![(cells(position.board()), Color::Black, None)];
    let mut before_each: Vec<ContactPosition> = Vec::new();
    let context = |position: &ContactPosition| {
        format!(
            "{params:?} contact={contact} ko={ko} on {}\n{position:?}",
            geometry.describe()
        )
    };
    let phase = usize::from(flags >> 3);
    // The points the last two actions changed (two: a simple ko's point is free again a
    // move later).
    let mut changed: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut same = false;
    for step in 0..120 {
        if choices.is_empty() {
            break;
        }
        let full = (step + phase) % FULL_EVERY == 0 || position.is_over();
        // A position the last step judged (an illegal placement or an undo with nothing to
        // undo changed nothing) is judged again only when it is judged whole.
        if full || !same {
            let region = (!full).then(|| region(table, geometry.num_points(), &changed));
            let check = Check {
                rule: &rule,
                history: &history,
                region: region.as_deref(),
                step,
            };
            check.position(&position, &context);
        }
        same = true;
        if position.is_over() {
            break;
        }
        let empties: Vec<Point> = geometry
            .points()
            .filter(|&p| position.board().is_empty_at(p))
            .collect();
        let cells_before = cells(position.board());
        let action = choices.byte();
        if action < 24 {
            let Some(earlier) = before_each.pop() else {
                continue;
            };
            position.undo().expect("a move to undo");
            same = false;
            history.pop();
            assert!(
                position == earlier,
                "step {step}: undo differs\n{}",
                context(&position)
            );
            assert_eq!(position.board().hash(), earlier.board().hash());
            changed = [
                std::mem::take(&mut changed[1]),
                diff(&cells_before, position.board()),
            ];
            continue;
        }
        let colour = if action & 1 == 0 {
            position.side_to_move()
        } else {
            position.side_to_move().opponent()
        };
        if action < 36 || empties.is_empty() {
            before_each.push(position.clone());
            same = false;
            position
                .play_as(colour, Move::Pass)
                .unwrap_or_else(|e| panic!("step {step}: a pass refused: {e}"));
            history.push((cells(position.board()), colour.opponent(), None));
            changed = [std::mem::take(&mut changed[1]), Vec::new()];
            continue;
        }
        let p = empties[choices.below(empties.len())];
        let expected = reference(position.board(), table, params, colour, p);
        let legal = naive_legal_removing(
            &rule,
            &history,
            position.history(),
            position.board(),
            colour,
            p,
            &expected,
        );
        let before = position.clone();
        match position.play_as(colour, Move::Place(p)) {
            Ok(effect) => {
                assert!(
                    legal,
                    "step {step}: {colour} at {} played, the reference forbids it\n{}",
                    geometry.point_name(p),
                    context(&before)
                );
                let mut got = position.last_removed().to_vec();
                got.sort();
                assert_eq!(
                    got,
                    expected,
                    "step {step}: {colour} at {}\n{}",
                    geometry.point_name(p),
                    context(&before)
                );
                assert_eq!(effect.captured as usize, expected.len());
                assert!(expected.iter().all(|&v| position.board().is_empty_at(v)));
                before_each.push(before);
                same = false;
                history.push((cells(position.board()), colour.opponent(), Some(colour)));
                changed = [
                    std::mem::take(&mut changed[1]),
                    diff(&cells_before, position.board()),
                ];
            }
            Err(e) => {
                assert!(
                    !legal,
                    "step {step}: {colour} at {} refused ({e}), the reference allows it\n{}",
                    geometry.point_name(p),
                    context(&before)
                );
                assert!(position == before, "an illegal move changed the position");
            }
        }
    }
    // The last position, every point judged.
    let check = Check {
        rule: &rule,
        history: &history,
        region: None,
        step: usize::MAX,
    };
    check.position(&position, &context);
});
