//! The choices every front end lists, from the app layer's catalog.

use giveaway_app::{HandicapPreset, LevelView, TimeControlPreset};

/// The emoji reactions a game screen offers, in menu order.
#[uniffi::export]
pub fn reaction_emojis() -> Vec<String> {
    giveaway_app::reaction_emojis()
}

/// The computer's levels, weakest first.
#[uniffi::export]
pub fn levels() -> Vec<LevelView> {
    giveaway_app::levels()
}

/// The usual time controls (bullet, blitz, rapid, classic), shortest first.
#[uniffi::export]
pub fn time_control_presets() -> Vec<TimeControlPreset> {
    giveaway_app::time_control_presets()
}

/// One to three men off either side.
#[uniffi::export]
pub fn handicap_presets() -> Vec<HandicapPreset> {
    giveaway_app::handicap_presets()
}
