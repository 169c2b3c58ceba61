//! The [`Player`] trait (given a position and a colour, a move) and the [`RandomPlayer`]: a
//! uniformly random legal move that does not fill one of the mover's own single-point eyes
//! (in the families that declare it: `Capabilities::avoids_own_eyes`, Go and capture Go), or
//! any random legal placement (the other families); a pass when no such move is left.

use goishi::playout::is_own_eye;
use goishi::{Color, Move, Position, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Something that chooses moves, for positions of type `P` (`dyn Position` by default; a
/// search player may ask for a concrete, clonable position type instead).
///
/// A player is told of every move played in its game ([`Player::played`]), its own
/// included, so that a player that keeps state between moves (a search tree) can follow the
/// game; [`Player::new_game`] drops that state.
pub trait Player<P: Position + ?Sized = dyn Position> {
    /// The move `color` plays now in `position`: a legal move, [`Move::Pass`] or
    /// [`Move::Resign`]. The position is left as it was.
    fn choose(&mut self, position: &P, color: Color) -> Move;

    /// A move was played in the player's game (by either side). Nothing by default.
    fn played(&mut self, turn: Turn) {
        let _ = turn;
    }

    /// The game was replaced by another (a new board, a loaded record, an undo the player
    /// cannot follow). Nothing by default.
    fn new_game(&mut self) {}
}

/// The uniform random player, seeded: the same seed gives the same moves in the same
/// positions.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    scratch: Vec<Move>,
}

impl RandomPlayer {
    /// A player drawing from ChaCha8 seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer::from_rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A player drawing from `rng` (a stream of a seeded run: see [`crate::selfplay`]).
    pub fn from_rng(rng: ChaCha8Rng) -> RandomPlayer {
        RandomPlayer {
            rng,
            scratch: Vec::new(),
        }
    }

    /// The player's random source, for the other random choices of the same front end
    /// (GTP's `place_free_handicap` draws from the stream of `genmove`).
    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

impl<P: Position + ?Sized> Player<P> for RandomPlayer {
    fn choose(&mut self, position: &P, color: Color) -> Move {
        let scratch = &mut self.scratch;
        position.legal_moves_as(color, scratch);
        let eyes = position.rules().variant().capabilities.avoids_own_eyes;
        scratch.retain(|mv| match mv {
            Move::Place(p) => !(eyes && is_own_eye(position, color, *p)),
            _ => false,
        });
        if scratch.is_empty() {
            Move::Pass
        } else {
            scratch[self.rng.random_range(0..scratch.len())]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rules: &str, size: u32) -> Box<dyn Position> {
        goishi::registry()
            .parse_rules(rules)
            .unwrap()
            .new_game(Some((size, size)))
            .unwrap()
    }

    #[test]
    fn random_moves_are_legal_and_seeded() {
        for rules in ["go/chinese", "contact/2b", "go/chinese:board=hex"] {
            let moves = |seed| {
                let mut position = game(rules, 7);
                let mut player = RandomPlayer::new(seed);
                let mut moves = Vec::new();
                for _ in 0..30 {
                    if position.is_over() {
                        break;
                    }
                    let color = position.side_to_move();
                    let mv = Player::<dyn Position>::choose(&mut player, position.as_ref(), color);
                    position.play_as(color, mv).unwrap();
                    moves.push(mv);
                }
                moves
            };
            assert_eq!(moves(3), moves(3), "{rules}");
            assert_ne!(moves(3), moves(4), "{rules}");
        }
    }

    #[test]
    fn own_eyes_are_not_filled_in_go() {
        // Black owns a single-point eye at A1 (B1 and A2 are black): never chosen.
        let position = black_to_move(2, "X .\n. X");
        let a1 = position.geometry().parse_point("A1").unwrap();
        assert!(is_own_eye(position.as_ref(), Color::Black, a1));
        assert!(!is_own_eye(position.as_ref(), Color::White, a1));
        let mut player = RandomPlayer::new(1);
        for _ in 0..20 {
            let mv = Player::<dyn Position>::choose(&mut player, position.as_ref(), Color::Black);
            assert_ne!(mv, Move::Place(a1));
        }
    }

    /// A `go/chinese` position of `size` x `size` from `diagram`, Black to move.
    fn black_to_move(size: u32, diagram: &str) -> Box<dyn Position> {
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        let geometry = rules.geometry(Some((size, size))).unwrap();
        let board = goishi::Diagram::parse(diagram, Color::Black)
            .unwrap()
            .to_board(&geometry)
            .unwrap();
        let setup = goishi::Setup {
            rules,
            board,
            to_move: Color::Black,
            handicap: 0,
        };
        setup.into_position().unwrap()
    }

    #[test]
    fn a_point_next_to_an_own_chain_in_atari_is_no_eye() {
        // B3 is surrounded by Black, but the black stone on C3 has no other liberty: White
        // may take it at B3 (a ko), so B3 is no eye of Black's, and Black may fill it. E1 is
        // an eye.
        let position = black_to_move(
            5,
            "
            . . . . .
            . X O . .
            X . X O .
            . X O . X
            . . . X .",
        );
        let geometry = position.geometry().clone();
        let point = |name| geometry.parse_point(name).unwrap();
        assert!(!is_own_eye(position.as_ref(), Color::Black, point("B3")));
        assert!(is_own_eye(position.as_ref(), Color::Black, point("E1")));
        let chosen: Vec<Move> = (0..100)
            .map(|seed| {
                let mut player = RandomPlayer::new(seed);
                Player::<dyn Position>::choose(&mut player, position.as_ref(), Color::Black)
            })
            .collect();
        assert!(chosen.contains(&Move::Place(point("B3"))));
        assert!(!chosen.contains(&Move::Place(point("E1"))));
    }

    #[test]
    fn random_go_games_end_by_the_rules() {
        // Under a simple ko rule, with every point a chain in atari surrounds counted as an
        // eye, two random players cycle through the kos left at the end of many games to
        // the move cap (243 moves on 9x9).
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        for seed in 0..20 {
            let mut position = rules.new_game(Some((9, 9))).unwrap();
            let mut player = RandomPlayer::new(seed);
            while !position.is_over() {
                assert!(position.history().len() < 243, "seed {seed}: at the cap");
                let color = position.side_to_move();
                let mv = Player::<dyn Position>::choose(&mut player, position.as_ref(), color);
                position.play_as(color, mv).unwrap();
            }
        }
    }
}
