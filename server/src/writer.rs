//! Group commit of moves: many games' moves go into one INSERT and one commit. A move is acknowledged only
//! once its batch is committed; while the database is away the batch is retried until it goes through or the
//! commit timeout passes.

use crate::store::{self, MoveRow};
use deadpool_postgres::Pool;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// The most moves one commit takes.
const MAX_BATCH: usize = 2000;
/// Batches committed at once: while one waits for its fsync the next one fills.
const WRITERS: usize = 2;

type Job = (MoveRow, oneshot::Sender<bool>);

#[derive(Clone)]
pub struct MoveWriter {
    tx: mpsc::Sender<Job>,
}

impl MoveWriter {
    pub fn start(pool: Pool, commit_timeout: Duration) -> MoveWriter {
        let (tx, rx) = mpsc::channel::<Job>(MAX_BATCH * 4);
        let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..WRITERS {
            let (pool, rx) = (pool.clone(), rx.clone());
            tokio::spawn(async move {
                loop {
                    let mut batch = Vec::new();
                    {
                        let mut rx = rx.lock().await;
                        match rx.recv().await {
                            Some(job) => batch.push(job),
                            None => return,
                        }
                        while batch.len() < MAX_BATCH {
                            match rx.try_recv() {
                                Ok(job) => batch.push(job),
                                Err(_) => break,
                            }
                        }
                    }
                    let rows: Vec<MoveRow> = batch.iter().map(|(r, _)| r.clone()).collect();
                    let ok = commit(&pool, &rows, commit_timeout).await;
                    for (_, done) in batch {
                        let _ = done.send(ok);
                    }
                }
            });
        }
        MoveWriter { tx }
    }

    /// Stores a move; true once it is committed, false if the database stayed unreachable.
    pub async fn store(&self, row: MoveRow) -> bool {
        let (done, wait) = oneshot::channel();
        if self.tx.send((row, done)).await.is_err() {
            return false;
        }
        wait.await.unwrap_or(false)
    }
}

async fn commit(pool: &Pool, rows: &[MoveRow], timeout: Duration) -> bool {
    let start = Instant::now();
    let mut pause = Duration::from_millis(50);
    loop {
        match store::insert_moves(pool, rows).await {
            Ok(()) => return true,
            Err(e) => {
                if start.elapsed() + pause > timeout {
                    log::error!("gave up storing {} moves: {e}", rows.len());
                    return false;
                }
                log::warn!("storing {} moves failed, retrying: {e}", rows.len());
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}
