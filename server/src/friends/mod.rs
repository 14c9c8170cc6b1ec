//! Friends, direct challenges and blocking (docs/protocol.md "Friends, challenges and blocking"). Follows,
//! blocks and open challenges live in PostgreSQL, so that players on different nodes find each other; an event
//! for a player connected elsewhere goes through the bus to every node, and the one holding the connection
//! delivers it. Presence is a row per connected player, written at sign-in and removed at disconnection.

mod db;

pub use db::{blocks, clear_presence, set_presence};

use crate::accounts;
use crate::hub::Hub;
use crate::lobby::{self, database_unavailable as unavailable, LobbyError};
use crate::messages::Out;
use crate::store;
use giveaway_protocol::{
    encode, Challenge, ChallengeEnd, ColorChoice, ErrorCode, PlayerId, PlayerInfo, ServerFrame, ServerMessage,
    TimeControl,
};
use std::sync::Arc;
use std::time::Duration;

/// Open challenges a player may have made at once.
pub const MAX_OPEN_CHALLENGES: i64 = 5;
/// How often a node deletes expired challenges and tells their players.
const EXPIRY_TICK: Duration = Duration::from_secs(2);

/// The player of a typed nickname, other than `me` (`self_error` says why not oneself).
async fn other_player(
    hub: &Hub,
    me: PlayerId,
    nickname: &str,
    self_error: LobbyError,
) -> Result<PlayerInfo, LobbyError> {
    match db::player(&hub.pool, &accounts::nickname_key(nickname)).await.map_err(unavailable)? {
        Some(p) if p.id == me => Err(self_error),
        Some(p) => Ok(p),
        None => Err((ErrorCode::UnknownPlayer, format!("no player {nickname}"))),
    }
}

fn not_yourself(what: &str) -> LobbyError {
    (ErrorCode::UnknownPlayer, format!("you cannot {what} yourself"))
}

/// Sends an event to a player wherever they are connected (nowhere: dropped; they read their lists on
/// connecting).
pub async fn tell(hub: &Hub, player: PlayerId, message: ServerMessage) {
    let frame = encode(&ServerFrame::new(message));
    if let Some(c) = hub.conn(player) {
        c.send(Out::Frame(frame));
        return;
    }
    let node = match hub.pool.get().await {
        Ok(c) => db::node_of(&c, player).await,
        Err(e) => Err(e.into()),
    };
    match node {
        Ok(Some(node)) if node != hub.node() => {
            hub.bus.to_player(&node, player, frame).await;
        }
        Ok(_) => {}
        Err(e) => log::warn!("player {player} could not be told: {e}"),
    }
}

pub async fn follow(hub: &Hub, me: PlayerId, nickname: &str) -> Result<ServerMessage, LobbyError> {
    let them = other_player(hub, me, nickname, not_yourself("follow")).await?;
    if db::blocks(&hub.pool, me, them.id).await.map_err(unavailable)? {
        return Err((ErrorCode::Refused, format!("you block {}: unblock them first", them.nickname)));
    }
    if db::blocks(&hub.pool, them.id, me).await.map_err(unavailable)? {
        return Err((ErrorCode::Refused, format!("{} cannot be followed", them.nickname)));
    }
    db::follow(&hub.pool, me, them.id).await.map_err(unavailable)?;
    friends(hub, me).await
}

pub async fn unfollow(hub: &Hub, me: PlayerId, nickname: &str) -> Result<ServerMessage, LobbyError> {
    let them = other_player(hub, me, nickname, not_yourself("unfollow")).await?;
    db::unfollow(&hub.pool, me, them.id).await.map_err(unavailable)?;
    friends(hub, me).await
}

pub async fn friends(hub: &Hub, me: PlayerId) -> Result<ServerMessage, LobbyError> {
    Ok(ServerMessage::Friends { friends: db::friends(&hub.pool, me).await.map_err(unavailable)? })
}

pub async fn block(hub: &Hub, me: PlayerId, nickname: &str) -> Result<ServerMessage, LobbyError> {
    let them = other_player(hub, me, nickname, not_yourself("block")).await?;
    for ch in db::block(&hub.pool, me, them.id).await.map_err(unavailable)? {
        close_both(hub, &ch, if ch.challenger.id == me { ChallengeEnd::Cancelled } else { ChallengeEnd::Declined })
            .await;
    }
    blocked(hub, me).await
}

pub async fn unblock(hub: &Hub, me: PlayerId, nickname: &str) -> Result<ServerMessage, LobbyError> {
    let them = other_player(hub, me, nickname, not_yourself("unblock")).await?;
    db::unblock(&hub.pool, me, them.id).await.map_err(unavailable)?;
    blocked(hub, me).await
}

pub async fn blocked(hub: &Hub, me: PlayerId) -> Result<ServerMessage, LobbyError> {
    Ok(ServerMessage::Blocked { players: db::blocked(&hub.pool, me).await.map_err(unavailable)? })
}

/// How long a correspondence challenge stays open: a week.
const CORRESPONDENCE_CHALLENGE_TTL_S: f64 = 7.0 * 86_400.0;

/// Challenges a player: the challenge answers, and the player challenged gets it as an event.
pub async fn challenge(
    hub: &Hub,
    me: PlayerId,
    nickname: &str,
    (tc, color, rated): (TimeControl, ColorChoice, bool),
) -> Result<ServerMessage, LobbyError> {
    lobby::check_challenge_tc(tc, hub.cfg.min_invite_base_ms)?;
    let refused_self = (ErrorCode::Refused, "you cannot challenge yourself".into());
    let them = other_player(hub, me, nickname, refused_self).await?;
    // A correspondence challenge waits for its player to come by, as the game will.
    let ttl = if tc.is_correspondence() { CORRESPONDENCE_CHALLENGE_TTL_S } else { hub.cfg.challenge_ttl_s as f64 };
    let made = db::put_challenge(&hub.pool, (me, them.id), (tc, color, rated), ttl, MAX_OPEN_CHALLENGES)
        .await
        .map_err(unavailable)?;
    let ch = made.map_err(|why| {
        let message = match why {
            // The same words whichever of the two blocks: a player is not told that they are blocked.
            db::Refused::Blocked => format!("{} does not take challenges from you", them.nickname),
            db::Refused::Already => format!("you have already challenged {}", them.nickname),
            db::Refused::TooMany => format!("you have {MAX_OPEN_CHALLENGES} open challenges already"),
        };
        (ErrorCode::Refused, message)
    })?;
    tell(hub, them.id, ServerMessage::Challenge { challenge: ch.clone() }).await;
    Ok(ServerMessage::Challenge { challenge: ch })
}

pub async fn challenges(hub: &Hub, me: PlayerId) -> Result<ServerMessage, LobbyError> {
    let (incoming, outgoing) = db::challenges(&hub.pool, me).await.map_err(unavailable)?;
    Ok(ServerMessage::Challenges { incoming, outgoing })
}

fn unknown_challenge(id: i64) -> LobbyError {
    (ErrorCode::UnknownChallenge, format!("no open challenge {id}: it was answered, withdrawn or has expired"))
}

/// Declines a challenge made to `me` (`as_challenged`) or withdraws one `me` made: the other player is told.
pub async fn close(hub: &Hub, me: PlayerId, id: i64, as_challenged: bool) -> Result<ServerMessage, LobbyError> {
    let c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let ch = db::take_challenge(&c, id, me, as_challenged).await.map_err(unavailable)?.ok_or(unknown_challenge(id))?;
    let (end, other) = if as_challenged {
        (ChallengeEnd::Declined, ch.challenger.id)
    } else {
        (ChallengeEnd::Cancelled, ch.challenged.id)
    };
    tell(hub, other, ServerMessage::ChallengeClosed { challenge: id, end }).await;
    Ok(ServerMessage::ChallengeClosed { challenge: id, end })
}

/// Accepts a challenge made to `me`: the game starts (its state answers request `re`) and the challenger is
/// told. A player in a game cannot accept; the challenge then stays open.
pub async fn accept(hub: &Arc<Hub>, me: PlayerId, id: i64, re: Option<u64>) -> Result<(), LobbyError> {
    let mut c = hub.pool.get().await.map_err(|e| unavailable(e.into()))?;
    let tx = c.transaction().await.map_err(|e| unavailable(e.into()))?;
    let ch = db::take_challenge(&tx, id, me, true).await.map_err(unavailable)?.ok_or(unknown_challenge(id))?;
    let challenger = ch.challenger.id;
    if store::lock_players_busy(&tx, &[me, challenger]).await.map_err(unavailable)? {
        return Err((ErrorCode::Busy, "you or your challenger are in a game".into()));
    }
    let node = db::node_of(&tx, challenger).await.map_err(unavailable)?.unwrap_or_default();
    let white = match ch.color {
        ColorChoice::White => Some(challenger),
        ColorChoice::Black => Some(me),
        ColorChoice::Random => None,
    };
    lobby::start_game(hub, tx, (me, re), (challenger, &node), (ch.time_control, ch.rated), white)
        .await
        .map_err(unavailable)?;
    tell(hub, challenger, ServerMessage::ChallengeClosed { challenge: id, end: ChallengeEnd::Accepted }).await;
    Ok(())
}

async fn close_both(hub: &Hub, ch: &Challenge, end: ChallengeEnd) {
    for p in [ch.challenger.id, ch.challenged.id] {
        tell(hub, p, ServerMessage::ChallengeClosed { challenge: ch.id, end }).await;
    }
}

/// Deletes expired challenges every [`EXPIRY_TICK`] and tells both players of each (whichever node deletes a
/// challenge tells).
pub fn start_expiry(hub: &Arc<Hub>) {
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EXPIRY_TICK);
        loop {
            tick.tick().await;
            match db::expire_challenges(&hub.pool).await {
                Ok(gone) => {
                    for ch in gone {
                        close_both(&hub, &ch, ChallengeEnd::Expired).await;
                    }
                }
                Err(e) => log::warn!("challenge expiry: {e}"),
            }
        }
    });
}
