//! The adapter every engine implements, and the one playout policy they all follow.

use goishi::Color;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The ko rule a workload is measured under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Simple ko, suicide forbidden: the rules every peer has.
    Simple,
    /// Positional superko, suicide forbidden.
    Positional,
}

impl KoRule {
    /// A short name for benchmark ids and tables.
    pub const fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::Positional => "superko",
        }
    }
}

/// A grid coordinate every engine understands: `x` the column from the left, `y` the row from
/// the bottom (`(0, 0)` is `A1`).
pub type Coord = (u32, u32);

/// A move written engine-neutrally: a point, or `None` for a pass.
pub type NeutralMove = Option<Coord>;

/// One engine seen through the few operations the workloads need. Each implementation calls
/// the engine's public API the way its documentation intends; the workloads are written once,
/// against this trait, so that every engine runs exactly the same loop.
pub trait Engine: Clone {
    /// The engine's own point type.
    type Point: Copy + PartialEq + std::fmt::Debug;

    /// The player to move.
    fn side_to_move(&self) -> Color;

    /// Replaces `out` with the empty points, in the engine's own order, taken from the
    /// engine's own bookkeeping (an empty-point list where it keeps one, a board scan
    /// otherwise).
    fn empty_points(&self, out: &mut Vec<Self::Point>);

    /// Whether `p` is a single-point eye of `color`: empty, and every on-board neighbour a
    /// stone of `color`.
    fn is_own_eye(&self, p: Self::Point, color: Color) -> bool;

    /// Plays `color` at `p` if that is legal; returns whether it was played. An illegal play
    /// leaves the position as it was.
    fn try_play(&mut self, color: Color, p: Self::Point) -> bool;

    /// `color` passes.
    fn pass(&mut self, color: Color);

    /// Whether the rules ended the game for a reason of their own (not two passes, which the
    /// policy counts itself). Go engines say `false`.
    fn game_over(&self) -> bool {
        false
    }

    /// What the engine's legal-move list holds (a point, or a move that may be a pass).
    type Legal: Copy;

    /// Replaces `out` with the legal moves of the side to move, through the engine's own
    /// legal-move query, in the engine's own order and form (a pass included where the
    /// engine lists one).
    fn legal_moves(&self, out: &mut Vec<Self::Legal>);

    /// The board point of a listed legal move; `None` for a pass.
    fn legal_coord(&self, m: Self::Legal) -> Option<Coord>;

    /// The engine's point at a grid coordinate.
    fn point(&self, at: Coord) -> Self::Point;

    /// The grid coordinate of an engine point.
    fn coord(&self, p: Self::Point) -> Coord;

    /// The stone at a grid coordinate.
    fn stone_at(&self, at: Coord) -> Option<Color>;

    /// The board's width and height.
    fn size(&self) -> (u32, u32);
}

/// The cap on the length of a playout: 3 x the number of points.
pub fn playout_cap(size: (u32, u32)) -> usize {
    3 * (size.0 * size.1) as usize
}

/// The playout policy, the same for every engine: while fewer than `cap` moves were made,
/// fewer than two consecutive passes, and the rules have not ended the game, the side to move
/// takes the empty points, picks one uniformly at random, plays it unless it fills a
/// single-point eye of its own or is illegal, and otherwise drops it (swap-remove) and picks
/// again; when no candidate is left it passes. Returns the number of moves made, passes
/// included.
pub fn playout<E: Engine>(
    game: &mut E,
    rng: &mut ChaCha8Rng,
    candidates: &mut Vec<E::Point>,
) -> usize {
    let cap = playout_cap(game.size());
    playout_capped(game, rng, candidates, cap)
}

/// [`playout`] with another cap on the number of moves.
pub fn playout_capped<E: Engine>(
    game: &mut E,
    rng: &mut ChaCha8Rng,
    candidates: &mut Vec<E::Point>,
    cap: usize,
) -> usize {
    let mut moves = 0;
    let mut passes = 0;
    while moves < cap && passes < 2 && !game.game_over() {
        let color = game.side_to_move();
        game.empty_points(candidates);
        let mut played = false;
        while !candidates.is_empty() {
            let p = candidates.swap_remove(rng.random_range(0..candidates.len()));
            if !game.is_own_eye(p, color) && game.try_play(color, p) {
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            game.pass(color);
            passes += 1;
        }
        moves += 1;
    }
    moves
}

/// The random generator of playout number `index` of a batch: ChaCha8 seeded with
/// `base + index`, the same for every engine.
pub fn playout_rng(base: u64, index: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(base.wrapping_add(index))
}

/// Plays `count` playouts from `start`, playout `i` seeded by [`playout_rng`]`(base, i)`,
/// resetting `game` from `start` with `clone_from` before each. Returns the moves made in all.
pub fn playout_batch<E: Engine>(
    start: &E,
    game: &mut E,
    candidates: &mut Vec<E::Point>,
    base: u64,
    count: u64,
) -> usize {
    playout_batch_capped(
        start,
        game,
        candidates,
        base,
        count,
        playout_cap(start.size()),
    )
}

/// [`playout_batch`] with another cap on the number of moves of each playout.
pub fn playout_batch_capped<E: Engine>(
    start: &E,
    game: &mut E,
    candidates: &mut Vec<E::Point>,
    base: u64,
    count: u64,
    cap: usize,
) -> usize {
    let mut moves = 0;
    for i in 0..count {
        game.clone_from(start);
        let mut rng = playout_rng(base, i);
        moves += playout_capped(game, &mut rng, candidates, cap);
    }
    moves
}

/// Replays engine-neutral moves into `game`, the colours alternating from the side to move.
/// Fails, naming the move, if the engine refuses one.
pub fn replay<E: Engine>(game: &mut E, moves: &[NeutralMove]) -> Result<(), String> {
    for (i, mv) in moves.iter().enumerate() {
        let color = game.side_to_move();
        match *mv {
            Some(at) => {
                let p = game.point(at);
                if !game.try_play(color, p) {
                    return Err(format!(
                        "move {} ({color} at column {}, row {}) refused",
                        i + 1,
                        at.0,
                        at.1
                    ));
                }
            }
            None => game.pass(color),
        }
    }
    Ok(())
}

/// The board as text, one row per line from the top, `X` black, `O` white, `.` empty: the
/// same picture for every engine that holds the same stones.
pub fn board_text<E: Engine>(game: &E) -> String {
    let (w, h) = game.size();
    let mut s = String::with_capacity(((w + 1) * h) as usize);
    for y in (0..h).rev() {
        for x in 0..w {
            s.push(match game.stone_at((x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}

/// The legal points of the side to move as sorted grid coordinates.
pub fn legal_coords<E: Engine>(game: &E) -> Vec<Coord> {
    let mut list = Vec::new();
    game.legal_moves(&mut list);
    let mut coords: Vec<Coord> = list
        .into_iter()
        .filter_map(|m| game.legal_coord(m))
        .collect();
    coords.sort_unstable_by_key(|&(x, y)| (y, x));
    coords
}
