//! Server clocks: the server's own time decides; each move is forgiven the network lag measured for it.

use std::time::Duration;

/// Time charged for one move and lag forgiven, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charge {
    pub spent_ms: u64,
    pub lag_ms: u64,
}

/// The time a move costs its player. `raw` is the server's time from sending the turn to receiving the move;
/// `think_ms` the client's own measurement from receiving to sending (no clock sync needed: both are
/// durations); `rtt_ms` the connection's WebSocket ping round trip. The lag forgiven is what the server saw
/// beyond the client's thinking, but never more than two round trips plus 50 ms (so a client cannot claim more
/// lag than its connection has) nor more than `max_lag_ms`. Without `think_ms`, one round trip is forgiven.
pub fn charge(raw: Duration, think_ms: Option<u64>, rtt_ms: u64, max_lag_ms: u64) -> Charge {
    let raw_ms = raw.as_millis().min(u64::MAX as u128) as u64;
    let claimed = match think_ms {
        Some(t) => raw_ms.saturating_sub(t),
        None => rtt_ms,
    };
    let lag_ms = claimed.min(rtt_ms.saturating_mul(2).saturating_add(50)).min(max_lag_ms).min(raw_ms);
    Charge { spent_ms: raw_ms - lag_ms, lag_ms }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_is_forgiven_within_bounds() {
        let ms = Duration::from_millis;
        // 1 s thinking over an 80 ms round trip: the 80 ms is forgiven.
        assert_eq!(charge(ms(1080), Some(1000), 80, 1000), Charge { spent_ms: 1000, lag_ms: 80 });
        // A client claiming no thinking at all gets at most 2 × rtt + 50.
        assert_eq!(charge(ms(5000), Some(0), 20, 1000), Charge { spent_ms: 4910, lag_ms: 90 });
        // Never more than the cap, never more than the raw time.
        assert_eq!(charge(ms(9000), Some(0), 4000, 1000).lag_ms, 1000);
        assert_eq!(charge(ms(10), None, 300, 1000), Charge { spent_ms: 0, lag_ms: 10 });
        // A client thinking longer than the server saw (clock skew) is charged what the server saw.
        assert_eq!(charge(ms(500), Some(900), 30, 1000), Charge { spent_ms: 500, lag_ms: 0 });
    }
}
