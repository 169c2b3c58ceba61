//! Repetition history: earlier states by hash, each confirmed on the board before it counts.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Keys are Zobrist hashes, already uniformly mixed: hashing them again is wasted work.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

const NONE: u32 = u32::MAX;

/// A stack of recorded states (a key and the move count at which it was recorded), with
/// constant-time lookup of every earlier entry that has a given key.
///
/// Entries below `floor` no longer count (Spight's rule and cycle counting clear the
/// history at a pass by raising the floor; undo lowers it back).
#[derive(Debug, Default)]
pub(crate) struct HistoryTable {
    keys: Vec<u64>,
    moves_at: Vec<u32>,
    prev_same: Vec<u32>,
    last: HashMap<u64, u32, BuildHasherDefault<IdentityHasher>>,
    pub(crate) floor: u32,
}

impl HistoryTable {
    pub(crate) fn len(&self) -> u32 {
        self.keys.len() as u32
    }

    /// Records a state reached after `moves_at` moves.
    pub(crate) fn push(&mut self, key: u64, moves_at: u32) {
        let index = self.keys.len() as u32;
        let prev = self.last.insert(key, index).unwrap_or(NONE);
        self.keys.push(key);
        self.moves_at.push(moves_at);
        self.prev_same.push(prev);
    }

    /// Forgets the latest entry.
    pub(crate) fn pop(&mut self) {
        let (Some(key), Some(prev)) = (self.keys.pop(), self.prev_same.pop()) else {
            return;
        };
        self.moves_at.pop();
        if prev == NONE {
            self.last.remove(&key);
        } else {
            self.last.insert(key, prev);
        }
    }

    /// The move counts of every counting entry with this key, latest first.
    pub(crate) fn matches(&self, key: u64) -> impl Iterator<Item = u32> + '_ {
        let mut i = self.last.get(&key).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            if i == NONE || i < self.floor {
                return None;
            }
            let at = self.moves_at[i as usize];
            i = self.prev_same[i as usize];
            Some(at)
        })
    }
}

impl Clone for HistoryTable {
    fn clone(&self) -> Self {
        HistoryTable {
            keys: self.keys.clone(),
            moves_at: self.moves_at.clone(),
            prev_same: self.prev_same.clone(),
            last: self.last.clone(),
            floor: self.floor,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.keys.clone_from(&source.keys);
        self.moves_at.clone_from(&source.moves_at);
        self.prev_same.clone_from(&source.prev_same);
        // Refill rather than clone the map, so that it keeps the capacity it grew to (a
        // playout loop resetting from its start position would otherwise regrow it each time).
        self.last.clear();
        self.last.extend(source.last.iter().map(|(&k, &v)| (k, v)));
        self.floor = source.floor;
    }
}
