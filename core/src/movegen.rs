//! Legal move generation under the Russian rules (which giveaway uses unchanged).
//!
//! Captures are compulsory, free to choose among, and completed to the end. Men capture forwards and
//! backwards; a man reaching the far rank mid-capture continues as a king. Kings fly, and after a capture must
//! land on a square from which the capture continues if any such square exists. Captured pieces stay on the
//! board until the move ends (Turkish strike): they block, and cannot be jumped twice.

use crate::position::{Color, Position};
use crate::square::{Bitboard, Square, Squares, BOARD, DIRECTIONS};
use std::fmt;
use std::ops::Deref;

/// At most 12 pieces can be captured in one move, so a path has at most 12 landing squares.
pub const MAX_PATH: usize = 12;

/// A legal move: the square it starts from, every landing square in order, and the set of captured squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    captured: Bitboard,
    path: [Square; MAX_PATH],
    from: Square,
    /// The last landing square, kept apart because every use of a move asks for it.
    to: Square,
    len: u8,
    promotes: bool,
}

impl Move {
    /// The square the moving piece starts on.
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the moving piece ends on.
    #[inline(always)]
    pub fn to(&self) -> Square {
        self.to
    }

    /// Landing squares in order (for a quiet move, just the destination).
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// Squares of the pieces this move captures.
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// The squares of the pieces this move captures.
    pub fn captured_squares(&self) -> Squares {
        self.captured.squares()
    }

    /// Whether the move captures anything.
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// True when a man becomes a king with this move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// For each landing square of the path, every square the piece may stop on instead. The path records the
    /// landing nearest the captured piece; a king that captures again straight on along the same diagonal may
    /// stop on any empty square up to the next piece it takes (RULES.md: any landing from which the capture
    /// continues), so each of those writes the same move.
    pub fn landing_choices(&self) -> Vec<Bitboard> {
        let path = self.path();
        let mut start = self.from;
        let mut choices = Vec::with_capacity(path.len());
        for (k, &land) in path.iter().enumerate() {
            let mut set = land.mask();
            let straight_on = path.get(k + 1).and_then(|&next| {
                let d = direction(start, land)?;
                (self.is_capture() && direction(land, next) == Some(d)).then_some(d)
            });
            if let Some(d) = straight_on {
                let mut sq = land.step(d);
                while let Some(s) = sq.filter(|&s| !self.captured.contains(s)) {
                    set |= s.mask();
                    sq = s.step(d);
                }
            }
            choices.push(set);
            start = land;
        }
        choices
    }

    /// Identity of the resulting position: capture paths that share it lead to the same position.
    #[inline]
    pub fn outcome_key(&self) -> (Square, Square, Bitboard, bool) {
        (self.from, self.to(), self.captured, self.promotes)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Algebraic notation with every landing square: `c3-d4`, `c3:e5:c7`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { ':' } else { '-' };
        write!(f, "{}", self.from)?;
        for s in self.path() {
            write!(f, "{sep}{s}")?;
        }
        Ok(())
    }
}

/// A reusable list of moves.
#[derive(Clone, Default, Debug)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    /// An empty list with room for a typical number of moves.
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(64))
    }

    /// Empties the list, keeping its memory.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keeps one capture path per resulting position (first one generated wins).
    pub fn dedup_outcomes(&mut self) {
        // Quiet moves and single-piece captures never collide; a list is all quiet or all captures.
        if self.0.len() < 2 || !self.0[0].is_capture() || !self.0.iter().any(|m| m.len > 1) {
            return;
        }
        let mut i = 1;
        while i < self.0.len() {
            let key = self.0[i].outcome_key();
            if self.0[..i].iter().any(|m| m.outcome_key() == key) {
                self.0.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The moves as a plain vector.
    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Every legal move, every capture path listed separately.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(pos, &mut list);
    list
}

/// Fills `list` with every legal move (clearing it first). Captures, if any exist, are the only legal moves.
pub fn generate(pos: &Position, list: &mut MoveList) {
    generate_with(pos, capturers(pos), list);
}

/// [`generate`] for a caller that already knows the side to move's [`capturers`] (`capturing`), so that they
/// are not found twice.
#[inline]
pub fn generate_with(pos: &Position, capturing: Bitboard, list: &mut MoveList) {
    list.clear();
    if capturing.any() {
        generate_captures(pos, capturing, list);
    } else {
        generate_quiet(pos, list);
    }
}

/// Every capture and every quiet move of the side to move, as if capturing were not compulsory: the moves a
/// player may queue as a premove, before the opponent's move decides which of them are legal.
pub fn moves_by_shape(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate_captures(pos, capturers(pos), &mut list);
    generate_quiet(pos, &mut list);
    list
}

/// Whether the side to move has a move that captures nothing (its legal moves when [`capturers`] is empty): the one
/// question a leaf without captures asks of its moves.
#[inline]
pub fn has_quiet_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let own = pos.pieces(us);
    let empty = pos.empty();
    let kings = own & pos.kings();
    let [f1, f2] = forward(us);
    let [d1, d2, d3, d4] = DIRECTIONS;
    let men_to = ((own - kings).shift(f1) | (own - kings).shift(f2)) & empty;
    let kings_to = (kings.shift(d1) | kings.shift(d2) | kings.shift(d3) | kings.shift(d4)) & empty;
    (men_to | kings_to).any()
}

/// Forward directions for men of a colour.
#[inline(always)]
const fn forward(c: Color) -> [i8; 2] {
    match c {
        Color::White => [DIRECTIONS[0], DIRECTIONS[1]],
        Color::Black => [DIRECTIONS[2], DIRECTIONS[3]],
    }
}

/// The squares a king on `s` sees along direction `d`: the empty run, and the first occupied square (or 0).
#[inline(always)]
fn ray(s: Bitboard, d: i8, empty: Bitboard) -> (Bitboard, Bitboard) {
    let mut run = Bitboard::EMPTY;
    let mut t = s.shift(d);
    while (t & empty).any() {
        run |= t;
        t = t.shift(d);
    }
    (run, t)
}

/// The side to move's pieces that can capture (non-empty exactly when captures are compulsory).
pub fn capturers(pos: &Position) -> Bitboard {
    let us = pos.side_to_move();
    let own = pos.pieces(us);
    let enemy = pos.pieces(us.opponent());
    let empty = pos.empty();
    let men = own - pos.kings();
    let mut result = Bitboard::EMPTY;
    for d in DIRECTIONS {
        // A man on s captures in direction d when s+d is an enemy and s+2d is empty.
        result |= empty.shift_onto(-d, enemy).shift_onto(-d, men);
    }
    for k in own & pos.kings() {
        for d in DIRECTIONS {
            let (_, hit) = ray(k.mask(), d, empty);
            if (hit & enemy).any() && (hit.shift(d) & empty).any() {
                result |= k.mask();
                break;
            }
        }
    }
    result
}

/// Quiet moves (no capture available).
fn generate_quiet(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let own = pos.pieces(us);
    let empty = pos.empty();
    let men = own - pos.kings();
    let promo = us.promotion_rank();
    for d in forward(us) {
        let to = men.shift(d) & empty;
        // A step keeps the order of squares, so the men that step pair up with their destinations in turn.
        for (from, to) in to.shift(-d).squares().zip(to) {
            list.0.push(quiet(from, to, promo.contains(to)));
        }
    }
    for k in own & pos.kings() {
        for d in DIRECTIONS {
            let (run, _) = ray(k.mask(), d, empty);
            for to in run {
                list.0.push(quiet(k, to, false));
            }
        }
    }
}

#[inline(always)]
fn quiet(from: Square, to: Square, promotes: bool) -> Move {
    let mut path = [from; MAX_PATH];
    path[0] = to;
    Move { captured: Bitboard::EMPTY, path, from, to, len: 1, promotes }
}

/// Depth-first search over capture sequences of one piece.
struct CaptureSearch<'a> {
    list: &'a mut MoveList,
    from: Square,
    /// Enemy pieces (captured ones included: they stay on the board until the move ends).
    enemy: Bitboard,
    /// Empty squares, with the moving piece's start square counted as empty.
    empty: Bitboard,
    promo: Bitboard,
    path: [Square; MAX_PATH],
    started_as_man: bool,
}

impl CaptureSearch<'_> {
    fn emit(&mut self, len: usize, captured: Bitboard, king_at_end: bool) {
        self.list.0.push(Move {
            captured,
            path: self.path,
            from: self.from,
            to: self.path[len - 1],
            len: len as u8,
            promotes: self.started_as_man && king_at_end,
        });
    }

    /// Where a man on `s` lands jumping over one of `targets` in each direction (empty where it cannot). All four
    /// are found before any branch: from most landings no capture continues, and that is then known at once.
    #[inline(always)]
    fn man_landings(&self, s: Bitboard, targets: Bitboard) -> [Bitboard; 4] {
        DIRECTIONS.map(|d| s.shift_onto(d, targets).shift_onto(d, self.empty))
    }

    /// Continues a capture by a man that can jump to `lands` (by direction, at least one not empty), having
    /// taken `captured`. Only a capture that continues costs a call.
    fn man(&mut self, lands: [Bitboard; 4], len: usize, captured: Bitboard) {
        for (d, land) in DIRECTIONS.into_iter().zip(lands) {
            let Some(sq) = land.first() else { continue };
            self.path[len] = sq;
            let cap = captured | land.shift(-d);
            if (land & self.promo).any() {
                // Crowned mid-capture: carries on as a king, or stops here as one.
                if !self.king(land, len + 1, cap, d, true) {
                    self.emit(len + 1, cap, true);
                }
                continue;
            }
            let next = self.man_landings(land, self.enemy - cap);
            if (next[0] | next[1] | next[2] | next[3]).is_empty() {
                self.emit(len + 1, cap, false);
            } else {
                self.man(next, len + 1, cap);
            }
        }
    }

    /// Continues a capture by a king standing on `s`, having arrived along direction `came` (0 at the start).
    /// Going back along `came` is blocked by the piece just captured. Going straight on is explored only from
    /// the landing square nearest the captured piece (`straight_on`): from every other landing square of the
    /// same run it would capture the same piece and land on the same squares, so it is the same sequence.
    /// This is also the published perft convention for counting capture sequences. Returns whether it could
    /// capture anything.
    fn king(&mut self, s: Bitboard, len: usize, captured: Bitboard, came: i8, straight_on: bool) -> bool {
        let mut any = false;
        for d in DIRECTIONS {
            if d == -came || (d == came && !straight_on) {
                continue;
            }
            let (_, hit) = ray(s, d, self.empty);
            if ((hit & self.enemy) - captured).is_empty() {
                continue;
            }
            let (landings, _) = ray(hit, d, self.empty);
            if landings.is_empty() {
                continue;
            }
            any = true;
            let cap = captured | hit;
            // The king must land where the capture continues, if any landing square allows it. Landings are
            // tried nearest the captured piece first.
            let mut continued = false;
            let mut rest = landings;
            let mut nearest = true;
            while let Some(l) = if d > 0 { rest.first() } else { rest.last() } {
                rest -= l.mask();
                self.path[len] = l;
                continued |= self.king(l.mask(), len + 1, cap, d, nearest);
                nearest = false;
            }
            if !continued {
                for l in landings {
                    self.path[len] = l;
                    self.emit(len + 1, cap, true);
                }
            }
        }
        any
    }
}

/// The diagonal direction that leads from `a` to `b`, if they share a diagonal.
fn direction(a: Square, b: Square) -> Option<i8> {
    DIRECTIONS.into_iter().find(|&d| {
        let mut sq = a.step(d);
        while let Some(s) = sq {
            if s == b {
                return true;
            }
            sq = s.step(d);
        }
        false
    })
}

/// The captures of the pieces in `capturing` (the side to move's [`capturers`]).
fn generate_captures(pos: &Position, capturing: Bitboard, list: &mut MoveList) {
    let us = pos.side_to_move();
    for from in capturing {
        let is_king = pos.kings().contains(from);
        let mut search = CaptureSearch {
            list: &mut *list,
            from,
            enemy: pos.pieces(us.opponent()),
            empty: BOARD - (pos.occupied() - from.mask()),
            promo: us.promotion_rank(),
            path: [from; MAX_PATH],
            started_as_man: !is_king,
        };
        if is_king {
            search.king(from.mask(), 0, Bitboard::EMPTY, 0, true);
        } else {
            // `from` is one of the capturers, so it has a jump.
            search.man(search.man_landings(from.mask(), search.enemy), 0, Bitboard::EMPTY);
        }
    }
}

/// Counts legal moves without building them where possible (perft's last ply).
/// `distinct` counts capture paths with the same outcome once.
pub fn count_moves(pos: &Position, list: &mut MoveList, distinct: bool) -> u64 {
    let capturing = capturers(pos);
    if capturing.any() {
        list.clear();
        generate_captures(pos, capturing, list);
        if distinct {
            list.dedup_outcomes();
        }
        return list.len() as u64;
    }
    let us = pos.side_to_move();
    let own = pos.pieces(us);
    let empty = pos.empty();
    let men = own - pos.kings();
    let mut n = 0;
    for d in forward(us) {
        n += (men.shift(d) & empty).count() as u64;
    }
    for k in own & pos.kings() {
        for d in DIRECTIONS {
            n += ray(k.mask(), d, empty).0.count() as u64;
        }
    }
    n
}
