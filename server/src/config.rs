//! Command-line and environment settings of a node. The timing settings exist so that tests and benchmarks
//! can shorten them; the defaults are the production values.

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Parser, Clone, Debug)]
#[command(name = "giveaway-server", about = "The Giveaway Checkers game server (WebSocket, JSON protocol v1)")]
pub struct Config {
    /// Address to listen on (port 0: any free port; the line `listening on ADDR` tells which).
    #[arg(long, default_value = "127.0.0.1:7878")]
    pub listen: SocketAddr,
    /// PostgreSQL connection URL.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: String,
    /// This node's name: lower-case letters, digits and `_`, unique among the nodes sharing the database and
    /// kept across restarts (a restarted node takes over the games it was running).
    #[arg(long, default_value = "node1")]
    pub node: String,
    /// PEM certificate chain: serve TLS (wss://) with rustls. Needs --tls-key.
    #[arg(long, requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// PEM private key for --tls-cert.
    #[arg(long, requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Database connections in the pool.
    #[arg(long, default_value_t = 16)]
    pub db_pool: usize,
    /// Time each side has for its first move before the game is aborted.
    #[arg(long, default_value_t = 30_000)]
    pub first_move_ms: u64,
    /// A player disconnected this long while the opponent is connected loses by abandonment.
    #[arg(long, default_value_t = 60_000)]
    pub abandon_ms: u64,
    /// How long after a game a rematch can be offered.
    #[arg(long, default_value_t = 120_000)]
    pub rematch_ms: u64,
    /// The most lag forgiven on one move.
    #[arg(long, default_value_t = 1_000)]
    pub max_lag_ms: u64,
    /// Frames per second a connection may send, sustained.
    #[arg(long, default_value_t = 10)]
    pub rate_per_s: u32,
    /// Frames a connection may send in a burst.
    #[arg(long, default_value_t = 30)]
    pub rate_burst: u32,
    /// Interval of the WebSocket pings that measure each connection's round trip and find dead ones.
    #[arg(long, default_value_t = 5_000)]
    pub ping_ms: u64,
    /// Rating window of a new seek (± points).
    #[arg(long, default_value_t = 100.0)]
    pub window_start: f64,
    /// How much the window widens per second of waiting.
    #[arg(long, default_value_t = 25.0)]
    pub window_growth: f64,
    /// How often waiting seeks look for an opponent again.
    #[arg(long, default_value_t = 1_000)]
    pub pair_tick_ms: u64,
    /// After a game, an arena player rests this long before being paired again.
    #[arg(long, default_value_t = 4_000)]
    pub arena_rest_ms: u64,
    /// Make the scheduled arenas (hourly blitz, daily rapid); tests turn it off.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub arena_schedule: bool,
    /// The shortest base time a friend's game may have.
    #[arg(long, default_value_t = 15_000)]
    pub min_invite_base_ms: u64,
    /// An invite code is good for this long.
    #[arg(long, default_value_t = 3_600)]
    pub invite_ttl_s: u64,
    /// A direct challenge can be accepted for this long.
    #[arg(long, default_value_t = 600)]
    pub challenge_ttl_s: u64,
    /// How long a move may wait for the database (retrying) before it is refused as unavailable.
    #[arg(long, default_value_t = 15_000)]
    pub commit_timeout_ms: u64,
    /// The most moves one commit takes (group commit; 1: a commit per move).
    #[arg(long, default_value_t = 2000)]
    pub commit_batch: usize,
    /// How long a batch waits for more moves after its first, microseconds (0: it takes what has queued up
    /// while the previous batch was being committed, and goes).
    #[arg(long, default_value_t = 0)]
    pub commit_wait_us: u64,
    /// Batches committed at once (while one waits for its fsync the next one fills).
    #[arg(long, default_value_t = 2)]
    pub commit_in_flight: usize,
    /// How often a node looks for gone nodes whose games in progress it should adopt.
    #[arg(long, default_value_t = 1_000)]
    pub takeover_check_ms: u64,
    /// How long a node's name must have been free (its process gone) before another node adopts its games; a
    /// node that says it leaves (drained) is taken over at once.
    #[arg(long, default_value_t = 3_000)]
    pub takeover_after_ms: u64,
    /// Draining (SIGUSR1): how long the health check fails before the connections are closed, for the balancer
    /// to stop sending new ones here.
    #[arg(long, default_value_t = 3_000)]
    pub drain_wait_ms: u64,
}

impl Config {
    /// A configuration with the defaults, for tests and tools.
    pub fn new(database_url: &str, node: &str) -> Config {
        let mut c = Config::parse_from(["giveaway-server", "--database-url", database_url]);
        c.node = node.to_string();
        c
    }

    /// The node name's rules (it is written into the database and into node-to-node messages).
    pub fn node_name_valid(name: &str) -> bool {
        (1..=40).contains(&name.len())
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    }
}
