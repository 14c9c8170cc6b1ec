//! What a game shows: the session's snapshot, the game screen's state, its events, hints and coach tips.
//!
//! Each mirrors a type of the crates below field for field (`uniffi::remote`): the compiler checks
//! every mirror against the real type. The docs are the real type's, repeated because uniffi reads only these
//! into the Kotlin and Swift bindings.

use giveaway_app::Opponent;
use giveaway_app::{
    Actions, ClockView, CoachView, Cue, DrawCounters, GameEvent, HintShown, HintStep, HintView, MoveRow, Notice,
    NoticeKind, PlayerBar, PlayerName, PlayerOutcome, ResultView, ScreenState, SearchProgress, Snapshot, Sound, Status,
    Thinking, ThinkingKind,
};
use giveaway_app::{AnimationPlan, Announcement, BoardOrientation, CaptureProgress, Coordinates, MoveView, SquareView};
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
use giveaway_core::record::{Reaction, TimeControl};

/// An emoji a player showed, and when.
#[uniffi::remote(Record)]
pub struct Reaction {
    /// Plies played when it was shown.
    pub ply: u32,
    /// The side that reacted.
    pub side: Color,
    /// The emoji shown, one of [`REACTION_EMOJIS`].
    pub emoji: String,
}

/// Both clocks.
#[uniffi::remote(Record)]
pub struct ClockView {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// `h:mm:ss` from an hour, `m:ss` from ten seconds, `s.t` below (the one clock text of every front end).
    pub white_text: String,
    /// Black's time as text (same form as `white_text`).
    pub black_text: String,
    /// The side whose time is running, `None` while paused or after the end.
    pub running: Option<Color>,
    /// The clocks' setting.
    pub control: TimeControl,
}

/// How close the draw rules are.
#[uniffi::remote(Record)]
pub struct DrawCounters {
    /// Plies in a row in which only kings moved and nothing was captured.
    pub king_move_plies: u16,
    /// The rule's limit (30 = 15 moves each); 0 when the rule is off.
    pub king_move_limit: u16,
    /// How often the current position has occurred, counting now.
    pub repetitions: u8,
    /// The repetition count that draws; 0 when the rule is off.
    pub repetition_limit: u8,
}

/// How a game ended, with its texts.
#[uniffi::remote(Record)]
pub struct ResultView {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// What ended the game.
    pub reason: EndReason,
    /// `White wins (no legal move left)`.
    pub text: String,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub pdn: String,
}

/// One line of the move list: move number, White's move, Black's move.
#[uniffi::remote(Record)]
pub struct MoveRow {
    /// The move number (1 for the first pair).
    pub number: u32,
    /// White's move, in the session's notation.
    pub white: Option<String>,
    /// Black's move, once played.
    pub black: Option<String>,
}

/// Why a tap on one of the mover's own pieces did nothing. The shells word it in the player's language from
/// `kind` and the squares; `message` is the English wording, in the snapshot's notation.
#[uniffi::remote(Record)]
pub struct Notice {
    /// Why nothing happened.
    pub kind: NoticeKind,
    /// The tapped square (PDN number).
    pub square: u32,
    /// The pieces that can capture, for `MustCaptureElsewhere`; empty otherwise.
    pub capturers: Vec<u32>,
    /// The English wording.
    pub message: String,
}

/// Why a tap on one's own piece did nothing.
#[uniffi::remote(Enum)]
pub enum NoticeKind {
    /// Capturing is compulsory and this piece cannot capture.
    MustCaptureElsewhere,
    /// The piece has no legal move (blocked).
    PieceCannotMove,
    /// The queued premove (from `square`) was not legal after the opponent's move and was dropped.
    PremoveDropped,
}

/// Everything a game screen draws, taken at one moment.
#[uniffi::remote(Record)]
pub struct Snapshot {
    /// The saved game's id, when the session autosaves.
    pub game_id: Option<i64>,
    /// The 32 dark squares in PDN order (index = number − 1).
    pub squares: Vec<SquareView>,
    /// Whose turn it is.
    pub side_to_move: Color,
    /// The side to move must capture (the highlighted pieces are the ones that can).
    pub must_capture: bool,
    /// The selected piece's square, if any.
    pub selected: Option<u32>,
    /// The multi-capture being entered hop by hop, if any.
    pub capture: Option<CaptureProgress>,
    /// Moves to choose from after a tap that several capture paths share; empty otherwise.
    pub choices: Vec<MoveView>,
    /// Why the last tap did nothing, to show the player; `None` after the next input.
    pub notice: Option<Notice>,
    /// The last move played, for highlighting.
    pub last_move: Option<MoveView>,
    /// Both clocks, for timed games.
    pub clocks: Option<ClockView>,
    /// How close the draw rules are.
    pub counters: DrawCounters,
    /// How moves are written in this snapshot.
    pub notation: Notation,
    /// The moves so far, two to a row.
    pub move_list: Vec<MoveRow>,
    /// Plies played.
    pub ply: u32,
    /// The position as PDN FEN.
    pub fen: String,
    /// How the game ended, once it has.
    pub result: Option<ResultView>,
    /// Undo has something to take back.
    pub can_undo: bool,
    /// Redo has a taken-back move to play.
    pub can_redo: bool,
    /// Who plays against whom.
    pub opponent: Opponent,
    /// The computer should move now (the shell calls `computer_move`).
    pub computer_to_move: bool,
    /// A search (computer move, hint, analysis) is running.
    pub thinking: bool,
    /// A draw offer waiting for the other player's answer, by the side that offered.
    pub draw_offer: Option<Color>,
    /// The reactions shown so far, in order.
    pub reactions: Vec<Reaction>,
    /// The move queued as a premove during the opponent's turn (online), played when their move comes if
    /// it is legal then; a tap cancels it.
    pub premove: Option<MoveView>,
    /// The player's move waiting for Confirm (online, with the setting on): not played yet; `confirm_move`
    /// plays it, `cancel_move` or a tap drops it.
    pub proposed: Option<MoveView>,
}

/// Progress of a running search.
#[uniffi::remote(Record)]
pub struct SearchProgress {
    /// The iteration just completed (nominal depth in plies).
    pub depth: u32,
    /// Side to move's view, in centi-units.
    pub score: i32,
    /// The score for people: centi-units, or `win N` / `loss N` plies.
    pub score_text: String,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The expected line, in the session's notation.
    pub best_line: Vec<String>,
}

/// A hint in two steps: the shell highlights `piece` first, then shows `mv`.
#[uniffi::remote(Record)]
pub struct HintView {
    /// The piece to move (PDN number).
    pub piece: u32,
    /// The move to play.
    pub mv: MoveView,
    /// The engine's score for people (`+0.35`, `win 7`).
    pub score_text: String,
    /// Why the move is good, when a simple reason can be named.
    pub reason: Option<String>,
}

/// A coach tip after a move that gave away much of the player's chances.
#[uniffi::remote(Record)]
pub struct CoachView {
    /// The move the player made.
    pub played: MoveView,
    /// The move the engine prefers in its place.
    pub better: MoveView,
    /// `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
    /// The player's expected result (0..1) with the better move and after the move played.
    pub chance_before: f64,
    /// The player's expected result after the move played (0..1).
    pub chance_after: f64,
    /// The tip in English.
    pub message: String,
}

/// Everything a game screen draws at one moment.
#[uniffi::remote(Record)]
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

/// Who a player bar names, for the shell to word.
#[uniffi::remote(Enum)]
pub enum PlayerName {
    /// The person holding this device, against the computer.
    You,
    /// The computer at `level` (1 = Beginner … 8 = World Champion), about `rating` strong.
    Computer {
        /// The level's number.
        level: u8,
        /// The level's approximate rating.
        rating: u32,
    },
    /// Pass-and-play: the side, named by its colour.
    Side,
    /// Online: the player's nickname and rating ("1500", "1500?" while provisional) when known.
    Nickname {
        /// The nickname.
        nickname: String,
        /// The rating the game started with, as text.
        rating: Option<String>,
    },
}

/// One player's bar beside the board.
#[uniffi::remote(Record)]
pub struct PlayerBar {
    /// The side this player has.
    pub side: Color,
    /// Who it is.
    pub name: PlayerName,
    /// This side's clock as text, in a timed game.
    pub clock: Option<String>,
    /// This side's clock is running.
    pub clock_running: bool,
    /// This side's clock is running with under 20 seconds left.
    pub low_time: bool,
    /// Men of this side still on the board.
    pub men: u32,
    /// Kings of this side still on the board.
    pub kings: u32,
    /// It is this side's move (never once the game is over).
    pub to_move: bool,
    /// The reaction this player just showed, while it shows.
    pub reaction: Option<String>,
    /// The bar is drawn turned 180°, for the player across the table (face-to-face).
    pub turned: bool,
}

/// The status line.
#[uniffi::remote(Enum)]
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
#[uniffi::remote(Enum)]
pub enum PlayerOutcome {
    /// The player won.
    Won,
    /// The player lost.
    Lost,
    /// Nobody won.
    Drawn,
}

/// The buttons of the game screen that do something now.
#[uniffi::remote(Record)]
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
#[uniffi::remote(Enum)]
pub enum HintStep {
    /// The piece to move is highlighted; pressing hint again shows the move.
    Piece,
    /// The whole move is shown.
    Move,
}

/// The hint being shown.
#[uniffi::remote(Record)]
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
#[uniffi::remote(Enum)]
pub enum ThinkingKind {
    /// Choosing the computer's move.
    ComputerMove,
    /// Looking for a hint.
    Hint,
    /// Judging the player's last move for a coach tip.
    Coach,
}

/// The engine at work, with its latest progress.
#[uniffi::remote(Record)]
pub struct Thinking {
    /// What the search is for.
    pub kind: ThinkingKind,
    /// Its latest completed iteration, once there is one.
    pub progress: Option<SearchProgress>,
}

/// A sound to play.
#[uniffi::remote(Enum)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// A capture.
    Capture,
    /// A man crowned (the move made a king).
    King,
    /// The player's clock has just passed under 20 seconds.
    LowTime,
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
#[uniffi::remote(Record)]
pub struct Cue {
    /// The sound to play, if any (the settings may turn sounds off).
    pub sound: Option<Sound>,
    /// Vibrate (when haptics are on).
    pub vibrate: bool,
}

/// Things that happen once, for the shell to voice, sound, vibrate or show.
#[uniffi::remote(Enum)]
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
    /// The clock of a player on this device has just passed under 20 seconds (once per crossing; it warns
    /// again after an increment lifts it above).
    LowTime {
        /// Whose clock.
        side: Color,
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
