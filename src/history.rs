//! The positions a game has been through, keyed by Zobrist hash: an open-addressing table with
//! linear probing. Lookups, inserts and removals cost the same at move 10,000 as at move 10, and
//! the table is a few lines instead of a general hash map (which matters for the wasm package's
//! size). Undo removes what an action inserted, so the table is always the history of the
//! positions on the line played, whatever was undone before.

/// A map from position hashes to the move number at which each first occurred.
#[derive(Clone, Debug, Default)]
pub struct PositionTable {
    /// Slots: `0` is empty, so a hash of 0 is stored as 1 (a collision no real game meets).
    keys: Vec<u64>,
    values: Vec<u32>,
    len: usize,
}

impl PositionTable {
    /// An empty table with room for about `n` positions before it grows.
    pub fn with_capacity(n: usize) -> PositionTable {
        let slots = (n * 2).next_power_of_two().max(16);
        PositionTable {
            keys: vec![0; slots],
            values: vec![0; slots],
            len: 0,
        }
    }

    /// Number of positions stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn slot(&self, key: u64) -> (usize, bool) {
        let mask = self.keys.len() - 1;
        let mut i = (key as usize) & mask;
        loop {
            match self.keys[i] {
                0 => return (i, false),
                k if k == key => return (i, true),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The value stored for `hash`, if any.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<u32> {
        if self.keys.is_empty() {
            return None;
        }
        match self.slot(hash.max(1)) {
            (i, true) => Some(self.values[i]),
            _ => None,
        }
    }

    /// Whether `hash` is stored.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.get(hash).is_some()
    }

    /// Stores `value` for `hash` unless `hash` is already there; returns the value stored first.
    pub fn insert(&mut self, hash: u64, value: u32) -> Option<u32> {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let key = hash.max(1);
        match self.slot(key) {
            (i, true) => Some(self.values[i]),
            (i, false) => {
                self.keys[i] = key;
                self.values[i] = value;
                self.len += 1;
                None
            }
        }
    }

    /// Removes `hash`; returns whether it was stored. Later keys of its probe run move back
    /// into the gap (backward-shift deletion), so no tombstone slows later lookups.
    pub fn remove(&mut self, hash: u64) -> bool {
        if self.keys.is_empty() {
            return false;
        }
        let (mut gap, found) = self.slot(hash.max(1));
        if !found {
            return false;
        }
        let mask = self.keys.len() - 1;
        let mut i = gap;
        loop {
            i = (i + 1) & mask;
            let k = self.keys[i];
            if k == 0 {
                break;
            }
            // The key at `i` may fill the gap unless its home slot lies cyclically in (gap, i].
            let home = (k as usize) & mask;
            let stays = if gap <= i {
                gap < home && home <= i
            } else {
                gap < home || home <= i
            };
            if !stays {
                self.keys[gap] = k;
                self.values[gap] = self.values[i];
                gap = i;
            }
        }
        self.keys[gap] = 0;
        self.len -= 1;
        true
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, PositionTable::with_capacity(self.keys.len().max(8)));
        for (k, v) in old.keys.into_iter().zip(old.values) {
            if k != 0 {
                let (i, _) = self.slot(k);
                self.keys[i] = k;
                self.values[i] = v;
                self.len += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PositionTable;

    #[test]
    fn stores_first_values_and_grows() {
        let mut t = PositionTable::with_capacity(1);
        for i in 0..10_000u64 {
            let h = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert_eq!(t.insert(h, i as u32), None);
            assert_eq!(t.insert(h, 99), Some(i as u32));
        }
        assert_eq!(t.len(), 10_000);
        assert!(t.contains(0));
        assert_eq!(t.get(5u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(5));
        assert_eq!(t.get(12345), None);
    }

    /// Random inserts and removals, keys crowded into few home slots so that probe runs wrap
    /// around the table, checked against a naive list after every step.
    #[test]
    fn removal_keeps_every_other_key_reachable() {
        let mut t = PositionTable::with_capacity(4);
        let mut naive: Vec<(u64, u32)> = Vec::new();
        let mut s = 0x2545_f491_4f6c_dd1du64;
        for step in 0..20_000u32 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            // Keys 0..48 with high bits set: many share a home slot, 0 is stored as 1.
            let key = (s % 48) | ((s % 3) << 40);
            if s % 5 < 3 {
                let first = naive.iter().find(|e| e.0.max(1) == key.max(1)).map(|e| e.1);
                assert_eq!(t.insert(key, step), first);
                if first.is_none() {
                    naive.push((key, step));
                }
            } else {
                let at = naive.iter().position(|e| e.0.max(1) == key.max(1));
                assert_eq!(t.remove(key), at.is_some());
                if let Some(at) = at {
                    naive.swap_remove(at);
                }
            }
            assert_eq!(t.len(), naive.len());
            for &(k, v) in &naive {
                assert_eq!(t.get(k), Some(v), "key {k} lost at step {step}");
            }
        }
    }
}
