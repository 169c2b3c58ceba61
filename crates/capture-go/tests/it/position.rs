//! What the case files cannot say: undo across the end, the typed setup errors, the Go game
//! underneath, and the goal counted in stones.

use goishi_board::{
    Color, FromSetup, GameResult, IllegalMove, Margin, Move, Position, Registry, Rules, Setup,
    SetupError,
};
use goishi_capture_go::{CapturePosition, VARIANTS};

fn registry() -> Registry {
    Registry::from_parts(VARIANTS.iter().copied(), [])
}

fn game(rules: &str, size: u32, moves: &[&str]) -> CapturePosition {
    let rules = registry().parse_rules(rules).unwrap();
    let mut game = CapturePosition::from_rules(&rules, Some((size, size))).unwrap();
    for m in moves {
        let p = game.geometry().parse_point(m).unwrap();
        game.play(Move::Place(p)).unwrap();
    }
    game
}

#[test]
fn undoing_the_winning_capture_reopens_the_game() {
    let mut g = game("atari-go", 5, &["A2", "A1", "B1"]);
    assert_eq!(
        g.outcome(),
        Some(GameResult::Win {
            winner: Color::Black,
            margin: Margin::Goal
        })
    );
    assert_eq!(g.winner_by_capture(), Some(Color::Black));
    assert_eq!(
        g.play(Move::Pass).unwrap_err().reason,
        IllegalMove::GameOver
    );
    let last = g.undo().unwrap();
    assert_eq!(last.color, Color::Black);
    assert!(!g.is_over());
    assert_eq!(g.winner_by_capture(), None);
    assert_eq!(g.captures(Color::Black), 0);
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    assert_eq!(legal.len(), 23 + 1, "{legal:?}");
    // Played again, it wins again.
    let b1 = g.geometry().parse_point("B1").unwrap();
    assert!(g.play(Move::Place(b1)).unwrap().ended);
    assert_eq!(g.outcome().unwrap().to_string(), "B+");
}

#[test]
fn the_goal_counts_stones_and_the_go_game_underneath_has_the_variants_options() {
    let g = game(
        "capture/five:ko=situational,suicide=allowed,komi=3.5",
        9,
        &[],
    );
    assert_eq!(g.goal(), 5);
    let config = g.go().config();
    assert_eq!(config.ko, goishi_go_rules::Ko::Situational);
    assert_eq!(config.suicide, goishi_go_rules::Suicide::Allowed);
    assert_eq!(config.komi(), 3.5);
    assert_eq!(config.scoring, goishi_go_rules::Scoring::Area);
    assert!(!config.pass_stones && !config.button);
    // The position reports this variant's rules, not the Go rules underneath.
    assert_eq!(
        g.rules().to_string(),
        "capture/five:ko=situational,suicide=allowed,komi=3.5"
    );
}

#[test]
fn a_setup_of_another_family_or_without_liberties_is_a_typed_error() {
    let go = Rules::parse("go/tromp-taylor").unwrap();
    let geometry = go.geometry(Some((5, 5))).unwrap();
    let errors = CapturePosition::from_setup(Setup::new(go, geometry)).unwrap_err();
    assert_eq!(
        errors.0,
        [SetupError::NotThisFamily {
            variant: "go/tromp-taylor",
            family: "capture-go",
            option: "captures"
        }]
    );

    let rules = registry().parse_rules("atari-go").unwrap();
    let geometry = rules.geometry(Some((3, 3))).unwrap();
    let mut setup = Setup::new(rules, geometry);
    let g = setup.board.geometry().clone();
    for (p, c) in [
        ("A1", Color::White),
        ("A2", Color::Black),
        ("B1", Color::Black),
    ] {
        setup.board.place(g.parse_point(p).unwrap(), c);
    }
    let errors = CapturePosition::from_setup(setup).unwrap_err();
    assert!(
        matches!(errors.0.as_slice(), [SetupError::ChainWithoutLiberty { points }] if points == "A1"),
        "{errors:?}"
    );
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut g = game("atari-go", 5, &["C3"]);
    let before = format!("{g:?}");
    let c3 = g.geometry().parse_point("C3").unwrap();
    let err = g.play(Move::Place(c3)).unwrap_err();
    assert_eq!(err.reason, IllegalMove::Occupied);
    assert_eq!(format!("{g:?}"), before);
}
