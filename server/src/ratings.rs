//! Glicko-2 through `skillratings`: one rating period per game, as lichess does.

use giveaway_protocol::{Color, RatingChange};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A rating with a deviation above this is provisional (lichess's threshold); a new player's 350 falls below
/// it after 22 games against other new players (fewer against established ones).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        let r = Glicko2Rating::new();
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: 0 }
    }
}

impl Rating {
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }
}

/// Both ratings after a game; `winner` none is a draw.
pub fn rate(white: Rating, black: Rating, winner: Option<Color>) -> (Rating, Rating) {
    let outcome = match winner {
        Some(Color::White) => Outcomes::WIN,
        Some(Color::Black) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (w, b) = glicko2(&white.glicko(), &black.glicko(), &outcome, &Glicko2Config::new());
    let next = |r: Glicko2Rating, old: Rating| Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: old.games + 1,
    };
    (next(w, white), next(b, black))
}

pub fn change(before: Rating, after: Rating) -> RatingChange {
    RatingChange { before: before.rating, after: after.rating, provisional: after.provisional() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winner_gains_loser_loses_and_provisional_ends() {
        let (w, b) = rate(Rating::default(), Rating::default(), Some(Color::White));
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!((w.rating - 1500.0 + b.rating - 1500.0).abs() < 1e-6, "equal players move by the same amount");
        let (w, b) = rate(Rating::default(), Rating::default(), None);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        let mut p = Rating::default();
        let mut games = 0;
        while p.provisional() {
            let (a, _) =
                rate(p, Rating::default(), if games % 2 == 0 { Some(Color::White) } else { Some(Color::Black) });
            p = a;
            games += 1;
        }
        assert_eq!(games, 22, "provisional for {games} games");
    }
}
