//! What the benchmark measures besides latency: CPU time of the server, of PostgreSQL and of the load
//! generator itself (from /proc), the database's commits and WAL (from its statistics), and the size of what
//! the run stored.

use std::time::Duration;
use tokio_postgres::Client;

/// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux unless it says otherwise).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
        .unwrap_or(100.0)
}

/// (parent pid, user + system ticks) of a process, from /proc/PID/stat.
fn stat(pid: u32) -> Option<(u32, u64)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    let f: Vec<&str> = s.get(s.rfind(')')? + 2..)?.split_whitespace().collect();
    Some((f.get(1)?.parse().ok()?, f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?))
}

/// CPU seconds used so far by a process.
pub fn cpu_s(pid: u32) -> f64 {
    stat(pid).map(|(_, t)| t as f64 / clock_ticks()).unwrap_or(0.0)
}

/// CPU seconds used so far by a process and its children that are still running (PostgreSQL's postmaster and
/// its backends; a backend that has exited takes its time with it, the pool's do not exit).
pub fn tree_cpu_s(root: u32) -> f64 {
    let mut ticks = stat(root).map(|(_, t)| t).unwrap_or(0);
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for e in dir.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
            if let Some((parent, t)) = stat(pid) {
                if parent == root {
                    ticks += t;
                }
            }
        }
    }
    ticks as f64 / clock_ticks()
}

/// The postmaster's pid, from the data directory the server reports (it must run on this machine).
pub async fn postmaster_pid(db: &Client) -> Option<u32> {
    let dir: String = db.query_one("SHOW data_directory", &[]).await.ok()?.get(0);
    std::fs::read_to_string(format!("{dir}/postmaster.pid")).ok()?.lines().next()?.trim().parse().ok()
}

/// The database's counters at one moment.
#[derive(Clone, Copy, Debug, Default)]
pub struct DbCounters {
    pub commits: i64,
    /// WAL position, bytes.
    pub wal: i64,
}

pub async fn db_counters(db: &Client) -> DbCounters {
    // Statistics are flushed by each backend at most once a second: read them a moment after the phase.
    let row = db
        .query_one(
            "SELECT xact_commit, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint FROM pg_stat_database \
             WHERE datname = current_database()",
            &[],
        )
        .await;
    match row {
        Ok(r) => DbCounters { commits: r.get(0), wal: r.get(1) },
        Err(e) => {
            eprintln!("database counters: {e}");
            DbCounters::default()
        }
    }
}

/// What the run left in the database.
#[derive(Debug, Default)]
pub struct Stored {
    pub games: i64,
    pub moves: i64,
    /// Bytes of the moves table with its indexes (all partitions).
    pub moves_bytes: i64,
    /// Bytes of the games table with its indexes.
    pub games_bytes: i64,
    pub database_bytes: i64,
}

pub async fn stored(db: &Client) -> Stored {
    let row = db
        .query_one(
            "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM moves), \
             (SELECT coalesce(sum(pg_total_relation_size(relid)), 0)::bigint FROM pg_partition_tree('moves')), \
             pg_total_relation_size('games'), pg_database_size(current_database())",
            &[],
        )
        .await;
    match row {
        Ok(r) => Stored {
            games: r.get(0),
            moves: r.get(1),
            moves_bytes: r.get(2),
            games_bytes: r.get(3),
            database_bytes: r.get(4),
        },
        Err(e) => {
            eprintln!("stored sizes: {e}");
            Stored::default()
        }
    }
}

/// Bytes a WebSocket frame of `payload` bytes takes (header, and the 4-byte mask of a client's frame).
pub fn ws_frame_bytes(payload: usize, from_client: bool) -> usize {
    let header = match payload {
        0..=125 => 2,
        126..=65535 => 4,
        _ => 10,
    };
    payload + header + if from_client { 4 } else { 0 }
}

/// CPU used over a phase, as a share of one core.
pub fn cpu_share(cpu_s: f64, over: Duration) -> f64 {
    cpu_s / over.as_secs_f64().max(1e-9)
}
