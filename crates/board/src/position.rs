//! The traits every variant implements, and what a move and a game produce.

use std::any::Any;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::color::Color;
use crate::geometry::Geometry;
use crate::point::{Move, MoveName, Point, Turn};
use crate::rules::Rules;
use crate::setup::Setup;

/// Why a move is illegal.
///
/// The core's reasons cover Go and the games like it; a family whose rules refuse a move for
/// another reason names it with [`IllegalMove::Family`] (a word of its own, declared in its
/// variants' [`VariantInfo::reasons`](crate::VariantInfo::reasons) so that case files can name
/// it), without editing this enum. The enum is `#[non_exhaustive]`: a match on it needs a
/// wildcard arm, so that the core may add reasons later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The point holds a stone.
    Occupied,
    /// The play would remove the mover's own stones, and the rules forbid that.
    Suicide,
    /// The play retakes a ko at once (simple ko).
    Ko,
    /// The play repeats an earlier position (any superko rule).
    Superko,
    /// The game is over.
    GameOver,
    /// The point is not on this board.
    OffBoard,
    /// A reason of the variant's family, named by its word (lower case, words separated by
    /// spaces, as the core's are: `not adjacent`).
    Family(&'static str),
}

impl IllegalMove {
    /// Every reason of the core, in a fixed order (the family reasons are each variant's).
    pub const ALL: [IllegalMove; 6] = [
        IllegalMove::Occupied,
        IllegalMove::Suicide,
        IllegalMove::Ko,
        IllegalMove::Superko,
        IllegalMove::GameOver,
        IllegalMove::OffBoard,
    ];

    /// The word used by GTP answers and case files.
    pub const fn name(self) -> &'static str {
        match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
            IllegalMove::GameOver => "game over",
            IllegalMove::OffBoard => "off board",
            IllegalMove::Family(word) => word,
        }
    }

    /// Reads a reason's word (case, hyphens and underscores ignored: `game-over`), among the
    /// core's reasons and the family reasons `family` (a variant's
    /// [`VariantInfo::reasons`](crate::VariantInfo::reasons)).
    pub fn parse_among(
        text: &str,
        family: &[&'static str],
    ) -> Result<IllegalMove, ParseReasonError> {
        let key = text.trim().to_ascii_lowercase().replace(['-', '_'], " ");
        IllegalMove::ALL
            .into_iter()
            .find(|r| r.name() == key)
            .or_else(|| {
                // A family's words are matched as the text is: case, hyphens and
                // underscores aside.
                family
                    .iter()
                    .find(|w| w.to_ascii_lowercase().replace(['-', '_'], " ") == key)
                    .map(|w| IllegalMove::Family(w))
            })
            .ok_or_else(|| ParseReasonError {
                text: text.to_owned(),
                expected: IllegalMove::ALL
                    .iter()
                    .map(|r| r.name())
                    .chain(family.iter().copied())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no illegal-move reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown illegal-move reason {text:?}; expected one of: {expected}")]
pub struct ParseReasonError {
    /// The text as given.
    pub text: String,
    /// The words accepted, comma-separated.
    pub expected: String,
}

impl FromStr for IllegalMove {
    type Err = ParseReasonError;

    /// Reads one of the core's reasons (a family's need [`IllegalMove::parse_among`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        IllegalMove::parse_among(s, &[])
    }
}

impl Serialize for IllegalMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name().replace(' ', "-"))
    }
}

impl<'de> Deserialize<'de> for IllegalMove {
    /// Reads one of the core's reasons, as [`FromStr`] does.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A rejected move: who tried which move on which board, and why. The position it was tried
/// on is unchanged.
///
/// Its message names the colour, the move and the reason: `illegal move: B D4: occupied`
/// (GTP answers with the reason alone, `? illegal move: occupied`).
///
/// It is `Copy` and is made without allocating (the move's name is kept inline, see
/// [`MoveName`]): engines refuse moves in hot loops, and a `Result` that needs no drop keeps
/// the callers' loops small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move: {color} {name}: {reason}")]
pub struct PlayError {
    /// The colour that tried the move.
    pub color: Color,
    /// The move tried.
    pub mv: Move,
    /// Why it was refused.
    pub reason: IllegalMove,
    /// The move's name on its board (`D4`, a graph point's name).
    pub name: MoveName,
}

impl PlayError {
    /// The refusal of `mv` by `color` on `geometry` for `reason`.
    pub fn new(geometry: &Geometry, color: Color, mv: Move, reason: IllegalMove) -> PlayError {
        PlayError {
            color,
            mv,
            reason,
            name: mv.short_name(geometry),
        }
    }
}

/// What an accepted move did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// Opponent stones removed.
    pub captured: u32,
    /// The mover's own stones removed (self-capture).
    pub self_captured: u32,
    /// Whether the move ended the game.
    pub ended: bool,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Margin {
    /// By this many points.
    Points(f64),
    /// By resignation.
    Resign,
    /// By reaching a goal that has no margin (first to capture N, say).
    Goal,
}

/// The result of a finished game, written as SGF's `RE` writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    /// `B+3.5`, `W+R`, `B+` (a goal reached).
    Win {
        /// The player who won.
        winner: Color,
        /// By how much: points, a resignation, or a goal reached.
        margin: Margin,
    },
    /// `0`: equal scores.
    Draw,
    /// `Void`: no result (an endless cycle).
    NoResult,
}

impl GameResult {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, margin } => match margin {
                // A margin of whole or half points (every count's) without the float
                // formatter, as it writes them: `7`, `7.5`.
                Margin::Points(p) if *p >= 0.0 && (2.0 * p).fract() == 0.0 && *p < 1e15 => {
                    let halves = (2.0 * p) as u64;
                    let half = if halves % 2 == 1 { ".5" } else { "" };
                    write!(f, "{}+{}{half}", winner.letter(), halves / 2)
                }
                Margin::Points(p) => write!(f, "{}+{}", winner.letter(), p),
                Margin::Resign => write!(f, "{}+R", winner.letter()),
                Margin::Goal => write!(f, "{}+", winner.letter()),
            },
            GameResult::Draw => f.write_str("0"),
            GameResult::NoResult => f.write_str("Void"),
        }
    }
}

/// A text that is not a result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {0:?}; expected B+N, W+N, B+R, W+R, B+, W+, 0 or Void")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad = || ParseResultError(s.to_owned());
        match t.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Ok(GameResult::Draw),
            "void" => return Ok(GameResult::NoResult),
            _ => {}
        }
        let (who, rest) = t.split_once('+').ok_or_else(bad)?;
        let winner: Color = who.parse().map_err(|_| bad())?;
        let margin = match rest.to_ascii_lowercase().as_str() {
            "" => Margin::Goal,
            "r" | "resign" => Margin::Resign,
            m => {
                let halves = crate::options::parse_halves(m).ok_or_else(bad)?;
                Margin::Points(halves as f64 / 2.0)
            }
        };
        Ok(GameResult::Win { winner, margin })
    }
}

/// Points of each player under the position's scoring rule (komi included).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Black's points.
    pub black: f64,
    /// White's points, komi included.
    pub white: f64,
}

impl Score {
    /// The result these points give: the higher score wins by the difference.
    pub fn result(&self) -> GameResult {
        let d = self.black - self.white;
        if d > 0.0 {
            GameResult::Win {
                winner: Color::Black,
                margin: Margin::Points(d),
            }
        } else if d < 0.0 {
            GameResult::Win {
                winner: Color::White,
                margin: Margin::Points(-d),
            }
        } else {
            GameResult::Draw
        }
    }
}

/// A game position under one variant's rules: board, side to move, and the history the
/// rules need.
///
/// The trait is object-safe: the registry, the CLI and the conformance runner hold a
/// `Box<dyn Position>`. Hot loops use a variant's concrete type (`GoPosition`, ...) through
/// generics, so nothing is dispatched dynamically per point.
///
/// Every legality query applies every rule of the variant, repetition included. A rejected
/// [`Position::play_as`] leaves the position exactly as it was.
pub trait Position: fmt::Debug + Send + Sync + Any {
    /// The setup the game started from (rules, initial stones, first player).
    fn setup(&self) -> &Setup;

    /// The stones on the board now.
    fn board(&self) -> &Board;

    /// Whose turn it is.
    fn side_to_move(&self) -> Color;

    /// The moves played since the setup, oldest first.
    fn history(&self) -> &[Turn];

    /// Whether `color` may make `mv` now, and if not, why.
    fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove>;

    /// Replaces `out` with every legal move of `color` now: the board points in point order,
    /// then [`Move::Pass`]. Empty once the game is over. Resignation, always allowed while the
    /// game goes on, is not listed.
    fn legal_moves_as(&self, color: Color, out: &mut Vec<Move>);

    /// Makes a move for `color` (GTP lets either colour move); the other colour moves next.
    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError>;

    /// Takes back the last move; `None` at the setup. Reopens a finished game.
    fn undo(&mut self) -> Option<Turn>;

    /// The result once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<GameResult>;

    /// The score of the current position under the variant's scoring rule, with `dead`
    /// stones removed first (points that are empty or off the board are ignored).
    fn score(&self, dead: &[Point]) -> Score;

    /// Stones of the opponent that `color` has captured (prisoners, pass stones included).
    fn captures(&self, color: Color) -> u32;

    /// The captures that win the game at once, where the variant's end depends on them
    /// (the first player to have captured this many stones wins); `None` where it does not
    /// (the default). The counts are [`Position::captures`]. Observations for learning show
    /// them, as the stones do not.
    fn capture_goal(&self) -> Option<u32> {
        None
    }

    /// A copy of the position.
    fn clone_box(&self) -> Box<dyn Position>;

    /// The concrete position, for family-specific queries.
    fn as_any(&self) -> &dyn Any;

    /// Makes this position a copy of `source` and returns `true` when both are of one type,
    /// reusing this position's buffers (its history and undo records keep their room);
    /// returns `false` and changes nothing otherwise. A loop over many games of one variant
    /// (replaying records) keeps one position this way instead of allocating a copy per
    /// game. The provided method never copies: a family opts in.
    fn clone_from_dyn(&mut self, source: &dyn Position) -> bool {
        let _ = source;
        false
    }

    /// The rules (variant and options).
    fn rules(&self) -> &Rules {
        &self.setup().rules
    }

    /// The geometry.
    fn geometry(&self) -> &Geometry {
        self.board().geometry()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether the side to move may make `mv`.
    fn is_legal(&self, mv: Move) -> bool {
        self.check_move(self.side_to_move(), mv).is_ok()
    }

    /// Makes a move for the side to move.
    fn play(&mut self, mv: Move) -> Result<MoveEffect, PlayError> {
        self.play_as(self.side_to_move(), mv)
    }

    /// Replaces `out` with every legal move of the side to move (see
    /// [`Position::legal_moves_as`]).
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_as(self.side_to_move(), out);
    }

    /// The legal moves of the side to move as a bit set of actions (hot path): bit `a % 64`
    /// of `out[a / 64]` is set exactly when action `a` is legal, action `i` being board point
    /// `i` and action [`Geometry::num_points`] a pass; every other bit of `out` is cleared;
    /// returns the number of bits set. Actions past the end of `out` are left out
    /// (`(num_points + 1).div_ceil(64)` words hold them all). `scratch` is a list the
    /// implementation may use: the provided one lists [`Position::legal_moves`] into it; an
    /// engine that judges its points as bits overrides it.
    fn legal_action_bits(&self, out: &mut [u64], scratch: &mut Vec<Move>) -> usize {
        out.fill(0);
        self.legal_moves(scratch);
        let pass = self.geometry().num_points();
        let mut count = 0;
        for &mv in scratch.iter() {
            let a = match mv {
                Move::Place(p) => p.index(),
                Move::Pass => pass,
                Move::Resign => continue,
            };
            if let Some(word) = out.get_mut(a / 64) {
                *word |= 1 << (a % 64);
                count += 1;
            }
        }
        count
    }

    /// [`Position::legal_action_bits`], from what `cache` kept of this game's last judgement
    /// (hot path of a game played forward): an engine that keeps its legality from move to
    /// move judges again only the points the moves since changed. The provided one judges
    /// everything ([`Position::legal_action_bits`]) and keeps nothing.
    fn legal_action_bits_cached(
        &self,
        cache: &mut crate::LegalCache,
        out: &mut [u64],
        scratch: &mut Vec<Move>,
    ) -> usize {
        let _ = cache;
        self.legal_action_bits(out, scratch)
    }
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        for text in ["B+3.5", "W+0.5", "0", "Void", "B+R", "W+", "W+12"] {
            let r: GameResult = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
        }
        assert_eq!(
            "X+3".parse::<GameResult>(),
            Err(ParseResultError("X+3".to_owned()))
        );
        assert!("B+3.3".parse::<GameResult>().is_err());
        let s = Score {
            black: 10.0,
            white: 6.5,
        };
        assert_eq!(s.result().to_string(), "B+3.5");
        assert_eq!(Score::default().result(), GameResult::Draw);
    }

    #[test]
    fn a_margin_is_written_as_the_float_formatter_writes_it() {
        let halves = (0..2000u64).chain([1 << 40, (1 << 49) + 1, 1_999_999_999_999_999]);
        let others = [0.25, 1e15, 1e300, 3.3, f64::INFINITY, -2.5];
        for p in halves.map(|h| h as f64 / 2.0).chain(others) {
            let r = GameResult::Win {
                winner: Color::White,
                margin: Margin::Points(p),
            };
            assert_eq!(r.to_string(), format!("W+{p}"), "{p}");
        }
    }

    #[test]
    fn reasons_parse() {
        for r in IllegalMove::ALL {
            assert_eq!(r.name().parse::<IllegalMove>().unwrap(), r);
        }
        assert_eq!(
            "game-over".parse::<IllegalMove>().unwrap(),
            IllegalMove::GameOver
        );
        assert_eq!(
            IllegalMove::parse_among("Not-Adjacent", &["not adjacent"]).unwrap(),
            IllegalMove::Family("not adjacent")
        );
        // A family word written with hyphens is found by its spaced form too.
        assert_eq!(
            IllegalMove::parse_among("not adjacent", &["not-adjacent"]).unwrap(),
            IllegalMove::Family("not-adjacent")
        );
        let e = "nope".parse::<IllegalMove>().unwrap_err();
        assert_eq!(e.text, "nope");
        assert_eq!(
            e.to_string(),
            "unknown illegal-move reason \"nope\"; expected one of: occupied, suicide, ko, superko, game over, off board"
        );
    }

    #[test]
    fn play_errors_name_the_colour_and_the_move() {
        let g = Geometry::rect(9, 9).unwrap();
        let d4 = g.parse_point("D4").unwrap();
        let e = PlayError::new(&g, Color::Black, Move::Place(d4), IllegalMove::Occupied);
        assert_eq!(e.to_string(), "illegal move: B D4: occupied");
        let e = PlayError::new(&g, Color::White, Move::Pass, IllegalMove::GameOver);
        assert_eq!(e.to_string(), "illegal move: W pass: game over");
    }
}
