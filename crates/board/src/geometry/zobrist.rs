//! Zobrist keys: one deterministic 64-bit key per point and colour, and the key of the side
//! to move, for the rules that hash positions (superko, repetition).

use super::Geometry;
use crate::point::Point;

/// splitmix64: deterministic, well-mixed Zobrist keys without a random number generator.
fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

pub(super) fn zobrist_keys(n: usize) -> Vec<u64> {
    (0..2 * n as u64)
        .map(|i| splitmix64(i ^ 0x676F_6973_6869_0000))
        .collect()
}

/// The Zobrist key of the side to move (XORed in by rules that hash situations).
pub const SIDE_TO_MOVE_KEY: u64 = 0x5DEE_CE66_D1CE_4E5B;

impl Geometry {
    /// The Zobrist key of a stone of colour index `color` (0 black, 1 white) at `p`; panics
    /// for a point off the board or another colour index, as the table lookup it is.
    #[inline]
    pub fn key(&self, p: Point, color: usize) -> u64 {
        self.0.keys[2 * p.index() + color]
    }

    /// The whole key table: `keys[2 * point + color]`.
    #[inline]
    pub fn keys(&self) -> &[u64] {
        &self.0.keys
    }
}
