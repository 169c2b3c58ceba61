//! The self-play game loop: one player plays both sides until the rules end the game or a
//! move cap is reached ([`play_out`], for any player and position type), and the seeded
//! games of `goishi selfplay` ([`play_game`]).
//!
//! Game `g` (from 0) of a run with seed `S` draws its moves from ChaCha8 seeded with `S` on
//! stream `g`, so the same seed gives the same games, and any one game can be replayed
//! alone. A game stops when the rules end it, or after [`move_cap`] moves.

use goishi::{Color, IllegalMove, Position, Rules, SetupErrors};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::player::{Player, RandomPlayer};

/// One self-play game.
#[derive(Debug)]
pub struct Game {
    /// The game as it ended.
    pub position: Box<dyn Position>,
    /// Whether the game stopped at the move cap rather than by the rules.
    pub capped: bool,
}

/// Why a self-play game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelfplayError {
    /// The rules and size do not give a game (a size the variant refuses, a graph board that
    /// does not read).
    #[error("{0}")]
    Setup(SetupErrors),
    /// The player chose a move the rules refused: a bug in the player or in the rules.
    #[error("internal error: move {number} ({} {vertex}) was chosen among the legal moves but refused: {reason}", color.name())]
    Refused {
        /// The move number, from 1.
        number: usize,
        /// Who moved.
        color: Color,
        /// The move, in GTP notation.
        vertex: String,
        /// Why the rules refused it.
        reason: IllegalMove,
    },
}

/// The move cap of a board: 3 x its number of points.
pub fn move_cap(points: usize) -> usize {
    3 * points
}

/// Plays `position` on with `player` for both sides until the game is over or has
/// `cap` moves; returns whether it stopped at the cap.
pub fn play_out<P, Q>(position: &mut P, player: &mut Q, cap: usize) -> Result<bool, SelfplayError>
where
    P: Position + ?Sized,
    Q: Player<P> + ?Sized,
{
    while !position.is_over() && position.history().len() < cap {
        let color = position.side_to_move();
        let mv = player.choose(position, color);
        match position.play_as(color, mv) {
            Ok(_) => player.played(goishi::Turn { color, mv }),
            Err(e) => {
                return Err(SelfplayError::Refused {
                    number: position.history().len() + 1,
                    color,
                    vertex: mv.name(position.geometry()),
                    reason: e.reason,
                })
            }
        }
    }
    Ok(!position.is_over())
}

/// Plays game number `index` of the run seeded with `seed`, with the random player, under
/// `rules` (whose `size=` wins over `size`; the variant's default size when neither gives
/// one).
pub fn play_game(
    rules: &Rules,
    size: Option<(u32, u32)>,
    seed: u64,
    index: u64,
) -> Result<Game, SelfplayError> {
    let mut rules = rules.clone();
    let size = rules.size().or(size);
    rules.set_size(None);
    let mut position = rules.new_game(size).map_err(SelfplayError::Setup)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let mut player = RandomPlayer::from_rng(rng);
    let cap = move_cap(position.geometry().num_points());
    let capped = play_out(position.as_mut(), &mut player, cap)?;
    Ok(Game { position, capped })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_plays_to_its_end_or_the_cap() {
        for v in goishi::registry().variants() {
            let rules = v.default_rules();
            let game = play_game(&rules, Some((5, 5)), 7, 0).unwrap();
            let moves = game.position.history().len();
            assert!(game.capped || game.position.is_over(), "{}", v.id);
            assert!(moves <= move_cap(25), "{}", v.id);
            assert_eq!(
                game.capped,
                moves == move_cap(25) && !game.position.is_over()
            );
            // Seeded: the same game again, another game on another stream.
            let again = play_game(&rules, Some((5, 5)), 7, 0).unwrap();
            assert_eq!(
                again.position.history(),
                game.position.history(),
                "{}",
                v.id
            );
        }
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        let a = play_game(&rules, Some((9, 9)), 7, 0).unwrap();
        let b = play_game(&rules, Some((9, 9)), 7, 1).unwrap();
        assert_ne!(a.position.history(), b.position.history());
    }

    #[test]
    fn a_size_the_variant_refuses_is_an_error() {
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        let e = play_game(&rules, Some((0, 0)), 1, 0).unwrap_err();
        assert!(matches!(e, SelfplayError::Setup(_)), "{e}");
    }
}
