//! The checks the property tests add to the conformance runner's universal checks
//! ([`goishi_conformance::Checker`]).
//!
//! - [`check_effect`]: a move removes only the stones its family allows (Go: the opponent's,
//!   or the mover's own only by a self-capture that the suicide rule allows; contact capture:
//!   never the mover's), adds only the stone played, and reports exactly what it removed;
//! - [`check_score`]: the score of a position equals the score of a fresh position built from
//!   the same board as a setup (plus what a board does not hold: prisoners under territory
//!   scoring, the button);
//! - [`check_undo_lists`]: after `undo`, each colour's legal moves are the lists from before
//!   the move.

use goishi::contact::ContactPosition;
use goishi::go::{GoPosition, Scoring};
use goishi::{Board, Color, Move, MoveEffect, Position, Score, Setup};

/// Which stones a move may remove, by family.
fn family(position: &dyn Position) -> &'static str {
    position.rules().variant().family
}

/// Checks what `mover` playing `mv` did: `before` is the board before the move, `after` the
/// position after it, `effect` what `play_as` returned.
pub fn check_effect(
    before: &Board,
    mover: Color,
    mv: Move,
    effect: MoveEffect,
    after: &dyn Position,
) -> Result<(), String> {
    let g = before.geometry();
    let name = format!("{mover} {}", mv.name(g));
    let now = after.board();
    let placed = mv.point();
    let mut opponent_removed = 0u32;
    let mut own_removed = 0u32;
    for p in g.points() {
        let (b, a) = (before.get(p), now.get(p));
        match (b, a) {
            _ if b == a => {}
            (None, Some(c)) => {
                if Some(p) != placed || c != mover {
                    return Err(format!(
                        "{name} put a {c} stone on {}, which the move did not play",
                        g.point_name(p)
                    ));
                }
            }
            (Some(c), None) => {
                if c == mover {
                    own_removed += 1;
                } else {
                    opponent_removed += 1;
                }
            }
            (Some(c), Some(d)) => {
                return Err(format!(
                    "{name} turned the {c} stone on {} into a {d} stone",
                    g.point_name(p)
                ))
            }
            (None, None) => {}
        }
    }
    let placed_gone = placed.is_some_and(|p| now.get(p) != Some(mover));
    if opponent_removed != effect.captured {
        return Err(format!(
            "{name} removed {opponent_removed} opponent stones but reported {} captured",
            effect.captured
        ));
    }
    let own = own_removed + u32::from(placed_gone);
    if own != effect.self_captured {
        return Err(format!(
            "{name} removed {own} of the mover's stones (the stone played included) but reported {} self-captured",
            effect.self_captured
        ));
    }
    if placed.is_none() && (own > 0 || opponent_removed > 0) {
        return Err(format!("{name} removed stones"));
    }
    match family(after) {
        "go" => {
            let suicide = after.rules().value("suicide");
            let allowed = match suicide {
                "allowed" => true,
                "multi-stone" => own >= 2,
                _ => false,
            };
            if own > 0 && !allowed {
                return Err(format!(
                    "{name} removed {own} of the mover's own stones under suicide={suicide}"
                ));
            }
            if own > 0 && opponent_removed > 0 {
                return Err(format!(
                    "{name} both captured {opponent_removed} stones and self-captured {own}: a move that captures leaves its chain a liberty"
                ));
            }
        }
        "contact" if own > 0 => {
            return Err(format!(
                "{name} removed {own} of the mover's own stones: contact capture never removes the mover's stones"
            ));
        }
        _ => {}
    }
    Ok(())
}

/// The score of a position recomputed from scratch: a fresh position whose setup is the
/// board now, plus what the board does not show (prisoners under Go's territory scoring, the
/// button's half point).
pub fn fresh_score(position: &dyn Position) -> Result<Score, String> {
    let setup = Setup {
        rules: position.rules().clone(),
        board: position.board().clone(),
        to_move: position.side_to_move(),
        handicap: position.setup().handicap,
    };
    let fresh = setup.into_position().map_err(|e| {
        format!(
            "the board of a position reached by legal moves is refused as a setup: {e}\n{}",
            position.board().diagram()
        )
    })?;
    let mut score = fresh.score(&[]);
    if let Some(go) = position.as_any().downcast_ref::<GoPosition>() {
        if go.config().scoring == Scoring::Territory {
            score.black += f64::from(position.captures(Color::Black));
            score.white += f64::from(position.captures(Color::White));
        }
        match go.button() {
            Some(Color::Black) => score.black += 0.5,
            Some(Color::White) => score.white += 0.5,
            None => {}
        }
    }
    Ok(score)
}

/// The position's score equals [`fresh_score`].
pub fn check_score(position: &dyn Position) -> Result<(), String> {
    let now = position.score(&[]);
    let fresh = fresh_score(position)?;
    if now == fresh {
        Ok(())
    } else {
        Err(format!(
            "the score is {now:?}, recomputed from scratch {fresh:?}\n{}",
            position.board().diagram()
        ))
    }
}

/// The legal moves of both colours.
pub fn legal_lists(position: &dyn Position) -> [Vec<Move>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for c in Color::ALL {
        position.legal_moves_as(c, &mut out[c.index()]);
    }
    out
}

/// Plays `mv` on a copy of `position`, undoes it, and checks that each colour's legal moves
/// are those of before the move.
pub fn check_undo_lists(position: &dyn Position, mv: Move) -> Result<(), String> {
    let before = legal_lists(position);
    let mut copy = position.clone_box();
    let color = copy.side_to_move();
    copy.play_as(color, mv)
        .map_err(|e| format!("{color} {}: {e}", mv.name(position.geometry())))?;
    copy.undo();
    let after = legal_lists(copy.as_ref());
    if before == after {
        Ok(())
    } else {
        Err(format!(
            "after {color} {} and undo, the legal moves differ from before the move",
            mv.name(position.geometry())
        ))
    }
}

/// A family's own consistency check of its incremental state, where it has one.
pub fn check_internal(position: &dyn Position) -> Result<(), String> {
    if let Some(c) = position.as_any().downcast_ref::<ContactPosition>() {
        c.check_invariants().map_err(|e| e.to_string())?;
    }
    Ok(())
}
