//! The terminal game's log: the core's and the app layer's `log` records (search summaries, storage recovery,
//! migrations, failures) appended to `giveaway.log` beside the games database. `GIVEAWAY_LOG` sets the level
//! (`error` … `trace`, default `info`).

use simplelog::{ConfigBuilder, LevelFilter, WriteLogger};
use std::path::Path;

/// Starts logging into the folder of `database`. A log that cannot be opened is skipped without a word: the
/// game must not fail for its diary.
pub fn start_beside(database: &Path) {
    let level = std::env::var("GIVEAWAY_LOG").ok().and_then(|v| v.parse().ok()).unwrap_or(LevelFilter::Info);
    let path = database.with_file_name("giveaway.log");
    let Ok(file) = std::fs::OpenOptions::new().create(true).append(true).open(&path) else { return };
    let config = ConfigBuilder::new().set_time_format_rfc3339().build();
    let _ = WriteLogger::init(level, config, file);
}
