//! The online lobby's Friends view: challenges made to the player (accept or decline) and by them (withdraw),
//! the players they follow with who is online and playing, and the players they block. A friend, or any
//! player by nickname, can be challenged with a clock, a colour and rated or not. What the lists hold and what
//! can be done now is the online client's screen.

use super::correspondence::{days_per_move, time_left};
use super::form::{Field, Form};
use super::input::is_confirm;
use super::list::{Cursor, Refresh};
use super::online::time_control_name;
use super::theme::{accent, dim};
use giveaway_app::ApiResult;
use giveaway_online::{ChallengeColor, ChallengeView, OnlineClient, OnlineScreen, SocialScreen, CORRESPONDENCE_DAYS};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::Line;
use std::time::Duration;

/// Presence changes by itself: the lists are asked for again this often while the view is open.
const REFRESH: Duration = Duration::from_secs(10);

const COLORS: [ChallengeColor; 3] = [ChallengeColor::Random, ChallengeColor::White, ChallengeColor::Black];

/// A line of the view the cursor can be on.
#[derive(Clone, Debug, PartialEq)]
enum Row {
    Incoming(i64),
    Outgoing(i64),
    Friend(String),
    Blocked(String),
}

/// What the keys are typing into.
enum Typing {
    Follow(String),
    Challenge(String),
    Block(String),
}

/// The view's cursor, what is being typed, and a challenge being set up.
pub struct FriendsView {
    cursor: Cursor,
    typing: Option<Typing>,
    /// The challenge form: for whom, and its fields (time control, colour, rated, send).
    challenge: Option<(String, Form)>,
    refresh: Refresh,
}

/// What a key did.
pub enum FriendsKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

fn rows(s: &SocialScreen) -> Vec<Row> {
    let mut rows: Vec<Row> = s.incoming.iter().map(|c| Row::Incoming(c.id)).collect();
    rows.extend(s.outgoing.iter().map(|c| Row::Outgoing(c.id)));
    rows.extend(s.friends.iter().map(|f| Row::Friend(f.player.nickname.clone())));
    rows.extend(s.blocked.iter().map(|p| Row::Blocked(p.nickname.clone())));
    rows
}

fn color_name(c: ChallengeColor) -> &'static str {
    match c {
        ChallengeColor::White => "White",
        ChallengeColor::Black => "Black",
        ChallengeColor::Random => "random colour",
    }
}

/// `5+3 rated · you play Black · 9:41 left`.
fn challenge_terms(c: &ChallengeView) -> String {
    let s = c.remaining_ms / 1000;
    let rated = if c.rated { "rated" } else { "casual" };
    let color = match c.color {
        ChallengeColor::Random => "colours drawn".to_string(),
        other => format!("you play {}", color_name(other)),
    };
    match c.days_per_move {
        Some(days) => format!("{} {rated} · {color} · {} left", days_per_move(days), time_left(c.remaining_ms)),
        None => format!("{} {rated} · {color} · {}:{:02} left", time_control_name(c.time_control), s / 60, s % 60),
    }
}

impl FriendsView {
    /// Opens the view: the lists are asked for.
    pub fn open(client: &OnlineClient) -> (FriendsView, ApiResult<()>) {
        let view =
            FriendsView { cursor: Cursor::default(), typing: None, challenge: None, refresh: Refresh::new(REFRESH) };
        (view, client.refresh_social())
    }

    /// Every frame: the lists again after [`REFRESH`].
    pub fn tick(&mut self, client: &OnlineClient) {
        if self.refresh.due() {
            // Offline: the lobby says so; the next tick tries again.
            let _ = client.refresh_social();
        }
    }

    fn challenge_form(nickname: &str, screen: &OnlineScreen) -> (String, Form) {
        // The clocks, then correspondence with each number of days per move.
        let mut names: Vec<String> = screen.presets.iter().map(|t| time_control_name(*t)).collect();
        names.extend(CORRESPONDENCE_DAYS.iter().map(|d| days_per_move(*d)));
        let colors = COLORS.iter().map(|c| color_name(*c).to_string()).collect();
        let fields = vec![
            Field::new("Time control", names, screen.default_preset as usize),
            Field::new("Your colour", colors, 0),
            Field::new("Rated", vec!["Yes".into(), "No".into()], 0),
            Field::button("Send the challenge"),
        ];
        (nickname.to_string(), Form::new(fields))
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> FriendsKey {
        if let Some(t) = &mut self.typing {
            let text = match t {
                Typing::Follow(s) | Typing::Challenge(s) | Typing::Block(s) => s,
            };
            match key.code {
                KeyCode::Char(c) => text.push(c),
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Esc => self.typing = None,
                KeyCode::Enter => {
                    return FriendsKey::Stay(match self.typing.take() {
                        Some(Typing::Follow(n)) => client.follow(&n),
                        Some(Typing::Block(n)) => client.block(&n),
                        Some(Typing::Challenge(n)) => {
                            self.challenge = Some(Self::challenge_form(n.trim(), screen));
                            Ok(())
                        }
                        None => Ok(()),
                    })
                }
                _ => {}
            }
            return FriendsKey::Stay(Ok(()));
        }
        if let Some((nickname, form)) = &mut self.challenge {
            if key.code == KeyCode::Esc {
                self.challenge = None;
            } else if is_confirm(&key) && form.index == form.fields.len() - 1 {
                let choice = form.fields[0].choice;
                let color = COLORS[form.fields[1].choice];
                let rated = form.fields[2].choice == 0;
                let r = match screen.presets.get(choice) {
                    Some(tc) => client.challenge(nickname, *tc, color, rated),
                    None => match CORRESPONDENCE_DAYS.get(choice - screen.presets.len()) {
                        Some(days) => client.challenge_correspondence(nickname, *days, color, rated),
                        None => Ok(()),
                    },
                };
                self.challenge = None;
                return FriendsKey::Stay(r);
            } else {
                form.key(&key);
            }
            return FriendsKey::Stay(Ok(()));
        }
        let social = &screen.social;
        let rows = rows(social);
        if self.cursor.key(key.code, rows.len()) {
            return FriendsKey::Stay(Ok(()));
        }
        let here = self.cursor.pick(&rows).cloned();
        FriendsKey::Stay(match (key.code, here) {
            (KeyCode::Esc | KeyCode::Char('q'), _) => return FriendsKey::Close,
            (KeyCode::Char('f'), _) => {
                self.typing = Some(Typing::Follow(String::new()));
                Ok(())
            }
            (KeyCode::Char('n'), _) if social.can_challenge => {
                self.typing = Some(Typing::Challenge(String::new()));
                Ok(())
            }
            (KeyCode::Char('B'), _) => {
                self.typing = Some(Typing::Block(String::new()));
                Ok(())
            }
            (KeyCode::Char('a') | KeyCode::Enter, Some(Row::Incoming(id))) if social.can_accept => {
                client.accept_challenge(id)
            }
            (KeyCode::Char('d'), Some(Row::Incoming(id))) => client.decline_challenge(id),
            (KeyCode::Char('x'), Some(Row::Outgoing(id))) => client.cancel_challenge(id),
            (KeyCode::Char('c') | KeyCode::Enter, Some(Row::Friend(n))) if social.can_challenge => {
                self.challenge = Some(Self::challenge_form(&n, screen));
                Ok(())
            }
            (KeyCode::Char('u'), Some(Row::Friend(n))) => client.unfollow(&n),
            (KeyCode::Char('b'), Some(Row::Friend(n))) => client.block(&n),
            (KeyCode::Char('u'), Some(Row::Blocked(n))) => client.unblock(&n),
            _ => Ok(()),
        })
    }

    /// The view's lines and its key help.
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        let social = &screen.social;
        let mut lines = vec![Line::styled("Friends", accent())];
        if let Some(t) = &self.typing {
            let (label, text) = match t {
                Typing::Follow(s) => ("Follow the player named", s),
                Typing::Challenge(s) => ("Challenge the player named", s),
                Typing::Block(s) => ("Block the player named", s),
            };
            lines.push(Line::styled(format!("{label}: {text}█"), accent()));
            return (lines, "Enter confirm · Esc cancel");
        }
        if let Some((nickname, form)) = &self.challenge {
            lines.push(Line::styled(format!("Challenge {nickname}"), accent()));
            lines.extend(form.lines());
            return (lines, "↑↓ choose · ←→ change · Enter on Send · Esc cancel");
        }
        let rows = rows(social);
        let cursor = self.cursor.at(rows.len());
        let mark = |row: &Row| if rows.get(cursor) == Some(row) { "▶ " } else { "  " };
        if !social.incoming.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled("Challenges to you", accent()));
            for c in &social.incoming {
                let text = format!(
                    "{}{} challenges you: {}",
                    mark(&Row::Incoming(c.id)),
                    c.opponent.nickname,
                    challenge_terms(c)
                );
                lines.push(Line::styled(text, accent()));
            }
            if !social.can_accept {
                lines.push(Line::styled("  Finish your game to accept one.", dim()));
            }
        }
        if !social.outgoing.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled("Your challenges", accent()));
            for c in &social.outgoing {
                let row = Row::Outgoing(c.id);
                lines.push(Line::raw(format!(
                    "{}{}: {} · waiting",
                    mark(&row),
                    c.opponent.nickname,
                    challenge_terms(c)
                )));
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("Following ({})", social.friends.len()), accent()));
        if social.friends.is_empty() {
            lines.push(Line::styled("  Nobody yet: press f and type a nickname.", dim()));
        }
        for f in &social.friends {
            let status = match (f.online, f.playing) {
                (_, Some(g)) => format!("playing (game {g})"),
                (true, None) => "online".to_string(),
                (false, None) => "offline".to_string(),
            };
            let text = format!("{}{} · {status}", mark(&Row::Friend(f.player.nickname.clone())), f.player.nickname);
            lines.push(if f.online { Line::raw(text) } else { Line::styled(text, dim()) });
        }
        if !social.blocked.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled("Blocked", accent()));
            for p in &social.blocked {
                lines.push(Line::styled(format!("{}{}", mark(&Row::Blocked(p.nickname.clone())), p.nickname), dim()));
            }
        }
        let help = match rows.get(cursor) {
            Some(Row::Incoming(_)) => "a accept · d decline · ↑↓ choose · f follow · n challenge · Esc back",
            Some(Row::Outgoing(_)) => "x withdraw · ↑↓ choose · f follow · n challenge · Esc back",
            Some(Row::Friend(_)) => {
                "c challenge · u unfollow · b block · ↑↓ choose · f follow · n challenge · Esc back"
            }
            Some(Row::Blocked(_)) => "u unblock · ↑↓ choose · f follow · n challenge · Esc back",
            None => "f follow · n challenge by nickname · B block by nickname · Esc back",
        };
        (lines, help)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::record::{SideTime, Speed, TimeControl};
    use giveaway_online::OnlinePlayer;

    #[test]
    fn a_challenge_reads_from_this_players_side() {
        let side = SideTime { base_ms: 300_000, increment_ms: 3000 };
        let c = ChallengeView {
            id: 1,
            opponent: OnlinePlayer { id: 2, nickname: "Anna".into() },
            incoming: true,
            time_control: TimeControl { white: side, black: side },
            days_per_move: None,
            speed: Speed::Blitz,
            color: ChallengeColor::Black,
            rated: true,
            remaining_ms: 581_400,
        };
        assert_eq!(challenge_terms(&c), "5+3 rated · you play Black · 9:41 left");
        let casual = ChallengeView { color: ChallengeColor::Random, rated: false, ..c.clone() };
        assert_eq!(challenge_terms(&casual), "5+3 casual · colours drawn · 9:41 left");
        let days = ChallengeView { days_per_move: Some(3), remaining_ms: 7 * 86_400_000 - 60_000, ..c };
        assert_eq!(challenge_terms(&days), "3 days per move rated · you play Black · 6d 23h left");
    }
}
