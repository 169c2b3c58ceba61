//! Differential: `GoPosition` against the plain reference model of the go-rules tests
//! (`crates/go-rules/tests/support/reference.rs`). The input chooses the geometry (squares,
//! rectangles, tori, hex boards, small graphs, or a graph the input spells), the ko, suicide,
//! cycles, button and pass-stones options, then a sequence of actions: place, pass, undo.
//! After every action both agree on the legality of the points judged (every point every
//! 8th action, on a finished game and on the last position; the region the last actions
//! changed between: see [`FULL_EVERY`]) with its reason, the legal-move list, the board, the
//! captures and the end of the game; every try of a point
//! leaves the position as it was; the incremental hash is right; the chain reads of the
//! playout policies (`chain_size`, `same_chain`, `atari_liberty`, `chain_liberties`) are
//! those of flood fills; undo restores the board and hash exactly.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/go-rules/tests/support/reference.rs"]
mod model;

use std::sync::OnceLock;

use goishi_board::{Board, Color, FromSetup, Geometry, Move, Point, Position, Rules, Setup};
use goishi_fuzz::Choices;
use goishi_go_rules::{Cycles, GoConfig, GoPosition, Ko, Suicide};
use libfuzzer_sys::fuzz_target;
use model::{check_action_bits, check_try_place, Judged, Reference};

/// The fixed geometries; the input may also spell a graph of its own.
fn geometries() -> &'static [Geometry] {
    static ALL: OnceLock<Vec<Geometry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let graphs = [
            "a b\nb c\nc d\nd a\na c\nd e\ne f\nf g\ng e\nh\n",
            "a b\nb c\nc a\n",
            "a b\nb c\nc d\nd e\n",
            "hub a\nhub b\nhub c\nhub d\nhub e\na b\nc d\n",
        ];
        let mut all = vec![
            Geometry::square(1).unwrap(),
            Geometry::square(2).unwrap(),
            Geometry::square(3).unwrap(),
            Geometry::square(4).unwrap(),
            Geometry::square(5).unwrap(),
            Geometry::rect(5, 3).unwrap(),
            Geometry::rect(2, 6).unwrap(),
            Geometry::square(7).unwrap(),
            Geometry::torus(3, 3).unwrap(),
            Geometry::torus(4, 4).unwrap(),
            Geometry::torus(3, 5).unwrap(),
            Geometry::hex(3, 3).unwrap(),
            Geometry::hex(4, 4).unwrap(),
        ];
        all.extend(
            graphs
                .iter()
                .map(|t| Geometry::parse_graph(t, "fuzz").unwrap()),
        );
        all
    })
}

/// A graph of 1 to 12 points and up to 24 edges spelled by the input.
fn spelled_graph(choices: &mut Choices<'_>) -> Geometry {
    let n = 1 + choices.below(12);
    let mut text: String = (0..n).map(|i| format!("p{i}\n")).collect();
    for _ in 0..choices.below(25) {
        let (a, b) = (choices.below(n), choices.below(n));
        if a != b {
            text.push_str(&format!("p{a} p{b}\n"));
        }
    }
    Geometry::parse_graph(&text, "spelled").unwrap()
}

fn captures(game: &GoPosition) -> [u32; 2] {
    [game.captures(Color::Black), game.captures(Color::White)]
}

/// A reference model that has played the game's moves from the setup.
fn rebuilt(setup: &Setup, config: GoConfig, game: &GoPosition) -> Reference {
    let mut reference = Reference::new(setup, config);
    for t in game.history() {
        reference.play(t.color, t.mv);
    }
    reference
}

/// Every how many actions every point is judged. Between, the judgement covers the points
/// the last action changed and their neighbours, the points the action before changed (a
/// ko's point is free again a move later), and the point played: where a move's effects on
/// legality, captures and chains are. A finished game and the last position are judged at
/// every point too, and the input's flags (bits 3 and up) choose the phase, so that any
/// position of a game, the first included, can be the one judged whole: what a change does
/// further away (a long chain's far liberty, a superko repetition) is found there.
const FULL_EVERY: usize = 8;

/// The points the last two actions changed (`changed`, the last one second), and the
/// neighbours of the last one's, as a mask of the board's points.
fn region(geometry: &Geometry, changed: &[Vec<usize>; 2]) -> Vec<bool> {
    let nb = geometry
        .neighbors(geometry.default_adjacency())
        .expect("the board's own relation");
    let mut inside = vec![false; geometry.num_points()];
    for &p in &changed[0] {
        inside[p] = true;
    }
    for &p in &changed[1] {
        inside[p] = true;
        for q in nb.of(Point::new(p)) {
            inside[q.index()] = true;
        }
    }
    inside
}

/// The points where two boards differ.
fn diff(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

/// Checks the position against the model at the points of `region` (every point when
/// `None`): the legality with its reason, a try of each (`check_move`, `play_as` and undo,
/// `try_place`) leaving the game as it was, the chain reads, the end of the game; the legal
/// list and the bit set of actions in full, or at the region's points. Returns the model's
/// judgement of each point checked; leaves the legal list in `moves`.
fn check_position(
    game: &mut GoPosition,
    reference: &Reference,
    region: Option<&[bool]>,
    moves: &mut Vec<Move>,
    here: &str,
) -> Vec<Option<Judged>> {
    let side = game.side_to_move();
    let geometry = game.geometry().clone();
    let n = geometry.num_points();
    let inside = |p: usize| region.is_none_or(|r| r[p]);
    let mut legal: Vec<Option<Judged>> = vec![None; n];
    // A try changes nothing: each is compared with the game as it was before the first.
    let before = (game.board().clone(), game.history().len(), captures(game));
    for p in (0..n).filter(|&p| inside(p)) {
        let judged = reference.judge(side, p);
        let expected = judged.1;
        let mv = Move::Place(Point::new(p));
        let got = game.check_move(side, mv);
        assert_eq!(
            got,
            expected,
            "{here}: {side} at {}",
            geometry.point_name(Point::new(p))
        );
        match game.play_as(side, mv) {
            Ok(_) => {
                assert!(expected.is_ok(), "{here}: played {p}");
                game.undo().expect("a move to undo");
            }
            Err(e) => assert_eq!(Err(e.reason), expected, "{here}"),
        }
        assert!(
            game.board() == &before.0
                && game.history().len() == before.1
                && captures(game) == before.2,
            "{here}: trying {p} changed the game"
        );
        assert_eq!(game.board().hash(), before.0.hash(), "{here}");
        // The playouts' entry, with quick answers of its own, agrees too.
        check_try_place(game, side, p, judged.2.as_deref(), here);
        legal[p] = Some(judged);
    }
    assert_eq!(game.is_over(), reference.over, "{here}");
    match region {
        None => reference.check_chain_reads(game, here),
        Some(_) => reference.check_chain_reads_at(game, (0..n).filter(|&p| inside(p)), here),
    }
    if game.is_over() {
        check_action_bits(game, &[], here);
        return legal;
    }
    game.legal_moves(moves);
    if region.is_none() {
        let allowed: Vec<Move> = legal
            .iter()
            .flatten()
            .filter(|(_, r, _)| r.is_ok())
            .map(|&(p, _, _)| Move::Place(Point::new(p)))
            .chain([Move::Pass])
            .collect();
        assert_eq!(*moves, allowed, "{here}: the legal list");
        check_action_bits(game, moves, here);
        return legal;
    }
    // The legal list at the region's points.
    for judged in legal.iter().flatten() {
        let listed = moves.contains(&Move::Place(Point::new(judged.0)));
        assert_eq!(
            listed,
            judged.1.is_ok(),
            "{here}: {} in the legal list",
            judged.0
        );
    }
    legal
}

fuzz_target!(|data: &[u8]| {
    let mut choices = Choices::new(data);
    let fixed = geometries();
    let which = choices.below(fixed.len() + 1);
    let geometry = match fixed.get(which) {
        Some(g) => g.clone(),
        None => spelled_graph(&mut choices),
    };
    let ko = *choices.pick(Ko::NAMES);
    let suicide = *choices.pick(Suicide::NAMES);
    let flags = choices.byte();
    let cycles = if flags & 1 != 0 {
        "no-result"
    } else {
        "ignore"
    };
    let button = flags & 2 != 0;
    let pass_stones = flags & 4 != 0;
    let text = format!(
        "go/tromp-taylor:ko={ko},suicide={suicide},cycles={cycles},button={button},pass-stones={pass_stones}"
    );
    let Ok(rules) = Rules::parse(&text) else {
        return;
    };
    let Ok(config) = GoConfig::from_rules(&rules) else {
        return;
    };
    assert_eq!(
        (
            config.ko.name(),
            config.suicide.name(),
            config.cycles == Cycles::NoResult
        ),
        (ko, suicide, flags & 1 != 0),
        "{text}"
    );
    let setup = Setup::new(rules, geometry.clone());
    let mut game = GoPosition::from_setup(setup.clone()).expect("an empty board is a valid setup");
    let mut reference = Reference::new(&setup, config);
    let mut played: Vec<String> = Vec::new();
    // (board, legal moves, captures) before each move of the game.
    let mut snapshots: Vec<(Board, Vec<Move>, [u32; 2])> = Vec::new();
    let mut moves = Vec::new();
    // The points the last two actions changed (two: a ko's point is free again a move later).
    let mut changed: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let phase = usize::from(flags >> 3);
    let context = |played: &[String]| {
        format!(
            "{text} on {}, moves: {}",
            geometry.describe(),
            played.join(" ")
        )
    };
    let mut legal = Vec::new();
    let mut same = false;
    for step in 0..200 {
        if choices.is_empty() {
            break;
        }
        let side = game.side_to_move();
        let full = (step + phase) % FULL_EVERY == 0 || reference.over;
        // A position the last step judged (an illegal move or an undo with nothing to undo
        // changed nothing) is judged again only when it is judged whole.
        if full || !same {
            let region = (!full).then(|| region(&geometry, &changed));
            legal = check_position(
                &mut game,
                &reference,
                region.as_deref(),
                &mut moves,
                &context(&played),
            );
        }
        same = true;
        if game.is_over() {
            break;
        }
        let action = choices.byte();
        let cells_before = game.board().cells().to_vec();
        if action < 24 {
            // Undo: back to the board, hash, legal list and captures of before the move.
            let Some((board, legal_before, captures_before)) = snapshots.pop() else {
                continue;
            };
            game.undo().expect("a move to undo");
            same = false;
            played.push("undo".to_owned());
            assert!(game.board() == &board, "{} (after undo)", context(&played));
            assert_eq!(game.board().hash(), board.hash(), "{}", context(&played));
            game.legal_moves(&mut moves);
            assert_eq!(
                moves,
                legal_before,
                "{} (legal list after undo)",
                context(&played)
            );
            assert_eq!(captures(&game), captures_before, "{}", context(&played));
            reference = rebuilt(&setup, config, &game);
            assert_eq!(
                game.board().cells(),
                reference.cells.as_slice(),
                "{}",
                context(&played)
            );
            changed = [
                std::mem::take(&mut changed[1]),
                diff(&cells_before, game.board().cells()),
            ];
            continue;
        }
        let mv = if action < 48 {
            Move::Pass
        } else {
            Move::Place(Point::new(choices.below(geometry.num_points())))
        };
        played.push(format!("{side} {}", mv.name(&geometry)));
        if let Move::Place(p) = mv {
            // The point played is judged whether or not it was in the region.
            let judged = legal[p.index()]
                .clone()
                .unwrap_or_else(|| reference.judge(side, p.index()));
            if let (_, Err(reason), _) = judged {
                let before = game.board().clone();
                let e = game.play(mv).expect_err("an illegal move is refused");
                assert_eq!(e.reason, reason, "{}", context(&played));
                assert!(game.board() == &before, "{}", context(&played));
                played.pop();
                continue;
            }
        }
        same = false;
        snapshots.push((game.board().clone(), moves.clone(), captures(&game)));
        game.play(mv)
            .unwrap_or_else(|e| panic!("{}: refused: {e}", context(&played)));
        reference.play(side, mv);
        assert_eq!(
            game.board().cells(),
            reference.cells.as_slice(),
            "{}",
            context(&played)
        );
        assert_eq!(
            game.board().hash(),
            game.board().recompute_hash(),
            "{}",
            context(&played)
        );
        assert_eq!(captures(&game), reference.captures, "{}", context(&played));
        changed = [
            std::mem::take(&mut changed[1]),
            diff(&cells_before, game.board().cells()),
        ];
    }
    // The last position, every point judged.
    check_position(&mut game, &reference, None, &mut moves, &context(&played));
    // Undo the whole game: back to the setup.
    while game.undo().is_some() {}
    assert!(game.board() == &setup.board, "the whole game undone");
    assert_eq!(game.board().hash(), setup.board.hash());
});
