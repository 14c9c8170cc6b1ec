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
        let mut slots = Vec::with_capacity(buckets * 2);
        huge_pages::advise(slots.spare_capacity_mut(), true);
        slots.resize(buckets * 2, EMPTY);
        Tt { slots, mask: buckets - 1, age: 0 }
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

    /// Asks the processor to bring `key`'s bucket into its cache. The search calls this as soon as it knows a
    /// child's hash, so that the probe, which comes after the child's moves are generated, finds the bucket
    /// there rather than waiting on memory (nearly every probe misses the cache).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.slots[self.bucket(key)..].as_ptr();
            // SAFETY: a prefetch is a hint that reads nothing into the program and cannot fault; the address
            // lies inside the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry>()
    }
}

impl Drop for Tt {
    /// The allocator may hand this memory out again for small objects; with the huge-page advice still on, a
    /// first touch there faults in (and zeroes) 2 MB. Measured with `giveaway bench-analysis`: a cached analysis
    /// right after a computed one took 5–6 ms with the advice left on, 3.5 ms with it withdrawn here (about
    /// 1 ms without huge pages at all).
    fn drop(&mut self) {
        huge_pages::advise(&mut self.slots, false);
    }
}

/// Probes land anywhere in the table, so with 4 KB pages nearly every one is also a TLB miss. Where the kernel
/// gives huge pages on request (Linux and Android with transparent huge pages set to `madvise`), asking for them
/// before the table is first written measured about 50% more nodes per second with the default 32 MB table
/// (`giveaway bench-search`, docs/engine.md). Elsewhere this does nothing.
mod huge_pages {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub fn advise<T>(memory: &mut [T], huge: bool) {
        use std::ffi::{c_int, c_void};
        extern "C" {
            fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
        }
        // The same value on every Linux architecture we build for (asm-generic/mman-common.h).
        const MADV_HUGEPAGE: c_int = 14;
        const MADV_NOHUGEPAGE: c_int = 15;
        const PAGE: usize = 4096;
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let (first, last) = (start.next_multiple_of(PAGE), end / PAGE * PAGE);
        if last > first {
            // SAFETY: the range lies inside memory this table owns; both advices are hints that change no
            // contents. A refusal (old kernel, THP off) just leaves normal pages.
            unsafe {
                madvise(first as *mut c_void, last - first, if huge { MADV_HUGEPAGE } else { MADV_NOHUGEPAGE });
            }
        }
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub fn advise<T>(_memory: &mut [T], _huge: bool) {}
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
