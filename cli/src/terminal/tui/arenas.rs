//! The online lobby's Arenas view: the running, upcoming and recent arenas (Enter opens one), a new arena made
//! with a name, a clock, a start and a length, and the arena opened: its countdown, the standings as they
//! change (the player's line marked), join and pause. Pairing is the server's: a game that starts opens its
//! board as any online game does, and the view is still here after it. What the lists hold and what can be done
//! now is the online client's screen.

use super::form::{Field, Form};
use super::input::is_confirm;
use super::list::{Cursor, Refresh};
use super::online::{speed_name, time_control_name};
use super::theme::{accent, dim};
use giveaway_app::ApiResult;
use giveaway_online::{ArenaLine, ArenaScreen, ArenaStatus, ArenaView, OnlineClient, OnlineScreen};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::Line;
use std::time::Duration;

/// The standings change with every game: they (or the list) are asked for again this often while they show.
const REFRESH: Duration = Duration::from_secs(3);
/// When a new arena starts, in minutes from now.
const STARTS: [u64; 5] = [0, 5, 15, 30, 60];
/// How long a new arena lasts, in minutes.
const LENGTHS: [u32; 7] = [10, 20, 30, 45, 60, 90, 120];

/// The view's cursor, a new arena being set up, and whether an arena is open.
pub struct ArenasView {
    cursor: Cursor,
    /// The new arena's name being typed.
    naming: Option<String>,
    /// The new arena's form (clock, start, length, create) for the name typed.
    creating: Option<(String, Form)>,
    /// An arena was opened (its standings show once they come).
    open: bool,
    refresh: Refresh,
}

/// What a key did.
pub enum ArenasKey {
    /// Stay in the view (with the request's result, if one was made).
    Stay(ApiResult<()>),
    /// Back to the lobby's menu.
    Close,
}

/// `12:05`, or `1:02:05` from an hour on.
fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `starts in 4:12`, `29:41 left`, `finished`.
fn when(a: &ArenaView) -> String {
    match a.status {
        ArenaStatus::Upcoming => format!("starts in {}", clock(a.starts_in_ms)),
        ArenaStatus::Running => format!("{} left", clock(a.ends_in_ms)),
        ArenaStatus::Finished => "finished".into(),
    }
}

fn players(n: u32) -> String {
    if n == 1 {
        "1 player".into()
    } else {
        format!("{n} players")
    }
}

/// `Hourly blitz · 3+2 Blitz · 29:41 left · 12 players · leader Anna 14 · joined`.
fn arena_line(a: &ArenaView) -> String {
    let mut parts = vec![
        a.name.clone(),
        format!("{} {}", time_control_name(a.time_control), speed_name(a.speed)),
        when(a),
        players(a.players),
    ];
    if let Some(leader) = &a.leader {
        let word = if a.status == ArenaStatus::Finished { "won by" } else { "leader" };
        parts.push(format!("{word} {leader} {}", a.leader_score));
    }
    if a.joined {
        parts.push("joined".into());
    }
    parts.join(" · ")
}

/// ` 1. Boris 1512  6 · 3 games, 3 won · on fire · playing`.
fn standing_line(l: &ArenaLine) -> String {
    let mut text = format!(
        "{:>2}. {} {}  {} · {} game{}, {} won",
        l.rank,
        l.player.nickname,
        l.rating,
        l.score,
        l.games,
        if l.games == 1 { "" } else { "s" },
        l.wins
    );
    if l.on_fire {
        text.push_str(" · on fire");
    }
    if l.playing {
        text.push_str(" · playing");
    } else if !l.active {
        text.push_str(" · paused");
    }
    text
}

impl ArenasView {
    /// Opens the view: the list is asked for.
    pub fn open(client: &OnlineClient) -> (ArenasView, ApiResult<()>) {
        let view = ArenasView {
            cursor: Cursor::default(),
            naming: None,
            creating: None,
            open: false,
            refresh: Refresh::new(REFRESH),
        };
        (view, client.arenas())
    }

    /// The arena the client shows, opened again (the lobby comes back after one of its games).
    pub fn back_to_arena() -> ArenasView {
        ArenasView {
            cursor: Cursor::default(),
            naming: None,
            creating: None,
            open: true,
            refresh: Refresh::new(REFRESH),
        }
    }

    /// Every frame: the standings (or the list) again after [`REFRESH`].
    pub fn tick(&mut self, client: &OnlineClient) {
        if self.refresh.due() {
            // Offline: the lobby says so; the next tick tries again.
            let _ = if self.open { client.refresh_arena() } else { client.arenas() };
        }
    }

    fn create_form(screen: &OnlineScreen) -> Form {
        let clocks = screen.presets.iter().map(|t| time_control_name(*t)).collect();
        let starts = STARTS.iter().map(|m| if *m == 0 { "now".into() } else { format!("in {m} min") }).collect();
        let lengths = LENGTHS.iter().map(|m| format!("{m} min")).collect();
        Form::new(vec![
            Field::new("Clock", clocks, screen.default_preset as usize),
            Field::new("Starts", starts, 0),
            Field::new("Lasts", lengths, 2),
            Field::button("Create the arena"),
        ])
    }

    pub fn key(&mut self, key: KeyEvent, client: &OnlineClient, screen: &OnlineScreen) -> ArenasKey {
        if let Some(name) = &mut self.naming {
            match key.code {
                KeyCode::Char(c) => name.push(c),
                KeyCode::Backspace => {
                    name.pop();
                }
                KeyCode::Esc => self.naming = None,
                KeyCode::Enter => {
                    let name = self.naming.take().unwrap_or_default();
                    self.creating = Some((name.trim().to_string(), Self::create_form(screen)));
                }
                _ => {}
            }
            return ArenasKey::Stay(Ok(()));
        }
        if let Some((name, form)) = &mut self.creating {
            if key.code == KeyCode::Esc {
                self.creating = None;
            } else if is_confirm(&key) && form.index == form.fields.len() - 1 {
                let tc = screen.presets.get(form.fields[0].choice).copied();
                let (starts, minutes) = (STARTS[form.fields[1].choice] * 60, LENGTHS[form.fields[2].choice]);
                let r = tc.map_or(Ok(()), |tc| client.create_arena(name, tc, starts, minutes));
                self.creating = None;
                self.open = r.is_ok();
                return ArenasKey::Stay(r);
            } else {
                form.key(&key);
            }
            return ArenasKey::Stay(Ok(()));
        }
        if self.open {
            let arena = screen.arena.as_ref();
            return ArenasKey::Stay(match (key.code, arena) {
                (KeyCode::Esc | KeyCode::Char('q'), _) => {
                    self.open = false;
                    client.close_arena();
                    client.arenas()
                }
                (KeyCode::Char('j'), Some(a)) if a.actions.join => client.join_arena(a.arena.id),
                (KeyCode::Char('p'), Some(a)) if a.actions.pause => client.pause_arena(a.arena.id),
                _ => Ok(()),
            });
        }
        let list = &screen.arenas;
        if self.cursor.key(key.code, list.len()) {
            return ArenasKey::Stay(Ok(()));
        }
        ArenasKey::Stay(match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return ArenasKey::Close,
            KeyCode::Char('n') => {
                self.naming = Some(String::new());
                Ok(())
            }
            KeyCode::Enter => match self.cursor.pick(list) {
                Some(a) => {
                    self.open = true;
                    client.arena_standings(a.id)
                }
                None => Ok(()),
            },
            _ => Ok(()),
        })
    }

    fn arena_lines(a: &ArenaScreen) -> Vec<Line<'static>> {
        let v = &a.arena;
        let head = format!("{} · {} {} · {}", v.name, time_control_name(v.time_control), speed_name(v.speed), when(v));
        let mut lines = vec![Line::styled(head, accent())];
        let by = v.created_by.as_ref().map_or(String::new(), |n| format!(" · made by {n}"));
        lines.push(Line::styled(
            format!("{}{by} · a win 2, a draw 1, doubled after two wins", players(v.players)),
            dim(),
        ));
        lines.push(Line::raw(match v.status {
            ArenaStatus::Finished => "The arena is over: these are the final standings.".to_string(),
            _ if v.joined => "You take part: a game starts whenever you and another player are free.".to_string(),
            _ => "Press j to join: you are paired whenever you are free until the finish.".to_string(),
        }));
        lines.push(Line::raw(""));
        if a.standings.is_empty() {
            lines.push(Line::styled("Nobody has joined yet.", dim()));
        }
        for l in &a.standings {
            let text = standing_line(l);
            lines.push(if l.you {
                Line::styled(format!("▶{text}"), accent())
            } else {
                Line::raw(format!(" {text}"))
            });
        }
        lines
    }

    /// The view's lines and its key help.
    pub fn lines(&self, screen: &OnlineScreen) -> (Vec<Line<'static>>, &'static str) {
        if let Some(name) = &self.naming {
            return (
                vec![Line::styled(format!("New arena's name (3–30 characters): {name}█"), accent())],
                "Enter next · Esc cancel",
            );
        }
        if let Some((name, form)) = &self.creating {
            let mut lines = vec![Line::styled(format!("New arena: {name}"), accent()), Line::raw("")];
            lines.extend(form.lines());
            return (lines, "↑↓ choose · ←→ change · Enter on Create · Esc cancel");
        }
        if self.open {
            return match &screen.arena {
                Some(a) => {
                    let help = match (a.actions.join, a.actions.pause) {
                        (true, _) => "j join · Esc back to the arenas",
                        (_, true) => "p pause (your points stay) · Esc back to the arenas",
                        _ => "Esc back to the arenas",
                    };
                    (Self::arena_lines(a), help)
                }
                None => (vec![Line::styled("Loading the arena…", dim())], "Esc back"),
            };
        }
        let mut lines = vec![Line::styled("Arenas: play game after game until the finish", accent()), Line::raw("")];
        if screen.arenas.is_empty() {
            lines.push(Line::styled("No arenas right now: press n to make one.", dim()));
        }
        lines.extend(self.cursor.lines(&screen.arenas, arena_line, |_| false));
        (lines, "↑↓ choose · Enter open · n new arena · Esc back")
    }
}
