//! The tables' file: each material's entries cut into blocks of [`BLOCK_ENTRIES`], each block compressed on
//! its own, so that a reader may keep the blocks compressed and unpack only those it probes.
//!
//! Layout (numbers little-endian): the magic and version (8 bytes), the number of pieces (u32), the entries
//! per block (u32), the number of blocks (u32); then per block its compressed length and the CRC-32 of its
//! compressed bytes (u32 each); then the blocks, material by material in [`Material::up_to`] order. The
//! checksums are checked on reading, so a damaged file is refused rather than probed wrong.

use super::{slot, Entry, Table, Tablebase};
use crate::tablebase::Material;
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::sync::Mutex;

/// The file's first bytes, and the format version after them.
const MAGIC: &[u8; 8] = b"GWTB\0\0\0\x03";
/// Entries per block: small enough to unpack in well under a millisecond, large enough to compress well.
pub(super) const BLOCK_ENTRIES: usize = 1 << 16;
/// Unpacked blocks a lazily read table keeps, by default (4 MB).
pub const DEFAULT_CACHE_BLOCKS: usize = 64;

/// The length of block `k` of a table of `n` entries (the last is short).
pub(super) fn block_len(n: usize, k: usize) -> usize {
    BLOCK_ENTRIES.min(n - k * BLOCK_ENTRIES)
}

fn bad(why: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why.into())
}

fn compress(block: &[u8]) -> Vec<u8> {
    codec::compress(block)
}

/// Unpacks a block that must come out `len` bytes long.
pub(super) fn decompress(data: &[u8], len: usize) -> io::Result<Vec<u8>> {
    let out = codec::decompress(data, len).map_err(|e| bad(format!("endgame table block does not unpack: {e}")))?;
    if out.len() != len {
        return Err(bad("endgame table block unpacks to the wrong length"));
    }
    Ok(out)
}

/// Deflate by `miniz_oxide` (pure Rust, so it cross-compiles for the phones with nothing else; measured
/// against zstd, xz, lz4 and ruzstd on the real tables, see README), at its strongest level.
mod codec {
    pub(super) fn compress(block: &[u8]) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(block, 10)
    }

    /// Refuses to unpack past `len` bytes (a damaged block could claim any length).
    pub(super) fn decompress(data: &[u8], len: usize) -> Result<Vec<u8>, String> {
        miniz_oxide::inflate::decompress_to_vec_with_limit(data, len).map_err(|e| format!("{:?}", e.status))
    }
}

/// An unpacked block, with the clock reading of its last use.
type Cached = (u64, Box<[Entry]>);

/// Unpacked blocks of lazily read tables by (table slot, block number), the least recently used dropped
/// first.
pub(super) struct BlockCache {
    capacity: usize,
    clock: u64,
    blocks: HashMap<(usize, usize), Cached>,
}

impl BlockCache {
    pub(super) fn new(capacity: usize) -> Mutex<BlockCache> {
        Mutex::new(BlockCache { capacity: capacity.max(1), clock: 0, blocks: HashMap::new() })
    }

    /// Entry `offset` of block `block` of the table in slot `slot`, unpacking the block if it is not here.
    pub(super) fn entry(
        &mut self,
        slot: usize,
        block: usize,
        packed: &[u8],
        len: usize,
        offset: usize,
    ) -> Option<Entry> {
        self.clock += 1;
        let clock = self.clock;
        if let Some((used, data)) = self.blocks.get_mut(&(slot, block)) {
            *used = clock;
            return data.get(offset).copied();
        }
        // The checksum was checked on reading, so this fails only on a bug; the probe then knows nothing.
        let data = decompress(packed, len).ok()?.into_boxed_slice();
        let e = data.get(offset).copied();
        if self.blocks.len() >= self.capacity {
            let oldest = self.blocks.iter().min_by_key(|(_, (used, _))| *used).map(|(k, _)| *k);
            if let Some(k) = oldest {
                self.blocks.remove(&k);
            }
        }
        self.blocks.insert((slot, block), (clock, data));
        e
    }
}

impl Tablebase {
    /// Writes the tables in the compressed format above.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut blocks = Vec::new();
        for m in Material::up_to(self.max_pieces) {
            match self.tables.get(slot(&m)).and_then(Option::as_ref) {
                Some(Table::Plain(t)) => blocks.extend(t.chunks(BLOCK_ENTRIES).map(compress)),
                Some(Table::Packed(b)) => blocks.extend(b.iter().map(|b| b.to_vec())),
                None => return Err(io::Error::other(format!("table {m} missing"))),
            }
        }
        out.write_all(MAGIC)?;
        for n in [self.max_pieces, BLOCK_ENTRIES as u32, blocks.len() as u32] {
            out.write_all(&n.to_le_bytes())?;
        }
        for b in &blocks {
            out.write_all(&(b.len() as u32).to_le_bytes())?;
            out.write_all(&crc32fast::hash(b).to_le_bytes())?;
        }
        for b in &blocks {
            out.write_all(b)?;
        }
        Ok(())
    }

    /// Reads tables written by [`Self::write_to`] and unpacks them whole (7.5 MB for 4 pieces, 187 MB for 5).
    /// A wrong header, a short or damaged file is an `InvalidData` error.
    pub fn read_from(input: &mut impl Read) -> io::Result<Tablebase> {
        let mut tb = Tablebase::read_packed(input, 1)?;
        for m in Material::up_to(tb.max_pieces) {
            let Some(Some(Table::Packed(blocks))) = tb.tables.get(slot(&m)) else { continue };
            let n = m.entries() as usize;
            let mut plain = Vec::with_capacity(n);
            for (k, b) in blocks.iter().enumerate() {
                plain.extend_from_slice(&decompress(b, block_len(n, k))?);
            }
            tb.tables[slot(&m)] = Some(Table::Plain(plain.into_boxed_slice()));
        }
        Ok(tb)
    }

    /// Reads tables written by [`Self::write_to`] but keeps them compressed, unpacking a block when a probe
    /// needs it and keeping the last `cache_blocks` unpacked (64 KB each): for a phone, where 5 pieces
    /// unpacked would take 187 MB. Errors as [`Self::read_from`].
    pub fn read_packed(input: &mut impl Read, cache_blocks: usize) -> io::Result<Tablebase> {
        let mut head = [0u8; 20];
        input.read_exact(&mut head).map_err(|_| bad("not an endgame table file (too short)"))?;
        if &head[..8] != MAGIC {
            return Err(bad("not an endgame table file of this version"));
        }
        let word = |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        let (max_pieces, block_entries, n_blocks) = (word(8), word(12) as usize, word(16) as usize);
        if max_pieces > 8 {
            return Err(bad("endgame table file claims more than 8 pieces"));
        }
        if block_entries != BLOCK_ENTRIES {
            return Err(bad("endgame table file has blocks of another size"));
        }
        let materials = Material::up_to(max_pieces);
        let blocks_of = |m: &Material| (m.entries() as usize).div_ceil(BLOCK_ENTRIES);
        if n_blocks != materials.iter().map(blocks_of).sum::<usize>() {
            return Err(bad("endgame table file has the wrong number of blocks"));
        }
        let mut directory = vec![0u8; 8 * n_blocks];
        input.read_exact(&mut directory).map_err(|_| bad("endgame table file is cut short"))?;
        let mut entries = directory.chunks_exact(8).map(|e| {
            let len = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
            (len, u32::from_le_bytes([e[4], e[5], e[6], e[7]]))
        });
        let mut tb = Tablebase::empty(max_pieces, cache_blocks);
        for m in &materials {
            let mut blocks = Vec::with_capacity(blocks_of(m));
            for _ in 0..blocks_of(m) {
                let (len, crc) =
                    entries.next().ok_or_else(|| bad("endgame table file has the wrong number of blocks"))?;
                if len > 2 * BLOCK_ENTRIES + 1024 {
                    return Err(bad("endgame table block is too long"));
                }
                let mut b = vec![0u8; len];
                input.read_exact(&mut b).map_err(|_| bad("endgame table file is cut short"))?;
                if crc32fast::hash(&b) != crc {
                    return Err(bad("endgame table file is damaged (checksum)"));
                }
                blocks.push(b.into_boxed_slice());
            }
            tb.tables[slot(m)] = Some(Table::Packed(blocks));
        }
        if input.read(&mut [0u8; 1])? != 0 {
            return Err(bad("endgame table file goes on past its tables"));
        }
        Ok(tb)
    }
}
