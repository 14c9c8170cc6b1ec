//! The online lobby's Correspondence view: the player's games with days per move, those where it is their move
//! first; Enter opens one's board (q on the board closes it again, and the game goes on on the server). A game
//! starts from a challenge with days per move (Friends). The list is the online client's screen.

use super::list::{Cursor, Refresh};
use super::theme::{accent, dim};
use giveaway_app::ApiResult;
use giveaway_core::Color;
use giveaway_online::{CorrespondenceView, OnlineClient, OnlineScreen};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::Line;
use std::time::Duration;

/// A move a day does not need a fast list: asked for again this often while it shows.
const REFRESH: Duration = Duration::from_secs(30);

/// The list's cursor and when it was asked for.
pub struct CorrespondenceList {
    cursor: Cursor,
    refresh: Refresh,
}

/// What a key did.
pub enum CorrespondenceKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

/// Time left in days, hours and minutes, the two largest units: `2d 5h`, `5h 20m`, `20m`.
pub fn time_left(ms: u64) -> String {
    let m = ms / 60_000;
    let (d, h, m) = (m / 1440, m / 60 % 24, m % 60);
    match (d, h) {
        (0, 0) => format!("{m}m"),
        (0, _) => format!("{h}h {m}m"),
        _ => format!("{d}d {h}h"),
    }
}

/// `3 days per move`.
pub fn days_per_move(days: u32) -> String {
    if days == 1 {
        "1 day per move".into()
    } else {
        format!("{days} days per move")
    }
}

/// `Your move · Boris · you play White · 3 days per move · 2d 23h left · last c3-d4`.
fn game_line(g: &CorrespondenceView) -> String {
    let whose = if g.your_move { "Your move".to_string() } else { format!("{}'s move", g.opponent.nickname) };
    let you = if g.you == Color::White { "White" } else { "Black" };
    let last = g.last_move.as_ref().map_or(String::new(), |m| format!(" · last {m}"));
    format!(
        "{whose} · {} · you play {you} · {} · {} left{last}",
        g.opponent.nickname,
        days_per_move(g.days_per_move),
        time_left(g.time_left_ms)
    )
}

impl CorrespondenceList {
    /// Opens the list: the games are asked for.
    pub fn open(client: &OnlineClient) -> (CorrespondenceList, ApiResult<()>) {
        (CorrespondenceList { cursor: Cursor::default(), refresh: Refresh::new(REFRESH) }, client.correspondence())
    }

    /// Every frame: the list again after [`REFRESH`].
    pub fn tick(&mut self, client: &OnlineClient) {
        if self.refresh.due() {
            // Offline: the lobby says so; the next tick tries again.
            let _ = client.correspondence();
        }
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> CorrespondenceKey {
        let games = &screen.correspondence;
        if self.cursor.key(key.code, games.len()) {
            return CorrespondenceKey::Stay(Ok(()));
        }
        CorrespondenceKey::Stay(match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return CorrespondenceKey::Close,
            KeyCode::Enter => self.cursor.pick(games).map_or(Ok(()), |g| client.open_correspondence(g.game)),
            _ => Ok(()),
        })
    }

    /// The list's lines and its key help.
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        let games = &screen.correspondence;
        let waiting = games.iter().filter(|g| g.your_move).count();
        let head = match waiting {
            0 => "Correspondence: no game waits for your move".to_string(),
            1 => "Correspondence: 1 game waits for your move".to_string(),
            n => format!("Correspondence: {n} games wait for your move"),
        };
        let mut lines = vec![Line::styled(head, accent()), Line::raw("")];
        if games.is_empty() {
            lines.push(Line::styled(
                "No correspondence game yet: challenge someone in Friends and choose days per move.",
                dim(),
            ));
        }
        lines.extend(self.cursor.lines(games, game_line, |g| g.your_move));
        (lines, "↑↓ choose · Enter open the board · Esc back")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_online::OnlinePlayer;

    #[test]
    fn a_game_reads_whose_move_and_the_time_left() {
        assert_eq!(time_left(59_999), "0m");
        assert_eq!(time_left(20 * 60_000 + 5), "20m");
        assert_eq!(time_left(5 * 3_600_000 + 20 * 60_000), "5h 20m");
        assert_eq!(time_left(3 * 86_400_000 - 1), "2d 23h");
        let g = CorrespondenceView {
            game: 4,
            opponent: OnlinePlayer { id: 2, nickname: "Boris".into() },
            you: Color::Black,
            days_per_move: 3,
            rated: true,
            ply: 1,
            last_move: Some("c3-d4".into()),
            your_move: true,
            time_left_ms: 3 * 86_400_000 - 1,
        };
        assert_eq!(game_line(&g), "Your move · Boris · you play Black · 3 days per move · 2d 23h left · last c3-d4");
        let theirs = CorrespondenceView { your_move: false, last_move: None, days_per_move: 1, ..g };
        assert_eq!(game_line(&theirs), "Boris's move · Boris · you play Black · 1 day per move · 2d 23h left");
    }
}
