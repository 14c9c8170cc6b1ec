//! Engine work off the UI thread: the computer's move, hints, coach tips and analysis run on a thread of
//! their own; their progress and results come back over a channel the UI loop drains between frames, so
//! the screen keeps drawing and reading keys while the engine thinks. Every job has a number, so a screen
//! ignores the answer to a job it no longer waits for.

use giveaway_app::{
    AnalysisView, ApiResult, CoachView, GameSession, HintView, ProgressListener, Replay, SearchProgress, Snapshot,
};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

pub enum Answer {
    ComputerMove(ApiResult<Snapshot>),
    Hint(ApiResult<HintView>),
    Coach(ApiResult<Option<CoachView>>),
    Analysis(ApiResult<AnalysisView>),
}

pub enum News {
    Search(SearchProgress),
    Analysed { done: u32, total: u32 },
    Done(Box<Answer>),
}

pub struct Message {
    pub job: u64,
    pub news: News,
}

pub struct Worker {
    tx: Sender<Message>,
    rx: Receiver<Message>,
    next: u64,
}

struct Listener {
    job: u64,
    tx: Mutex<Sender<Message>>,
}

impl Listener {
    fn send(&self, news: News) {
        let _ = self.tx.lock().unwrap_or_else(|p| p.into_inner()).send(Message { job: self.job, news });
    }
}

impl ProgressListener for Listener {
    fn on_search(&self, progress: SearchProgress) {
        self.send(News::Search(progress));
    }
    fn on_analysis(&self, done: u32, total: u32) {
        self.send(News::Analysed { done, total });
    }
}

impl Worker {
    pub fn new() -> Worker {
        let (tx, rx) = channel();
        Worker { tx, rx, next: 1 }
    }

    pub fn try_recv(&self) -> Option<Message> {
        self.rx.try_recv().ok()
    }

    /// Starts `work` (given the job's progress listener) and returns the job's number.
    fn spawn<F, T: 'static>(&mut self, work: F, wrap: fn(T) -> Answer) -> ApiResult<u64>
    where
        F: FnOnce(Arc<dyn ProgressListener>) -> T + Send + 'static,
    {
        let job = self.next;
        self.next += 1;
        let listener = Arc::new(Listener { job, tx: Mutex::new(self.tx.clone()) });
        std::thread::Builder::new()
            .name("giveaway-engine".into())
            .spawn(move || {
                let out = work(listener.clone());
                listener.send(News::Done(Box::new(wrap(out))));
            })
            .map_err(|e| giveaway_app::GiveawayError::Internal { reason: format!("cannot start the engine thread: {e}") })?;
        Ok(job)
    }

    pub fn computer_move(&mut self, s: Arc<GameSession>) -> ApiResult<u64> {
        self.spawn(move |l| s.computer_move(Some(l)), Answer::ComputerMove)
    }

    pub fn hint(&mut self, s: Arc<GameSession>) -> ApiResult<u64> {
        self.spawn(move |_| s.hint(), Answer::Hint)
    }

    pub fn coach(&mut self, s: Arc<GameSession>) -> ApiResult<u64> {
        self.spawn(move |_| s.coach_tip(), Answer::Coach)
    }

    pub fn analyse(&mut self, r: Arc<Replay>) -> ApiResult<u64> {
        self.spawn(move |l| r.analyse(Some(l)), Answer::Analysis)
    }
}
