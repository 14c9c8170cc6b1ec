//! Where the games database lives: `--db PATH`, else `$GIVEAWAY_DB`, else the platform data directory
//! (`$XDG_DATA_HOME/giveaway/games.db`, by default `~/.local/share/giveaway/games.db`; on macOS
//! `~/Library/Application Support/giveaway/games.db`).

use crate::args::{DbArgs, Fail};
use std::path::PathBuf;

/// The database path for these arguments and this environment; creates its directory when it is the default.
pub fn database_path(args: &DbArgs) -> Result<PathBuf, Fail> {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(p) = &args.db {
        // SQLite would open an empty path as a private temporary database: every save would be lost.
        if p.is_empty() {
            return Err(Fail("--db needs a file path, not an empty one".into()));
        }
        return file_path(PathBuf::from(p), "--db");
    }
    if let Some(p) = env("GIVEAWAY_DB") {
        return file_path(p, "GIVEAWAY_DB");
    }
    let data = if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local").join("share")))
    };
    let dir = data
        .ok_or_else(|| {
            Fail("no place for the games database: set HOME, XDG_DATA_HOME, GIVEAWAY_DB or pass --db".into())
        })?
        .join("giveaway");
    std::fs::create_dir_all(&dir).map_err(|e| Fail(format!("cannot create {}: {e}", dir.display())))?;
    Ok(dir.join("games.db"))
}

/// A path the user gave must name a file: `dir/` would create a file called `dir`, and an existing folder
/// cannot be opened.
fn file_path(path: PathBuf, given_by: &str) -> Result<PathBuf, Fail> {
    let text = path.to_string_lossy();
    if text.ends_with(std::path::MAIN_SEPARATOR) || text.ends_with('/') || path.is_dir() {
        return Err(Fail(format!(
            "{given_by} {text} is a folder; give a file path such as {}",
            path.join("games.db").display()
        )));
    }
    Ok(path)
}
