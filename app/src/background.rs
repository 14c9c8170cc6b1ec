//! How the app layer runs work off the caller's thread, and tells a front end that a screen changed.
//!
//! The app layer is plain, blocking Rust: a screen controller hands its engine work to a [`Background`] and,
//! when that work changes what the screen shows, calls its [`Observer`]. The FFI crate runs the work on its
//! runtime and forwards the observer to Kotlin or Swift; the terminal uses [`Threads`]; tests use [`Queued`]
//! to choose when it runs.

/// Runs jobs off the caller's thread.
pub trait Background: Send + Sync {
    /// Starts `job` later or on another thread (never on the caller's stack: the caller may hold locks the
    /// job takes); fails only when no thread can be had.
    fn run(&self, job: Box<dyn FnOnce() + Send>) -> Result<(), String>;
}

/// Told that a screen's state changed outside a call (the computer moved, a hint or coach tip arrived, a
/// search reported progress, analysis advanced). Called on a background thread with no lock held: read the
/// new state from the controller on the UI thread.
pub trait Observer: Send + Sync {
    /// Called after the controller's state changed; the shell fetches the new state on its UI thread.
    fn changed(&self);
}

/// A plain thread per job.
pub struct Threads;

impl Background for Threads {
    fn run(&self, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        std::thread::Builder::new().name("giveaway-engine".into()).spawn(job).map(drop).map_err(|e| e.to_string())
    }
}

/// An observer that does nothing (a front end that polls).
pub struct NoObserver;

impl Observer for NoObserver {
    fn changed(&self) {}
}

/// Jobs kept until [`Queued::run_all`] runs them: deterministic engine work for tests and for front ends that
/// want to choose when to think.
#[derive(Default)]
pub struct Queued(std::sync::Mutex<Vec<Box<dyn FnOnce() + Send>>>);

impl Background for Queued {
    fn run(&self, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(job);
        Ok(())
    }
}

impl Queued {
    /// Jobs waiting.
    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Whether no job is waiting.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Runs the waiting jobs, and the jobs they start, until none is left; returns how many ran.
    pub fn run_all(&self) -> usize {
        let mut ran = 0;
        loop {
            let jobs: Vec<_> = std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()));
            if jobs.is_empty() {
                return ran;
            }
            for job in jobs {
                job();
                ran += 1;
            }
        }
    }
}
