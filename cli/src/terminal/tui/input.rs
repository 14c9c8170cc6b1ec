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

/// A key for a line being typed (a move in notation): the text, trimmed, on Enter; Esc drops the line.
pub fn type_line(line: &mut Option<String>, code: KeyCode) -> Option<String> {
    let text = line.as_mut()?;
    match code {
        KeyCode::Char(c) => text.push(c),
        KeyCode::Backspace => {
            text.pop();
        }
        KeyCode::Enter => return line.take().map(|t| t.trim().to_string()),
        KeyCode::Esc => *line = None,
        _ => {}
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_line_is_edited_given_on_enter_and_dropped_on_escape() {
        let mut line = Some(String::new());
        for c in [KeyCode::Char('c'), KeyCode::Char('3'), KeyCode::Char('x'), KeyCode::Backspace] {
            assert_eq!(type_line(&mut line, c), None);
        }
        for c in "-d4 ".chars() {
            type_line(&mut line, KeyCode::Char(c));
        }
        assert_eq!(type_line(&mut line, KeyCode::Enter), Some("c3-d4".to_string()));
        assert_eq!(line, None);
        let mut line = Some("e3".to_string());
        assert_eq!(type_line(&mut line, KeyCode::Esc), None);
        assert_eq!(line, None);
        assert_eq!(type_line(&mut line, KeyCode::Char('a')), None, "no line, nothing typed");
        assert_eq!(line, None);
    }
}
