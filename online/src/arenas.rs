//! Arenas: the list the server sends and the arena shown with its standings, kept with the moment they came so
//! that the countdowns to the start and the finish run, and decided into the views every front end draws.

use crate::views::OnlinePlayer;
use crate::wire::{core_time_control, player};
use giveaway_core::record::{Speed, TimeControl};
use giveaway_protocol as wire;
use std::time::Instant;

/// Where an arena is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaStatus {
    /// Not started: joining now means being paired from the start.
    Upcoming,
    /// Pairing whoever is free.
    Running,
    /// Over: the standings are final.
    Finished,
}

/// Which of the server's scheduled arenas an arena is: the shells name it in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScheduledArena {
    /// 3+2 for 50 minutes from each full hour.
    HourlyBlitz,
    /// 10+5 for 90 minutes from 18:00 UTC.
    DailyRapid,
}

/// An arena in the lobby's list.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaView {
    /// The server's number (for `join_arena`, `arena_standings`).
    pub id: i64,
    /// Its name as the server gives it (English for the scheduled ones: see `scheduled`).
    pub name: String,
    /// Which scheduled arena it is; none for a player's own.
    pub scheduled: Option<ScheduledArena>,
    /// Every game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// Upcoming, running or finished, as of now.
    pub status: ArenaStatus,
    /// Milliseconds until the start (0 once started), as of now.
    pub starts_in_ms: u64,
    /// Milliseconds until the finish (0 once finished), as of now.
    pub ends_in_ms: u64,
    /// How long it lasts.
    pub duration_ms: u64,
    /// Players who joined.
    pub players: u32,
    /// This player takes part (joined, not paused).
    pub joined: bool,
    /// Who made it; none for the server's own.
    pub created_by: Option<String>,
    /// The leader's nickname, once someone has scored.
    pub leader: Option<String>,
    /// The leader's score.
    pub leader_score: u32,
}

/// A line of an arena's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaLine {
    /// 1 for the leader.
    pub rank: u32,
    /// Who.
    pub player: OnlinePlayer,
    /// Their rating in the arena's speed, rounded.
    pub rating: u32,
    /// Points: a win 2, a draw 1, doubled on fire.
    pub score: u32,
    /// Games counted.
    pub games: u32,
    /// Of which won.
    pub wins: u32,
    /// Two wins in a row: the next results count double.
    pub on_fire: bool,
    /// Paired when free (not paused).
    pub active: bool,
    /// In an arena game now.
    pub playing: bool,
    /// This line is this account's.
    pub you: bool,
}

/// What can be done in the arena shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaActions {
    /// Join (or come back after a pause): not finished and not taking part.
    pub join: bool,
    /// Pause: taking part and not finished.
    pub pause: bool,
}

/// The arena shown, with its standings.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaScreen {
    /// The arena.
    pub arena: ArenaView,
    /// The standings, best first (at most 100 lines).
    pub standings: Vec<ArenaLine>,
    /// What the player can do.
    pub actions: ArenaActions,
}

/// An arena result on a profile.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResultView {
    /// The arena's number.
    pub arena: i64,
    /// Its name.
    pub name: String,
    /// Its clock.
    pub time_control: TimeControl,
    /// The place reached, 1 for the winner.
    pub rank: u32,
    /// Among how many players.
    pub players: u32,
    /// Points scored.
    pub score: u32,
}

/// The arenas as last received.
#[derive(Clone, Debug, Default)]
pub(crate) struct Arenas {
    list: Option<(Vec<wire::ArenaInfo>, Instant)>,
    shown: Option<(wire::ArenaInfo, Vec<wire::ArenaStanding>, Instant)>,
}

impl Arenas {
    pub fn set_list(&mut self, list: Vec<wire::ArenaInfo>) {
        self.list = Some((list, Instant::now()));
    }

    pub fn set_shown(&mut self, arena: wire::ArenaInfo, standings: Vec<wire::ArenaStanding>) {
        self.shown = Some((arena, standings, Instant::now()));
    }

    /// Stops showing an arena.
    pub fn close(&mut self) {
        self.shown = None;
    }

    /// The arena shown now, if any (to ask for its standings again).
    pub fn shown_id(&self) -> Option<i64> {
        self.shown.as_ref().map(|(a, _, _)| a.id)
    }

    pub fn list(&self, now: Instant) -> Vec<ArenaView> {
        self.list.as_ref().map_or_else(Vec::new, |(l, at)| l.iter().map(|a| view(a, *at, now)).collect())
    }

    pub fn screen(&self, me: Option<i64>, now: Instant) -> Option<ArenaScreen> {
        let (arena, standings, at) = self.shown.as_ref()?;
        let arena = view(arena, *at, now);
        let over = arena.status == ArenaStatus::Finished;
        let standings = standings
            .iter()
            .map(|s| ArenaLine {
                rank: s.rank,
                player: player(s.player.clone()),
                rating: s.rating.round().max(0.0) as u32,
                score: s.score,
                games: s.games,
                wins: s.wins,
                on_fire: s.on_fire && !over,
                active: s.active,
                playing: s.playing && !over,
                you: Some(s.player.id) == me,
            })
            .collect();
        let actions = ArenaActions { join: !over && !arena.joined, pause: !over && arena.joined };
        Some(ArenaScreen { arena, standings, actions })
    }
}

/// `a` as received at `at`, its countdowns and status as of `now`.
fn view(a: &wire::ArenaInfo, at: Instant, now: Instant) -> ArenaView {
    let gone = now.saturating_duration_since(at).as_millis() as u64;
    let starts_in_ms = a.starts_in_ms.saturating_sub(gone);
    let ends_in_ms = a.ends_in_ms.saturating_sub(gone);
    let status = match (starts_in_ms, ends_in_ms) {
        (_, 0) => ArenaStatus::Finished,
        (0, _) => ArenaStatus::Running,
        _ => ArenaStatus::Upcoming,
    };
    let time_control = core_time_control(a.time_control);
    ArenaView {
        id: a.id,
        name: a.name.clone(),
        scheduled: a.schedule.map(|s| match s {
            wire::ArenaSchedule::HourlyBlitz => ScheduledArena::HourlyBlitz,
            wire::ArenaSchedule::DailyRapid => ScheduledArena::DailyRapid,
        }),
        time_control,
        speed: time_control.speed(),
        status,
        starts_in_ms,
        ends_in_ms,
        duration_ms: a.duration_ms,
        players: a.players,
        joined: a.joined && status != ArenaStatus::Finished,
        created_by: a.created_by.as_ref().map(|p| p.nickname.clone()),
        leader: a.leader.as_ref().map(|(n, _)| n.clone()),
        leader_score: a.leader.as_ref().map_or(0, |(_, s)| *s),
    }
}

/// A profile's arena results.
pub(crate) fn results(list: Vec<wire::ArenaResult>) -> Vec<ArenaResultView> {
    list.into_iter()
        .map(|r| ArenaResultView {
            arena: r.arena,
            name: r.name,
            time_control: core_time_control(r.time_control),
            rank: r.rank,
            players: r.players,
            score: r.score,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn info(starts_in_ms: u64, ends_in_ms: u64, joined: bool) -> wire::ArenaInfo {
        wire::ArenaInfo {
            id: 7,
            name: "Hourly blitz".into(),
            time_control: wire::TimeControl::clock(180_000, 2000),
            status: wire::ArenaStatus::Upcoming,
            starts_in_ms,
            ends_in_ms,
            duration_ms: 3_000_000,
            players: 2,
            joined,
            created_by: None,
            schedule: Some(wire::ArenaSchedule::HourlyBlitz),
            leader: Some(("Ann".into(), 6)),
        }
    }

    fn line(id: i64, score: u32, on_fire: bool) -> wire::ArenaStanding {
        let player = wire::PlayerInfo { id, nickname: format!("p{id}") };
        let (rating, games, wins, active, playing) = (1512.6, 3, score / 2, true, true);
        wire::ArenaStanding { rank: id as u32, player, rating, score, games, wins, on_fire, active, playing }
    }

    #[test]
    fn countdowns_run_and_the_status_follows_them() {
        let mut a = Arenas::default();
        a.set_list(vec![info(1000, 5000, false)]);
        let at = a.list.as_ref().unwrap().1;
        let v = a.list(at);
        assert_eq!((v[0].status, v[0].starts_in_ms, v[0].speed), (ArenaStatus::Upcoming, 1000, Speed::Blitz));
        assert_eq!((v[0].leader.as_deref(), v[0].leader_score), (Some("Ann"), 6));
        assert_eq!(v[0].scheduled, Some(ScheduledArena::HourlyBlitz));
        let v = a.list(at + Duration::from_millis(1500));
        assert_eq!((v[0].status, v[0].starts_in_ms, v[0].ends_in_ms), (ArenaStatus::Running, 0, 3500));
        assert_eq!(a.list(at + Duration::from_secs(6))[0].status, ArenaStatus::Finished);
    }

    #[test]
    fn the_shown_arena_says_what_can_be_done_and_marks_the_player() {
        let mut a = Arenas::default();
        a.set_shown(info(0, 60_000, true), vec![line(1, 6, true), line(2, 0, false)]);
        let at = a.shown.as_ref().unwrap().2;
        let s = a.screen(Some(2), at).unwrap();
        assert_eq!(s.actions, ArenaActions { join: false, pause: true });
        assert_eq!(
            s.standings.iter().map(|l| (l.rank, l.you, l.on_fire)).collect::<Vec<_>>(),
            [(1, false, true), (2, true, false)]
        );
        assert_eq!(s.standings[0].rating, 1513);
        // After the finish: nothing to do, nobody on fire or playing any more.
        let s = a.screen(Some(2), at + Duration::from_secs(61)).unwrap();
        assert_eq!(s.actions, ArenaActions { join: false, pause: false });
        assert!(!s.arena.joined && !s.standings[0].on_fire && !s.standings[0].playing);
        a.set_shown(info(0, 60_000, false), vec![]);
        assert_eq!(a.screen(None, Instant::now()).unwrap().actions, ArenaActions { join: true, pause: false });
        assert_eq!(a.shown_id(), Some(7));
        a.close();
        assert!(a.screen(None, Instant::now()).is_none());
    }
}
