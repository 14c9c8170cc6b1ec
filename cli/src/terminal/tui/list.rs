//! What the lobby's list views share: a cursor over a list the server changes under it (↑↓, drawn as `▶ ` in
//! the accent), and asking for the list again every so often while it shows.

use super::theme::accent;
use ratatui::crossterm::event::KeyCode;
use ratatui::text::Line;
use std::time::{Duration, Instant};

/// The line chosen in a list.
#[derive(Default)]
pub struct Cursor {
    index: usize,
}

impl Cursor {
    /// Moves on ↑ or ↓ within a list of `len`; false for any other key.
    pub fn key(&mut self, code: KeyCode, len: usize) -> bool {
        match code {
            KeyCode::Up => self.index = self.index.saturating_sub(1),
            KeyCode::Down => self.index = (self.index + 1).min(len.saturating_sub(1)),
            _ => return false,
        }
        true
    }

    /// The line the cursor is on in a list of `len` (the list may have shrunk since it moved).
    pub fn at(&self, len: usize) -> usize {
        self.index.min(len.saturating_sub(1))
    }

    /// The item the cursor is on.
    pub fn pick<'a, T>(&self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.at(items.len()))
    }

    /// One line per item, the cursor's marked, and it and the `stressed` ones in the accent.
    pub fn lines<T>(
        &self,
        items: &[T],
        text: impl Fn(&T) -> String,
        stressed: impl Fn(&T) -> bool,
    ) -> Vec<Line<'static>> {
        let cursor = self.at(items.len());
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let line = format!("{}{}", if i == cursor { "▶ " } else { "  " }, text(item));
                if i == cursor || stressed(item) {
                    Line::styled(line, accent())
                } else {
                    Line::raw(line)
                }
            })
            .collect()
    }
}

/// When a list was last asked for, and how often to ask again.
pub struct Refresh {
    every: Duration,
    last: Instant,
}

impl Refresh {
    /// Asked for just now.
    pub fn new(every: Duration) -> Refresh {
        Refresh { every, last: Instant::now() }
    }

    /// Whether to ask again now; if so, counts from now.
    pub fn due(&mut self) -> bool {
        let due = self.last.elapsed() >= self.every;
        if due {
            self.restart();
        }
        due
    }

    /// Asked for again now (by a key).
    pub fn restart(&mut self) {
        self.last = Instant::now();
    }
}
