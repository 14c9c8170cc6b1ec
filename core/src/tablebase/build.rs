//! The retrograde build, one material at a time in [`Material::up_to`] order, so that every capture and
//! promotion leads into a table already built. A material is built together with its colour-swapped twin:
//! a quiet move from White to move leads to Black to move, which the tables hold as the twin's White to move.
//!
//! Within a material only quiet moves that do not promote stay inside; they are followed backwards. Each
//! position first looks at its moves once: moves out of the material have known values, moves inside are
//! counted. Then positions are settled in order of distance (buckets 0, 1, 2, …): a settled loss in `d` makes
//! each predecessor a win in `d + 1` (unless something shorter settles it first); a settled win removes one
//! from each predecessor's count, and a predecessor left with none, all of whose moves lead to wins, is lost
//! in one more than the longest of them. What is never settled is a draw.

use super::index::{canonical, Material};
use super::{slot, Entry, Table, Tablebase, Value, DRAW, MAX_DISTANCE, UNUSED};
use crate::movegen::{capturers, generate, MoveList};
use crate::position::{Color, Position};
use crate::square::DIRECTIONS;
use std::fmt;
use std::time::{Duration, Instant};

/// What a build made: counts over every material, and how long it took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildReport {
    /// Materials built.
    pub materials: usize,
    /// Table entries, used or not.
    pub entries: u64,
    /// Positions stored (entries that are a position, White to move). Each stands also for its flipped twin
    /// with Black to move, so the tables answer for twice as many.
    pub positions: u64,
    /// Stored positions won for the side to move.
    pub wins: u64,
    /// Stored positions lost for the side to move.
    pub losses: u64,
    /// Stored drawn positions.
    pub draws: u64,
    /// Of the stored positions, those where the side to move must capture: their entries are not kept (the
    /// probe derives them from the captures).
    pub captures: u64,
    /// The longest distance to the end, in plies.
    pub longest: u16,
    /// Wall time of the build.
    pub elapsed: Duration,
}

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// More pieces than the tables' numbering and memory allow (at most 8).
    TooManyPieces(u32),
    /// A move leads into a material that was left out of the build (see [`Tablebase::build_only`]).
    MissingTable(Material),
    /// A distance did not fit an entry (more than 252 plies).
    DistanceOverflow(Material),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TooManyPieces(n) => write!(f, "{n} pieces is more than the tables can number (at most 8)"),
            BuildError::MissingTable(m) => write!(f, "a move leads into table {m}, which is not built"),
            BuildError::DistanceOverflow(m) => write!(f, "a distance in table {m} is longer than an entry holds"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Build marks, never stored: not settled yet.
const UNSETTLED: Entry = Entry::MAX - 2;
/// Count mark: the position has a move to a lost or drawn position, so it cannot be lost.
const CANNOT_LOSE: u8 = u8::MAX;

impl Tablebase {
    /// Builds every table up to `max_pieces` pieces; `progress` hears of each material as it is done, with
    /// the time it took.
    pub fn build(
        max_pieces: u32,
        progress: impl FnMut(&Material, Duration),
    ) -> Result<(Tablebase, BuildReport), BuildError> {
        Tablebase::build_only(max_pieces, |_| true, progress)
    }

    /// Builds the tables up to `max_pieces` pieces of the materials `keep` accepts; they must include every
    /// material their moves lead to (kings-only endings, say), else the build stops with
    /// [`BuildError::MissingTable`]. A material's colour-swapped twin is built with it, accepted or not.
    pub fn build_only(
        max_pieces: u32,
        keep: impl Fn(&Material) -> bool,
        mut progress: impl FnMut(&Material, Duration),
    ) -> Result<(Tablebase, BuildReport), BuildError> {
        if max_pieces > 8 {
            return Err(BuildError::TooManyPieces(max_pieces));
        }
        let start = Instant::now();
        let mut tb = Tablebase::empty(max_pieces, super::DEFAULT_CACHE_BLOCKS);
        let mut report = BuildReport::default();
        for m in Material::up_to(max_pieces).into_iter().filter(|m| keep(m)) {
            if tb.has_table(&m) {
                continue; // built with its twin
            }
            let t0 = Instant::now();
            let space = Space::of(m);
            let entries = build_space(&tb, &space, &mut report)?;
            for (part, table) in space.split(entries) {
                report.materials += 1;
                report.entries += table.len() as u64;
                tb.tables[slot(&part)] = Some(Table::Plain(table));
                progress(&part, t0.elapsed());
            }
        }
        report.positions = report.wins + report.losses + report.draws;
        report.elapsed = start.elapsed();
        Ok((tb, report))
    }
}

/// The positions built together: a material's entries, then its twin's (unless it is its own twin), in one
/// numbering. Every quiet move from a position of the space leads into the space.
struct Space {
    first: Material,
    twin: Option<Material>,
}

impl Space {
    fn of(m: Material) -> Space {
        Space { first: m, twin: Some(m.swapped()).filter(|t| *t != m) }
    }

    fn len(&self) -> usize {
        (self.first.entries() + self.twin.map_or(0, |t| t.entries())) as usize
    }

    /// The number of `pos` (either side to move) in the space; `None` if it has other material.
    fn index(&self, pos: &Position) -> Option<usize> {
        let pos = canonical(pos);
        if let Some(i) = self.first.index(&pos) {
            return Some(i as usize);
        }
        let twin = self.twin?;
        Some((self.first.entries() + twin.index(&pos)?) as usize)
    }

    /// The position numbered `i` (White to move); `None` where pieces overlap.
    fn position(&self, i: usize) -> Option<Position> {
        let i = i as u64;
        match i.checked_sub(self.first.entries()) {
            None => self.first.position(i),
            Some(j) => self.twin?.position(j),
        }
    }

    /// Each material's own table out of the space's entries.
    fn split(&self, mut entries: Vec<Entry>) -> Vec<(Material, Box<[Entry]>)> {
        let twin = self.twin.map(|t| (t, entries.split_off(self.first.entries() as usize).into_boxed_slice()));
        std::iter::once((self.first, entries.into_boxed_slice())).chain(twin).collect()
    }
}

/// The space's entries, retrograde; adds its counts to `report`. Entries that are never read (see [`Entry`])
/// repeat the one before.
fn build_space(tb: &Tablebase, space: &Space, report: &mut BuildReport) -> Result<Vec<Entry>, BuildError> {
    let m = space.first;
    let n = space.len();
    let mut entry = vec![UNUSED; n];
    // Moves inside the material whose value is not known yet (or CANNOT_LOSE).
    let mut open = vec![0u8; n];
    // The longest win among the opponent's positions reached so far.
    let mut longest_win = vec![0u16; n];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let push = |buckets: &mut Vec<Vec<u32>>, d: u16, i: usize| -> Result<(), BuildError> {
        if d > MAX_DISTANCE {
            return Err(BuildError::DistanceOverflow(m));
        }
        if buckets.len() <= d as usize {
            buckets.resize_with(d as usize + 1, Vec::new);
        }
        buckets[d as usize].push(i as u32);
        Ok(())
    };
    // Positions where the side to move must capture, one bit each.
    let mut capture = vec![0u64; n.div_ceil(64)];
    let mut moves = MoveList::new();
    for i in 0..n {
        let Some(pos) = space.position(i) else { continue };
        entry[i] = UNSETTLED;
        if capturers(&pos).any() {
            capture[i / 64] |= 1 << (i % 64);
        }
        generate(&pos, &mut moves);
        if moves.is_empty() {
            push(&mut buckets, 0, i)?;
            continue;
        }
        let (mut inside, mut cannot_lose, mut shortest_win, mut longest) = (0u8, false, None::<u16>, 0u16);
        for mv in moves.iter() {
            if !mv.is_capture() && !mv.promotes() {
                inside += 1;
                continue;
            }
            // Built already: fewer pieces, or fewer men.
            let child = pos.play(mv);
            match tb.probe(&child).ok_or(BuildError::MissingTable(Material::of(&child)))? {
                Value::Loss(d) => {
                    cannot_lose = true;
                    shortest_win = Some(shortest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
                Value::Win(d) => longest = longest.max(d),
                Value::Draw => cannot_lose = true,
            }
        }
        longest_win[i] = longest;
        if let Some(d) = shortest_win {
            push(&mut buckets, d, i)?;
        }
        if cannot_lose {
            open[i] = CANNOT_LOSE;
        } else if inside == 0 {
            push(&mut buckets, longest + 1, i)?;
        } else {
            open[i] = inside;
        }
    }
    let mut preds = Vec::new();
    let mut d = 0;
    while d < buckets.len() {
        let settled = std::mem::take(&mut buckets[d]);
        for i in settled {
            let i = i as usize;
            if entry[i] != UNSETTLED {
                continue;
            }
            entry[i] = d as Entry;
            let q = space.position(i).expect("a settled entry is a position");
            predecessors(&q, &mut preds);
            for p in &preds {
                let j = space.index(p).expect("a quiet, non-promoting move keeps the material");
                if entry[j] != UNSETTLED {
                    continue;
                }
                if d % 2 == 1 {
                    open[j] = CANNOT_LOSE;
                    push(&mut buckets, d as u16 + 1, j)?;
                } else if open[j] != CANNOT_LOSE {
                    open[j] -= 1;
                    longest_win[j] = longest_win[j].max(d as u16);
                    if open[j] == 0 {
                        push(&mut buckets, longest_win[j] + 1, j)?;
                    }
                }
            }
        }
        d += 1;
    }
    let mut previous = 0;
    for (i, e) in entry.iter_mut().enumerate() {
        if *e == UNSETTLED {
            *e = DRAW;
        }
        match *e {
            UNUSED => {}
            DRAW => report.draws += 1,
            d if d % 2 == 0 => report.wins += 1,
            _ => report.losses += 1,
        }
        if u16::from(*e) <= MAX_DISTANCE {
            report.longest = report.longest.max((*e).into());
        }
        if *e == UNUSED || capture[i / 64] & (1 << (i % 64)) != 0 {
            report.captures += u64::from(*e != UNUSED);
            *e = previous;
        } else {
            previous = *e;
        }
    }
    Ok(entry)
}

/// The positions from which the previous mover reaches `q` by a legal quiet move that does not promote: each
/// of its pieces taken back along a diagonal (a king any distance over empty squares, a man one step back),
/// where that mover then had no capture (captures are compulsory).
fn predecessors(q: &Position, out: &mut Vec<Position>) {
    out.clear();
    let mover = q.side_to_move().opponent();
    let empty = q.empty();
    let back: &[i8] = match mover {
        Color::White => &[DIRECTIONS[2], DIRECTIONS[3]],
        Color::Black => &[DIRECTIONS[0], DIRECTIONS[1]],
    };
    for to in q.pieces(mover) {
        let king = q.kings().contains(to);
        for &dir in if king { &DIRECTIONS[..] } else { back } {
            let mut from = to.step(dir);
            while let Some(f) = from.filter(|f| empty.contains(*f)) {
                let mut pieces = [q.pieces(Color::White), q.pieces(Color::Black)];
                pieces[mover.index()] = (pieces[mover.index()] - to.mask()) | f.mask();
                let kings = if king { (q.kings() - to.mask()) | f.mask() } else { q.kings() };
                if let Ok(p) = Position::new(pieces[0], pieces[1], kings, mover) {
                    if capturers(&p).is_empty() {
                        out.push(p);
                    }
                }
                if !king {
                    break;
                }
                from = f.step(dir);
            }
        }
    }
}
