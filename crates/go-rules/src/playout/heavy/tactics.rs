//! Tactical reading for the heavy policy and the tree's priors: captures, escapes from atari
//! and ladders ([`fix_atari`], after Michi's routine of that name), and bad self-atari
//! ([`self_atari`]).
//!
//! Reading plays stones on the position and takes them back (`undo` restores it exactly), so
//! every read leaves the position as it found it. It plays through `try_place`, so it reads
//! by the position's own rules: ko, superko and suicide included.

use crate::GoPosition;
use goishi_board::{Adjacency, Color, Point, Position, Topology};

use super::Candidates;

/// The most stones one reading plays (both sides', every branch tried): past it, a chain is
/// taken to escape. A ladder across a 19x19 board takes about 70, and the wrong side of a
/// ladder ends within a few; the bound keeps a reading short whatever the position (trying
/// both liberties at every step could otherwise branch without end).
const READ_BUDGET: u32 = 200;

/// When to read whether a chain of the opponent with two liberties is caught in a ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TwoLiberties {
    /// Never.
    Never,
    /// Only when both liberties are on the first line (the short edge ladders: the playouts).
    OnEdge,
    /// Always (the tree's priors).
    Always,
}

/// What [`fix_atari`] reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    /// Leave chains of one stone alone.
    pub single_ok: bool,
    /// Whether to read ladders on chains of the opponent with two liberties.
    pub two_liberties: TwoLiberties,
}

impl Reading {
    /// The playouts' reading: every chain, ladders on the edge only.
    pub(crate) const PLAYOUT: Reading = Reading {
        single_ok: false,
        two_liberties: TwoLiberties::OnEdge,
    };

    /// The tree's reading: every chain, every ladder.
    pub(crate) const TREE: Reading = Reading {
        single_ok: false,
        two_liberties: TwoLiberties::Always,
    };

    /// Inside a ladder: no ladder read on another chain.
    const LADDER: Reading = Reading {
        single_ok: false,
        two_liberties: TwoLiberties::Never,
    };
}

/// Whether `p` is on the first line of a square or rectangular board (it has fewer
/// neighbours than its board's points in the middle have).
#[inline]
fn on_edge(game: &GoPosition, p: Point) -> bool {
    let g = game.geometry();
    g.is_rect() && g.default_neighbors().of(p).len() < 4
}

/// Reads the chain through `c` for `mover` and pushes the moves it suggests to `out`:
///
/// - a chain of the opponent in atari: its liberty (the capture);
/// - a chain of the opponent of two stones or more with two liberties, when `reading` asks:
///   the liberty whose play catches it in a ladder, if one does;
/// - a chain of `mover` in atari: the liberty of each chain of the opponent next to it that
///   is itself in atari (the counter-captures), and its own liberty if playing there gives
///   it two liberties or more and, with exactly two and no counter-capture, no ladder
///   catches it.
///
/// Returns whether the chain is in atari. Nothing for an empty point, or a single stone
/// when `reading.single_ok`. The position is left as it was.
pub(crate) fn fix_atari(
    game: &mut GoPosition,
    c: Point,
    mover: Color,
    reading: Reading,
    out: &mut Candidates,
) -> bool {
    let mut budget = READ_BUDGET;
    read_chain(game, c, mover, reading, out, &mut budget)
}

/// [`fix_atari`] with `budget` stones left to play.
fn read_chain(
    game: &mut GoPosition,
    c: Point,
    mover: Color,
    reading: Reading,
    out: &mut Candidates,
    budget: &mut u32,
) -> bool {
    let Some(owner) = game.board().get(c) else {
        return false;
    };
    let size = game.chain_size(c);
    if reading.single_ok && size == 1 {
        return false;
    }
    let Some(liberty) = game.atari_liberty(c) else {
        // Not in atari: only a chain of the opponent of two stones or more is read further,
        // for a ladder, when the reading asks (the liberties are walked only then).
        if owner == mover
            || size == 1
            || reading.two_liberties == TwoLiberties::Never
            || *budget == 0
        {
            return false;
        }
        let mut libs = [Point::new(0); 2];
        if game.chain_liberties(c, &mut libs) == 2
            && (reading.two_liberties == TwoLiberties::Always
                || (on_edge(game, libs[0]) && on_edge(game, libs[1])))
        {
            if let Some(attack) = ladder_attack(game, c, mover, libs, budget) {
                out.push(attack);
            }
        }
        return false;
    };
    if owner != mover {
        out.push(liberty);
        return true;
    }
    // Counter-captures: the chains of the opponent next to this one, in atari.
    let before = out.len();
    let opponent = mover.opponent();
    for s in game.chain_stones(c) {
        for &t in game.geometry().default_neighbors().of(s) {
            if game.board().get(t) == Some(opponent) {
                if let Some(l) = game.atari_liberty(t) {
                    out.push(l);
                }
            }
        }
    }
    let countered = out.len() > before;
    // The escape: does playing the liberty give two liberties, and no ladder?
    if !game.try_place(mover, liberty) {
        return true;
    }
    let mut after = [Point::new(0); 2];
    let count = game.chain_liberties(liberty, &mut after);
    let escapes = count > 2
        || (count == 2
            && (countered
                || *budget == 0
                || ladder_attack(game, liberty, opponent, after, budget).is_none()));
    game.undo();
    if escapes {
        out.push(liberty);
    }
    true
}

/// Whether `attacker` catches the chain through `c`, which has the two liberties `libs`, in
/// a ladder: for each liberty in turn, plays it and reads whether the chain, then in atari,
/// has an escape ([`fix_atari`], recursively). Returns the liberty that catches it; `None`
/// too once `budget` runs out.
fn ladder_attack(
    game: &mut GoPosition,
    c: Point,
    attacker: Color,
    libs: [Point; 2],
    budget: &mut u32,
) -> Option<Point> {
    for l in libs {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if !game.try_place(attacker, l) {
            continue;
        }
        let mut escapes = Candidates::new();
        let in_atari = read_chain(
            game,
            c,
            attacker.opponent(),
            Reading::LADDER,
            &mut escapes,
            budget,
        );
        game.undo();
        if in_atari && escapes.is_empty() {
            return Some(l);
        }
    }
    None
}

/// Whether the stone `mover` has just played at `p` was a bad self-atari: it was taken off
/// (a suicide), or its chain of two stones or more is in atari, or has two liberties and is
/// caught in a ladder (read as `two_liberties` says). A single stone in atari is not bad
/// (a throw-in, a nakade).
pub(crate) fn self_atari(
    game: &mut GoPosition,
    p: Point,
    mover: Color,
    two_liberties: TwoLiberties,
) -> bool {
    if game.board().get(p) != Some(mover) {
        return true;
    }
    let reading = Reading {
        single_ok: true,
        two_liberties,
    };
    let mut attacks = Candidates::new();
    fix_atari(game, p, mover.opponent(), reading, &mut attacks);
    !attacks.is_empty()
}

/// Whether `p` is a true eye of `color`: a single-point eye ([`GoPosition::is_own_eye`])
/// that the opponent does not hold the corners of. On square, rectangular and torus boards,
/// the eye is false when two of its diagonal points are stones of the opponent (one on the
/// edge, where the board takes the place of the other); on hex and graph boards, which have
/// no diagonals, every single-point eye counts.
#[inline]
pub(crate) fn is_true_eye(game: &GoPosition, p: Point, color: Color) -> bool {
    if !game.is_own_eye(p, color) {
        return false;
    }
    let geometry = game.geometry();
    if !matches!(geometry.topology(), Topology::Rect | Topology::Torus) {
        return true;
    }
    // Asked only of the geometries that have it: the error would allocate its message.
    let Ok(diagonals) = geometry.neighbors(Adjacency::Diagonal) else {
        return true;
    };
    let corners = diagonals.of(p);
    let opponent = Some(color.opponent());
    let mut bad = u32::from(corners.len() < 4);
    for &q in corners {
        bad += u32::from(game.board().get(q) == opponent);
    }
    bad < 2
}
