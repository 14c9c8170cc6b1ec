//! What a game screen shows and hears: [`ScreenState`] and [`GameEvent`].

use crate::board::MoveView;
use crate::board::{AnimationPlan, Announcement, BoardOrientation, Coordinates};
use crate::game::PlayerBar;
use crate::game::SearchProgress;
use crate::game::{CoachView, Notice, ResultView, Snapshot};
use giveaway_core::record::Reaction;
use giveaway_core::Color;

/// Everything a game screen draws at one moment.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenState {
    /// Grows with every change; a shell can skip redrawing an unchanged state.
    pub revision: u64,
    /// The game: squares placed for [`Self::orientation`] with the hint marked and the legal-move dots as the
    /// settings say; clocks with their text; move list; result.
    pub snapshot: Snapshot,
    /// How the board is turned for this screen.
    pub orientation: BoardOrientation,
    /// Which coordinates to draw beside the board.
    pub coordinates: Coordinates,
    /// The status line, for the shell to word.
    pub status: Status,
    /// Which buttons do something now.
    pub actions: Actions,
    /// The side a resignation, draw offer or reaction button acts for: the player against the computer, the
    /// side to move in pass-and-play.
    pub acting_side: Color,
    /// The hint shown, if any.
    pub hint: Option<HintShown>,
    /// The animation of the move just made, to run from when this state is first drawn; `None` for none.
    pub animation: Option<AnimationPlan>,
    /// What the engine is doing, if anything.
    pub thinking: Option<Thinking>,
    /// The newest reaction, shown beside its side for [`super::controller::REACTION_SHOWN_FOR`] after it came
    /// (the reactions a game had when its screen opened are history, not news); `None` when none shows.
    pub reaction: Option<Reaction>,
    /// Milliseconds until the running clock's text changes or the reaction goes: when to call `tick`. `None`:
    /// nothing changes by itself.
    pub next_tick_ms: Option<u64>,
    /// The player bar above the board (the side at the top edge).
    pub top_bar: PlayerBar,
    /// The player bar below the board.
    pub bottom_bar: PlayerBar,
}

/// The status line.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// The player's turn against the computer.
    YourMove {
        /// A capture is compulsory.
        must_capture: bool,
    },
    /// Pass-and-play: `side` to move.
    SideToMove {
        /// The side to move.
        side: Color,
        /// A capture is compulsory.
        must_capture: bool,
    },
    /// A multi-capture is being entered: the squares so far (start, then each landing), in the notation.
    Capturing {
        /// The start square, then each landing so far.
        path: Vec<String>,
    },
    /// Several capture paths end on the tapped square: pick one of the snapshot's `choices`.
    ChooseCapture,
    /// `by` offered a draw; the other player answers (accept, decline, or move).
    DrawOffered {
        /// The side that offered.
        by: Color,
    },
    /// The computer is searching for its move.
    ComputerThinking,
    /// The computer is to move but has been held (it moves when let go).
    ComputerHeld,
    /// The game is over.
    Over {
        /// How the game ended.
        result: ResultView,
        /// What it means for the player against the computer (`None` in pass-and-play).
        for_player: Option<PlayerOutcome>,
    },
}

/// How a finished game went for the player against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerOutcome {
    /// The player won.
    Won,
    /// The player lost.
    Lost,
    /// Nobody won.
    Drawn,
}

/// The buttons of the game screen that do something now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actions {
    /// Take back a move.
    pub undo: bool,
    /// Play a taken-back move again.
    pub redo: bool,
    /// Ask for a hint.
    pub hint: bool,
    /// Resign.
    pub resign: bool,
    /// Draw offers exist in this game (between people: pass-and-play and online), so the button is shown.
    pub draws: bool,
    /// Offer a draw.
    pub offer_draw: bool,
    /// Accept and decline the pending draw offer.
    pub answer_draw: bool,
    /// Show an emoji reaction.
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
    /// Which step is shown.
    pub step: HintStep,
    /// The piece to move (PDN number).
    pub piece: u32,
    /// The move, once the second step is shown.
    pub mv: Option<MoveView>,
    /// The engine's score for people (`+0.35`, `win 7`).
    pub score_text: String,
    /// Why the move is good, when a simple reason can be named (second step).
    pub reason: Option<String>,
}

/// What the engine is working on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkingKind {
    /// Choosing the computer's move.
    ComputerMove,
    /// Looking for a hint.
    Hint,
    /// Judging the player's last move for a coach tip.
    Coach,
}

/// The engine at work, with its latest progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// What the search is for.
    pub kind: ThinkingKind,
    /// Its latest completed iteration, once there is one.
    pub progress: Option<SearchProgress>,
}

/// A sound to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// The game ended well for the player (or at all, in pass-and-play).
    Win,
    /// The game ended badly for the player.
    Loss,
    /// The game ended in a draw.
    Draw,
    /// A tap that did nothing.
    Refused,
}

/// Feedback for an event, already filtered by the sound and vibration settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cue {
    /// The sound to play, if any (the settings may turn sounds off).
    pub sound: Option<Sound>,
    /// Vibrate (when haptics are on).
    pub vibrate: bool,
}

/// Things that happen once, for the shell to voice, sound, vibrate or show.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEvent {
    /// A move was played; `by_opponent` when the computer made it, and always in pass-and-play (announce it).
    Moved {
        /// The move.
        mv: MoveView,
        /// The move as a screen reader says it.
        announcement: Announcement,
        /// Made by the computer, or any move in pass-and-play.
        by_opponent: bool,
        /// Sound and vibration.
        cue: Cue,
    },
    /// The game ended.
    Ended {
        /// How the game ended.
        result: ResultView,
        /// What it means for the player against the computer (`None` in pass-and-play).
        for_player: Option<PlayerOutcome>,
        /// Sound and vibration.
        cue: Cue,
    },
    /// After a move that gave away much of the player's chances.
    CoachTip {
        /// The tip.
        tip: CoachView,
    },
    /// The first time the player must capture: explain that captures are compulsory (shown once ever).
    ExplainMustCapture {
        /// The pieces that can capture (PDN numbers).
        capturers: Vec<u32>,
    },
    /// A tap on one of the player's own pieces did nothing; the notice says why.
    HeldBack {
        /// Why the tap did nothing.
        notice: Notice,
        /// Sound and vibration.
        cue: Cue,
    },
    /// A reaction was shown (for the bubble beside its player).
    Reacted {
        /// The reaction.
        reaction: Reaction,
    },
    /// Engine work failed (not a cancellation); the message says why.
    Failed {
        /// What failed.
        message: String,
    },
}
