//! Friends, challenges and blocked players as this device knows them: kept from the server's answers and
//! events, and decided into a [`SocialScreen`] for every front end (who to list first, which challenge may be
//! accepted now, how long each has left).

use crate::views::{GameId, OnlinePlayer};
use crate::wire::{core_time_control, player};
use giveaway_core::record::{Speed, TimeControl};
use giveaway_protocol::{self as wire, ChallengeEnd, ColorChoice};
use std::time::{Duration, Instant};

/// A player this account follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendView {
    /// Who.
    pub player: OnlinePlayer,
    /// Connected to the server now.
    pub online: bool,
    /// Their game in progress, if any.
    pub playing: Option<GameId>,
}

/// The colour a challenge gives this player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeColor {
    /// This player plays White.
    White,
    /// This player plays Black.
    Black,
    /// Drawn when the game starts.
    Random,
}

/// An open challenge, seen from this player.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeView {
    /// The server's number for it (for `accept_challenge`, `decline_challenge`, `cancel_challenge`).
    pub id: i64,
    /// The other player.
    pub opponent: OnlinePlayer,
    /// Made to this player (true) or by them (false).
    pub incoming: bool,
    /// The game's clock (for correspondence: the days per move as a base time).
    pub time_control: TimeControl,
    /// Correspondence: the days per move (no clock).
    pub days_per_move: Option<u32>,
    /// The clock's speed.
    pub speed: Speed,
    /// This player's colour in the game.
    pub color: ChallengeColor,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// How long it can still be accepted.
    pub remaining_ms: u64,
}

/// How a challenge this player made or got stopped being open (as an event says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeOutcome {
    /// The game started.
    Accepted,
    /// The player challenged said no.
    Declined,
    /// The challenger withdrew it.
    Cancelled,
    /// Nobody answered in time.
    Expired,
}

/// The social part of the online screens.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SocialScreen {
    /// Players this account follows: playing first, then online, then the rest, each by nickname.
    pub friends: Vec<FriendView>,
    /// Challenges made to this player, the newest first.
    pub incoming: Vec<ChallengeView>,
    /// Challenges this player made, the newest first.
    pub outgoing: Vec<ChallengeView>,
    /// Players this account blocks, by nickname.
    pub blocked: Vec<OnlinePlayer>,
    /// Whether an incoming challenge can be accepted now (signed in, connected, not in a game).
    pub can_accept: bool,
    /// Whether a new challenge can be made now (signed in and connected).
    pub can_challenge: bool,
}

/// What the client keeps: the lists as last told, each challenge with when it expires.
#[derive(Clone, Default)]
pub(crate) struct Social {
    friends: Vec<FriendView>,
    challenges: Vec<(wire::Challenge, Instant)>,
    blocked: Vec<OnlinePlayer>,
}

fn outcome(end: ChallengeEnd) -> ChallengeOutcome {
    match end {
        ChallengeEnd::Accepted => ChallengeOutcome::Accepted,
        ChallengeEnd::Declined => ChallengeOutcome::Declined,
        ChallengeEnd::Cancelled => ChallengeOutcome::Cancelled,
        ChallengeEnd::Expired => ChallengeOutcome::Expired,
    }
}

/// The wire's colour choice for the colour this player wants.
pub(crate) fn wire_color(c: ChallengeColor) -> ColorChoice {
    match c {
        ChallengeColor::White => ColorChoice::White,
        ChallengeColor::Black => ColorChoice::Black,
        ChallengeColor::Random => ColorChoice::Random,
    }
}

impl Social {
    pub fn set_friends(&mut self, friends: Vec<wire::Friend>) {
        self.friends = friends
            .into_iter()
            .map(|f| FriendView { player: player(f.player), online: f.online, playing: f.playing })
            .collect();
    }

    pub fn set_blocked(&mut self, players: Vec<wire::PlayerInfo>) {
        self.blocked = players.into_iter().map(player).collect();
        // A blocked player is no longer followed, and their challenges are gone.
        let gone: Vec<i64> = self.blocked.iter().map(|p| p.id).collect();
        self.friends.retain(|f| !gone.contains(&f.player.id));
    }

    pub fn set_challenges(&mut self, incoming: Vec<wire::Challenge>, outgoing: Vec<wire::Challenge>, now: Instant) {
        let until = |c: &wire::Challenge| now + Duration::from_millis(c.expires_in_ms);
        self.challenges = incoming.into_iter().chain(outgoing).map(|c| (c.clone(), until(&c))).collect();
    }

    /// A challenge made or received; returns it as this player (`me`) sees it when it is new.
    pub fn add_challenge(&mut self, c: wire::Challenge, me: i64, now: Instant) -> Option<ChallengeView> {
        if self.challenges.iter().any(|(have, _)| have.id == c.id) {
            return None;
        }
        let until = now + Duration::from_millis(c.expires_in_ms);
        self.challenges.insert(0, (c.clone(), until));
        Some(view(&c, until, me, now))
    }

    /// A challenge closed: removed, and returned with the other player and how it ended.
    pub fn close_challenge(&mut self, id: i64, end: ChallengeEnd, me: i64) -> Option<(OnlinePlayer, ChallengeOutcome)> {
        let i = self.challenges.iter().position(|(c, _)| c.id == id)?;
        let (c, _) = self.challenges.remove(i);
        let other = if c.challenger.id == me { c.challenged } else { c.challenger };
        Some((player(other), outcome(end)))
    }

    pub fn clear(&mut self) {
        *self = Social::default();
    }

    /// The screen's social part for player `me` at `now`; `connected` and `playing` decide the actions.
    pub fn screen(&self, me: Option<i64>, connected: bool, playing: bool, now: Instant) -> SocialScreen {
        let Some(me) = me else { return SocialScreen::default() };
        let (incoming, outgoing): (Vec<ChallengeView>, Vec<ChallengeView>) = self
            .challenges
            .iter()
            .filter(|(_, until)| *until > now)
            .map(|(c, until)| view(c, *until, me, now))
            .partition(|v| v.incoming);
        SocialScreen {
            friends: self.friends.clone(),
            incoming,
            outgoing,
            blocked: self.blocked.clone(),
            can_accept: connected && !playing,
            can_challenge: connected,
        }
    }

    /// When the next challenge runs out (its countdown's next whole second), if any is open.
    pub fn next_tick_ms(&self, now: Instant) -> Option<u64> {
        self.challenges
            .iter()
            .filter(|(_, until)| *until > now)
            .map(|(_, until)| until.saturating_duration_since(now).as_millis() as u64 % 1000 + 1)
            .min()
    }
}

fn view(c: &wire::Challenge, until: Instant, me: i64, now: Instant) -> ChallengeView {
    let incoming = c.challenged.id == me;
    let opponent = if incoming { c.challenger.clone() } else { c.challenged.clone() };
    let time_control = core_time_control(c.time_control);
    // The challenger asked for `c.color`; the player challenged gets the other one.
    let color = match (c.color, incoming) {
        (ColorChoice::Random, _) => ChallengeColor::Random,
        (ColorChoice::White, false) | (ColorChoice::Black, true) => ChallengeColor::White,
        (ColorChoice::Black, false) | (ColorChoice::White, true) => ChallengeColor::Black,
    };
    ChallengeView {
        id: c.id,
        opponent: player(opponent),
        incoming,
        time_control,
        days_per_move: c.time_control.days_per_move,
        speed: time_control.speed(),
        color,
        rated: c.rated,
        remaining_ms: until.saturating_duration_since(now).as_millis() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_protocol::{PlayerInfo, TimeControl as WireTc};

    fn challenge(id: i64, from: i64, to: i64, color: ColorChoice) -> wire::Challenge {
        let p = |id: i64| PlayerInfo { id, nickname: format!("P{id}") };
        wire::Challenge {
            id,
            challenger: p(from),
            challenged: p(to),
            time_control: WireTc::clock(180_000, 2000),
            color,
            rated: true,
            expires_in_ms: 10_000,
        }
    }

    #[test]
    fn challenges_are_seen_from_this_player_with_the_colours_swapped_for_the_one_challenged() {
        let now = Instant::now();
        let mut s = Social::default();
        let v = s.add_challenge(challenge(1, 2, 1, ColorChoice::White), 1, now).expect("new");
        assert!(v.incoming);
        assert_eq!((v.opponent.nickname.as_str(), v.color, v.speed), ("P2", ChallengeColor::Black, Speed::Blitz));
        assert!(s.add_challenge(challenge(1, 2, 1, ColorChoice::White), 1, now).is_none(), "told twice, kept once");
        s.add_challenge(challenge(2, 1, 3, ColorChoice::White), 1, now);
        let screen = s.screen(Some(1), true, false, now + Duration::from_millis(2500));
        assert_eq!(screen.incoming.iter().map(|c| c.id).collect::<Vec<_>>(), [1]);
        assert_eq!(screen.outgoing.iter().map(|c| (c.id, c.color)).collect::<Vec<_>>(), [(2, ChallengeColor::White)]);
        assert_eq!(screen.incoming[0].remaining_ms, 7500);
        assert_eq!(s.next_tick_ms(now + Duration::from_millis(2500)), Some(501));
        assert!(screen.can_accept && screen.can_challenge);
        assert!(!s.screen(Some(1), true, true, now).can_accept, "not while playing");
        assert!(!s.screen(Some(1), false, false, now).can_challenge, "not while offline");
        // Expired ones leave the screen even before the server's word.
        assert!(s.screen(Some(1), true, false, now + Duration::from_secs(11)).incoming.is_empty());
        assert_eq!(s.next_tick_ms(now + Duration::from_secs(11)), None);
        // Closing names the other player.
        let (who, how) = s.close_challenge(2, ChallengeEnd::Declined, 1).unwrap();
        assert_eq!((who.nickname.as_str(), how), ("P3", ChallengeOutcome::Declined));
        assert!(s.close_challenge(2, ChallengeEnd::Declined, 1).is_none());
        assert_eq!(s.screen(None, true, false, now), SocialScreen::default(), "nothing without an account");
    }

    #[test]
    fn blocking_drops_the_player_from_the_friends() {
        let mut s = Social::default();
        let p = |id: i64, n: &str| PlayerInfo { id, nickname: n.into() };
        s.set_friends(vec![
            wire::Friend { player: p(2, "Bob"), online: true, playing: Some(4) },
            wire::Friend { player: p(3, "Carl"), online: false, playing: None },
        ]);
        s.set_blocked(vec![p(2, "Bob")]);
        let screen = s.screen(Some(1), true, false, Instant::now());
        assert_eq!(screen.friends.iter().map(|f| f.player.nickname.as_str()).collect::<Vec<_>>(), ["Carl"]);
        assert_eq!(screen.blocked.len(), 1);
    }
}
