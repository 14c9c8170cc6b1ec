//! Endgame tables by retrograde analysis: for every position with few pieces, the exact result with best
//! play and its distance to the end in plies.
//!
//! The tables are pure game theory: no repetition, no king-move rule (the search combines them with those;
//! see [`crate::engine::Engine::set_tablebase`]). A win is for the side to move; it wins when it has no legal move, so a position
//! without legal moves is a win in 0, one whose every move leads there a loss in 1, and so on: win distances
//! are even, loss distances odd. The winner takes the shortest way, the loser the longest.
//!
//! `index.rs` numbers the positions of each [`Material`], `build.rs` fills the tables, this module probes them
//! and reads and writes their file.

mod build;
mod file;
mod index;

pub use build::{BuildError, BuildReport};
pub use file::DEFAULT_CACHE_BLOCKS;
pub use index::Material;

use crate::movegen::{capturers, legal_moves, MoveList};
use crate::position::Position;
use index::canonical;
use std::sync::Mutex;

/// A position's value with best play, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (even; 0: it has no legal move now).
    Win(u16),
    /// The side to move loses in this many plies (odd).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value of the position before a move that leads to a position of value `self` (the opponent's).
    pub fn before(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }
}

/// A stored entry: a distance (even = win for the side to move, odd = loss), or one of the marks below. One
/// byte: the longest distance up to 4 pieces is 42 plies. The entries of positions where the side to move
/// must capture, and of numbers that are no position, are never read ([`Tablebase::probe`] derives the
/// former from their captures): they repeat the entry before them, which compresses best.
type Entry = u8;
/// A drawn position.
const DRAW: Entry = Entry::MAX;
/// No position has this entry (pieces would overlap).
const UNUSED: Entry = Entry::MAX - 1;
/// Longest distance an entry can hold (the build reports a longer one rather than wrapping it).
const MAX_DISTANCE: u16 = Entry::MAX as u16 - 3;

fn decode(e: Entry) -> Option<Value> {
    match e {
        DRAW => Some(Value::Draw),
        UNUSED => None,
        d if d % 2 == 0 => Some(Value::Win(d.into())),
        d => Some(Value::Loss(d.into())),
    }
}

/// Tables for every material up to some number of pieces.
pub struct Tablebase {
    max_pieces: u32,
    /// Indexed by [`slot`]; `None` for materials not built.
    tables: Vec<Option<Table>>,
    /// The unpacked blocks of [`Table::Packed`] tables.
    cache: Mutex<file::BlockCache>,
}

/// One material's entries, White to move, in [`Material::index`] order.
enum Table {
    /// All unpacked.
    Plain(Box<[Entry]>),
    /// Compressed blocks of [`file::BLOCK_ENTRIES`], unpacked on demand.
    Packed(Vec<Box<[u8]>>),
}

/// Where a material's table sits: 4 bits per count, so up to 15 of each kind.
fn slot(m: &Material) -> usize {
    (usize::from(m.white_men) << 12)
        | (usize::from(m.white_kings) << 8)
        | (usize::from(m.black_men) << 4)
        | usize::from(m.black_kings)
}

impl Tablebase {
    fn empty(max_pieces: u32, cache_blocks: usize) -> Tablebase {
        Tablebase {
            max_pieces,
            tables: (0..1 << 16).map(|_| None).collect(),
            cache: file::BlockCache::new(cache_blocks),
        }
    }

    /// The largest number of pieces the tables cover.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Entries in all tables.
    pub fn entries(&self) -> u64 {
        Material::up_to(self.max_pieces).iter().filter(|m| self.has_table(m)).map(Material::entries).sum()
    }

    fn has_table(&self, m: &Material) -> bool {
        matches!(self.tables.get(slot(m)), Some(Some(_)))
    }

    /// Entry `index` of material `m`'s table.
    fn entry(&self, m: &Material, index: u64) -> Option<Entry> {
        let index = usize::try_from(index).ok()?;
        match self.tables.get(slot(m))?.as_ref()? {
            Table::Plain(t) => t.get(index).copied(),
            Table::Packed(blocks) => {
                let k = index / file::BLOCK_ENTRIES;
                let len = file::block_len(m.entries() as usize, k);
                // A poisoned lock only means another probe panicked; the cache itself is still whole.
                let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
                cache.entry(slot(m), k, blocks.get(k)?, len, index % file::BLOCK_ENTRIES)
            }
        }
    }

    /// The exact value of `pos` when it has at most [`Self::max_pieces`] pieces; `None` otherwise.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let m = Material::of(pos);
        if m.pieces() > self.max_pieces {
            return None;
        }
        if m.white_men + m.white_kings == 0 || m.black_men + m.black_kings == 0 {
            // The tables hold only positions with both sides on the board.
            return Some(one_sided(pos));
        }
        if capturers(pos).any() {
            // Captures are compulsory and each removes a piece, so the value follows from tables of fewer
            // pieces (at most `max_pieces` levels deep); the tables store nothing of use for it.
            let children: Option<Vec<Value>> = legal_moves(pos).iter().map(|mv| self.probe(&pos.play(mv))).collect();
            return Some(best_of(children?));
        }
        let pos = canonical(pos);
        let m = Material::of(&pos);
        decode(self.entry(&m, m.index(&pos)?)?)
    }

    /// The value of `pos` from its moves and the values of the positions they lead to (already in the
    /// tables); `None` if some move leads outside them. The consistency check of a table entry.
    pub fn value_from_moves(&self, pos: &Position, moves: &mut MoveList) -> Option<Value> {
        crate::movegen::generate(pos, moves);
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves.iter() {
            children.push(self.probe(&pos.play(mv))?);
        }
        Some(best_of(children))
    }
}

/// The value of a position where one side has no piece: the side to move wins at once if it has no move
/// (no pieces, or all blocked); otherwise its every move leaves the opponent, without pieces, to move and win.
fn one_sided(pos: &Position) -> Value {
    if legal_moves(pos).is_empty() {
        Value::Win(0)
    } else {
        Value::Loss(1)
    }
}

/// The value of a position whose moves lead to positions of these values (the opponent's): a win by the
/// shortest move to a lost position, else a draw if a move draws, else a loss by the longest resistance.
/// No move at all is a win in 0.
pub fn best_of(children: impl IntoIterator<Item = Value>) -> Value {
    let mut best_win: Option<u16> = None;
    let mut longest_loss: Option<u16> = None;
    let mut draw = false;
    for c in children {
        match c.before() {
            Value::Win(d) => best_win = Some(best_win.map_or(d, |b| b.min(d))),
            Value::Loss(d) => longest_loss = Some(longest_loss.map_or(d, |l| l.max(d))),
            Value::Draw => draw = true,
        }
    }
    match (best_win, draw, longest_loss) {
        (Some(d), ..) => Value::Win(d),
        (None, true, _) => Value::Draw,
        (None, false, Some(d)) => Value::Loss(d),
        (None, false, None) => Value::Win(0),
    }
}
