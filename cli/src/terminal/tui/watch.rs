//! The online lobby's Watch view: the live games (the games of players one follows first, then the highest
//! rated), and a game watched — the board, both clocks as they run, the moves, the reactions, how many watch,
//! and the end. What the list holds and the game's state are the online client's screen.

use super::board::{self, Marks};
use super::list::{Cursor, Refresh};
use super::online::{reason_text, speed_name, time_control_name};
use super::theme::{accent, dim, Theme};
use giveaway_app::{ApiResult, Coordinates};
use giveaway_core::{Color, Notation};
use giveaway_online::{LiveGameView, OnlineClient, OnlineScreen, SeatView, WatchScreen};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Duration;

/// The list is asked for again this often while it shows (games start and end by themselves).
const REFRESH: Duration = Duration::from_secs(10);

/// The list's cursor and when it was asked for.
pub struct WatchView {
    cursor: Cursor,
    refresh: Refresh,
}

/// What a key did.
pub enum WatchKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

fn seat(s: &SeatView) -> String {
    format!("{} ({})", s.nickname, s.rating_text())
}

/// `Anna (1712) – Bob (1650) · 3+2 Blitz rated · move 12 · 3 watching`.
fn game_line(g: &LiveGameView) -> String {
    let rated = if g.rated { "rated" } else { "casual" };
    let friend = if g.friend { " · a friend plays" } else { "" };
    format!(
        "{} – {} · {} {} {rated} · move {} · {} watching{friend}",
        seat(&g.white),
        seat(&g.black),
        time_control_name(g.time_control),
        speed_name(g.speed),
        g.ply / 2 + 1,
        g.spectators
    )
}

/// `4:05`, or `0:09.5` under ten seconds.
fn clock(ms: u64) -> String {
    if ms < 10_000 {
        format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        format!("{}:{:02}", ms / 60_000, ms / 1000 % 60)
    }
}

impl WatchView {
    /// Opens the list: the live games are asked for.
    pub fn open(client: &OnlineClient) -> (WatchView, ApiResult<()>) {
        (WatchView { cursor: Cursor::default(), refresh: Refresh::new(REFRESH) }, client.live_games())
    }

    /// Every frame: the list again after [`REFRESH`] while it shows.
    pub fn tick(&mut self, client: &OnlineClient, screen: &OnlineScreen) {
        if screen.watching.is_none() && self.refresh.due() {
            // Offline: the lobby says so; the next tick tries again.
            let _ = client.live_games();
        }
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> WatchKey {
        if screen.watching.is_some() {
            if matches!(key.code, KeyCode::Esc | KeyCode::Char('q')) {
                client.stop_watching();
                self.refresh.restart();
                return WatchKey::Stay(client.live_games());
            }
            return WatchKey::Stay(Ok(()));
        }
        let games = &screen.live_games;
        if self.cursor.key(key.code, games.len()) {
            return WatchKey::Stay(Ok(()));
        }
        WatchKey::Stay(match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return WatchKey::Close,
            KeyCode::Char('r') => {
                self.refresh.restart();
                client.live_games()
            }
            KeyCode::Enter => self.cursor.pick(games).map_or(Ok(()), |g| client.watch(g.game)),
            _ => Ok(()),
        })
    }

    /// The list's lines and its key help (the lobby draws them in its body).
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        let mut lines = vec![Line::styled("Watch a game", accent()), Line::raw("")];
        if screen.live_games.is_empty() {
            lines.push(Line::styled("No games are being played right now (r: look again).", dim()));
        }
        lines.extend(self.cursor.lines(&screen.live_games, game_line, |_| false));
        (lines, "↑↓ choose · Enter watch · r refresh · Esc back")
    }

    /// The watched game over the whole screen: the board, and beside it the players, clocks, moves and the end.
    pub fn draw_game(f: &mut Frame, area: Rect, w: &WatchScreen, theme: &Theme) {
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(1)]).areas(area);
        let cell = board::cell_size(main.width.saturating_sub(44), main.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(40)]).areas(main);
        let coords = Coordinates::new(false, Notation::Algebraic);
        let title = format!(" Watching game {} · {} vs {} ", w.game, w.white.nickname, w.black.nickname);
        let lines = board::lines(&w.board, &coords, &Marks::default(), theme, cell);
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);

        let rated = if w.rated { "Rated" } else { "Casual" };
        let mut side = vec![
            Line::styled(format!("{rated} {} {}", time_control_name(w.time_control), speed_name(w.speed)), accent()),
            Line::raw(format!("{} watching", w.spectators)),
            Line::raw(""),
        ];
        for (color, s, ms) in [(Color::Black, &w.black, w.black_ms), (Color::White, &w.white, w.white_ms)] {
            let name = if color == Color::White { "White" } else { "Black" };
            let running = if w.running == Some(color) { " ◀" } else { "" };
            let text = format!("{name:<6} {:<26} {:>8}{running}", seat(s), clock(ms));
            side.push(if w.running == Some(color) { Line::styled(text, accent()) } else { Line::raw(text) });
        }
        side.push(Line::raw(""));
        match &w.end {
            Some(end) => {
                let verdict = match (end.winner, end.reason) {
                    (_, None) => "Aborted: a first move did not come in time.".to_string(),
                    (None, Some(r)) => format!("Drawn by {}.", reason_text(r)),
                    (Some(c), Some(r)) => {
                        let who = if c == Color::White { &w.white.nickname } else { &w.black.nickname };
                        format!("{who} won by {}.", reason_text(r))
                    }
                };
                side.push(Line::styled(verdict, accent()));
            }
            None => {
                let to_move = if w.moves.len().is_multiple_of(2) { &w.white.nickname } else { &w.black.nickname };
                side.push(Line::raw(format!("{to_move} to move · move {}", w.moves.len() / 2 + 1)));
            }
        }
        if let Some(r) = w.reactions.last() {
            let who = if r.side == Color::White { &w.white.nickname } else { &w.black.nickname };
            side.push(Line::raw(format!("{who}: {}", r.emoji)));
        }
        side.push(Line::raw(""));
        side.push(Line::styled("Moves", accent()));
        for (n, pair) in w.moves.chunks(2).enumerate().rev().take(12).collect::<Vec<_>>().into_iter().rev() {
            side.push(Line::raw(format!("{:>3}. {:<10} {}", n + 1, pair[0], pair.get(1).map_or("", |m| m.as_str()))));
        }
        f.render_widget(
            Paragraph::new(side).wrap(Wrap { trim: false }).block(Block::default().borders(Borders::ALL)),
            right,
        );
        f.render_widget(Paragraph::new(Line::styled("Esc stop watching (back to the list)", dim())), help);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_on_a_clock() {
        assert_eq!(clock(245_000), "4:05");
        assert_eq!(clock(9_530), "0:09.5");
        assert_eq!(clock(0), "0:00.0");
    }
}
