//! Correspondence games: the player's list (their move first) as the server last sent it, the game being opened,
//! and which "your move" has been told to the player already (a phone's background check notifies each once).

use crate::views::OnlinePlayer;
use crate::wire::{core_color, player};
use giveaway_core::position::Color;
use giveaway_protocol::{self as wire, GameId};
use std::collections::BTreeSet;
use std::time::Instant;

/// The days per move a challenge form offers first (a choice among the protocol's `CORRESPONDENCE_DAYS`).
pub const DEFAULT_DAYS_PER_MOVE: u32 = 3;

/// What a background check of the correspondence games found ([`crate::OnlineClient::check_your_move`]).
#[derive(Clone, Debug, PartialEq)]
pub enum YourMoveCheck {
    /// The games where it is the player's move that were not told before (none, often).
    Games {
        /// In the list's order.
        games: Vec<CorrespondenceView>,
    },
    /// The list did not come: check again next time.
    NotYet,
    /// This device has no account: there is nothing to check.
    NoAccount,
}

/// A correspondence game in progress, as the player's list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct CorrespondenceView {
    /// The game's number on the server (open it with `open_correspondence`).
    pub game: GameId,
    /// Who the player plays.
    pub opponent: OnlinePlayer,
    /// The player's colour.
    pub you: Color,
    /// Days per move.
    pub days_per_move: u32,
    /// Whether the game changes ratings.
    pub rated: bool,
    /// Moves played so far.
    pub ply: u32,
    /// The last move in algebraic notation (none before the first).
    pub last_move: Option<String>,
    /// Whether it is the player's move.
    pub your_move: bool,
    /// Milliseconds the side to move has left, counted down to now (before both first moves: until the game
    /// is aborted).
    pub time_left_ms: u64,
}

/// What the client keeps of correspondence.
#[derive(Clone, Debug, Default)]
pub(crate) struct Correspondence {
    /// The list as last received, and when; none before the first answer on this connection.
    list: Option<(Vec<wire::CorrespondenceGame>, Instant)>,
    /// The game the player asked to open: its state, when it comes, opens the board.
    pub opening: Option<GameId>,
}

impl Correspondence {
    pub fn set(&mut self, games: Vec<wire::CorrespondenceGame>, now: Instant) {
        self.list = Some((games, now));
    }

    /// Whether `game` is in the list.
    pub fn has(&self, game: GameId) -> bool {
        self.list.as_ref().is_some_and(|(l, _)| l.iter().any(|g| g.game == game))
    }

    /// The list with the time left as of `now`; `None` before it came.
    pub fn views(&self, now: Instant) -> Option<Vec<CorrespondenceView>> {
        let (list, at) = self.list.as_ref()?;
        let gone = now.saturating_duration_since(*at).as_millis() as u64;
        Some(
            list.iter()
                .map(|g| CorrespondenceView {
                    game: g.game,
                    opponent: player(g.opponent.clone()),
                    you: core_color(g.you),
                    days_per_move: g.days_per_move,
                    rated: g.rated,
                    ply: g.ply,
                    last_move: g.last_move.clone(),
                    your_move: g.your_move,
                    time_left_ms: g.time_left_ms.saturating_sub(gone),
                })
                .collect(),
        )
    }
}

/// The "your move" positions told already, kept as `game:ply` words in one setting. Returns the games of `list`
/// where it is the player's move at a ply not told yet, and the new setting's value (only the games still in
/// the list are kept, so it stays small).
pub(crate) fn untold(list: &[CorrespondenceView], told: &str) -> (Vec<CorrespondenceView>, String) {
    let told: BTreeSet<&str> = told.split_whitespace().collect();
    let key = |g: &CorrespondenceView| format!("{}:{}", g.game, g.ply);
    let new: Vec<CorrespondenceView> =
        list.iter().filter(|g| g.your_move && !told.contains(key(g).as_str())).cloned().collect();
    let keep: Vec<String> = list.iter().filter(|g| g.your_move).map(key).collect();
    (new, keep.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(game: GameId, ply: u32, your_move: bool) -> CorrespondenceView {
        CorrespondenceView {
            game,
            opponent: OnlinePlayer { id: 2, nickname: "Bob".into() },
            you: Color::White,
            days_per_move: 3,
            rated: true,
            ply,
            last_move: None,
            your_move,
            time_left_ms: 1000,
        }
    }

    #[test]
    fn each_move_to_make_is_told_once() {
        let list = [game(1, 4, true), game(2, 3, false), game(3, 0, true)];
        let (new, told) = untold(&list, "");
        assert_eq!(new.iter().map(|g| g.game).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(told, "1:4 3:0");
        // Asked again with nothing new: nothing to tell.
        assert!(untold(&list, &told).0.is_empty());
        // The opponent of game 1 answered and it is the player's move again, at a later ply; game 3 ended.
        let later = [game(1, 6, true), game(2, 3, false)];
        let (new, told) = untold(&later, &told);
        assert_eq!(new.iter().map(|g| (g.game, g.ply)).collect::<Vec<_>>(), [(1, 6)]);
        assert_eq!(told, "1:6");
    }

    #[test]
    fn the_time_left_counts_down_from_the_answer() {
        let mut c = Correspondence::default();
        let t0 = Instant::now();
        assert_eq!(c.views(t0), None);
        let g = wire::CorrespondenceGame {
            game: 7,
            opponent: wire::PlayerInfo { id: 2, nickname: "Bob".into() },
            you: wire::Color::Black,
            days_per_move: 1,
            rated: false,
            ply: 1,
            last_move: Some("c3-d4".into()),
            your_move: true,
            time_left_ms: 5_000,
        };
        c.set(vec![g], t0);
        let v = c.views(t0 + std::time::Duration::from_millis(1_500)).unwrap();
        assert_eq!((v[0].time_left_ms, v[0].you, c.has(7), c.has(8)), (3_500, Color::Black, true, false));
        assert_eq!(c.views(t0 + std::time::Duration::from_secs(9)).unwrap()[0].time_left_ms, 0);
    }
}
