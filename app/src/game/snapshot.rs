//! The [`Snapshot`] a game screen draws from and its parts (draw counters, result, move-list rows, the notice
//! after a tap that did nothing), and how a game state builds it.

use crate::board::squares::cell;
use crate::board::{CaptureProgress, MoveView, PieceKind, PieceView, SquareView};
use crate::game::clock::clock_text;
use crate::game::clock::ClockView;
use crate::game::state::GameState;
use crate::setup::Opponent;
use giveaway_core::game::{EndReason, Outcome};
use giveaway_core::movegen::{capturers, Move};
use giveaway_core::notation::{format_move, Notation};
use giveaway_core::position::{Color, Piece, Role};
use giveaway_core::record::Reaction;
use giveaway_core::square::{Bitboard, Square};
use std::time::Instant;

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
    /// The queued premove (from `square`) was not legal after the opponent's move and was dropped.
    PremoveDropped,
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
    /// The move queued as a premove during the opponent's turn (online), played when their move comes if
    /// it is legal then; a tap cancels it.
    pub premove: Option<MoveView>,
    /// The player's move waiting for Confirm (online, with the setting on): not played yet; `confirm_move`
    /// plays it, `cancel_move` or a tap drops it.
    pub proposed: Option<MoveView>,
}

pub fn move_view(mv: &Move, color: Color, notation: Notation) -> MoveView {
    MoveView {
        text: format_move(mv, notation),
        color,
        from: mv.from().pdn() as u32,
        path: mv.path().iter().map(|s| s.pdn() as u32).collect(),
        captured: mv.captured_squares().map(|s| s.pdn() as u32).collect(),
        promotes: mv.promotes(),
    }
}

fn numbers(b: Bitboard) -> Vec<u32> {
    let mut v: Vec<u32> = b.squares().map(|s| s.pdn() as u32).collect();
    v.sort_unstable();
    v
}

impl GameState {
    /// What a board view draws at `now`: squares, clocks, move list, counters; `thinking` when a search runs.
    pub fn snapshot(&self, now: Instant, thinking: bool, game_id: Option<i64>) -> Snapshot {
        let game = &self.game;
        let pos = game.position();
        let side = pos.side_to_move();
        let input = self.human_to_move();
        let legal = game.legal_moves();
        let must_capture = legal.first().is_some_and(Move::is_capture);
        let movable: Bitboard = if input { legal.iter().map(Move::from).collect() } else { Bitboard::EMPTY };
        let capturing = if must_capture { capturers(pos) & movable } else { Bitboard::EMPTY };
        let entry = self.entry.as_ref();
        let ghosts: Bitboard = entry.map_or(Bitboard::EMPTY, |e| e.ghosts().into_iter().collect());
        let last = game.moves().last().map(|mv| (mv, game.ply() - 1));
        let last_path: Bitboard =
            last.map_or(Bitboard::EMPTY, |(m, _)| m.path().iter().copied().chain([m.from()]).collect());
        let last_captured: Bitboard = last.map_or(Bitboard::EMPTY, |(m, _)| m.captured());
        // A premove or a move waiting for Confirm, while the game goes on.
        let (premove, proposed) = match game.is_over() {
            true => (None, None),
            false => (self.premove(), self.proposed()),
        };
        let pending: Bitboard =
            premove.or(proposed).map_or(Bitboard::EMPTY, |m| m.path().iter().copied().chain([m.from()]).collect());
        let own = self.setup.opponent.human().unwrap_or(side);

        let squares = Square::all()
            .map(|s| {
                let mut piece = pos.piece_at(s);
                if let Some(e) = entry.filter(|e| e.is_partial()) {
                    // The moving piece is drawn where it stands now.
                    if s == e.from() {
                        piece = None;
                    }
                    if s == e.current() {
                        // A man that has passed its promotion rank mid-capture goes on as a king.
                        piece = pos.piece_at(e.from()).map(|p| {
                            let crowned = e.visited().iter().any(|&v| p.color.promotion_rank().contains(v));
                            if crowned {
                                Piece { role: Role::King, ..p }
                            } else {
                                p
                            }
                        });
                    }
                }
                let (column, row) = cell(s, false);
                let destination = entry.is_some_and(|e| e.next_landings().contains(s));
                SquareView {
                    number: s.pdn() as u32,
                    column,
                    row,
                    piece: piece.map(|p| PieceView {
                        color: p.color,
                        kind: if p.role == Role::King { PieceKind::King } else { PieceKind::Man },
                    }),
                    movable: movable.contains(s),
                    must_capture: capturing.contains(s),
                    selected: entry.is_some_and(|e| e.from() == s),
                    destination,
                    final_destination: !destination && entry.is_some_and(|e| e.final_squares().contains(s)),
                    ghost: ghosts.contains(s),
                    last_move: last_path.contains(s),
                    last_captured: last_captured.contains(s),
                    hint: false,
                    pending: pending.contains(s),
                }
            })
            .collect();

        let rules = game.rules();
        Snapshot {
            game_id,
            squares,
            side_to_move: side,
            must_capture: must_capture && !game.is_over(),
            selected: entry.map(|e| e.from().pdn() as u32),
            capture: entry.filter(|e| e.is_partial()).map(|e| CaptureProgress {
                from: e.from().pdn() as u32,
                visited: e.visited().iter().map(|s| s.pdn() as u32).collect(),
                ghosts: numbers(ghosts),
            }),
            choices: self.choices.iter().map(|m| move_view(m, side, self.notation)).collect(),
            notice: self.notice.clone(),
            last_move: last.map(|(m, ply)| move_view(m, self.mover_of(ply), self.notation)),
            clocks: self.clock.as_ref().map(|c| {
                let [w, b] = c.remaining_at(now).map(|t| t as u64);
                ClockView {
                    white_ms: w,
                    black_ms: b,
                    white_text: clock_text(w),
                    black_text: clock_text(b),
                    running: c.running_side(),
                    control: c.control(),
                }
            }),
            counters: DrawCounters {
                king_move_plies: game.king_move_plies(),
                king_move_limit: rules.king_move_plies,
                repetitions: game.repetition_count(),
                repetition_limit: rules.repetitions,
            },
            notation: self.notation,
            move_list: self.move_rows(),
            ply: game.ply() as u32,
            fen: giveaway_core::fen::to_fen(pos),
            result: game.result().map(|r| ResultView {
                outcome: r.outcome,
                reason: r.reason,
                text: r.to_string(),
                pdn: r.outcome.pdn().to_string(),
            }),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            opponent: self.setup.opponent.clone(),
            computer_to_move: self.computer_to_move(),
            thinking,
            draw_offer: self.draw_offer,
            reactions: self.reactions.clone(),
            premove: premove.map(|m| move_view(m, own, self.notation)),
            proposed: proposed.map(|m| move_view(m, own, self.notation)),
        }
    }

    /// The move list as numbered rows; a game starting with Black to move begins with an empty White cell.
    pub fn move_rows(&self) -> Vec<MoveRow> {
        let black_first = self.game.start().side_to_move() == Color::Black;
        let texts = self.game.move_texts(self.notation);
        let mut rows: Vec<MoveRow> = Vec::new();
        for (i, text) in texts.into_iter().enumerate() {
            let slot = i + usize::from(black_first);
            if slot % 2 == 0 {
                rows.push(MoveRow { number: (slot / 2 + 1) as u32, white: Some(text), black: None });
            } else {
                match rows.last_mut() {
                    Some(row) if row.black.is_none() && slot / 2 + 1 == row.number as usize => row.black = Some(text),
                    _ => rows.push(MoveRow { number: (slot / 2 + 1) as u32, white: None, black: Some(text) }),
                }
            }
        }
        rows
    }
}

impl Snapshot {
    /// Places every square for the board's orientation (`flipped`: Black's side at the bottom).
    pub fn orient(&mut self, flipped: bool) {
        for sq in &mut self.squares {
            if let Some(s) = crate::board::squares::square(sq.number) {
                (sq.column, sq.row) = cell(s, flipped);
            }
        }
    }

    /// Takes the destination dots and rings off (the player chose not to see legal moves).
    pub fn hide_destinations(&mut self) {
        for sq in &mut self.squares {
            sq.destination = false;
            sq.final_destination = false;
        }
    }
}
