//! Settings: notation, coach tips, board orientation for pass-and-play, board and piece themes, premoves and
//! move confirmation online. Each change is saved at once.

use super::app::{Ctx, Go};
use super::form::{Change, Field, Form};
use super::theme::{accent, board_name, dim, error, piece_name};
use giveaway_core::storage::{BoardTheme, Orientation, PieceTheme, PremoveMode};
use giveaway_core::Notation;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

const ORIENTATIONS: [(Orientation, &str); 3] = [
    (Orientation::Fixed, "Fixed (White at the bottom)"),
    (Orientation::FlipEachMove, "Flip after each move"),
    (Orientation::FaceToFace, "Face to face (as fixed in a terminal)"),
];

const PREMOVES: [(PremoveMode, &str); 3] =
    [(PremoveMode::Fast, "Bullet and blitz"), (PremoveMode::Always, "Always"), (PremoveMode::Never, "Never")];

pub struct SettingsScreen {
    form: Form,
    message: Option<String>,
}

fn on_off(b: bool) -> usize {
    usize::from(!b)
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

impl SettingsScreen {
    pub fn new(ctx: &Ctx) -> SettingsScreen {
        let s = &ctx.settings;
        let yes_no = || strings(&["On", "Off"]);
        let form = Form::new(vec![
            Field::new(
                "Notation",
                strings(&["Algebraic (c3-d4)", "Numeric (22-18)"]),
                usize::from(s.notation == Notation::Numeric),
            ),
            Field::new("Coach tips", yes_no(), on_off(s.coach)),
            Field::new("Show legal moves", yes_no(), on_off(s.show_legal_moves)),
            Field::new(
                "Pass-and-play board",
                ORIENTATIONS.iter().map(|(_, n)| n.to_string()).collect(),
                ORIENTATIONS.iter().position(|(o, _)| *o == s.orientation).unwrap_or(0),
            ),
            Field::new(
                "Board theme",
                BoardTheme::ALL.iter().map(|t| board_name(*t).to_string()).collect(),
                BoardTheme::ALL.iter().position(|t| *t == s.board_theme).unwrap_or(0),
            ),
            Field::new(
                "Piece theme",
                PieceTheme::ALL.iter().map(|t| piece_name(*t).to_string()).collect(),
                PieceTheme::ALL.iter().position(|t| *t == s.piece_theme).unwrap_or(0),
            ),
            Field::new(
                "Premoves online",
                PREMOVES.iter().map(|(_, n)| n.to_string()).collect(),
                PREMOVES.iter().position(|(m, _)| *m == s.premoves).unwrap_or(0),
            ),
            Field::new("Confirm online moves", yes_no(), on_off(s.confirm_moves)),
        ]);
        SettingsScreen { form, message: None }
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        if matches!(key.code, KeyCode::Esc | KeyCode::Char('q') | KeyCode::Enter) {
            return Go::Home;
        }
        if let Change::Value(n) = self.form.key(&key) {
            let c = self.form.fields[n].choice;
            let s = &mut ctx.settings;
            match n {
                0 => s.notation = if c == 1 { Notation::Numeric } else { Notation::Algebraic },
                1 => s.coach = c == 0,
                2 => s.show_legal_moves = c == 0,
                3 => s.orientation = ORIENTATIONS[c].0,
                4 => s.board_theme = BoardTheme::ALL[c],
                5 => s.piece_theme = PieceTheme::ALL[c],
                6 => s.premoves = PREMOVES[c].0,
                _ => s.confirm_moves = c == 0,
            }
            self.message = ctx.library.save_settings(ctx.settings.clone()).err().map(|e| e.to_string());
        }
        Go::Stay
    }

    pub fn draw(&mut self, f: &mut Frame, _ctx: &Ctx) {
        let [top, body, bottom] =
            Layout::vertical([Constraint::Length(2), Constraint::Min(8), Constraint::Length(2)]).areas(f.area());
        f.render_widget(Paragraph::new(Line::styled("Settings", accent())), top);
        f.render_widget(Paragraph::new(self.form.lines()).block(Block::default().borders(Borders::ALL)), body);
        let mut foot = vec![Line::styled("↑↓ choose · ←→ change (saved at once) · Esc back", dim())];
        if let Some(m) = &self.message {
            foot.insert(0, Line::styled(m.clone(), error()));
        }
        f.render_widget(Paragraph::new(foot), bottom);
    }
}
