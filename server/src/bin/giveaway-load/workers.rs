//! Load from several processes. One process may hold no more sockets than its open-file limit allows (20,000 on
//! the machine this was written on, two per game), so 10,000 games need two load processes (and two server
//! nodes). The first process starts the servers and the others (this binary with `--attach`), each running its
//! share of the games on the same timeline; each worker prints its statistics as one JSON line, which the first
//! merges with its own.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The line a worker's statistics follow.
pub const STATS_PREFIX: &str = "worker-stats: ";

pub fn unix_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// The moment `unix_ms` as an Instant of this process.
pub fn instant_of(unix_ms_at: u64) -> tokio::time::Instant {
    let now = unix_ms();
    let now_i = tokio::time::Instant::now();
    if unix_ms_at >= now {
        now_i + Duration::from_millis(unix_ms_at - now)
    } else {
        now_i - Duration::from_millis(now - unix_ms_at)
    }
}

/// Starts a worker: this program with `args` (its share of the games, where to connect, the timeline).
pub fn spawn(args: &[String]) -> Child {
    let exe = std::env::current_exe().expect("this program's path");
    Command::new(exe).args(args).stdout(Stdio::piped()).spawn().expect("a worker starts")
}

/// Waits for a worker and reads its statistics (JSON), `None` if it printed none.
pub fn collect<T: serde::de::DeserializeOwned>(mut child: Child) -> Option<T> {
    let out = child.stdout.take()?;
    let mut stats = None;
    for line in BufReader::new(out).lines().map_while(Result::ok) {
        match line.strip_prefix(STATS_PREFIX) {
            Some(json) => stats = serde_json::from_str(json).ok(),
            None => println!("worker: {line}"),
        }
    }
    let _ = child.wait();
    stats
}
