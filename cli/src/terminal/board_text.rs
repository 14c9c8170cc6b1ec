//! The board of a snapshot as plain text, for line mode: `w`/`W` White man/king, `b`/`B` Black, `.` an empty
//! dark square; files and ranks around it, as the snapshot's squares are placed on screen.

use giveaway_app::Coordinates;
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

/// The dark square at screen `column` and `row` (0-based from the top left).
pub fn square_at(snap: &Snapshot, column: u32, row: u32) -> Option<&SquareView> {
    snap.squares.iter().find(|s| s.column == column && s.row == row)
}

pub fn render(snap: &Snapshot, coords: &Coordinates) -> String {
    let file_row: String = coords.files.iter().map(|f| format!(" {f}")).collect();
    let mut out = format!("   {file_row}\n");
    for (row, rank) in coords.ranks.iter().enumerate() {
        let cells: String =
            (0..8).map(|c| format!(" {}", square_at(snap, c, row as u32).map_or(' ', piece_letter))).collect();
        out += &format!(" {rank} {cells}  {rank}\n");
    }
    out += &format!("   {file_row}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_app::GameController;
    use giveaway_app::{GameSession, NewGame};
    use giveaway_app::{NoObserver, Queued};
    use std::sync::Arc;

    #[test]
    fn start_position_from_both_sides() {
        let screen = |human: Color| {
            let session = GameSession::new(NewGame::versus_computer(1, human)).unwrap();
            let settings = giveaway_core::storage::Settings::default();
            let c = GameController::new(session, settings, None, Arc::new(Queued::default()), Arc::new(NoObserver))
                .unwrap();
            let s = c.state();
            render(&s.snapshot, &s.coordinates)
        };
        let white = screen(Color::White);
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0], "    a b c d e f g h");
        assert_eq!(lines[1], " 8    b   b   b   b  8");
        assert_eq!(lines[8], " 1  w   w   w   w    1");
        let black = screen(Color::Black);
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "    h g f e d c b a");
        assert_eq!(lines[1], " 1    w   w   w   w  1");
        assert_eq!(lines[4], " 4  .   .   .   .    4");
    }
}
