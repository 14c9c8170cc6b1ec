//! The computer's levels as the new-game screens list them. Every front end shows the same names and ratings,
//! so they come from the engine's table rather than a copy in each shell.

use crate::engine::LEVELS;

/// One computer level: its number (the `level` of `Opponent::Computer`), English name and approximate rating.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct LevelView {
    pub number: u8,
    pub name: String,
    pub rating: u32,
}

/// The levels, weakest first.
#[uniffi::export]
pub fn levels() -> Vec<LevelView> {
    LEVELS.iter().map(|l| LevelView { number: l.number, name: l.name.to_string(), rating: l.rating }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_listed_weakest_first_from_one() {
        let l = levels();
        assert_eq!(l.len(), 8);
        assert_eq!((l[0].number, l[0].name.as_str()), (1, "Beginner"));
        assert_eq!(l[7].name, "World Champion");
        assert!(l.windows(2).all(|w| w[0].rating < w[1].rating && w[1].number == w[0].number + 1));
    }
}
