//! What the environment's tests share: owned buffers, and the planes and mask of a position
//! worked out from scratch (from its boards, not from the environment's history words).

#![allow(dead_code)]

use goishi::{Color, Move, Position, Rules, BLACK, EMPTY, WHITE};
use goishi_env::{EnvConfig, VecEnv};

pub use goishi_env::OwnedBuffers as Owned;

/// Buffers of the right length for `env`, filled with values no step writes (so that a test
/// sees what a step failed to write).
pub fn sentinel_buffers(env: &VecEnv) -> Owned {
    let mut out = Owned::new(env);
    out.obs.fill(7);
    out.mask.fill(7);
    out.rewards.fill(9.0);
    out.terminations.fill(true);
    out.truncations.fill(true);
    out
}

pub fn rules(text: &str) -> Rules {
    goishi::registry().parse_rules(text).unwrap()
}

pub fn config(rules_text: &str, size: Option<(u32, u32)>, num_envs: usize) -> EnvConfig {
    let mut c = EnvConfig::new(rules(rules_text), num_envs);
    c.size = size;
    c
}

/// The cell value of `color`.
fn cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The planes of a position whose boards since the start are `boards` (oldest first), as
/// bytes: for each point, the mover's stone and the opponent's `k` positions ago for `k` in
/// `0..history`, then 1 when White is to move.
pub fn planes_of(boards: &[Vec<u8>], history: usize, mover: Color) -> Vec<u8> {
    planes_with_counts(boards, history, mover, &[])
}

/// [`planes_of`] with `counts` (0 or 1 each) after each point's colour plane.
pub fn planes_with_counts(
    boards: &[Vec<u8>],
    history: usize,
    mover: Color,
    counts: &[u8],
) -> Vec<u8> {
    let points = boards[0].len();
    let mut out = Vec::new();
    for p in 0..points {
        for k in 0..history {
            let at = boards.len().checked_sub(1 + k).map(|i| boards[i][p]);
            let at = at.unwrap_or(EMPTY);
            out.push(u8::from(at == cell(mover)));
            out.push(u8::from(at == cell(mover.opponent())));
        }
        out.push(u8::from(mover == Color::White));
        out.extend_from_slice(counts);
    }
    out
}

/// The count planes of `game` seen by `observer`, worked out from scratch: where the game
/// ends at `goal` captures, each player's captures (the observer's first, at most `goal -
/// 1`) in as many bits as `goal - 1` takes, the least significant first.
pub fn count_planes(game: &dyn Position, observer: Color) -> Vec<u8> {
    let Some(goal) = game.capture_goal() else {
        return Vec::new();
    };
    let top = goal.saturating_sub(1);
    let mut bits = 0;
    while top >> bits != 0 {
        bits += 1;
    }
    let mut out = Vec::new();
    for color in [observer, observer.opponent()] {
        let count = game.captures(color).min(top);
        for j in 0..bits {
            out.push((count >> j & 1) as u8);
        }
    }
    out
}

/// The legal mask of a position: its legal moves, the points then pass, 1 for legal.
pub fn mask_of(position: &dyn Position) -> Vec<u8> {
    let points = position.geometry().num_points();
    let mut mask = vec![0; points + 1];
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for mv in moves {
        match mv {
            Move::Place(p) => mask[p.index()] = 1,
            Move::Pass => mask[points] = 1,
            Move::Resign => {}
        }
    }
    mask
}

/// `numpy.packbits` of a byte plane (the first bit in the most significant place).
pub fn packbits(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; bytes.len().div_ceil(8)];
    for (i, &b) in bytes.iter().enumerate() {
        if b != 0 {
            out[i / 8] |= 0x80 >> (i % 8);
        }
    }
    out
}
