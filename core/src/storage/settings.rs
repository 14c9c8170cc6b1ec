//! App settings as key/value rows. Reading never fails on a bad or unknown value: that setting falls back to
//! its default, so a settings row written by a newer app cannot lock the user out.

use super::error::Result;
use super::Storage;
use crate::notation::Notation;
use crate::position::Color;
use crate::record::TimeControl;
use rusqlite::{params, OptionalExtension};

/// How fast moves are animated on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AnimationSpeed {
    /// No animation: pieces jump.
    Off,
    /// Slower than normal.
    Slow,
    /// The default pace.
    #[default]
    Normal,
    /// Faster than normal.
    Fast,
}

/// How the board is turned on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Orientation {
    /// Board fixed with the first player at the bottom.
    #[default]
    Fixed,
    /// The opponent's pieces drawn mirrored, for two players facing each other.
    FaceToFace,
    /// The board turns to the side to move after every move.
    FlipEachMove,
}

/// When a move may be queued during the opponent's turn in an online game (a premove), played the moment the
/// opponent's move arrives if it is still legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PremoveMode {
    /// In bullet and blitz only, where a second counts; not in slower games.
    #[default]
    Fast,
    /// In every online game.
    Always,
    /// Never.
    Never,
}

impl PremoveMode {
    /// Whether premoves are on in a game of this speed (`None`: a game without a clock).
    pub fn allows(self, speed: Option<crate::record::Speed>) -> bool {
        use crate::record::Speed;
        match self {
            PremoveMode::Always => true,
            PremoveMode::Never => false,
            PremoveMode::Fast => matches!(speed, Some(Speed::Bullet | Speed::Blitz)),
        }
    }
}

/// The board themes every front end offers, by the names the settings store; each shell has its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardTheme {
    /// Cream and brown, the tournament board.
    #[default]
    Classic,
    /// Warm wood.
    Wood,
    /// Blue-grey.
    Ocean,
    /// Black and white with saturated marks, for low vision.
    Contrast,
}

impl BoardTheme {
    /// Every board theme, in the order the settings list them.
    pub const ALL: [BoardTheme; 4] = [BoardTheme::Classic, BoardTheme::Wood, BoardTheme::Ocean, BoardTheme::Contrast];

    /// The name the settings store (`classic`, `wood`, `ocean`, `contrast`).
    pub fn name(self) -> &'static str {
        name_of(&BOARD_THEMES, self)
    }
}

/// The piece sets every front end offers, by the names the settings store; each shell draws them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PieceTheme {
    /// Ivory and ebony.
    #[default]
    Classic,
    /// White and deep red stone.
    Marble,
    /// Flat discs without edges.
    Flat,
    /// Pure white and black with strong outlines (the terminal draws letters).
    Contrast,
}

impl PieceTheme {
    /// Every piece set, in the order the settings list them.
    pub const ALL: [PieceTheme; 4] = [PieceTheme::Classic, PieceTheme::Marble, PieceTheme::Flat, PieceTheme::Contrast];

    /// The name the settings store (`classic`, `marble`, `flat`, `contrast`).
    pub fn name(self) -> &'static str {
        name_of(&PIECE_THEMES, self)
    }
}

/// The game server the apps play online on until the player chooses another. The public server's address
/// (not running yet: until it is, the player types a server's address in the settings, or `make serve`'s
/// `ws://127.0.0.1:7878/ws`).
pub const DEFAULT_SERVER: &str = "wss://play.giveaway.app/ws";

/// The player's preferences, kept in the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The board's colours.
    pub board_theme: BoardTheme,
    /// The piece set.
    pub piece_theme: PieceTheme,
    /// The game server to play online on (`wss://host/ws`, or `ws://` on a local network).
    pub online_server: String,
    /// How moves are written (numeric or algebraic).
    pub notation: Notation,
    /// Sounds on.
    pub sound: bool,
    /// Vibration on.
    pub haptics: bool,
    /// Move animation speed.
    pub animation: AnimationSpeed,
    /// Mark the squares the selected piece can move to.
    pub show_legal_moves: bool,
    /// Coach tips after poor moves.
    pub coach: bool,
    /// How the board is turned.
    pub orientation: Orientation,
    /// The engine level of the last game against the computer (offered again).
    pub last_level: u8,
    /// The colour the human played last (offered again).
    pub last_human_color: Color,
    /// `None`: unlimited.
    pub last_time_control: Option<TimeControl>,
    /// The player was told once why a capture is compulsory (the first time it applied).
    pub must_capture_explained: bool,
    /// When premoves are on (online games).
    pub premoves: PremoveMode,
    /// An online move waits for the player's Confirm before it is sent.
    pub confirm_moves: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board_theme: BoardTheme::Classic,
            piece_theme: PieceTheme::Classic,
            online_server: DEFAULT_SERVER.into(),
            notation: Notation::Algebraic,
            sound: true,
            haptics: true,
            animation: AnimationSpeed::Normal,
            show_legal_moves: true,
            coach: true,
            orientation: Orientation::Fixed,
            last_level: 1,
            last_human_color: Color::White,
            last_time_control: None,
            must_capture_explained: false,
            premoves: PremoveMode::Fast,
            confirm_moves: false,
        }
    }
}

/// Names of a small closed set of values, both ways.
fn pick<T: Copy>(table: &[(T, &'static str)], name: &str) -> Option<T> {
    table.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
}

fn name_of<T: Copy + PartialEq>(table: &[(T, &'static str)], v: T) -> &'static str {
    table.iter().find(|(x, _)| *x == v).map_or("", |(_, n)| n)
}

const NOTATIONS: [(Notation, &str); 2] = [(Notation::Algebraic, "algebraic"), (Notation::Numeric, "numeric")];
const SPEEDS: [(AnimationSpeed, &str); 4] = [
    (AnimationSpeed::Off, "off"),
    (AnimationSpeed::Slow, "slow"),
    (AnimationSpeed::Normal, "normal"),
    (AnimationSpeed::Fast, "fast"),
];
const ORIENTATIONS: [(Orientation, &str); 3] =
    [(Orientation::Fixed, "fixed"), (Orientation::FaceToFace, "face-to-face"), (Orientation::FlipEachMove, "flip")];
const BOARD_THEMES: [(BoardTheme, &str); 4] = [
    (BoardTheme::Classic, "classic"),
    (BoardTheme::Wood, "wood"),
    (BoardTheme::Ocean, "ocean"),
    (BoardTheme::Contrast, "contrast"),
];
const PIECE_THEMES: [(PieceTheme, &str); 4] = [
    (PieceTheme::Classic, "classic"),
    (PieceTheme::Marble, "marble"),
    (PieceTheme::Flat, "flat"),
    (PieceTheme::Contrast, "contrast"),
];
const PREMOVES: [(PremoveMode, &str); 3] =
    [(PremoveMode::Fast, "fast"), (PremoveMode::Always, "always"), (PremoveMode::Never, "never")];
const COLORS: [(Color, &str); 2] = [(Color::White, "white"), (Color::Black, "black")];

fn bool_text(b: bool) -> &'static str {
    if b {
        "1"
    } else {
        "0"
    }
}

impl Settings {
    /// Every setting as a (key, value) row.
    fn to_rows(&self) -> Vec<(&'static str, String)> {
        vec![
            ("board_theme", self.board_theme.name().into()),
            ("piece_theme", self.piece_theme.name().into()),
            ("online_server", self.online_server.clone()),
            ("notation", name_of(&NOTATIONS, self.notation).into()),
            ("sound", bool_text(self.sound).into()),
            ("haptics", bool_text(self.haptics).into()),
            ("animation", name_of(&SPEEDS, self.animation).into()),
            ("show_legal_moves", bool_text(self.show_legal_moves).into()),
            ("coach", bool_text(self.coach).into()),
            ("orientation", name_of(&ORIENTATIONS, self.orientation).into()),
            ("last_level", self.last_level.to_string()),
            ("last_human_color", name_of(&COLORS, self.last_human_color).into()),
            ("last_time_control", self.last_time_control.map_or_else(|| "none".into(), |t| t.pdn())),
            ("must_capture_explained", bool_text(self.must_capture_explained).into()),
            ("premoves", name_of(&PREMOVES, self.premoves).into()),
            ("confirm_moves", bool_text(self.confirm_moves).into()),
        ]
    }

    /// Applies one stored row; unknown keys and unreadable values are ignored.
    fn apply(&mut self, key: &str, v: &str) {
        let flag = |v: &str| match v {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        };
        match key {
            // A theme this version does not have (an older or newer app's) is the default one.
            "board_theme" => self.board_theme = pick(&BOARD_THEMES, v).unwrap_or_default(),
            "piece_theme" => self.piece_theme = pick(&PIECE_THEMES, v).unwrap_or_default(),
            "online_server" if !v.trim().is_empty() => self.online_server = v.trim().to_string(),
            "notation" => self.notation = pick(&NOTATIONS, v).unwrap_or(self.notation),
            "sound" => self.sound = flag(v).unwrap_or(self.sound),
            "haptics" => self.haptics = flag(v).unwrap_or(self.haptics),
            "animation" => self.animation = pick(&SPEEDS, v).unwrap_or(self.animation),
            "show_legal_moves" => self.show_legal_moves = flag(v).unwrap_or(self.show_legal_moves),
            "coach" => self.coach = flag(v).unwrap_or(self.coach),
            "orientation" => self.orientation = pick(&ORIENTATIONS, v).unwrap_or(self.orientation),
            "last_level" => self.last_level = v.parse().unwrap_or(self.last_level),
            "last_human_color" => self.last_human_color = pick(&COLORS, v).unwrap_or(self.last_human_color),
            "must_capture_explained" => self.must_capture_explained = flag(v).unwrap_or(self.must_capture_explained),
            "premoves" => self.premoves = pick(&PREMOVES, v).unwrap_or(self.premoves),
            "confirm_moves" => self.confirm_moves = flag(v).unwrap_or(self.confirm_moves),
            "last_time_control" => {
                if v == "none" {
                    self.last_time_control = None;
                } else if let Some(t) = TimeControl::from_pdn(v) {
                    self.last_time_control = Some(t);
                }
            }
            _ => {}
        }
    }
}

impl Storage {
    /// The settings, defaults where nothing (readable) is stored.
    pub fn settings(&self) -> Result<Settings> {
        let conn = self.conn();
        let mut s = Settings::default();
        let mut stmt = conn.prepare_cached("SELECT key, value FROM settings")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        for row in rows {
            let (k, v) = row?;
            s.apply(&k, &v);
        }
        Ok(s)
    }

    /// Saves every setting, in one transaction.
    pub fn save_settings(&self, s: &Settings) -> Result<()> {
        self.writable()?;
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for (k, v) in s.to_rows() {
            upsert(&tx, k, &v)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// A raw setting the typed [`Settings`] does not know (for front-end-specific preferences).
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        let conn = self.conn();
        let value = conn
            .prepare_cached("SELECT value FROM settings WHERE key = ?1")?
            .query_row([key], |r| r.get(0))
            .optional()?;
        Ok(value)
    }

    /// Saves a raw setting (see [`Storage::setting`]).
    pub fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        self.writable()?;
        upsert(&self.conn(), key, value)
    }
}

fn upsert(conn: &rusqlite::Connection, key: &str, value: &str) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute(params![key, value])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::PremoveMode;
    use crate::record::Speed;

    #[test]
    fn premoves_by_default_only_where_a_second_counts() {
        let on = |m: PremoveMode, s| m.allows(s);
        assert!(on(PremoveMode::Fast, Some(Speed::Bullet)) && on(PremoveMode::Fast, Some(Speed::Blitz)));
        assert!(!on(PremoveMode::Fast, Some(Speed::Rapid)) && !on(PremoveMode::Fast, Some(Speed::Classic)));
        assert!(!on(PremoveMode::Fast, None));
        assert!(on(PremoveMode::Always, None) && on(PremoveMode::Always, Some(Speed::Classic)));
        assert!(!on(PremoveMode::Never, Some(Speed::Bullet)));
    }
}
