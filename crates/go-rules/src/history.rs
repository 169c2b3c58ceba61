//! Repetition history: earlier states by hash, each confirmed on the board before it counts.

const NONE: u32 = u32::MAX;

/// One slot of the open-addressing index: a key and the latest entry with that key.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: u64,
    index: u32,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    index: NONE,
};

/// A stack of recorded states (a key and the move count at which it was recorded), with
/// constant-time lookup of every earlier entry that has a given key.
///
/// The index is an open-addressing table with linear probing (the keys are Zobrist hashes,
/// already uniform, used as they are), at most half full, whose slots point to the latest
/// entry with their key; earlier entries with the same key are chained through `prev_same`.
/// Entries are only ever removed last-in first-out (undo), by backward-shift deletion, so the
/// table never holds tombstones. Entries below `floor` no longer count (Spight's rule and cycle
/// counting clear the history at a pass by raising the floor; undo lowers it back).
#[derive(Debug, Default)]
pub(crate) struct HistoryTable {
    keys: Vec<u64>,
    moves_at: Vec<u32>,
    prev_same: Vec<u32>,
    slots: Vec<Slot>,
    used: usize,
    pub(crate) floor: u32,
}

impl HistoryTable {
    pub(crate) fn len(&self) -> u32 {
        self.keys.len() as u32
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len().wrapping_sub(1)
    }

    /// The slot holding `key`, if any.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.mask();
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.index == NONE {
                return None;
            }
            if slot.key == key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    fn place(&mut self, key: u64, index: u32) {
        let mask = self.mask();
        let mut i = key as usize & mask;
        while self.slots[i].index != NONE {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { key, index };
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY_SLOT; size]);
        for slot in old.into_iter().filter(|s| s.index != NONE) {
            self.place(slot.key, slot.index);
        }
    }

    /// Records a state reached after `moves_at` moves.
    pub(crate) fn push(&mut self, key: u64, moves_at: u32) {
        let index = self.keys.len() as u32;
        let prev = match self.find(key) {
            Some(i) => std::mem::replace(&mut self.slots[i].index, index),
            None => {
                if 2 * (self.used + 1) > self.slots.len() {
                    self.grow();
                }
                self.place(key, index);
                self.used += 1;
                NONE
            }
        };
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
        let Some(i) = self.find(key) else {
            return;
        };
        if prev != NONE {
            self.slots[i].index = prev;
            return;
        }
        // Backward-shift deletion: move every later slot of the probe run that may fill the
        // hole (its home is not between the hole and itself) back into it.
        let mask = self.mask();
        let mut hole = i;
        let mut j = (i + 1) & mask;
        loop {
            let slot = self.slots[j];
            if slot.index == NONE {
                break;
            }
            let home = slot.key as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = slot;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.slots[hole] = EMPTY_SLOT;
        self.used -= 1;
    }

    /// The move counts of every counting entry with this key, latest first.
    pub(crate) fn matches(&self, key: u64) -> impl Iterator<Item = u32> + '_ {
        let mut i = self.find(key).map_or(NONE, |s| self.slots[s].index);
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
            slots: self.slots.clone(),
            used: self.used,
            floor: self.floor,
        }
    }

    /// Reuses the target's buffers, and keeps its index at the size it grew to (a playout loop
    /// resetting from its start position would otherwise grow the index again in every game).
    fn clone_from(&mut self, source: &Self) {
        self.keys.clone_from(&source.keys);
        self.moves_at.clone_from(&source.moves_at);
        self.prev_same.clone_from(&source.prev_same);
        if self.slots.len() > source.slots.len() {
            self.slots.fill(EMPTY_SLOT);
            for slot in source.slots.iter().filter(|s| s.index != NONE) {
                self.place(slot.key, slot.index);
            }
        } else {
            self.slots.clone_from(&source.slots);
        }
        self.used = source.used;
        self.floor = source.floor;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys chosen to collide in the low bits, so that probe runs wrap and deletions shift.
    #[test]
    fn push_pop_and_lookups_agree_with_a_plain_list() {
        let mut table = HistoryTable::default();
        let mut plain: Vec<u64> = Vec::new();
        let mut x: u64 = 7;
        for step in 0..5000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if x % 3 == 0 && !plain.is_empty() {
                table.pop();
                plain.pop();
            } else {
                // Few distinct keys, many sharing low bits: repeats and collisions.
                let key = ((x >> 33) % 40) << 8 | ((x >> 20) % 3);
                table.push(key, step);
                plain.push(key);
            }
            let probe = ((x >> 40) % 40) << 8 | ((x >> 10) % 3);
            let expected = plain.iter().filter(|&&k| k == probe).count();
            assert_eq!(table.matches(probe).count(), expected, "step {step}");
            assert_eq!(table.len() as usize, plain.len());
        }
        while !plain.is_empty() {
            table.pop();
            plain.pop();
        }
        assert_eq!(table.used, 0);
        assert!(table.slots.iter().all(|s| s.index == NONE));
    }

    #[test]
    fn clone_from_a_smaller_table_keeps_the_size_and_the_lookups() {
        let mut small = HistoryTable::default();
        small.push(5, 0);
        small.push(21, 1);
        small.push(5, 2);
        let mut big = HistoryTable::default();
        for k in 0..1000 {
            big.push(k * 7919, k as u32);
        }
        let size = big.slots.len();
        big.clone_from(&small);
        assert_eq!(big.slots.len(), size);
        assert_eq!(big.matches(5).collect::<Vec<_>>(), [2, 0]);
        assert_eq!(big.matches(21).collect::<Vec<_>>(), [1]);
        assert_eq!(big.matches(7919).count(), 0);
        big.pop();
        assert_eq!(big.matches(5).collect::<Vec<_>>(), [0]);
    }
}
