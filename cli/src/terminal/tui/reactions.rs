//! Emoji reactions on the game screen: the choices the picker offers and the keys that pick them (which
//! reaction shows, and for how long, is the game controller's `ScreenState::reaction`).

/// The emoji every front end offers (the core's catalog), in its order; the picker numbers them from 1.
pub use giveaway_app::REACTION_EMOJIS as EMOJI;

/// The picker's choice for a key: `1` is the first emoji.
pub fn for_key(c: char) -> Option<&'static str> {
    let i = c.to_digit(10)?.checked_sub(1)?;
    EMOJI.get(i as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_one_to_seven_pick_the_emoji_in_order() {
        assert_eq!(for_key('1'), Some("👍"));
        assert_eq!(for_key('7'), Some("🤝"));
        assert_eq!(for_key('0'), None);
        assert_eq!(for_key('8'), None);
        assert_eq!(for_key('x'), None);
    }
}
