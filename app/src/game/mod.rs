//! One game being played: its state machine (record, move entry, clocks, undo/redo with the pair rule, draw
//! offers, reactions), the snapshot a screen draws, autosave, the engine's moves and advice, and the
//! controller that runs a game screen.

mod animate;
pub(crate) mod autosave;
pub mod bars;
pub mod clock;
pub mod controller;
pub(crate) mod engine_calls;
mod exact;
mod forced;
pub mod input;
pub mod screen;
pub mod session;
mod snapshot;
mod sound;
pub mod state;

pub use bars::{PlayerBar, PlayerName, LOW_TIME_MS};
pub use clock::{clock_text, ClockView};
pub use controller::GameController;
pub use engine_calls::{CoachView, HintView, ProgressListener, SearchProgress};
pub use screen::{
    Actions, Cue, GameEvent, HintShown, HintStep, PlayerOutcome, ScreenState, Sound, Status, Thinking, ThinkingKind,
};
pub use session::GameSession;
pub(crate) use snapshot::move_view;
pub use snapshot::{DrawCounters, MoveRow, Notice, NoticeKind, ResultView, Snapshot};
pub use sound::sound_samples;
pub use state::GameState;
