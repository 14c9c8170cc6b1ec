//! How enums are written in database columns: stable lower-case names, never Rust debug names.

use crate::game::{EndReason, Outcome};
use crate::position::Color;
use crate::record::GameMode;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// A value stored as one of a fixed set of names.
pub trait Named: Sized + Copy + 'static {
    const ALL: &'static [Self];
    fn name(self) -> &'static str;
    fn from_name(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == s)
    }
}

impl Named for GameMode {
    const ALL: &'static [Self] = &GameMode::ALL;
    fn name(self) -> &'static str {
        GameMode::name(self)
    }
}

impl Named for Color {
    const ALL: &'static [Self] = &[Color::White, Color::Black];
    fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Named for Outcome {
    const ALL: &'static [Self] = &[Outcome::WhiteWins, Outcome::BlackWins, Outcome::Draw];
    fn name(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "white",
            Outcome::BlackWins => "black",
            Outcome::Draw => "draw",
        }
    }
}

impl Named for EndReason {
    const ALL: &'static [Self] = &[
        EndReason::NoLegalMove,
        EndReason::Resignation,
        EndReason::Time,
        EndReason::Repetition,
        EndReason::KingMoveRule,
        EndReason::Agreement,
        EndReason::Abandonment,
    ];
    fn name(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Repetition => "repetition",
            EndReason::KingMoveRule => "king-move-rule",
            EndReason::Agreement => "agreement",
            EndReason::Abandonment => "abandonment",
        }
    }
}

/// Wraps a [`Named`] value for use as an SQL parameter or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Col<T>(pub T);

impl<T: Named> ToSql for Col<T> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.name()))
    }
}

impl<T: Named> FromSql for Col<T> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = value.as_str()?;
        T::from_name(s).map(Col).ok_or_else(|| FromSqlError::Other(format!("unknown value '{s}'").into()))
    }
}

/// Milliseconds stored as INTEGER (SQLite integers are signed 64-bit).
pub fn ms_to_sql(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

pub fn ms_from_sql(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}
