//! Text diagrams (`goishi::Diagram`): an error, or a diagram of `width x height` cells whose
//! marks are stones of the marked colour; on a board of its size it prints (with and without
//! coordinates) as a diagram that parses back to the same stones; and a contact-capture game
//! starts from it (or refuses the setup with an error) and plays.
#![no_main]

use goishi::{Color, Diagram, Geometry, Move, Rules, Setup};
use goishi_fuzz::{play_some, Choices};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(d) = Diagram::parse(&text, Color::White) else {
        return;
    };
    assert_eq!(
        d.cells.len(),
        (d.width as usize) * (d.height as usize),
        "a {}x{} diagram with {} cells",
        d.width,
        d.height,
        d.cells.len()
    );
    assert!(
        d.marks
            .iter()
            .all(|m| d.cells.get(m.index()) == Some(&Some(Color::White))),
        "a mark that is not a stone of the marked colour"
    );
    let Ok(g) = Geometry::rect(d.width, d.height) else {
        return;
    };
    let board = d.to_board(&g).unwrap_or_else(|e| {
        panic!(
            "a {}x{} diagram does not fit its own size: {e}",
            d.width, d.height
        )
    });
    for printed in [board.diagram(), board.diagram_with_coordinates()] {
        let again = Diagram::parse(&printed, Color::Black).unwrap_or_else(|e| {
            panic!("the board prints as a diagram that does not parse: {e}\n{printed}")
        });
        assert!(
            again.cells == d.cells && again.width == d.width && again.height == d.height,
            "the board prints as a diagram that parses to other stones\n{printed}"
        );
    }
    let rules = Rules::parse("contact/1a").expect("contact/1a is registered");
    let setup = Setup {
        rules,
        board,
        to_move: Color::Black,
        handicap: 0,
    };
    if let Ok(mut position) = setup.into_position() {
        let mut choices = Choices::new(data);
        play_some(position.as_mut(), &mut choices, 4);
        let _ = position.play(Move::Pass);
    }
});
