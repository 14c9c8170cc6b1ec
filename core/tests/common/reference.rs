//! A reference move generator written for clarity, not speed: an 8x8 mailbox and a direct reading of the
//! capture rules in RULES.md. It lists every capture path, continuing from every landing square.

use giveaway_core::{Color, Position, Role, Square};
use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Cell {
    color: Color,
    king: bool,
}

/// Start, end, captured squares and promotion of a move, as (x, y) coordinates.
pub type Outcome = ((u8, u8), (u8, u8), BTreeSet<(u8, u8)>, bool);

/// A move as the reference sees it: the squares visited (start first) and the captured squares.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub path: Vec<(u8, u8)>,
    pub captured: BTreeSet<(u8, u8)>,
    pub promotes: bool,
}

impl RefMove {
    /// Algebraic text with every landing square, as the core writes it.
    pub fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { ":" };
        self.path.iter().map(|&(x, y)| format!("{}{}", (b'a' + x) as char, y + 1)).collect::<Vec<_>>().join(sep)
    }

    /// Start, end, captured squares, promotion: what decides the resulting position.
    pub fn outcome(&self) -> Outcome {
        (self.path[0], *self.path.last().unwrap(), self.captured.clone(), self.promotes)
    }
}

pub struct Reference {
    board: [[Option<Cell>; 8]; 8], // [x][y]
    side: Color,
    /// When false, captured pieces vanish at once (NOT the rules): used to show the Turkish strike matters.
    pub turkish_strike: bool,
}

const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl Reference {
    pub fn new(pos: &Position) -> Reference {
        let mut board = [[None; 8]; 8];
        for s in Square::all() {
            if let Some(p) = pos.piece_at(s) {
                board[s.x() as usize][s.y() as usize] = Some(Cell { color: p.color, king: p.role == Role::King });
            }
        }
        Reference { board, side: pos.side_to_move(), turkish_strike: true }
    }

    fn at(&self, x: i8, y: i8) -> Option<Option<Cell>> {
        if (0..8).contains(&x) && (0..8).contains(&y) {
            Some(self.board[x as usize][y as usize])
        } else {
            None
        }
    }

    pub fn moves(&self) -> Vec<RefMove> {
        let mut captures = Vec::new();
        for x in 0..8i8 {
            for y in 0..8i8 {
                if let Some(Some(c)) = self.at(x, y) {
                    if c.color == self.side {
                        let mut path = vec![(x as u8, y as u8)];
                        self.capture_from((x, y), (x, y), c.king, &mut path, &mut BTreeSet::new(), &mut captures);
                    }
                }
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut quiet = Vec::new();
        let forward = if self.side == Color::White { 1 } else { -1 };
        let promo_row = if self.side == Color::White { 7 } else { 0 };
        for x in 0..8i8 {
            for y in 0..8i8 {
                let Some(Some(c)) = self.at(x, y) else { continue };
                if c.color != self.side {
                    continue;
                }
                for (dx, dy) in DIRS {
                    if !c.king && dy != forward {
                        continue;
                    }
                    let mut d = 1;
                    while let Some(None) = self.at(x + d * dx, y + d * dy) {
                        let to = ((x + d * dx) as u8, (y + d * dy) as u8);
                        quiet.push(RefMove {
                            path: vec![(x as u8, y as u8), to],
                            captured: BTreeSet::new(),
                            promotes: !c.king && to.1 == promo_row,
                        });
                        if !c.king {
                            break;
                        }
                        d += 1;
                    }
                }
            }
        }
        quiet
    }

    /// Empty for the moving piece: nothing there, or its own start square, or (without the Turkish strike) a
    /// piece already captured.
    fn is_empty(&self, x: i8, y: i8, start: (i8, i8), captured: &BTreeSet<(u8, u8)>) -> bool {
        match self.at(x, y) {
            None => false,
            Some(None) => true,
            Some(Some(_)) => (x, y) == start || (!self.turkish_strike && captured.contains(&(x as u8, y as u8))),
        }
    }

    fn is_capturable(&self, x: i8, y: i8, captured: &BTreeSet<(u8, u8)>) -> bool {
        matches!(self.at(x, y), Some(Some(c)) if c.color != self.side) && !captured.contains(&(x as u8, y as u8))
    }

    /// Extends the capture of the piece now on `at`; returns whether any capture was possible from here.
    fn capture_from(
        &self,
        start: (i8, i8),
        at: (i8, i8),
        king: bool,
        path: &mut Vec<(u8, u8)>,
        captured: &mut BTreeSet<(u8, u8)>,
        out: &mut Vec<RefMove>,
    ) -> bool {
        let promo_row = if self.side == Color::White { 7 } else { 0 };
        let started_as_man = !matches!(self.at(start.0, start.1), Some(Some(c)) if c.king);
        let mut any = false;
        for (dx, dy) in DIRS {
            // Walk to the first non-empty square (a man looks only at the adjacent one).
            let mut d = 1;
            if king {
                while self.is_empty(at.0 + d * dx, at.1 + d * dy, start, captured) {
                    d += 1;
                }
            }
            let (vx, vy) = (at.0 + d * dx, at.1 + d * dy);
            if !self.is_capturable(vx, vy, captured) {
                continue;
            }
            // Landing squares: the empty ones right behind the victim (a man: only the first).
            let mut landings = Vec::new();
            let mut e = 1;
            while self.is_empty(vx + e * dx, vy + e * dy, start, captured) {
                landings.push((vx + e * dx, vy + e * dy));
                if !king {
                    break;
                }
                e += 1;
            }
            if landings.is_empty() {
                continue;
            }
            any = true;
            captured.insert((vx as u8, vy as u8));
            let mut finals = Vec::new();
            let mut continued = false;
            for &l in &landings {
                path.push((l.0 as u8, l.1 as u8));
                let crowned = king || l.1 == promo_row;
                if self.capture_from(start, l, crowned, path, captured, out) {
                    continued = true;
                } else {
                    finals.push((path.clone(), crowned));
                }
                path.pop();
            }
            // A king must land where the capture continues if it can; otherwise anywhere behind.
            if !continued {
                for (p, crowned) in finals {
                    out.push(RefMove { path: p, captured: captured.clone(), promotes: started_as_man && crowned });
                }
            }
            captured.remove(&(vx as u8, vy as u8));
        }
        any
    }
}
