//! Repetition history: earlier states by hash, each confirmed on the board before it counts.

const NONE: u32 = u32::MAX;

/// One recorded state: its key, the move count it was recorded at, and the previous entry
/// with the same key.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    moves_at: u32,
    prev_same: u32,
}

/// One slot of the open-addressing index: the low half of a key (which also gives its home
/// slot; the entry holds the whole key) and the latest entry with that key. Eight bytes, so
/// that the index of a long game stays small in the cache.
#[derive(Clone, Copy, Debug)]
struct Slot {
    tag: u32,
    index: u32,
}

/// Where a key is in the index (its slot, flagged [`Probe::FOUND`]) or would be put (the
/// empty slot that ends its probe run); [`Probe::NONE`] when not known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probe(u32);

impl Probe {
    const FOUND: u32 = 1 << 31;
    pub(crate) const NONE: Probe = Probe(u32::MAX);

    /// Whether the key was found in the index.
    #[inline]
    pub(crate) fn found(self) -> bool {
        self != Probe::NONE && self.0 & Probe::FOUND != 0
    }
}

const EMPTY_SLOT: Slot = Slot {
    tag: 0,
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
    entries: Vec<Entry>,
    slots: Vec<Slot>,
    used: usize,
    pub(crate) floor: u32,
}

impl HistoryTable {
    /// Reserves room for `n` more entries (the index grows as it fills).
    pub(crate) fn reserve_entries(&mut self, n: usize) {
        self.entries.reserve_exact(n);
    }

    pub(crate) fn len(&self) -> u32 {
        self.entries.len() as u32
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len().wrapping_sub(1)
    }

    /// The slot holding `key`, if any.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        self.probe(key).ok()
    }

    /// The slot holding `key`, or else the empty slot where its probe run ends (`Err(None)`
    /// while the index has no slot at all).
    #[inline]
    fn probe(&self, key: u64) -> Result<usize, Option<usize>> {
        if self.slots.is_empty() {
            return Err(None);
        }
        let mask = self.mask();
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.index == NONE {
                return Err(Some(i));
            }
            if slot.tag == key as u32 && self.entries[slot.index as usize].key == key {
                return Ok(i);
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
        self.slots[i] = Slot {
            tag: key as u32,
            index,
        };
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY_SLOT; size]);
        for slot in old.into_iter().filter(|s| s.index != NONE) {
            self.place(u64::from(slot.tag), slot.index);
        }
    }

    /// Records a state reached after `moves_at` moves.
    pub(crate) fn push(&mut self, key: u64, moves_at: u32) {
        let at = self.probe(key);
        self.push_at(key, moves_at, at);
    }

    /// Records a state whose key was probed: at its slot, or at the empty slot that ends its
    /// probe run.
    fn push_at(&mut self, key: u64, moves_at: u32, at: Result<usize, Option<usize>>) {
        let index = self.entries.len() as u32;
        let prev = match at {
            Ok(i) => std::mem::replace(&mut self.slots[i].index, index),
            Err(free) => {
                match free {
                    Some(i) if 2 * (self.used + 1) <= self.slots.len() => {
                        self.slots[i] = Slot {
                            tag: key as u32,
                            index,
                        };
                    }
                    _ => {
                        self.grow();
                        self.place(key, index);
                    }
                }
                self.used += 1;
                NONE
            }
        };
        self.entries.push(Entry {
            key,
            moves_at,
            prev_same: prev,
        });
    }

    /// Forgets the latest entry.
    pub(crate) fn pop(&mut self) {
        let Some(&Entry {
            key,
            prev_same: prev,
            ..
        }) = self.entries.last()
        else {
            return;
        };
        // Found while the entry is still there (the index confirms keys on the entries).
        let found = self.find(key);
        self.entries.pop();
        let Some(i) = found else {
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
            let home = slot.tag as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = slot;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.slots[hole] = EMPTY_SLOT;
        self.used -= 1;
    }

    /// Where `key` is or would go in the index, to hand to [`HistoryTable::push_probed`] if
    /// nothing is pushed or popped in between (a judged move played at once).
    #[inline]
    pub(crate) fn probe_for(&self, key: u64) -> Probe {
        match self.probe(key) {
            Ok(i) => Probe(i as u32 | Probe::FOUND),
            Err(Some(i)) => Probe(i as u32),
            Err(None) => Probe::NONE,
        }
    }

    /// [`HistoryTable::push`] of the key a fresh [`Probe`] was taken for. A probe that does
    /// not fit the index (a bug in the caller) falls back to probing again.
    #[inline]
    pub(crate) fn push_probed(&mut self, key: u64, moves_at: u32, probe: Probe) {
        let i = (probe.0 & !Probe::FOUND) as usize;
        let at = match self.slots.get(i) {
            _ if probe == Probe::NONE => None,
            Some(slot) if probe.found() => (slot.index != NONE
                && slot.tag == key as u32
                && self.entries[slot.index as usize].key == key)
                .then_some(Ok(i)),
            Some(slot) => (slot.index == NONE).then_some(Err(Some(i))),
            None => None,
        };
        debug_assert!(at.is_some() || probe == Probe::NONE, "a stale probe");
        let at = at.unwrap_or_else(|| self.probe(key));
        self.push_at(key, moves_at, at);
    }

    /// The move counts of every counting entry with the key a [`Probe`] was taken for,
    /// latest first.
    pub(crate) fn matches_probed(&self, probe: Probe) -> impl Iterator<Item = u32> + '_ {
        let latest = if probe.found() {
            self.slots[(probe.0 & !Probe::FOUND) as usize].index
        } else {
            NONE
        };
        self.entries_from(latest)
    }

    /// The move counts of every counting entry with this key, latest first.
    #[cfg(test)]
    pub(crate) fn matches(&self, key: u64) -> impl Iterator<Item = u32> + '_ {
        self.entries_from(self.find(key).map_or(NONE, |s| self.slots[s].index))
    }

    /// The move counts of the counting entries below the latest with the latest's key, latest
    /// first: [`HistoryTable::matches`] of the key just pushed, but that entry, without a
    /// lookup in the index (the entry keeps its predecessor).
    pub(crate) fn earlier_than_last(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries_from(self.entries.last().map_or(NONE, |e| e.prev_same))
    }

    /// The move counts of entry `i` and of the earlier entries with its key, down to the
    /// floor.
    fn entries_from(&self, mut i: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::from_fn(move || {
            if i == NONE || i < self.floor {
                return None;
            }
            let entry = self.entries[i as usize];
            i = entry.prev_same;
            Some(entry.moves_at)
        })
    }
}

impl HistoryTable {
    /// The bytes of the entries and of the index: in use and allocated.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> ((usize, usize), (usize, usize)) {
        let (e, s) = (size_of::<Entry>(), size_of::<Slot>());
        (
            (self.entries.len() * e, self.entries.capacity() * e),
            (self.slots.len() * s, self.slots.capacity() * s),
        )
    }
}

impl Clone for HistoryTable {
    fn clone(&self) -> Self {
        HistoryTable {
            entries: self.entries.clone(),
            slots: self.slots.clone(),
            used: self.used,
            floor: self.floor,
        }
    }

    /// Reuses the target's buffers, and keeps its index at the size it grew to (a playout loop
    /// resetting from its start position would otherwise grow the index again in every game).
    fn clone_from(&mut self, source: &Self) {
        self.entries.clone_from(&source.entries);
        if self.slots.len() > source.slots.len() {
            self.slots.fill(EMPTY_SLOT);
            for slot in source.slots.iter().filter(|s| s.index != NONE) {
                self.place(u64::from(slot.tag), slot.index);
            }
        } else {
            self.slots.clone_from(&source.slots);
        }
        self.used = source.used;
        self.floor = source.floor;
    }
}

/// One recorded state of a [`CycleTable`]: its key, the move count it was recorded at, and
/// the previous entry of its bucket (any key).
#[derive(Clone, Copy, Debug)]
struct Chained {
    key: u64,
    moves_at: u32,
    prev: u32,
}

/// The states of the cycle count (`cycles=no-result`): a stack like [`HistoryTable`]'s,
/// asked only for the earlier entries with the key just pushed, and pushed on every move, so
/// kept as cheap to push as can be: each bucket (the low bits of the key) is a list threaded
/// through the entries, its head in `heads`, so that a push is one store in `heads` and one
/// entry, and a pop undoes both. The lists are walked only for the key just pushed, and an
/// entry with another key in the same bucket is passed over; `heads` doubles when the entries
/// outnumber it, so that a list holds about one entry of another key.
#[derive(Debug, Default)]
pub(crate) struct CycleTable {
    entries: Vec<Chained>,
    heads: Vec<u32>,
    /// Entries below it no longer count (a pass raises it; undo lowers it back).
    pub(crate) floor: u32,
}

impl CycleTable {
    pub(crate) fn len(&self) -> u32 {
        self.entries.len() as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.heads.len().wrapping_sub(1)
    }

    /// Records a state reached after `moves_at` moves.
    #[inline]
    pub(crate) fn push(&mut self, key: u64, moves_at: u32) {
        if self.entries.len() >= self.heads.len() {
            self.grow();
        }
        let b = self.bucket(key);
        let index = self.entries.len() as u32;
        self.entries.push(Chained {
            key,
            moves_at,
            prev: std::mem::replace(&mut self.heads[b], index),
        });
    }

    /// Doubles the heads and threads every entry again, in order.
    #[cold]
    fn grow(&mut self) {
        let size = (self.heads.len() * 2).max(64);
        self.heads.clear();
        self.heads.resize(size, NONE);
        for i in 0..self.entries.len() {
            let b = self.bucket(self.entries[i].key);
            self.entries[i].prev = std::mem::replace(&mut self.heads[b], i as u32);
        }
    }

    /// Forgets the latest entry.
    #[inline]
    pub(crate) fn pop(&mut self) {
        if let Some(e) = self.entries.pop() {
            let b = self.bucket(e.key);
            self.heads[b] = e.prev;
        }
    }

    /// The move counts of the counting entries below the latest with the latest's key,
    /// latest first.
    pub(crate) fn earlier_than_last(&self) -> impl Iterator<Item = u32> + '_ {
        let last = self.entries.last().copied();
        let mut i = last.map_or(NONE, |e| e.prev);
        std::iter::from_fn(move || {
            let key = last?.key;
            while i != NONE && i >= self.floor {
                let e = self.entries[i as usize];
                i = e.prev;
                if e.key == key {
                    return Some(e.moves_at);
                }
            }
            None
        })
    }
}

impl Clone for CycleTable {
    fn clone(&self) -> Self {
        CycleTable {
            entries: self.entries.clone(),
            heads: self.heads.clone(),
            floor: self.floor,
        }
    }

    /// Reuses the target's buffers, and keeps its heads at the size they grew to (a playout
    /// loop resetting from its start position would otherwise grow them again every game).
    fn clone_from(&mut self, source: &Self) {
        self.entries.clone_from(&source.entries);
        if self.heads.len() > source.heads.len() {
            self.heads.fill(NONE);
            for i in 0..self.entries.len() {
                let b = self.bucket(self.entries[i].key);
                self.entries[i].prev = std::mem::replace(&mut self.heads[b], i as u32);
            }
        } else {
            self.heads.clone_from(&source.heads);
        }
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

    /// Keys that share their low 32 bits (the slots' tags) in small groups, pushed plainly and
    /// through probes, popped, looked up across floors and copied into a larger table, against
    /// a plain list.
    #[test]
    fn keys_with_equal_tags_probes_floors_and_copies_agree_with_a_plain_list() {
        let key_of = |y: u64| ((y >> 40) % 5) << 32 | ((y >> 20) % 7) << 4 | ((y >> 10) % 2) << 31;
        let expected = |plain: &[u64], key: u64, floor: u32| -> Vec<u32> {
            (0..plain.len() as u32)
                .rev()
                .filter(|&i| plain[i as usize] == key && i >= floor)
                .collect()
        };
        let mut table = HistoryTable::default();
        let mut spare = HistoryTable::default();
        for k in 0..3000u64 {
            spare.push(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), k as u32);
        }
        let mut plain: Vec<u64> = Vec::new();
        let mut x: u64 = 12345;
        for step in 0..20_000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match x % 11 {
                0..=3 if !plain.is_empty() => {
                    table.pop();
                    plain.pop();
                }
                4 => {
                    let key = key_of(x);
                    let probe = table.probe_for(key);
                    let found: Vec<u32> = table.matches_probed(probe).collect();
                    assert_eq!(found, expected(&plain, key, table.floor), "step {step}");
                    table.push_probed(key, plain.len() as u32, probe);
                    plain.push(key);
                }
                5 if step % 7 == 0 => {
                    spare.clone_from(&table);
                    std::mem::swap(&mut spare, &mut table);
                }
                6 if step % 13 == 0 => table.floor = plain.len() as u32 / 2,
                _ => {
                    table.push(key_of(x), plain.len() as u32);
                    plain.push(key_of(x));
                }
            }
            let probe = key_of(x.rotate_left(17));
            let found: Vec<u32> = table.matches(probe).collect();
            assert_eq!(found, expected(&plain, probe, table.floor), "step {step}");
            if let Some((&last, before)) = plain.split_last() {
                let found: Vec<u32> = table.earlier_than_last().collect();
                assert_eq!(found, expected(before, last, table.floor), "step {step}");
            }
            assert_eq!(table.len() as usize, plain.len());
            if step % 64 == 0 {
                let distinct: std::collections::HashSet<&u64> = plain.iter().collect();
                assert_eq!(table.used, distinct.len(), "step {step}");
            }
        }
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

    /// The cycle table answers as the history table does, over pushes, pops, floors and
    /// copies, with few keys and many sharing their low bits.
    #[test]
    fn the_cycle_table_finds_what_the_history_table_finds() {
        let mut table = HistoryTable::default();
        let mut cycles = CycleTable::default();
        let mut x: u64 = 11;
        for step in 0..6000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match x % 7 {
                0 | 1 if table.len() > 0 => {
                    table.pop();
                    cycles.pop();
                }
                2 => {
                    let floor = ((x >> 20) as u32) % (table.len() + 1);
                    table.floor = floor;
                    cycles.floor = floor;
                }
                3 => {
                    let mut copy = CycleTable::default();
                    copy.push(1, 0);
                    copy.push(2, 1);
                    copy.clone_from(&cycles);
                    cycles = copy;
                }
                _ => {
                    let key = ((x >> 33) % 50) << 10 | ((x >> 20) % 3);
                    table.push(key, step);
                    cycles.push(key, step);
                }
            }
            assert_eq!(
                cycles.earlier_than_last().collect::<Vec<_>>(),
                table.earlier_than_last().collect::<Vec<_>>(),
                "step {step}"
            );
            assert_eq!(cycles.len(), table.len());
        }
    }
}
