//! Transposition table keyed by the position's Zobrist hash.
//!
//! The best move is stored as its index in the position's (deterministic, de-duplicated) move list: 1 byte
//! instead of a whole move, and a collision can at worst suggest a legal move in the wrong order.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (fail high).
    Lower,
    /// The true value is at most the score (fail low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: i16,
    pub best: u8,
    pub bound: Bound,
    age: u8,
}

const EMPTY: Entry = Entry { key: 0, score: 0, depth: -128, best: 0, bound: Bound::Upper, age: 0 };

/// Two-entry buckets: one kept by depth, one always replaced.
pub struct Tt {
    slots: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table of about `megabytes` MB (rounded down to a power of two; at least 1 bucket).
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let buckets = (bytes / (2 * std::mem::size_of::<Entry>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Tt { slots: vec![EMPTY; buckets * 2], mask: buckets - 1, age: 0 }
    }

    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
        self.age = 0;
    }

    /// Marks the start of a new search, so entries from older searches are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * 2
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().find(|e| e.key == key && e.depth > -128).copied()
    }

    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i16, best: u8, bound: Bound) {
        let b = self.bucket(key);
        let age = self.age;
        let entry = Entry { key, score, depth, best, bound, age };
        let deep = &mut self.slots[b];
        if deep.key == key || deep.age != age || depth >= deep.depth {
            *deep = entry;
        } else {
            self.slots[b + 1] = entry;
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_respects_size() {
        let mut tt = Tt::new(1);
        assert!(tt.bytes() <= 1024 * 1024);
        assert!(tt.probe(42).is_none());
        tt.store(42, 17, 3, 2, Bound::Lower);
        let e = tt.probe(42).unwrap();
        assert_eq!((e.score, e.depth, e.best, e.bound), (17, 3, 2, Bound::Lower));
        // A shallower entry for another key in the same bucket goes to the second slot.
        let other = 42 ^ 1;
        tt.store(other, 5, 1, 0, Bound::Exact);
        assert_eq!(tt.probe(42).unwrap().score, 17);
        assert_eq!(tt.probe(other).unwrap().score, 5);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }
}
