//! Conversions between the protocol's types (`giveaway_protocol`, "the wire") and the core's types and the
//! views.

use crate::views::{OnlinePlayer, RatingChange, RecentGame, SeatView};
use giveaway_app::{ApiResult, GiveawayError};
use giveaway_core::game::EndReason;
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction as CoreReaction, SideTime, Speed, TimeControl};
use giveaway_protocol::{self as wire, GameState as WireGame, Reaction};
use std::time::Instant;

pub(crate) fn core_time_control(tc: wire::TimeControl) -> TimeControl {
    let side = SideTime { base_ms: tc.base_ms, increment_ms: tc.increment_ms };
    TimeControl { white: side, black: side }
}

/// Online games give both sides the same time: White's is the wire's.
pub(crate) fn wire_time_control(tc: TimeControl) -> ApiResult<wire::TimeControl> {
    if tc.white != tc.black {
        return Err(GiveawayError::BadSetup { reason: "online games give both sides the same time".into() });
    }
    Ok(wire::TimeControl::clock(tc.white.base_ms, tc.white.increment_ms))
}

pub(crate) fn core_color(c: wire::Color) -> Color {
    match c {
        wire::Color::White => Color::White,
        wire::Color::Black => Color::Black,
    }
}

pub(crate) fn core_speed(s: wire::Speed) -> Speed {
    Speed::from_name(s.name()).unwrap_or(Speed::Blitz)
}

pub(crate) fn wire_speed(s: Speed) -> wire::Speed {
    wire::Speed::from_name(s.name()).unwrap_or(wire::Speed::Blitz)
}

pub(crate) fn player(p: wire::PlayerInfo) -> OnlinePlayer {
    OnlinePlayer { id: p.id, nickname: p.nickname }
}

pub(crate) fn rating_change(r: wire::RatingChange) -> RatingChange {
    RatingChange { before: r.before, after: r.after, provisional: r.provisional }
}

/// The core's reason for a wire reason; `None` for an aborted game.
pub(crate) fn core_reason(r: wire::EndReason) -> Option<EndReason> {
    Some(match r {
        wire::EndReason::NoLegalMove => EndReason::NoLegalMove,
        wire::EndReason::Resignation => EndReason::Resignation,
        wire::EndReason::Time => EndReason::Time,
        wire::EndReason::Repetition => EndReason::Repetition,
        wire::EndReason::KingMoveRule => EndReason::KingMoveRule,
        wire::EndReason::Agreement => EndReason::Agreement,
        wire::EndReason::Abandonment => EndReason::Abandonment,
        wire::EndReason::Aborted => return None,
    })
}

pub(crate) fn recent_game(g: wire::GameSummary) -> RecentGame {
    RecentGame {
        game: g.game,
        color: core_color(g.color),
        opponent: player(g.opponent),
        time_control: core_time_control(g.time_control),
        days_per_move: g.time_control.days_per_move,
        speed: core_speed(g.speed),
        rated: g.rated,
        winner: g.result.winner.map(core_color),
        reason: core_reason(g.result.reason),
        rating_change: g.rating_change,
        ended_at_ms: g.ended_at_ms,
    }
}

pub(crate) fn core_reaction(r: &Reaction) -> CoreReaction {
    CoreReaction { ply: r.ply, side: core_color(r.by), emoji: r.emoji.clone() }
}

pub(crate) fn clocks(c: wire::Clocks) -> [i64; 2] {
    [c.white_ms as i64, c.black_ms as i64]
}

pub(crate) fn seat_view(s: &wire::Seat) -> SeatView {
    SeatView { nickname: s.player.nickname.clone(), rating: s.rating, provisional: s.provisional }
}

/// The server's deadline for the side to move's first move, from a game state frame.
/// How long each side has for its first move: the days per move in correspondence.
pub(crate) fn first_move_ms(days_per_move: Option<u32>) -> u64 {
    days_per_move.map_or(wire::FIRST_MOVE_MS, |d| u64::from(d) * wire::DAY_MS)
}

pub(crate) fn first_move_by(wire: &WireGame) -> Option<Instant> {
    wire.first_move_deadline_ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms))
}
