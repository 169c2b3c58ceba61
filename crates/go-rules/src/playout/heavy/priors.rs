//! The tree's prior knowledge of Go moves: when the search expands a node, each of its moves
//! starts with prior visits and wins (half points), which the selection formula counts as
//! playouts (see `tree::Node::select`). The figures are Michi's (Baudiš, "michi.py").

use crate::GoPosition;
use goishi_board::{Color, Move, Point, Position};

use super::patterns::{matches_pattern, Grid};
use super::tactics::{fix_atari, self_atari, Reading, TwoLiberties};
use super::{Candidates, Prior};

/// Every move: 5 wins of 10.
const EVEN: u32 = 10;
/// A capture (or escape) that the reader suggests for a chain of one stone, and of more.
const CAPTURE_ONE: u32 = 15;
const CAPTURE_MANY: u32 = 30;
/// A point whose 3x3 neighbourhood matches a pattern.
const PATTERN: u32 = 10;
/// Distances 1, 2 and 3 from the last move in the common-fate graph.
const NEAR_LAST: [u32; 3] = [24, 22, 8];
/// The first and second lines of an empty area (losses), and its third line (wins).
const EMPTY_AREA: u32 = 10;
/// An empty area: no stone at this Manhattan distance or closer.
const EMPTY_AREA_RADIUS: i32 = 3;
/// A bad self-atari (losses).
const SELF_ATARI: u32 = 10;

/// Replaces `priors` with the priors of `moves`, the moves of `color` in `game` (one a move,
/// in order; see the module docs). Reads by playing and taking back: `game` is left as it
/// was.
pub(crate) fn tree_priors(
    game: &mut GoPosition,
    color: Color,
    moves: &[Move],
    priors: &mut Vec<Prior>,
) {
    priors.clear();
    priors.extend(moves.iter().map(|_| Prior {
        visits: EVEN,
        wins: EVEN,
    }));
    let n = game.geometry().num_points();
    // The move of each point.
    let mut slot = vec![u32::MAX; n];
    for (i, mv) in moves.iter().enumerate() {
        if let Move::Place(p) = mv {
            slot[p.index()] = i as u32;
        }
    }
    captures(game, color, &slot, priors);
    near_last(game, &slot, priors);
    let grid = Grid::of(game.geometry());
    for (mv, prior) in moves.iter().zip(priors.iter_mut()) {
        let Move::Place(p) = *mv else {
            continue;
        };
        if let Some(grid) = grid {
            if matches_pattern(game, grid, p) {
                prior.win(PATTERN);
            }
            if let Some(line) = grid.line(p) {
                if line <= 2 && empty_area(game, grid, p) {
                    if line == 2 {
                        prior.win(EMPTY_AREA);
                    } else {
                        prior.loss(EMPTY_AREA);
                    }
                }
            }
        }
        if game.try_place(color, p) {
            if self_atari(game, p, color, TwoLiberties::Always) {
                prior.loss(SELF_ATARI);
            }
            game.undo();
        }
    }
}

/// The captures and escapes the reader suggests for every chain on the board (ladders read
/// in full): a bonus to each move suggested, by the size of the chain it is for.
fn captures(game: &mut GoPosition, color: Color, slot: &[u32], priors: &mut [Prior]) {
    let n = slot.len();
    let mut bonus = vec![0u32; priors.len()];
    let mut seen = vec![false; n];
    for i in 0..n {
        let c = Point::new(i);
        if seen[i] || game.board().get(c).is_none() {
            continue;
        }
        for s in game.chain_stones(c) {
            seen[s.index()] = true;
        }
        let mut found = Candidates::new();
        fix_atari(game, c, color, Reading::TREE, &mut found);
        let size = if game.chain_size(c) > 1 {
            CAPTURE_MANY
        } else {
            CAPTURE_ONE
        };
        for &p in found.as_slice() {
            if let Some(&k) = slot.get(p.index()) {
                if k != u32::MAX {
                    let b = &mut bonus[k as usize];
                    *b = (*b).max(size);
                }
            }
        }
    }
    for (prior, b) in priors.iter_mut().zip(bonus) {
        if b > 0 {
            prior.win(b);
        }
    }
}

/// The bonus of the moves within distance 3 of the last stone played, in the common-fate
/// graph: a step to a neighbour costs 1, except between the stones of one chain.
fn near_last(game: &GoPosition, slot: &[u32], priors: &mut [Prior]) {
    let Some(&goishi_board::Turn {
        mv: Move::Place(last),
        ..
    }) = game.history().last()
    else {
        return;
    };
    let neighbours = game.geometry().default_neighbors();
    let mut distance = vec![u8::MAX; slot.len()];
    let mut frontier: Vec<Point> = Vec::new();
    if game.board().get(last).is_some() {
        for s in game.chain_stones(last) {
            distance[s.index()] = 0;
            frontier.push(s);
        }
    } else {
        distance[last.index()] = 0;
        frontier.push(last);
    }
    let mut next = Vec::new();
    for d in 1..=NEAR_LAST.len() as u8 {
        next.clear();
        for &p in &frontier {
            for &q in neighbours.of(p) {
                if distance[q.index()] != u8::MAX {
                    continue;
                }
                distance[q.index()] = d;
                next.push(q);
                if game.board().get(q).is_some() {
                    for s in game.chain_stones(q) {
                        if distance[s.index()] == u8::MAX {
                            distance[s.index()] = d;
                            next.push(s);
                        }
                    }
                }
            }
        }
        for &q in &next {
            let k = slot[q.index()];
            if k != u32::MAX {
                priors[k as usize].win(NEAR_LAST[usize::from(d) - 1]);
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
}

/// Whether no stone is within [`EMPTY_AREA_RADIUS`] of `p` (Manhattan distance) on a grid.
fn empty_area(game: &GoPosition, grid: Grid, p: Point) -> bool {
    let cells = game.board().cells();
    let r = EMPTY_AREA_RADIUS;
    for dy in -r..=r {
        let span = r - dy.abs();
        for dx in -span..=span {
            if let Some(q) = grid.step(p, (dx, dy)) {
                if cells[q.index()] != goishi_board::EMPTY {
                    return false;
                }
            }
        }
    }
    true
}
