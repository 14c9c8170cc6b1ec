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
mod index;

pub use build::{BuildError, BuildReport};
pub use index::Material;

use index::canonical;
use crate::movegen::{legal_moves, MoveList};
use crate::position::Position;
use std::io::{self, Read, Write};

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
/// byte: the longest distance up to 4 pieces is 42 plies.
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

/// The file's first bytes, and the format version after them.
const MAGIC: &[u8; 8] = b"GWTB\0\0\0\x02";

/// Tables for every material up to some number of pieces.
pub struct Tablebase {
    max_pieces: u32,
    /// Indexed by [`slot`]; `None` for materials not built.
    tables: Vec<Option<Box<[Entry]>>>,
}

/// Where a material's table sits: 4 bits per count, so up to 15 of each kind.
fn slot(m: &Material) -> usize {
    (usize::from(m.white_men) << 12) | (usize::from(m.white_kings) << 8) | (usize::from(m.black_men) << 4) | usize::from(m.black_kings)
}

impl Tablebase {
    fn empty(max_pieces: u32) -> Tablebase {
        Tablebase { max_pieces, tables: (0..1 << 16).map(|_| None).collect() }
    }

    /// The largest number of pieces the tables cover.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Entries in all tables.
    pub fn entries(&self) -> u64 {
        self.tables.iter().flatten().map(|t| t.len() as u64).sum()
    }

    fn table(&self, m: &Material) -> Option<&[Entry]> {
        self.tables.get(slot(m))?.as_deref()
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
        let pos = canonical(pos);
        let m = Material::of(&pos);
        decode(*self.table(&m)?.get(m.index(&pos)? as usize)?)
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

    /// Writes the tables: a header, then each material's entries (one byte each) in [`Material::up_to`] order.
    pub fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&self.max_pieces.to_le_bytes())?;
        for m in Material::up_to(self.max_pieces) {
            let t = self.table(&m).ok_or_else(|| io::Error::other(format!("table {m} missing")))?;
            out.write_all(t)?;
        }
        Ok(())
    }

    /// Reads tables written by [`Self::write_to`]; a wrong header or a short file is an `InvalidData` error.
    pub fn read_from(input: &mut impl Read) -> io::Result<Tablebase> {
        let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
        let mut head = [0u8; 12];
        input.read_exact(&mut head).map_err(|_| bad("not an endgame table file (too short)"))?;
        if &head[..8] != MAGIC {
            return Err(bad("not an endgame table file of this version"));
        }
        let max_pieces = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if max_pieces > 8 {
            return Err(bad("endgame table file claims more than 8 pieces"));
        }
        let mut tb = Tablebase::empty(max_pieces);
        for m in Material::up_to(max_pieces) {
            let mut t = vec![0; m.entries() as usize].into_boxed_slice();
            input.read_exact(&mut t).map_err(|_| bad("endgame table file is cut short"))?;
            tb.tables[slot(&m)] = Some(t);
        }
        Ok(tb)
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
