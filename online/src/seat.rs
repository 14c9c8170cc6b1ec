//! The online game's seat: the player's own actions on the board (a move, resigning, a draw offer or answer,
//! a reaction), sent to the server through the client.

use crate::client::OnlineClient;
use crate::views::GameId;
use giveaway_app::Seat;
use giveaway_protocol::ClientMessage;
use std::sync::Weak;

/// The online game's seat: the player's own actions, sent to the server.
pub(crate) struct ClientSeat {
    pub(crate) client: Weak<OnlineClient>,
    pub(crate) game: GameId,
    /// White's and Black's ratings as the game started, as text.
    pub(crate) ratings: [Option<String>; 2],
}

impl Seat for ClientSeat {
    fn send_move(&self, ply: u32, mv: String) {
        let Some(c) = self.client.upgrade() else { return };
        let Some((online, think_ms)) = c.hold_move(self.game, ply, &mv) else { return };
        // Offline, the move waits on the board: the game state after the reconnection sends it.
        if online {
            c.post(ClientMessage::Move { game: self.game, ply, mv, think_ms: Some(think_ms) });
        }
    }

    fn resign(&self) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::Resign { game: self.game });
        }
    }

    fn offer_draw(&self) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::OfferDraw { game: self.game });
        }
    }

    fn answer_draw(&self, accept: bool) {
        if let Some(c) = self.client.upgrade() {
            let game = self.game;
            c.seat_send(if accept { ClientMessage::AcceptDraw { game } } else { ClientMessage::DeclineDraw { game } });
        }
    }

    fn react(&self, emoji: String) {
        if let Some(c) = self.client.upgrade() {
            c.seat_send(ClientMessage::React { game: self.game, emoji });
        }
    }

    fn ratings(&self) -> [Option<String>; 2] {
        self.ratings.clone()
    }
}
