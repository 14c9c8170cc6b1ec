//! Emoji reactions on the game screen: the choices the picker offers, and the newest reaction, which shows
//! beside its player for a few seconds. The game record keeps every reaction (the core saves them); this only
//! decides what is on screen now.

use giveaway_app::Reaction;
use giveaway_core::Color;
use std::time::{Duration, Instant};

/// The emoji every front end offers (the core's catalog), in its order; the picker numbers them from 1.
pub use giveaway_app::catalog::REACTION_EMOJIS as EMOJI;

/// How long a reaction stays next to its player.
pub const SHOWN_FOR: Duration = Duration::from_secs(4);

/// The picker's choice for a key: `1` is the first emoji.
pub fn for_key(c: char) -> Option<&'static str> {
    let i = c.to_digit(10)?.checked_sub(1)?;
    EMOJI.get(i as usize).copied()
}

/// The reaction on show and since when.
pub struct Shown {
    /// Reactions in the snapshot when last looked at.
    seen: usize,
    latest: Option<(Reaction, Instant)>,
}

impl Shown {
    /// Starts from the reactions a resumed game already has: they are history, not news.
    pub fn new(reactions: &[Reaction]) -> Shown {
        Shown { seen: reactions.len(), latest: None }
    }

    /// Looks at a snapshot's reactions: a new one shows from `now`; one taken back with its move disappears.
    pub fn update(&mut self, reactions: &[Reaction], now: Instant) {
        if reactions.len() > self.seen {
            self.latest = reactions.last().map(|r| (r.clone(), now));
        } else if reactions.len() < self.seen {
            self.latest = None;
        }
        self.seen = reactions.len();
    }

    /// The emoji `side` shows at `now`, while its reaction is recent.
    pub fn of(&self, side: Color, now: Instant) -> Option<&str> {
        self.latest
            .as_ref()
            .filter(|(r, at)| r.side == side && now.saturating_duration_since(*at) < SHOWN_FOR)
            .map(|(r, _)| r.emoji.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reaction(ply: u32, side: Color, emoji: &str) -> Reaction {
        Reaction { ply, side, emoji: emoji.to_string() }
    }

    #[test]
    fn keys_one_to_seven_pick_the_emoji_in_order() {
        assert_eq!(for_key('1'), Some("👍"));
        assert_eq!(for_key('7'), Some("🤝"));
        assert_eq!(for_key('0'), None);
        assert_eq!(for_key('8'), None);
        assert_eq!(for_key('x'), None);
    }

    #[test]
    fn the_newest_reaction_shows_beside_its_side_for_a_few_seconds() {
        let t0 = Instant::now();
        let old = vec![reaction(0, Color::White, "👍")];
        let mut shown = Shown::new(&old);
        shown.update(&old, t0);
        assert_eq!(shown.of(Color::White, t0), None, "a resumed game's reactions are not news");
        let mut now = old.clone();
        now.push(reaction(1, Color::Black, "😮"));
        let t1 = t0 + Duration::from_secs(1);
        shown.update(&now, t1);
        assert_eq!(shown.of(Color::Black, t1), Some("😮"));
        assert_eq!(shown.of(Color::White, t1), None);
        // Later snapshots with the same reactions do not restart the time.
        shown.update(&now, t1 + Duration::from_secs(3));
        assert_eq!(shown.of(Color::Black, t1 + SHOWN_FOR - Duration::from_millis(1)), Some("😮"));
        assert_eq!(shown.of(Color::Black, t1 + SHOWN_FOR), None);
    }

    #[test]
    fn a_reaction_taken_back_with_its_move_disappears() {
        let t0 = Instant::now();
        let mut shown = Shown::new(&[]);
        let both = vec![reaction(0, Color::White, "👍"), reaction(1, Color::Black, "🤔")];
        shown.update(&both, t0);
        assert_eq!(shown.of(Color::Black, t0), Some("🤔"));
        shown.update(&both[..1], t0);
        assert_eq!(shown.of(Color::Black, t0), None);
        assert_eq!(shown.of(Color::White, t0), None, "the older one is not brought back");
    }
}
