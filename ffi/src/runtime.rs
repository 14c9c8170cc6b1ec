//! Where the FFI's background work runs: a thread of its own per job, never a shared pool.
//!
//! A pool of a few threads let long jobs of one kind (analyses, an integrity check, work of screens closed
//! meanwhile) take every thread while a game's computer move waited in the queue behind them, for as long as
//! they ran. A thread per job costs tens of microseconds against searches of tens of milliseconds and more,
//! and every job is bounded: each controller runs at most one at a time and stops it when its screen goes.
//!
//! uniffi drives exported futures from Kotlin/Swift but never resumes one that was dropped (Kotlin drops it
//! when its coroutine is cancelled): [`run_blocking_until_dropped`] then flips the job's stop handle so that
//! the work of a closed screen ends too.

use giveaway_app::{ApiResult, GiveawayError};
use std::panic::{catch_unwind, AssertUnwindSafe};
use tokio::sync::oneshot;

/// Starts `job` on a new thread; a panic in it is caught and given to `done` as the panic's message.
pub(crate) fn spawn<T, F>(name: &str, job: F, done: impl FnOnce(Result<T, String>) + Send + 'static) -> ApiResult<()>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || done(catch_unwind(AssertUnwindSafe(job)).map_err(|panic| panic_message(panic.as_ref()))))
        .map(drop)
        .map_err(|e| GiveawayError::Internal { reason: format!("cannot start a background thread: {e}") })
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a background task panicked".into())
}

/// Runs `job` on a thread of its own and waits for it without blocking the caller's thread. A panic in the
/// job becomes `GiveawayError::Internal` instead of crossing the FFI.
pub async fn run_blocking<T, F>(job: F) -> ApiResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (tx, rx) = oneshot::channel();
    spawn("giveaway-job", job, move |r| {
        let _ = tx.send(r);
    })?;
    match rx.await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(reason)) => Err(GiveawayError::Internal { reason }),
        Err(_) => Err(GiveawayError::Internal { reason: "a background task ended without an answer".into() }),
    }
}

/// [`run_blocking`] for engine work that `stop` ends: when the caller drops the future before the answer
/// (a Kotlin coroutine cancelled with its screen), `stop` is flipped and the job ends soon after.
pub async fn run_blocking_until_dropped<T, F>(stop: impl FnOnce() + Send, job: F) -> ApiResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    struct StopOnDrop<S: FnOnce()>(Option<S>);
    impl<S: FnOnce()> Drop for StopOnDrop<S> {
        fn drop(&mut self) {
            if let Some(stop) = self.0.take() {
                stop();
            }
        }
    }
    let mut guard = StopOnDrop(Some(stop));
    let answer = run_blocking(job).await;
    guard.0 = None; // answered: nothing to stop (and a later job of the same object must not be stopped)
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use giveaway_core::engine::StopHandle;
    use std::future::Future;
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake, Waker};
    use std::time::{Duration, Instant};

    struct ThreadWaker(std::thread::Thread);
    impl Wake for ThreadWaker {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }

    /// Waits on a future from a plain thread, as a foreign executor would (no tokio context here).
    fn block_on<F: Future>(f: F) -> F::Output {
        let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
        let mut cx = Context::from_waker(&waker);
        let mut f = std::pin::pin!(f);
        loop {
            if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
                return v;
            }
            std::thread::park();
        }
    }

    #[test]
    fn stop_flag_ends_a_blocking_job_quickly() {
        let stop = StopHandle::new();
        let s2 = stop.clone();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            let t = Instant::now();
            s2.stop();
            t
        });
        let spins = block_on(run_blocking(move || {
            let mut n = 0u64;
            while !stop.is_stopped() {
                n += 1;
                std::hint::spin_loop();
            }
            (n, Instant::now())
        }))
        .unwrap();
        let stopped_at = stopper.join().unwrap();
        assert!(spins.0 > 0);
        // The issue asks for 10 ms; the bound leaves room for a loaded 2-core CI machine's scheduling.
        assert!(spins.1.duration_since(stopped_at) < Duration::from_millis(50));
    }

    #[test]
    fn a_panicking_job_becomes_an_error() {
        let r: ApiResult<()> = block_on(run_blocking(|| panic!("boom")));
        assert_eq!(r, Err(GiveawayError::Internal { reason: "boom".into() }));
    }

    #[test]
    fn a_dropped_future_stops_its_job_and_an_answered_one_does_not() {
        let stop = StopHandle::new();
        let seen = stop.clone();
        let (started_tx, started_rx) = std::sync::mpsc::channel();
        let (ended_tx, ended_rx) = std::sync::mpsc::channel();
        let mut job = Box::pin(run_blocking_until_dropped(
            move || stop.stop(),
            move || {
                started_tx.send(()).unwrap();
                while !seen.is_stopped() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                ended_tx.send(()).unwrap();
            },
        ));
        // Polled once (the job starts), then dropped as a cancelled coroutine's future is.
        let waker = Waker::from(Arc::new(ThreadWaker(std::thread::current())));
        assert!(job.as_mut().poll(&mut Context::from_waker(&waker)).is_pending());
        started_rx.recv_timeout(Duration::from_secs(5)).unwrap();
        drop(job);
        ended_rx.recv_timeout(Duration::from_secs(5)).expect("the dropped future's job went on");

        let untouched = StopHandle::new();
        let flip = untouched.clone();
        block_on(run_blocking_until_dropped(move || flip.stop(), || ())).unwrap();
        assert!(!untouched.is_stopped());
    }
}
