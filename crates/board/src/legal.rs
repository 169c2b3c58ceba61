//! A game's legal actions kept from move to move ([`LegalCache`],
//! [`Position::legal_action_bits_cached`](crate::Position::legal_action_bits_cached)).

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
