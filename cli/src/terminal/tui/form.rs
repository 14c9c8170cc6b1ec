//! Menus and option forms: a list of lines, one selected (↑/↓ or j/k); a form line cycles through its values
//! with ←/→ (or h/l). The home menu, the new-game forms, the settings and the list filters are all this.

use super::input::{direction, Dir};
use super::theme::{accent, dim};
use ratatui::crossterm::event::KeyEvent;
use ratatui::text::{Line, Span};

pub struct Field {
    pub label: String,
    pub values: Vec<String>,
    pub choice: usize,
}

impl Field {
    pub fn new(label: &str, values: Vec<String>, choice: usize) -> Field {
        let choice = choice.min(values.len().saturating_sub(1));
        Field { label: label.to_string(), values, choice }
    }

    /// A line with nothing to choose (a button such as "Start").
    pub fn button(label: &str) -> Field {
        Field { label: label.to_string(), values: Vec::new(), choice: 0 }
    }
}

pub struct Form {
    pub fields: Vec<Field>,
    pub index: usize,
}

pub enum Change {
    None,
    /// The selection moved.
    Moved,
    /// Field number `n` took another value.
    Value(usize),
}

impl Form {
    pub fn new(fields: Vec<Field>) -> Form {
        Form { fields, index: 0 }
    }

    pub fn key(&mut self, key: &KeyEvent) -> Change {
        let n = self.fields.len();
        if n == 0 {
            return Change::None;
        }
        match direction(key) {
            Some(Dir::Up) => {
                self.index = (self.index + n - 1) % n;
                Change::Moved
            }
            Some(Dir::Down) => {
                self.index = (self.index + 1) % n;
                Change::Moved
            }
            Some(d @ (Dir::Left | Dir::Right)) => {
                let f = &mut self.fields[self.index];
                let m = f.values.len();
                if m < 2 {
                    return Change::None;
                }
                f.choice = if d == Dir::Left { (f.choice + m - 1) % m } else { (f.choice + 1) % m };
                Change::Value(self.index)
            }
            None => Change::None,
        }
    }

    pub fn lines(&self) -> Vec<Line<'static>> {
        let width = self.fields.iter().map(|f| f.label.chars().count()).max().unwrap_or(0);
        self.fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let here = i == self.index;
                let pointer = if here { "▶ " } else { "  " };
                let style = if here { accent() } else { Default::default() };
                let mut spans = vec![Span::styled(format!("{pointer}{:<width$}", f.label), style)];
                if let Some(v) = f.values.get(f.choice) {
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled("◀ ", dim()));
                    spans.push(Span::styled(v.clone(), style));
                    spans.push(Span::styled(" ▶", dim()));
                }
                Line::from(spans)
            })
            .collect()
    }
}
