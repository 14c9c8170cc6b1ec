//! The board drawn from a snapshot: squares coloured by the theme and by what the snapshot marks (last move,
//! selection, destinations, forced captures, hint), pieces as glyphs, coordinates around it, every square
//! where the snapshot places it. Markers in the
//! cell edges repeat the important highlights in plain text: `>x<` the cursor, `[x]` the selected piece,
//! `!x!` a piece that must capture, `{x}` the hinted piece, `·` a destination, `×` a captured piece.

use super::theme::{dim, Theme};
use crate::terminal::board_text::square_at;
use giveaway_app::Coordinates;
use giveaway_app::{Snapshot, SquareView};
use giveaway_core::Notation;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// What the game screen adds on top of the snapshot: the keyboard cursor's (column, row).
#[derive(Default, Clone, Copy)]
pub struct Marks {
    pub cursor: Option<(u32, u32)>,
}

/// Cell size that fits `width` x `height` (board plus one line and two columns of coordinates).
pub fn cell_size(width: u16, height: u16) -> (usize, usize) {
    // Five columns is the least: the marks need two on each side of the piece.
    for (w, h) in [(7, 3), (5, 2)] {
        if 8 * w + 3 <= width as usize && 8 * h < height as usize {
            return (w, h);
        }
    }
    (5, 1)
}

pub fn board_width(cell_w: usize) -> u16 {
    (8 * cell_w + 3) as u16
}

pub fn lines(
    snap: &Snapshot,
    coords: &Coordinates,
    marks: &Marks,
    theme: &Theme,
    (cw, ch): (usize, usize),
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (row, rank) in coords.ranks.iter().enumerate() {
        for sub in 0..ch {
            let middle = sub == (ch - 1) / 2;
            let label = if middle { format!("{rank:>2} ") } else { "   ".to_string() };
            let mut spans = vec![Span::styled(label, dim())];
            for column in 0..8 {
                spans.extend(cell(snap, marks, theme, (column, row as u32), cw, middle));
            }
            out.push(Line::from(spans));
        }
    }
    let mut files_line = "   ".to_string();
    for f in &coords.files {
        files_line += &format!("{f:^cw$}");
    }
    out.push(Line::styled(files_line, dim()));
    out
}

fn cell(
    snap: &Snapshot,
    marks: &Marks,
    theme: &Theme,
    (column, row): (u32, u32),
    cw: usize,
    middle: bool,
) -> Vec<Span<'static>> {
    let Some(sq) = square_at(snap, column, row) else {
        return vec![Span::styled(" ".repeat(cw), Style::default().bg(theme.light))];
    };
    // The piece of the hint's first step is marked with braces; the move's path is coloured.
    let hinted = sq.hint && sq.piece.is_some();
    let bg = if sq.selected {
        theme.selected
    } else if sq.hint || sq.pending {
        // A premove or a move waiting for Confirm (online, where there are no hints) takes the hint's colour.
        theme.hint
    } else if sq.must_capture {
        theme.must_capture
    } else if sq.destination || sq.final_destination {
        theme.destination
    } else if sq.last_move {
        theme.last_move
    } else {
        theme.dark
    };
    let base = Style::default().bg(bg);
    if !middle {
        return vec![Span::styled(" ".repeat(cw), base)];
    }
    let cursor = marks.cursor == Some((column, row));
    let (outer_l, outer_r) = if cursor { (">", "<") } else { (" ", " ") };
    let (inner_l, inner_r) = if sq.selected {
        ("[", "]")
    } else if hinted {
        ("{", "}")
    } else if sq.must_capture {
        ("!", "!")
    } else {
        (" ", " ")
    };
    let pad = " ".repeat(cw.saturating_sub(5) / 2);
    let mark = base.fg(Color::Rgb(255, 235, 120)).add_modifier(Modifier::BOLD);
    let (glyph, glyph_style) = glyph(sq, snap.notation, theme, base);
    let mut spans = vec![Span::styled(format!("{outer_l}{pad}"), mark)];
    if glyph.chars().count() > 1 {
        // A square number takes the inner marks' places too; marks were blank for it.
        spans.push(Span::styled(format!("{glyph:>3}"), glyph_style));
    } else {
        spans.push(Span::styled(inner_l.to_string(), mark));
        spans.push(Span::styled(glyph, glyph_style));
        spans.push(Span::styled(inner_r.to_string(), mark));
    }
    spans.push(Span::styled(format!("{pad}{outer_r}"), mark));
    spans
}

fn glyph(sq: &SquareView, notation: Notation, theme: &Theme, base: Style) -> (String, Style) {
    match sq.piece {
        Some(_) if sq.ghost => ("×".into(), base.fg(Color::Gray)),
        Some(p) => (theme.glyph(p).into(), theme.piece_style(p).bg(base.bg.unwrap_or(theme.dark))),
        None if sq.destination => ("·".into(), base.fg(Color::White).add_modifier(Modifier::BOLD)),
        None if sq.final_destination => ("◦".into(), base.fg(Color::White).add_modifier(Modifier::BOLD)),
        None if sq.last_captured => ("×".into(), base.fg(Color::Rgb(90, 60, 40))),
        None if notation == Notation::Numeric && !sq.selected && !sq.must_capture => {
            (sq.number.to_string(), base.fg(Color::Rgb(120, 85, 60)))
        }
        None => (" ".into(), base),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_app::{GameSession, NewGame};
    use giveaway_core::storage::{BoardTheme, PieceTheme};

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    fn white_below(snap: &Snapshot) -> Vec<String> {
        text(&board(snap, &Marks::default(), &Theme::new(BoardTheme::Classic, PieceTheme::Classic)))
    }

    fn board(snap: &Snapshot, marks: &Marks, theme: &Theme) -> Vec<Line<'static>> {
        let coords = Coordinates {
            files: "abcdefgh".chars().map(String::from).collect(),
            ranks: (1..=8).rev().map(|r| r.to_string()).collect(),
            square_numbers: snap.notation == Notation::Numeric,
        };
        lines(snap, &coords, marks, theme, (5, 1))
    }

    #[test]
    fn start_position_with_cursor_and_forced_capture_marks() {
        let game = GameSession::new(NewGame::pass_and_play(None)).unwrap();
        let theme = Theme::new(BoardTheme::Classic, PieceTheme::Classic);
        let marks = Marks { cursor: Some((2, 5)) };
        let snap = game.snapshot().unwrap();
        let t = text(&board(&snap, &marks, &theme));
        assert_eq!(t[0], " 8        ●         ●         ●         ●  ");
        assert_eq!(t[5], " 3   ○       > ○ <       ○         ○       ");
        assert_eq!(t[8], "     a    b    c    d    e    f    g    h  ");
        // c3-d4 f6-e5: White's d4 must capture e5.
        game.play_move("c3-d4".into()).unwrap();
        let snap = game.play_move("f6-e5".into()).unwrap();
        let t = white_below(&snap);
        assert_eq!(t[4], " 4                 !○!                     ");
        // Selected, with its landing square f6 marked.
        let snap = game.select(18).unwrap();
        let t = white_below(&snap);
        assert_eq!(t[4], " 4                 [○]                     ");
        assert_eq!(t[2], " 6        ●         ●         ·         ●  ");
    }

    #[test]
    fn numeric_notation_numbers_the_empty_dark_squares() {
        let game = GameSession::new(NewGame::pass_and_play(None)).unwrap();
        let snap = game.set_notation(Notation::Numeric);
        let t = text(&board(&snap, &Marks::default(), &Theme::new(BoardTheme::Ocean, PieceTheme::Contrast)));
        assert_eq!(t[4], " 4        17        18        19        20 ");
        assert_eq!(t[0], " 8        b         b         b         b  ");
    }
}
