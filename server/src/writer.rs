//! Group commit of moves: many games' moves go into one INSERT and one commit. A move is acknowledged only
//! once its batch is committed; while the database is away the batch is retried until it goes through or the
//! commit timeout passes.
//!
//! A batch is whatever has queued up while the previous batches were being committed (up to `max_batch`
//! moves), optionally after waiting `linger` for more; `in_flight` batches are committed at once, so that one
//! fills while another waits for its fsync. Moves of one game never share a batch nor overtake each other:
//! a game's task waits for each move's outcome before it takes the next command.

use crate::store::{self, MoveRow};
use deadpool_postgres::Pool;
use std::collections::HashSet;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// How the writer batches (the server's `--commit-*` settings).
#[derive(Clone, Copy, Debug)]
pub struct Batching {
    /// The most moves one commit takes (1: a commit per move).
    pub max_batch: usize,
    /// How long a batch waits for more moves after its first (zero: it takes what is queued and goes).
    pub linger: Duration,
    /// Batches being committed at once.
    pub in_flight: usize,
    /// How long a batch is retried while the database fails before its moves are refused.
    pub timeout: Duration,
}

/// What became of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// Committed: it may be acknowledged and relayed.
    Committed,
    /// The database stayed unreachable (or failed) until the commit timeout: nothing was stored.
    Unavailable,
    /// The game is no longer hosted by this node (another node took it over): nothing was stored.
    NotHost,
}

type Job = (MoveRow, oneshot::Sender<Stored>);

#[derive(Clone)]
pub struct MoveWriter {
    tx: mpsc::Sender<Job>,
}

impl MoveWriter {
    /// Starts the writer tasks for the node `node` (a move is stored only for a game this node hosts).
    pub fn start(pool: Pool, node: &str, batching: Batching) -> MoveWriter {
        let max_batch = batching.max_batch.max(1);
        let (tx, rx) = mpsc::channel::<Job>(max_batch.max(1000) * 4);
        let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..batching.in_flight.max(1) {
            let (pool, rx, node) = (pool.clone(), rx.clone(), node.to_string());
            tokio::spawn(async move {
                loop {
                    let Some(batch) = next_batch(&rx, max_batch, batching.linger).await else { return };
                    let rows: Vec<MoveRow> = batch.iter().map(|(r, _)| r.clone()).collect();
                    let outcome = commit(&pool, &node, &rows, batching.timeout).await;
                    for (row, done) in batch {
                        let stored = match &outcome {
                            None => Stored::Unavailable,
                            Some(written) if written.contains(&(row.game, row.ply)) => Stored::Committed,
                            Some(_) => Stored::NotHost,
                        };
                        let _ = done.send(stored);
                    }
                }
            });
        }
        MoveWriter { tx }
    }

    /// Stores a move and tells what became of it.
    pub async fn store(&self, row: MoveRow) -> Stored {
        let (done, wait) = oneshot::channel();
        if self.tx.send((row, done)).await.is_err() {
            return Stored::Unavailable;
        }
        wait.await.unwrap_or(Stored::Unavailable)
    }
}

/// The next batch: the first job waited for, then what is queued (and what comes within `linger`), up to
/// `max` jobs. `None` once every sender is gone.
async fn next_batch(rx: &tokio::sync::Mutex<mpsc::Receiver<Job>>, max: usize, linger: Duration) -> Option<Vec<Job>> {
    let mut rx = rx.lock().await;
    let mut batch = vec![rx.recv().await?];
    let deadline = tokio::time::Instant::now() + linger;
    while batch.len() < max {
        match rx.try_recv() {
            Ok(job) => batch.push(job),
            Err(_) if linger.is_zero() => break,
            Err(_) => match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(job)) => batch.push(job),
                Ok(None) | Err(_) => break,
            },
        }
    }
    Some(batch)
}

/// Commits the rows (retrying), and returns the (game, ply) of those stored: the rows of games this node no
/// longer hosts are left out. `None`: the database failed until the timeout.
async fn commit(pool: &Pool, node: &str, rows: &[MoveRow], timeout: Duration) -> Option<HashSet<(i64, u32)>> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(50);
    loop {
        match store::insert_moves(pool, node, rows).await {
            Ok(written) => return Some(written.into_iter().collect()),
            Err(e) => {
                if start.elapsed() + pause > timeout {
                    log::error!("gave up storing {} moves: {e}", rows.len());
                    return None;
                }
                log::warn!("storing {} moves failed, retrying: {e}", rows.len());
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}
