//! The online lobby's Open seeks view: the players waiting for an opponent (the longest waiting first), one of
//! which Enter plays at once, rated, at its clock. The list is the online client's screen.

use super::list::{Cursor, Refresh};
use super::online::{speed_name, time_control_name};
use super::theme::{accent, dim};
use giveaway_app::ApiResult;
use giveaway_online::{OnlineClient, OnlineScreen, SeekView};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::Line;
use std::time::Duration;

/// Seeks come and go quickly: the list is asked for again this often while it shows.
const REFRESH: Duration = Duration::from_secs(3);

/// The list's cursor and when it was asked for.
pub struct SeeksView {
    cursor: Cursor,
    refresh: Refresh,
}

/// What a key did.
pub enum SeeksKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

/// `Anna 1712? · 5+3 Blitz · waiting 0:42`.
fn seek_line(s: &SeekView) -> String {
    format!(
        "{} {} · {} {} · waiting {}:{:02}",
        s.player.nickname,
        s.rating,
        time_control_name(s.time_control),
        speed_name(s.speed),
        s.waited_s / 60,
        s.waited_s % 60
    )
}

impl SeeksView {
    /// Opens the list: the seeks are asked for.
    pub fn open(client: &OnlineClient) -> (SeeksView, ApiResult<()>) {
        (SeeksView { cursor: Cursor::default(), refresh: Refresh::new(REFRESH) }, client.open_seeks())
    }

    /// Every frame: the list again after [`REFRESH`].
    pub fn tick(&mut self, client: &OnlineClient) {
        if self.refresh.due() {
            // Offline: the lobby says so; the next tick tries again.
            let _ = client.open_seeks();
        }
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> SeeksKey {
        let seeks = &screen.open_seeks;
        if self.cursor.key(key.code, seeks.len()) {
            return SeeksKey::Stay(Ok(()));
        }
        SeeksKey::Stay(match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return SeeksKey::Close,
            KeyCode::Enter if screen.actions.accept_seek => {
                self.cursor.pick(seeks).map_or(Ok(()), |s| client.accept_seek(s.player.id))
            }
            _ => Ok(()),
        })
    }

    /// The list's lines and its key help.
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        let mut lines = vec![Line::styled("Open seeks: players waiting for an opponent", accent()), Line::raw("")];
        if screen.open_seeks.is_empty() {
            lines.push(Line::styled("Nobody is waiting right now: Quick pairing puts you on this list.", dim()));
        }
        lines.extend(self.cursor.lines(&screen.open_seeks, seek_line, |_| false));
        (lines, "↑↓ choose · Enter play (rated) · Esc back")
    }
}
