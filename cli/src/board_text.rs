//! The board of a snapshot as plain text, for line mode: `w`/`W` White man/king, `b`/`B` Black, `.` an empty
//! dark square; files and ranks around it, from the given side's point of view.

use giveaway_app::{PieceKind, Snapshot, SquareView};
use giveaway_core::Color;

pub fn piece_letter(sq: &SquareView) -> char {
    match sq.piece {
        Some(p) => match (p.color, p.kind) {
            (Color::White, PieceKind::Man) => 'w',
            (Color::White, PieceKind::King) => 'W',
            (Color::Black, PieceKind::Man) => 'b',
            (Color::Black, PieceKind::King) => 'B',
        },
        None => '.',
    }
}

/// The dark square at (`file`, `rank`), 0-based from a1.
pub fn square_at(snap: &Snapshot, file: u32, rank: u32) -> Option<&SquareView> {
    snap.squares.iter().find(|s| s.file == file && s.rank == rank)
}

/// Ranks top to bottom and files left to right as seen by `bottom` sitting at the lower edge.
pub fn view_order(bottom: Color) -> ([u32; 8], [u32; 8]) {
    let up: [u32; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    let down: [u32; 8] = [7, 6, 5, 4, 3, 2, 1, 0];
    match bottom {
        Color::White => (down, up),
        Color::Black => (up, down),
    }
}

pub fn render(snap: &Snapshot, bottom: Color) -> String {
    let (ranks, files) = view_order(bottom);
    let file_row: String = files.iter().map(|&f| format!(" {}", (b'a' + f as u8) as char)).collect();
    let mut out = format!("   {file_row}\n");
    for &r in &ranks {
        let cells: String =
            files.iter().map(|&f| format!(" {}", square_at(snap, f, r).map_or(' ', piece_letter))).collect();
        out += &format!(" {} {cells}  {}\n", r + 1, r + 1);
    }
    out += &format!("   {file_row}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_app::{GameSession, NewGame};

    #[test]
    fn start_position_from_both_sides() {
        let snap = GameSession::new(NewGame::pass_and_play(None)).unwrap().snapshot().unwrap();
        let white = render(&snap, Color::White);
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0], "    a b c d e f g h");
        assert_eq!(lines[1], " 8    b   b   b   b  8");
        assert_eq!(lines[8], " 1  w   w   w   w    1");
        let black = render(&snap, Color::Black);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "    h g f e d c b a");
        assert_eq!(lines[1], " 1    w   w   w   w  1");
        assert_eq!(lines[4], " 4  .   .   .   .    4");
    }
}
