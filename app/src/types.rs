//! The records and enums the exported API speaks. Core enums are exported as they are (`uniffi::remote`), so
//! the rules modules stay free of FFI attributes and there is no second copy of them to keep in step.

use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::notation::Notation;
use giveaway_core::position::Color;
pub use giveaway_core::record::{Reaction, SideTime, TimeControl};

/// Who plays against whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Versus the computer at `level` (1 = Beginner … 8 = World Champion); `human` is the player's colour.
    Computer {
        /// 1 (Beginner) … 8 (World Champion).
        level: u8,
        /// The player's colour.
        human: Color,
    },
    /// Two players on one device.
    PassAndPlay,
    /// Against a player on the game server.
    Online {
        /// This device's colour.
        human: Color,
        /// White's nickname.
        white: String,
        /// Black's nickname.
        black: String,
    },
}

impl Opponent {
    /// The colour of the player holding this device: `None` when two players share it.
    pub fn human(&self) -> Option<Color> {
        match self {
            Opponent::Computer { human, .. } | Opponent::Online { human, .. } => Some(*human),
            Opponent::PassAndPlay => None,
        }
    }
}

/// Where the game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// The usual start, 12 men each.
    Standard,
    /// Handicap: the standard start without the men on these squares (PDN numbers 1–12 for Black's men,
    /// 21–32 for White's).
    RemovedMen {
        /// The removed men's squares (PDN numbers).
        squares: Vec<u32>,
    },
    /// A position set up in an editor, as PDN FEN.
    Fen {
        /// The position.
        fen: String,
    },
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Against the computer or pass-and-play.
    pub opponent: Opponent,
    /// The start position.
    pub start: StartPosition,
    /// `None` for unlimited time.
    pub time_control: Option<TimeControl>,
}

impl NewGame {
    /// A game against the computer at `level` from the standard start, `human` the player's colour, untimed.
    pub fn versus_computer(level: u8, human: Color) -> NewGame {
        NewGame { opponent: Opponent::Computer { level, human }, start: StartPosition::Standard, time_control: None }
    }

    /// Two players on one device from the standard start.
    pub fn pass_and_play(time_control: Option<TimeControl>) -> NewGame {
        NewGame { opponent: Opponent::PassAndPlay, start: StartPosition::Standard, time_control }
    }
}

/// What a piece is, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// A man.
    Man,
    /// A king.
    King,
}

/// A piece to draw: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

/// One dark square and everything a board view draws on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    /// PDN number 1–32 (the id used by every square argument of the API).
    pub number: u32,
    /// Screen column, 0 = left, for the board's orientation.
    pub column: u32,
    /// Screen row, 0 = top, for the board's orientation.
    pub row: u32,
    /// The piece shown here (during a multi-capture the moving piece is shown where it stands now).
    pub piece: Option<PieceView>,
    /// A piece of the side to move that has a legal move (only on the player's turn).
    pub movable: bool,
    /// A piece that can capture, when capturing is compulsory.
    pub must_capture: bool,
    /// The piece picked to move.
    pub selected: bool,
    /// A next landing square of the selected piece (destination dot; off when legal moves are not shown).
    pub destination: bool,
    /// The final square of one of the selected piece's moves that is not also a next landing (a ring:
    /// tapping it completes the move; off when legal moves are not shown).
    pub final_destination: bool,
    /// A piece captured by the multi-capture in progress, still on the board until the move ends.
    pub ghost: bool,
    /// On the last move's path (its start and every landing square).
    pub last_move: bool,
    /// A piece the last move captured stood here.
    pub last_captured: bool,
    /// Part of the hint shown: the piece to move, then the whole move's path.
    pub hint: bool,
}

/// A multi-capture being entered hop by hop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureProgress {
    /// The square the capturing piece started from.
    pub from: u32,
    /// Landing squares tapped so far.
    pub visited: Vec<u32>,
    /// Pieces captured so far.
    pub ghosts: Vec<u32>,
}

/// A move, written and as squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// In the session's notation, every landing square listed.
    pub text: String,
    /// The side that moved.
    pub color: Color,
    /// The start square (PDN number).
    pub from: u32,
    /// Landing squares in order.
    pub path: Vec<u32>,
    /// The captured pieces' squares (PDN numbers).
    pub captured: Vec<u32>,
    /// A man became a king.
    pub promotes: bool,
}

/// Both clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move number (1 for the first pair).
    pub number: u32,
    /// White's move, in the session's notation.
    pub white: Option<String>,
    /// Black's move, once played.
    pub black: Option<String>,
}

/// Progress of a running search.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq)]
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

/// One move judged by the post-game analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReviewView {
    /// Index of the move (0 = the first move).
    pub ply: u32,
    /// The move played.
    pub played: MoveView,
    /// The engine's move, when it differs from the one played.
    pub best: Option<MoveView>,
    /// The mover's expected result before the move, with best play (0..1).
    pub chance_before: f64,
    /// The mover's expected result after the move played (0..1).
    pub chance_after: f64,
    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub class: String,
    /// 0..100.
    pub accuracy: f64,
    /// What the endgame tables say of the move, when they know its position exactly.
    pub exact: Option<ExactVerdict>,
}

/// Who wins with best play, for the side it is about: from the endgame tables, so certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactOutcome {
    /// A forced win.
    Win,
    /// Neither side can force a win.
    Draw,
    /// A forced loss, whatever the side does.
    Loss,
}

/// An exact value: the outcome with best play and how long it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactValue {
    /// Win, draw or loss.
    pub outcome: ExactOutcome,
    /// Moves of the side it is about until the end with best play on both sides (0 for a draw; a win with
    /// no move left to make is 0 too).
    pub moves: u32,
}

/// What a move gave away that the tables prove was there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThrownAway {
    /// The mover had a forced win and the move let it go.
    Win,
    /// The mover could hold the draw and the move lost.
    Draw,
}

/// The endgame tables' verdict on one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactVerdict {
    /// The mover's exact value before the move.
    pub before: ExactValue,
    /// The mover's exact value after it; `None` when the tables cannot vouch for it (the king-move rule
    /// could cut it short).
    pub after: Option<ExactValue>,
    /// What the move gave away, if anything.
    pub threw_away: Option<ThrownAway>,
    /// In English, e.g. "forced win in 7 moves, thrown away".
    pub message: String,
}

/// A move that threw away a forced win or a held draw: the game's turning points, for the analysis summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// Index of the move (0 = the first move).
    pub ply: u32,
    /// The move's number as the move list shows it.
    pub move_number: u32,
    /// The side that played it.
    pub mover: Color,
    /// The move played.
    pub played: MoveView,
    /// The win or draw it gave away; `before` says how long the win was.
    pub threw_away: ThrownAway,
    /// The mover's exact value before the move.
    pub before: ExactValue,
    /// In English, e.g. "White threw away a forced win in 7 moves on move 31 (e3-f4)".
    pub message: String,
}

/// Post-game analysis: every move judged, graph data, accuracy per side.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisView {
    /// One review per move, in order.
    pub moves: Vec<MoveReviewView>,
    /// Per position (start, then after each move): score from White's point of view.
    pub white_scores: Vec<i32>,
    /// Per position: White's expected result 0..1 (the evaluation graph).
    pub white_chances: Vec<f64>,
    /// White's accuracy (0..100), `None` when White has no move to judge.
    pub white_accuracy: Option<f64>,
    /// Black's accuracy (0..100), `None` when Black has no move to judge.
    pub black_accuracy: Option<f64>,
    /// Moves that threw away a win or a draw the endgame tables prove, in order (empty without tables or when
    /// no position of the game was in them).
    pub turning_points: Vec<TurningPoint>,
    /// The largest number of pieces the tables used knew exactly (0: the analysis had no tables).
    pub exact_pieces: u32,
}

/// Why a tap on one of the mover's own pieces did nothing. The shells word it in the player's language from
/// `kind` and the squares; `message` is the English wording, in the snapshot's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// Capturing is compulsory and this piece cannot capture.
    MustCaptureElsewhere,
    /// The piece has no legal move (blocked).
    PieceCannotMove,
}

/// Everything a game screen draws, taken at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

/// What an import added, for the message after it: how many games, and the range of their ids (every id in it
/// is theirs unless another game was saved while the import was being written). Small whatever the file's
/// size, unlike a list of every id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImportResult {
    /// How many games were imported (at least 1: a file without games is an error).
    pub count: u64,
    /// The first imported game's id.
    pub first_id: Option<i64>,
    /// The last imported game's id.
    pub last_id: Option<i64>,
}

impl From<&giveaway_core::storage::ImportedIds> for ImportResult {
    fn from(ids: &giveaway_core::storage::ImportedIds) -> ImportResult {
        ImportResult { count: ids.count(), first_id: ids.first(), last_id: ids.last() }
    }
}
