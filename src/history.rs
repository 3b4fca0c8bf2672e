//! The positions a game has been through, keyed by Zobrist hash: an open-addressing table with
//! linear probing. Lookups and inserts cost the same at move 10,000 as at move 10, and the table
//! is a few lines instead of a general hash map (which matters for the wasm package's size).

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
}
