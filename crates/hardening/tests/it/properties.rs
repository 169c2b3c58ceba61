//! Property tests over random setups, options and move sequences, for every registered
//! variant on every geometry of the conformance suites (square, rectangular, torus, hex,
//! graph).
//!
//! At every position: the conformance runner's universal checks
//! ([`goishi_conformance::Checker`]: legal lists against `check_move`, refused plays change
//! nothing, hash, history, undo and replay of each move, the finished game, replays of the
//! record, undoing everything), and those of [`goishi_hardening::invariants`]: a move removes
//! only the stones its family allows and reports them exactly, the score equals the score
//! recomputed from scratch, each colour's legal moves after `undo` are those of before the
//! move, and the family's own consistency check holds.
//!
//! Seeded: `GOISHI_PROPTEST_SEED` (default fixed) is printed, and each (variant, board) pair
//! derives its own seed from it, named in any failure. `GOISHI_SLOW=1` runs ten times more
//! cases.

use goishi::{BoardKind, Color, Move, OptionKind, Point, Position, Rules, Setup};
use goishi_conformance::games::{game_seed, setup_on};
use goishi_conformance::{standard_boards, Checker, TestBoard};
use goishi_hardening::invariants::{check_effect, check_internal, check_score, legal_lists};
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

const DEFAULT_SEED: u64 = 20_261_130;

/// Positions checked, for the summary line.
static POSITIONS: AtomicUsize = AtomicUsize::new(0);

/// One generated game: option overrides (option index, value index), setup stones (point
/// index, colour), who moves first, and the moves (indices into the legal list).
#[derive(Clone, Debug)]
struct GameCase {
    overrides: Vec<(usize, usize)>,
    stones: Vec<(usize, bool)>,
    white_first: bool,
    moves: Vec<u16>,
}

fn game_case() -> impl Strategy<Value = GameCase> {
    (
        vec((any::<usize>(), any::<usize>()), 0..4),
        vec((any::<usize>(), any::<bool>()), 0..14),
        any::<bool>(),
        vec(any::<u16>(), 0..60),
    )
        .prop_map(|(overrides, stones, white_first, moves)| GameCase {
            overrides,
            stones,
            white_first,
            moves,
        })
}

/// Valid values of an option (numbers kept small so that games stay interesting).
fn valid_values(kind: &OptionKind) -> Vec<String> {
    match kind {
        OptionKind::Choice(c) => c.iter().map(|s| (*s).to_owned()).collect(),
        OptionKind::Bool => vec!["true".to_owned(), "false".to_owned()],
        OptionKind::Int { min, max } => (*min..=(*max).min(min + 4))
            .map(|v| v.to_string())
            .collect(),
        OptionKind::Half { .. } => ["0", "0.5", "7.5", "-3"].map(str::to_owned).to_vec(),
        OptionKind::IntOrAuto { min, max } => std::iter::once("auto".to_owned())
            .chain((*min..=(*max).min(min + 3)).map(|v| v.to_string()))
            .collect(),
    }
}

/// The rules with the case's overrides (those the variant accepts).
fn rules_of(base: &Rules, case: &GameCase) -> Rules {
    let mut rules = base.clone();
    let options = rules.variant().options;
    if options.is_empty() {
        return rules;
    }
    for &(o, v) in &case.overrides {
        let spec = &options[o % options.len()];
        let values = valid_values(&spec.kind);
        if values.is_empty() {
            continue;
        }
        let _ = rules.set(spec.name, &values[v % values.len()]);
    }
    rules
}

/// The start position of a case: its stones when the variant accepts them, else an empty
/// board; `None` when the options do not fit the board at all.
fn start(base: &Rules, board: &TestBoard, case: &GameCase) -> Option<Box<dyn Position>> {
    for rules in [rules_of(base, case), base.clone()] {
        let Ok(empty) = setup_on(&rules, board) else {
            continue;
        };
        let mut setup: Setup = empty.clone();
        let n = setup.board.geometry().num_points();
        for &(i, white) in &case.stones {
            let color = if white { Color::White } else { Color::Black };
            setup.board.set(Point::new(i % n), Some(color));
        }
        if case.white_first {
            setup.to_move = Color::White;
        }
        if let Ok(p) = setup.into_position() {
            return Some(p);
        }
        if let Ok(p) = empty.into_position() {
            return Some(p);
        }
    }
    None
}

/// Runs one case, checking everything at every position.
fn run_case(base: &Rules, board: &TestBoard, case: &GameCase, seed: u64) -> Result<(), String> {
    let Some(position) = start(base, board, case) else {
        return Ok(());
    };
    let rules = position.rules().to_string();
    let g = position.geometry().clone();
    let mut checker = Checker::new(position, seed);
    let mut played: Vec<String> = Vec::new();
    let fail = |played: &[String], e: String| {
        format!(
            "{rules} on {}: {e}\n  moves: [{}]",
            board.name,
            played.join(", ")
        )
    };
    for &choice in &case.moves {
        if checker.position().is_over() {
            break;
        }
        checker.check_position().map_err(|e| fail(&played, e))?;
        let pos = checker.position();
        check_score(pos).map_err(|e| fail(&played, e))?;
        check_internal(pos).map_err(|e| fail(&played, e))?;
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let Some(&mv) = legal.get(usize::from(choice) % legal.len().max(1)) else {
            return Err(fail(
                &played,
                "no legal move while the game goes on".to_owned(),
            ));
        };
        check_move(pos, mv).map_err(|e| fail(&played, e))?;
        played.push(format!("{} {}", pos.side_to_move(), mv.name(&g)));
        checker.play(mv).map_err(|e| fail(&played, e))?;
        POSITIONS.fetch_add(1, Ordering::Relaxed);
    }
    let pos = checker.position();
    check_score(pos).map_err(|e| fail(&played, e))?;
    check_internal(pos).map_err(|e| fail(&played, e))?;
    checker.finish().map_err(|e| fail(&played, e))
}

/// On a copy: the move's effect on the board, then each colour's legal moves after its undo.
fn check_move(position: &dyn Position, mv: Move) -> Result<(), String> {
    let before = position.board().clone();
    let lists = legal_lists(position);
    let mover = position.side_to_move();
    let mut copy = position.clone_box();
    let effect = copy
        .play_as(mover, mv)
        .map_err(|e| format!("{mover} {}: {e}", mv.name(position.geometry())))?;
    check_effect(&before, mover, mv, effect, copy.as_ref())?;
    check_internal(copy.as_ref())?;
    copy.undo();
    let after = legal_lists(copy.as_ref());
    for c in Color::ALL {
        if lists[c.index()] != after[c.index()] {
            return Err(format!(
                "after {mover} {} and undo, {c}'s legal moves differ from those before the move",
                mv.name(position.geometry())
            ));
        }
    }
    Ok(())
}

fn base_seed() -> u64 {
    std::env::var("GOISHI_PROPTEST_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(DEFAULT_SEED)
}

fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, chunk) in out.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&game_seed(seed, "bytes", "", i as u32).to_le_bytes());
    }
    out
}

/// Every registered variant on every board of the conformance suites.
#[test]
fn every_variant_on_every_geometry() {
    let base = base_seed();
    let cases = if goishi_hardening::slow() { 40 } else { 4 };
    println!(
        "property tests: seed {base} (GOISHI_PROPTEST_SEED), {cases} cases per variant and board"
    );
    let boards = standard_boards().expect("the boards of the suites");
    let kinds: Vec<&BoardKind> = boards.iter().map(|b| &b.kind).collect();
    assert!(kinds.contains(&&BoardKind::Torus) && kinds.contains(&&BoardKind::Hex));
    assert!(kinds.iter().any(|k| matches!(k, BoardKind::Graph(_))));
    assert!(boards.iter().any(|b| b.width != b.height));
    let mut failures = Vec::new();
    let mut checked = 0;
    for variant in goishi::registry().variants() {
        let rules = variant.default_rules();
        for board in &boards {
            let seed = game_seed(base, variant.id, &board.name, 0);
            let config = Config {
                cases,
                failure_persistence: None,
                max_shrink_iters: 512,
                ..Config::default()
            };
            let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
            let mut runner = TestRunner::new_with_rng(config, rng);
            let result = runner.run(&game_case(), |case| {
                run_case(&rules, board, &case, seed).map_err(TestCaseError::fail)
            });
            checked += 1;
            if let Err(e) = result {
                failures.push(format!(
                    "{} on {} (seed {seed}): {e}",
                    variant.id, board.name
                ));
            }
        }
    }
    println!(
        "{checked} variant-board pairs, {} moves checked",
        POSITIONS.load(Ordering::Relaxed)
    );
    assert!(checked >= 6, "only {checked} variant-board pairs");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The checks themselves catch what they are for: a wrong effect, a wrong score.
#[test]
fn the_checks_can_fail() {
    let mut p = Rules::parse("go/chinese")
        .unwrap()
        .new_game(Some((5, 5)))
        .unwrap();
    let g = p.geometry().clone();
    let before = p.board().clone();
    let c3 = Move::parse(&g, "C3").unwrap();
    let effect = p.play(c3).unwrap();
    assert!(check_effect(&before, Color::Black, c3, effect, p.as_ref()).is_ok());
    let lie = goishi::MoveEffect {
        captured: 1,
        ..effect
    };
    assert!(check_effect(&before, Color::Black, c3, lie, p.as_ref())
        .unwrap_err()
        .contains("reported 1 captured"));
    // A board that lost a black stone without a capture: the mover's own stone is gone.
    assert!(check_effect(p.board(), Color::White, Move::Pass, effect, p.as_ref()).is_ok());
    assert!(check_effect(p.board(), Color::White, Move::Pass, lie, p.as_ref()).is_err());
    // Contact capture never removes the mover's stones.
    let mut c = Rules::parse("contact/1a")
        .unwrap()
        .new_game(Some((5, 5)))
        .unwrap();
    let board_before = {
        let mut b = c.board().clone();
        b.set(
            Move::parse(&g, "A1").unwrap().point().unwrap(),
            Some(Color::Black),
        );
        b
    };
    let e = c.play(c3).unwrap();
    let e = goishi::MoveEffect {
        self_captured: 1,
        ..e
    };
    assert!(check_effect(&board_before, Color::Black, c3, e, c.as_ref())
        .unwrap_err()
        .contains("never removes the mover's stones"));
    assert!(check_score(p.as_ref()).is_ok());
}
