//! Colours and piece symbols. Board themes colour the squares; piece themes pick the glyphs. White's pieces are
//! hollow and Black's filled, so the board reads right even without colour.

use giveaway_app::{PieceKind, PieceView};
use giveaway_core::storage::{BoardTheme, PieceTheme};
use giveaway_core::Color as Side;
use ratatui::style::{Color, Modifier, Style};

/// A board theme's name in the settings screen.
pub fn board_name(t: BoardTheme) -> &'static str {
    match t {
        BoardTheme::Classic => "Classic",
        BoardTheme::Wood => "Wood",
        BoardTheme::Ocean => "Ocean",
        BoardTheme::Contrast => "High contrast",
    }
}

/// A piece set's name in the settings screen.
pub fn piece_name(t: PieceTheme) -> &'static str {
    match t {
        PieceTheme::Classic => "Classic",
        PieceTheme::Marble => "Marble",
        PieceTheme::Flat => "Flat",
        PieceTheme::Contrast => "High contrast (letters)",
    }
}

#[derive(Clone, Copy)]
pub struct Theme {
    pub light: Color,
    pub dark: Color,
    pub last_move: Color,
    pub selected: Color,
    pub destination: Color,
    pub must_capture: Color,
    pub hint: Color,
    pub white_piece: Color,
    pub black_piece: Color,
    letters: bool,
}

impl Theme {
    pub fn new(board: BoardTheme, pieces: PieceTheme) -> Theme {
        // The phones' colours for the same themes.
        let (light, dark) = match board {
            BoardTheme::Classic => (Color::Rgb(240, 217, 181), Color::Rgb(181, 136, 99)),
            BoardTheme::Wood => (Color::Rgb(232, 201, 160), Color::Rgb(139, 90, 43)),
            BoardTheme::Ocean => (Color::Rgb(221, 232, 238), Color::Rgb(79, 122, 148)),
            BoardTheme::Contrast => (Color::Rgb(255, 255, 255), Color::Rgb(0, 0, 0)),
        };
        Theme {
            light,
            dark,
            last_move: Color::Rgb(196, 180, 70),
            selected: Color::Rgb(70, 130, 220),
            destination: Color::Rgb(90, 170, 90),
            must_capture: Color::Rgb(210, 70, 60),
            hint: Color::Rgb(170, 90, 210),
            white_piece: Color::Rgb(255, 255, 255),
            black_piece: Color::Rgb(20, 20, 20),
            // A terminal draws the high-contrast set as letters: they read without colour.
            letters: pieces == PieceTheme::Contrast,
        }
    }

    pub fn glyph(&self, p: PieceView) -> &'static str {
        match (self.letters, p.color, p.kind) {
            (false, Side::White, PieceKind::Man) => "○",
            (false, Side::White, PieceKind::King) => "♔",
            (false, Side::Black, PieceKind::Man) => "●",
            (false, Side::Black, PieceKind::King) => "♚",
            (true, Side::White, PieceKind::Man) => "w",
            (true, Side::White, PieceKind::King) => "W",
            (true, Side::Black, PieceKind::Man) => "b",
            (true, Side::Black, PieceKind::King) => "B",
        }
    }

    pub fn piece_style(&self, p: PieceView) -> Style {
        let fg = if p.color == Side::White { self.white_piece } else { self.black_piece };
        Style::default().fg(fg).add_modifier(Modifier::BOLD)
    }
}

/// The accent used for titles and the selected menu line.
pub fn accent() -> Style {
    Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD)
}

pub fn dim() -> Style {
    Style::default().fg(Color::DarkGray)
}

pub fn error() -> Style {
    Style::default().fg(Color::LightRed)
}
