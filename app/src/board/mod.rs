//! The board as a screen shows it: what each square, piece and move shows, where each square sits for an orientation and what its coordinates are
//! called, the orientation of each mode, the hop-by-hop animation plan of a move, and the structure of
//! spoken descriptions. Pixels are the shells' business; everything else about the board is decided here.

pub mod animation;
pub mod orientation;
pub mod speech;
pub mod squares;
mod view;

pub use animation::{animation_frame, AnimationFrame, AnimationPlan, CapturedPiece, FlyingPiece, HopPlan};
pub use orientation::BoardOrientation;
pub use speech::{Announcement, SquareDescription, SquareState};
pub use squares::{square_at, square_name, Coordinates};
pub use view::{CaptureProgress, MoveView, PieceKind, PieceView, SquareView};
