//! The lobby's open seeks: the players waiting for an opponent, as the server listed them, for the player to
//! accept one with a tap instead of waiting to be paired.

use crate::views::OnlinePlayer;
use crate::wire::{core_time_control, player};
use giveaway_core::record::{Speed, TimeControl};
use giveaway_protocol as wire;

/// A player waiting for an opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekView {
    /// Who (accept with their id).
    pub player: OnlinePlayer,
    /// Their rating in the seek's speed, as shown ("1500", "1500?" while provisional).
    pub rating: String,
    /// The game's clock.
    pub time_control: TimeControl,
    /// The clock's speed.
    pub speed: Speed,
    /// How long they have waited, in whole seconds.
    pub waited_s: u64,
}

/// The list as the server sent it.
pub(crate) fn seeks(list: Vec<wire::OpenSeek>) -> Vec<SeekView> {
    list.into_iter()
        .map(|s| {
            let time_control = core_time_control(s.time_control);
            SeekView {
                player: player(s.player),
                rating: format!("{:.0}{}", s.rating, if s.provisional { "?" } else { "" }),
                time_control,
                speed: time_control.speed(),
                waited_s: s.waited_ms / 1000,
            }
        })
        .collect()
}
