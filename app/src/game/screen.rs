//! What a game screen shows and hears: [`ScreenState`] and [`GameEvent`].

use crate::board::{Announcement, AnimationPlan, BoardOrientation, Coordinates};
use crate::types::{CoachView, MoveView, Notice, ResultView, Snapshot};
use crate::types::{Reaction, SearchProgress};
use giveaway_core::Color;

/// Everything a game screen draws at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenState {
    /// Grows with every change; a shell can skip redrawing an unchanged state.
    pub revision: u64,
    /// The game: squares placed for [`Self::orientation`] with the hint marked and the legal-move dots as the
    /// settings say; clocks with their text; move list; result.
    pub snapshot: Snapshot,
    pub orientation: BoardOrientation,
    pub coordinates: Coordinates,
    /// The status line, for the shell to word.
    pub status: Status,
    /// Which buttons do something now.
    pub actions: Actions,
    /// The side a resignation, draw offer or reaction button acts for: the player against the computer, the
    /// side to move in pass-and-play.
    pub acting_side: Color,
    pub hint: Option<HintShown>,
    /// The animation of the move just made, to run from when this state is first drawn; `None` for none.
    pub animation: Option<AnimationPlan>,
    /// What the engine is doing, if anything.
    pub thinking: Option<Thinking>,
    /// Milliseconds until the running clock's text changes: when to call `tick`. `None`: no clock runs.
    pub next_tick_ms: Option<u64>,
}

/// The status line.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// The player's turn against the computer.
    YourMove { must_capture: bool },
    /// Pass-and-play: `side` to move.
    SideToMove { side: Color, must_capture: bool },
    /// A multi-capture is being entered: the squares so far (start, then each landing), in the notation.
    Capturing { path: Vec<String> },
    /// Several capture paths end on the tapped square: pick one of the snapshot's `choices`.
    ChooseCapture,
    /// `by` offered a draw; the other player answers (accept, decline, or move).
    DrawOffered { by: Color },
    ComputerThinking,
    /// The computer is to move but has been held (it moves when let go).
    ComputerHeld,
    Over { result: ResultView, for_player: Option<PlayerOutcome> },
}

/// How a finished game went for the player against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerOutcome {
    Won,
    Lost,
    Drawn,
}

/// The buttons of the game screen that do something now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actions {
    pub undo: bool,
    pub redo: bool,
    pub hint: bool,
    pub resign: bool,
    /// Draw offers exist in this game (between people: pass-and-play and online), so the button is shown.
    pub draws: bool,
    pub offer_draw: bool,
    /// Accept and decline the pending draw offer.
    pub answer_draw: bool,
    pub react: bool,
    /// The game is over and saved: open its analysis.
    pub analyse: bool,
}

/// Which step of the two-step hint is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintStep {
    /// The piece to move is highlighted; pressing hint again shows the move.
    Piece,
    /// The whole move is shown.
    Move,
}

/// The hint being shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintShown {
    pub step: HintStep,
    pub piece: u32,
    /// The move, once the second step is shown.
    pub mv: Option<MoveView>,
    pub score_text: String,
    /// Why the move is good, when a simple reason can be named (second step).
    pub reason: Option<String>,
}

/// What the engine is working on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkingKind {
    ComputerMove,
    Hint,
    Coach,
}

/// The engine at work, with its latest progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub kind: ThinkingKind,
    pub progress: Option<SearchProgress>,
}

/// A sound to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    /// The game ended well for the player (or at all, in pass-and-play).
    Win,
    Loss,
    Draw,
    /// A tap that did nothing.
    Refused,
}

/// Feedback for an event, already filtered by the sound and vibration settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cue {
    pub sound: Option<Sound>,
    pub vibrate: bool,
}

/// Things that happen once, for the shell to voice, sound, vibrate or show.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// A move was played; `by_opponent` when the computer made it, and always in pass-and-play (announce it).
    Moved { mv: MoveView, announcement: Announcement, by_opponent: bool, cue: Cue },
    Ended { result: ResultView, for_player: Option<PlayerOutcome>, cue: Cue },
    /// After a move that gave away much of the player's chances.
    CoachTip { tip: CoachView },
    /// The first time the player must capture: explain that captures are compulsory (shown once ever).
    ExplainMustCapture { capturers: Vec<u32> },
    /// A tap on one of the player's own pieces did nothing; the notice says why.
    HeldBack { notice: Notice, cue: Cue },
    /// A reaction was shown (for the bubble beside its player).
    Reacted { reaction: Reaction },
    /// Engine work failed (not a cancellation); the message says why.
    Failed { message: String },
}
