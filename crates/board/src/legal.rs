//! A game's legal actions kept from move to move ([`LegalCache`],
//! [`Position::legal_action_bits_cached`](crate::Position::legal_action_bits_cached)), and
//! a bit set of actions written as a mask of bytes ([`write_mask`]: numpy's `bool` layout).

/// What an engine keeps between two judgements of a game's legal actions, so that after a
/// move it judges again only the points the move can have changed (the vectorized
/// environment's mask). Its contents are the engine's own; a caller makes one per game,
/// lends it to every call on that game, and [`LegalCache::clear`]s it when the game is taken
/// back or started again (an engine checks that the cache follows the game, the number of
/// moves and the board, and judges everything again when it does not, but a game taken back
/// and played on to the same board and move count may go unnoticed).
#[derive(Clone, Debug, Default)]
pub struct LegalCache {
    /// The number of moves of the game the contents describe; `None` when empty.
    pub moves: Option<usize>,
    /// The board's hash when they were written.
    pub hash: u64,
    /// The engine's words (its bit sets).
    pub words: Vec<u64>,
    /// A point the engine remembers from the last move (a ko), or `u32::MAX`.
    pub mark: u32,
}

impl LegalCache {
    /// Forgets the game: the next judgement is a full one.
    pub fn clear(&mut self) {
        self.moves = None;
        self.mark = u32::MAX;
    }
}

/// Writes bit `i` of `bits` (bit `i % 64` of word `i / 64`) as byte `i` (0 or 1) of `out`,
/// for every byte of `out`.
pub fn write_mask(out: &mut [u8], bits: &[u64]) {
    let done = out.len() / 8;
    let mut chunks = out.chunks_exact_mut(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let byte = bits[i / 8] >> (8 * (i % 8)) & 0xFF;
        chunk.copy_from_slice(&BYTES[byte as usize].to_le_bytes());
    }
    let rest = chunks.into_remainder();
    if !rest.is_empty() {
        let byte = bits[done / 8] >> (8 * (done % 8)) & 0xFF;
        rest.copy_from_slice(&BYTES[byte as usize].to_le_bytes()[..rest.len()]);
    }
}

/// Byte `k` of entry `x` is bit `k` of `x`.
const BYTES: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while k < 8 {
            if x >> k & 1 == 1 {
                table[x] |= 1 << (8 * k);
            }
            k += 1;
        }
        x += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_become_bytes() {
        let bits = [0x8000_0000_0000_0001u64, 0b101];
        for len in [0, 1, 7, 8, 63, 64, 65, 67] {
            let mut out = vec![9u8; len];
            write_mask(&mut out, &bits);
            for (i, &b) in out.iter().enumerate() {
                assert_eq!(
                    u64::from(b),
                    bits[i / 64] >> (i % 64) & 1,
                    "{len}: byte {i}"
                );
            }
        }
    }
}
