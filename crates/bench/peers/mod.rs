//! The peers' adapters, shared by the benches and the tests (the peers are dev-dependencies,
//! so this code cannot live in the library). Included with `#[path = "../peers/mod.rs"]`.

mod go_game_board_adapter;
mod goban_adapter;

pub use go_game_board_adapter::{GoGameBoard, PlainEyes, SamplerPlayouts};
pub use goban_adapter::Goban;

use goishi_bench::engine::{board_text, legal_coords, replay, Coord, Engine, KoRule, NeutralMove};
use goishi_bench::goishi_engine::Goishi;

fn name_coords(coords: &[Coord]) -> String {
    let names: Vec<String> = coords
        .iter()
        .map(|&(x, y)| format!("{}{}", goishi::column_name(x), y + 1))
        .collect();
    names.join(" ")
}

/// Compares a peer with goishi on the position after `moves`: the same board, the same legal
/// points. The error says what differs.
fn compare<E: Engine>(
    name: &str,
    mut peer: E,
    goishi: &Goishi,
    moves: &[NeutralMove],
) -> Result<(), String> {
    replay(&mut peer, moves).map_err(|e| format!("{name}: {e}"))?;
    let want = board_text(goishi);
    let got = board_text(&peer);
    if want != got {
        return Err(format!(
            "{name} holds another board after {} moves:\n{got}goishi's:\n{want}",
            moves.len()
        ));
    }
    let ours = legal_coords(goishi);
    let theirs = legal_coords(&peer);
    if ours != theirs {
        let only_ours: Vec<Coord> = ours
            .iter()
            .filter(|c| !theirs.contains(c))
            .copied()
            .collect();
        let only_theirs: Vec<Coord> = theirs
            .iter()
            .filter(|c| !ours.contains(c))
            .copied()
            .collect();
        return Err(format!(
            "after {} moves, {} to play: legal for goishi only: [{}]; legal for {name} only: [{}]\n{}",
            moves.len(),
            goishi.side_to_move(),
            name_coords(&only_ours),
            name_coords(&only_theirs),
            want
        ));
    }
    Ok(())
}

/// The engines under `ko` (go_game_board only has simple ko).
pub fn peers_of(ko: KoRule) -> &'static [&'static str] {
    match ko {
        KoRule::Simple => &[goishi_bench::GOBAN, goishi_bench::GO_GAME_BOARD],
        KoRule::Positional => &[goishi_bench::GOBAN],
    }
}

/// Replays `moves` into goishi and every peer that has the rule `ko`, and checks they hold the
/// same board and list the same legal points. Returns every difference found.
pub fn agree(size: u32, ko: KoRule, moves: &[NeutralMove]) -> Vec<String> {
    let mut goishi = Goishi::with_ko(ko, size);
    if let Err(e) = replay(&mut goishi, moves) {
        return vec![format!("goishi: {e}")];
    }
    let mut problems = Vec::new();
    if let Err(e) = compare(
        goishi_bench::GOBAN,
        Goban::with_ko(ko, size),
        &goishi,
        moves,
    ) {
        problems.push(e);
    }
    if ko == KoRule::Simple {
        if let Err(e) = compare(
            goishi_bench::GO_GAME_BOARD,
            GoGameBoard::new(size),
            &goishi,
            moves,
        ) {
            problems.push(e);
        }
    }
    problems
}
