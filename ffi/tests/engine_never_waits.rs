//! The computer's move must come whatever else the process is doing (issue 23, item 1): long jobs of another
//! kind (an analysis, an integrity check, jobs of screens closed meanwhile) must never leave a game waiting
//! for a thread.

use giveaway_app::{ColorChoice, GameSetup};
use giveaway_ffi::runtime::run_blocking;
use giveaway_ffi::{GameLibrary, ScreenObserver};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Waits on a future from a plain thread, as a foreign executor would (no tokio context here).
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    use std::task::{Context, Poll, Wake, Waker};
    struct ThreadWaker(std::thread::Thread);
    impl Wake for ThreadWaker {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
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

struct Ignore;

impl ScreenObserver for Ignore {
    fn changed(&self) {}
}

/// The computer plays White in a fresh game; how long until its first move shows.
fn computer_first_move_within(limit: Duration) -> Option<Duration> {
    let dir = tempfile::tempdir().unwrap();
    let library = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into()).unwrap();
    let setup = GameSetup {
        versus_computer: true,
        level: 1,
        color: ColorChoice::Black,
        white_time: None,
        black_time: None,
        removed_men: Vec::new(),
        fen: None,
    };
    let started = Instant::now();
    let game = library.start_game(setup, Arc::new(Ignore)).unwrap();
    game.start();
    while started.elapsed() < limit {
        if game.state().snapshot.ply > 0 {
            return Some(started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

#[test]
fn the_computer_moves_while_long_jobs_of_another_kind_run() {
    // Eight long jobs at once — analyses, an integrity check of a big library, the work of screens being
    // closed — each running until it is told to end (they are released at the end of the test).
    let (release, gate) = mpsc::channel::<()>();
    let gate = Arc::new(Mutex::new(gate));
    let mut waiting = Vec::new();
    for _ in 0..8 {
        let gate = gate.clone();
        let job = run_blocking(move || {
            let _ = gate.lock().unwrap().recv_timeout(Duration::from_secs(60));
        });
        waiting.push(std::thread::spawn(move || block_on(job)));
    }
    std::thread::sleep(Duration::from_millis(100));
    let moved = computer_first_move_within(Duration::from_secs(10));
    drop(release);
    for w in waiting {
        w.join().unwrap().unwrap();
    }
    assert!(moved.is_some(), "the computer's move waited behind other work for 10 s");
}
