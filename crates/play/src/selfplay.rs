//! The self-play game loop: one player plays both sides until the rules end the game or a
//! move cap is reached ([`play_out`], for any player and position type), and the seeded
//! games of `goishi selfplay` ([`Selfplay`], [`play_game`]).
//!
//! Game `g` (from 0) of a run with seed `S` draws its moves from ChaCha8 seeded with `S` on
//! stream `g`, so the same seed gives the same games, whichever thread plays them and in
//! whatever order, and any one game of a run can be replayed alone. A game stops when the
//! rules end it, or after [`goishi::playout::move_cap`] moves.
//!
//! [`Selfplay`] plays at the engine's speed: the start position is built once and held as
//! its family's concrete type ([`VariantPosition`]; a variant of a family the facade does
//! not compose, boxed), so the family is looked at once per run and never per move, and each
//! move is the family's random playout policy of the search ([`PlayoutPosition::playout_move`]:
//! a random empty point, tried, dropped if it is illegal or fills one of the mover's own
//! eyes in the families that avoid them ([`goishi::playout::is_own_eye`]), until one is played; a pass when none
//! is left), which lists no legal moves. It draws uniformly among the same moves as the
//! [`RandomPlayer`](crate::RandomPlayer) of `genmove` in Go and contact capture (capture Go
//! also keeps its own eyes, as its search playouts do), but not from the same random
//! numbers, so a seed gives other games than the random player would.

use goishi::playout::move_cap;
use goishi::{
    Color, IllegalMove, PlayoutPosition, Point, Position, PositionVisitor, Rules, SetupErrors,
    VariantPosition,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::player::Player;

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

/// The ChaCha8 stream of game `index` of the run seeded with `seed`.
pub fn game_rng(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// The games of one family: the start position and the game in play, of the family's
/// concrete type.
#[derive(Clone, Debug)]
struct Games<P> {
    start: P,
    game: P,
}

/// [`Games`] of any family, behind one object-safe trait: called once a game, never a move.
trait GameLoop: std::fmt::Debug + Send {
    fn start(&self) -> &dyn Position;
    fn game(&self) -> &dyn Position;
    /// Plays a game from the start ([`play_from`]); whether it stopped at the cap.
    fn play(&mut self, rng: &mut ChaCha8Rng, buf: &mut Vec<Point>, cap: usize) -> bool;
    fn clone_box(&self) -> Box<dyn GameLoop>;
}

impl<P: PlayoutPosition> GameLoop for Games<P> {
    fn start(&self) -> &dyn Position {
        self.start.as_position()
    }

    fn game(&self) -> &dyn Position {
        self.game.as_position()
    }

    fn play(&mut self, rng: &mut ChaCha8Rng, buf: &mut Vec<Point>, cap: usize) -> bool {
        play_from(&self.start, &mut self.game, rng, buf, cap)
    }

    fn clone_box(&self) -> Box<dyn GameLoop> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn GameLoop> {
    fn clone(&self) -> Self {
        self.as_ref().clone_box()
    }
}

/// Makes the [`Games`] of a start position, of its concrete type.
struct MakeGames;

impl PositionVisitor for MakeGames {
    type Output = Box<dyn GameLoop>;

    fn visit<P: PlayoutPosition>(self, position: &P) -> Box<dyn GameLoop> {
        Box::new(Games {
            start: position.clone(),
            game: position.clone(),
        })
    }
}

/// Plays `game`, a copy of `start` (or `start` with moves added), on from `start` to the
/// end or `cap` moves with the family's playout policy; returns whether it stopped at the
/// cap. Kept out of line: each family's loop is a function of its own, the policy inlined
/// in it.
#[inline(never)]
fn play_from<P: PlayoutPosition>(
    start: &P,
    game: &mut P,
    rng: &mut ChaCha8Rng,
    buf: &mut Vec<Point>,
    cap: usize,
) -> bool {
    game.reset_from(start);
    let mut moves = start.as_position().history().len();
    while moves < cap && !game.is_over() {
        game.playout_move(rng, buf);
        moves += 1;
    }
    !game.is_over()
}

/// The seeded random games of one rules and board, played on the family's concrete
/// position type (see the [module](self) docs). One value per thread: it holds the start
/// position, the game in play and the policy's scratch space, reused from game to game.
#[derive(Clone, Debug)]
pub struct Selfplay {
    games: Box<dyn GameLoop>,
    buf: Vec<Point>,
    cap: usize,
}

/// A game just played by [`Selfplay::play`]: valid until the next one.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// The game as it ended.
    pub position: &'a dyn Position,
    /// Whether it stopped at the move cap rather than by the rules.
    pub capped: bool,
}

impl Selfplay {
    /// The games of `rules` (whose `size=` wins over `size`; the variant's default size when
    /// neither gives one).
    ///
    /// # Errors
    ///
    /// [`SelfplayError::Setup`] when the rules and size give no game.
    pub fn new(rules: &Rules, size: Option<(u32, u32)>) -> Result<Selfplay, SelfplayError> {
        let mut rules = rules.clone();
        let size = rules
            .board_size(size)
            .map_err(|e| SelfplayError::Setup(e.into()))?;
        rules.take_size();
        let position = rules.new_game(Some(size)).map_err(SelfplayError::Setup)?;
        let cap = move_cap(position.geometry().num_points());
        Ok(Selfplay {
            games: VariantPosition::new(position).visit(MakeGames),
            buf: Vec::new(),
            cap,
        })
    }

    /// The start position of every game.
    pub fn start(&self) -> &dyn Position {
        self.games.start()
    }

    /// Plays game number `index` of the run seeded with `seed`.
    pub fn play(&mut self, seed: u64, index: u64) -> Played<'_> {
        let mut rng = game_rng(seed, index);
        let (buf, cap) = (&mut self.buf, self.cap);
        let capped = self.games.play(&mut rng, buf, cap);
        Played {
            position: self.games.game(),
            capped,
        }
    }
}

/// Plays game number `index` of the run seeded with `seed` ([`Selfplay::play`]), under
/// `rules` (whose `size=` wins over `size`; the variant's default size when neither gives
/// one), and returns it boxed.
///
/// # Errors
///
/// [`SelfplayError::Setup`] when the rules and size give no game.
pub fn play_game(
    rules: &Rules,
    size: Option<(u32, u32)>,
    seed: u64,
    index: u64,
) -> Result<Game, SelfplayError> {
    let mut games = Selfplay::new(rules, size)?;
    let played = games.play(seed, index);
    Ok(Game {
        position: played.position.clone_box(),
        capped: played.capped,
    })
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

    /// Replays a game's moves from its setup and checks each against the policy: a
    /// placement was legal and (in Go and capture Go) filled none of the mover's own
    /// eyes ([`goishi::playout::is_own_eye`], read from the board: the reference of the engine's fast
    /// test); a pass was played only when no such placement was left.
    fn check_policy(game: &dyn Position, keeps_eyes: bool) {
        let mut replay = game.setup().clone().into_position().unwrap();
        let mut legal = Vec::new();
        for turn in game.history() {
            replay.legal_moves_as(turn.color, &mut legal);
            let allowed: Vec<goishi::Move> = legal
                .iter()
                .copied()
                .filter(|mv| match mv {
                    goishi::Move::Place(p) => {
                        !(keeps_eyes
                            && goishi::playout::is_own_eye(replay.as_ref(), turn.color, *p))
                    }
                    _ => false,
                })
                .collect();
            match turn.mv {
                goishi::Move::Pass => assert!(allowed.is_empty(), "a pass with {allowed:?} left"),
                mv => assert!(allowed.contains(&mv), "{mv:?} is not among {allowed:?}"),
            }
            replay.play_as(turn.color, turn.mv).unwrap();
        }
        assert_eq!(replay.board(), game.board());
    }

    #[test]
    fn every_move_follows_the_policy() {
        for (rules, keeps_eyes) in [
            ("go/chinese", true),
            ("go/tromp-taylor", true),
            ("capture/atari-go", true),
            ("contact/2b", false),
            ("go/chinese:board=hex", true),
        ] {
            let rules = goishi::registry().parse_rules(rules).unwrap();
            let mut games = Selfplay::new(&rules, Some((7, 7))).unwrap();
            for index in 0..4 {
                let played = games.play(3, index);
                check_policy(played.position, keeps_eyes);
            }
        }
    }

    #[test]
    fn go_games_under_a_simple_ko_rule_end_by_the_rules() {
        // With every point that a chain in atari surrounds counted as an eye, 5 of these
        // 9x9 games and 16 of these 19x19 games cycle through kos to the move cap.
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        for (size, games) in [(9, 30), (19, 20)] {
            let mut selfplay = Selfplay::new(&rules, Some((size, size))).unwrap();
            for index in 0..games {
                let played = selfplay.play(5, index);
                assert!(!played.capped, "{size}x{size} game {index}");
                if size == 9 {
                    check_policy(played.position, true);
                }
            }
        }
    }

    #[test]
    fn a_game_is_the_same_whatever_was_played_before() {
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        let mut games = Selfplay::new(&rules, Some((9, 9))).unwrap();
        let in_order: Vec<Vec<goishi::Turn>> = (0..5)
            .map(|i| games.play(11, i).position.history().to_vec())
            .collect();
        let mut fresh = Selfplay::new(&rules, Some((9, 9))).unwrap();
        for i in (0..5).rev() {
            assert_eq!(fresh.play(11, i).position.history(), in_order[i as usize]);
        }
    }

    #[test]
    fn a_size_the_variant_refuses_is_an_error() {
        let rules = goishi::registry().parse_rules("go/chinese").unwrap();
        let e = play_game(&rules, Some((0, 0)), 1, 0).unwrap_err();
        assert!(matches!(e, SelfplayError::Setup(_)), "{e}");
    }
}
