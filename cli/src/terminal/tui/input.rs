//! Keys as the screens read them: arrows and hjkl are directions on the board and in lists.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// Arrow keys, or vi's h j k l.
pub fn direction(key: &KeyEvent) -> Option<Dir> {
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => Some(Dir::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Dir::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Dir::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Dir::Right),
        _ => None,
    }
}

/// Ctrl-C: leave the app from anywhere (raw mode turns it into a key instead of a signal).
pub fn is_interrupt(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d'))
}

pub fn is_confirm(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Enter | KeyCode::Char(' '))
}
