//! The moves the players sent, by game and ply, with when each was sent: a move's time to reach someone other
//! than the two sockets of one task (a spectator, an arena opponent played by another task) is measured from
//! here, and what a spectator saw is checked against it. Kept only for the games that need it (watched games,
//! the arena's), so that the plain load runs cost what they did.

use giveaway_protocol::GameId;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// A move as its player sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct SentMove {
    pub text: String,
    /// When it was sent; none for a move learnt from a resumed game's state (sent before a fault, its
    /// acknowledgement lost).
    pub at: Option<Instant>,
    /// Its mover got the server's acknowledgement (it is committed).
    pub acked: bool,
}

#[derive(Default)]
pub struct SentMoves(Mutex<HashMap<GameId, Vec<SentMove>>>);

impl SentMoves {
    /// A move sent as ply `ply`. One sent before at that ply and never committed (lost with a killed server) is
    /// replaced, with what followed it.
    pub fn sent(&self, game: GameId, ply: u32, text: &str) {
        let mut all = self.0.lock().unwrap();
        let moves = all.entry(game).or_default();
        moves.truncate(ply as usize);
        if moves.len() == ply as usize {
            moves.push(SentMove { text: text.to_string(), at: Some(Instant::now()), acked: false });
        }
    }

    /// Ply `ply`'s move was acknowledged to its mover.
    pub fn acked(&self, game: GameId, ply: u32) {
        if let Some(m) = self.0.lock().unwrap().get_mut(&game).and_then(|v| v.get_mut(ply as usize)) {
            m.acked = true;
        }
    }

    /// The moves a resumed game's state holds: all of them are committed.
    pub fn committed(&self, game: GameId, moves: &[String]) {
        let mut all = self.0.lock().unwrap();
        let known = all.entry(game).or_default();
        for (i, text) in moves.iter().enumerate() {
            match known.get_mut(i) {
                Some(m) if m.text == *text => m.acked = true,
                Some(m) => *m = SentMove { text: text.clone(), at: None, acked: true },
                None => known.push(SentMove { text: text.clone(), at: None, acked: true }),
            }
        }
    }

    /// When ply `ply` of `game` was sent.
    pub fn sent_at(&self, game: GameId, ply: u32) -> Option<Instant> {
        self.0.lock().unwrap().get(&game).and_then(|v| v.get(ply as usize)).and_then(|m| m.at)
    }

    /// A game's moves as sent.
    pub fn of(&self, game: GameId) -> Vec<SentMove> {
        self.0.lock().unwrap().get(&game).cloned().unwrap_or_default()
    }
}

/// Whether what a spectator saw of a game (its moves in the order received, the watch's state first) is what
/// the players sent, in order, with every acknowledged move in it. A move sent but not acknowledged may or may
/// not have been seen: the mover's connection was closed (the run's end, a fault) before the acknowledgement.
pub fn check_seen(seen: &[String], sent: &[SentMove]) -> Result<(), String> {
    for (ply, text) in seen.iter().enumerate() {
        match sent.get(ply) {
            Some(m) if m.text == *text => {}
            Some(m) => return Err(format!("ply {ply}: saw {text}, the player sent {}", m.text)),
            None => return Err(format!("ply {ply}: saw {text}, which no player sent")),
        }
    }
    let acked = sent.iter().rposition(|m| m.acked).map_or(0, |i| i + 1);
    if seen.len() < acked {
        return Err(format!("saw {} moves of the {acked} acknowledged", seen.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_spectator_must_see_every_acknowledged_move_in_order_and_nothing_else() {
        let log = SentMoves::default();
        log.sent(1, 0, "c3-d4");
        log.acked(1, 0);
        log.sent(1, 1, "f6-g5");
        log.acked(1, 1);
        log.sent(1, 2, "d4-c5");
        let sent = log.of(1);
        assert!(sent[0].at.is_some() && sent[1].acked && !sent[2].acked);
        // Every acknowledged move, with or without the one in flight.
        assert_eq!(check_seen(&texts(&["c3-d4", "f6-g5"]), &sent), Ok(()));
        assert_eq!(check_seen(&texts(&["c3-d4", "f6-g5", "d4-c5"]), &sent), Ok(()));
        // One acknowledged move missed, a move never sent, two moves swapped.
        assert!(check_seen(&texts(&["c3-d4"]), &sent).unwrap_err().contains("1 moves of the 2"));
        assert!(check_seen(&texts(&["c3-d4", "f6-g5", "d4-c5", "g5-h4"]), &sent).is_err());
        assert!(check_seen(&texts(&["f6-g5", "c3-d4"]), &sent).is_err());
    }

    #[test]
    fn a_move_lost_with_the_server_is_replaced_by_the_one_stored() {
        let log = SentMoves::default();
        log.sent(1, 0, "c3-d4");
        log.acked(1, 0);
        log.sent(1, 1, "f6-g5");
        // The server was killed before committing ply 1; the resumed state has only ply 0, then ply 1 is sent
        // again, differently.
        log.committed(1, &texts(&["c3-d4"]));
        log.sent(1, 1, "f6-e5");
        log.acked(1, 1);
        assert_eq!(log.of(1).iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["c3-d4", "f6-e5"]);
        // A move committed whose acknowledgement was lost: learnt from the state, without a time.
        log.sent(1, 2, "b2-a3");
        log.committed(1, &texts(&["c3-d4", "f6-e5", "b2-a3", "e5-f4"]));
        let sent = log.of(1);
        assert!(sent.iter().all(|m| m.acked));
        assert!(sent[2].at.is_some() && sent[3].at.is_none());
        assert_eq!(log.sent_at(1, 3), None);
    }
}
