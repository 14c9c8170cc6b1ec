//! The `log` records of the core and the app layer, handed to the platform's log (Logcat on Android, OSLog on
//! iOS) through a sink the shell implements in a few lines.

use std::sync::{Arc, RwLock};

/// How serious a log record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    /// A failure the player may notice (a games file that cannot be opened, a job that panicked).
    Error,
    /// Something went wrong and the app carried on (damaged tables removed to be built again).
    Warn,
    /// What the app is doing, in normal operation.
    Info,
    /// Detail for a developer.
    Debug,
    /// The finest detail.
    Trace,
}

/// Receives log records; implemented in Kotlin (`android.util.Log`) or Swift (`os.Logger`). Called on the
/// thread that logged; keep it short.
#[uniffi::export(with_foreign)]
pub trait LogSink: Send + Sync {
    /// One record: `target` is the Rust module that logged it (e.g. `giveaway_app::library`), for the tag.
    fn log(&self, level: LogLevel, target: String, message: String);
}

static SINK: RwLock<Option<Arc<dyn LogSink>>> = RwLock::new(None);

struct ToSink;

impl log::Log for ToSink {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }

    fn log(&self, record: &log::Record) {
        let sink = SINK.read().unwrap_or_else(|p| p.into_inner()).clone();
        if let Some(sink) = sink {
            let level = match record.level() {
                log::Level::Error => LogLevel::Error,
                log::Level::Warn => LogLevel::Warn,
                log::Level::Info => LogLevel::Info,
                log::Level::Debug => LogLevel::Debug,
                log::Level::Trace => LogLevel::Trace,
            };
            sink.log(level, record.target().to_string(), record.args().to_string());
        }
    }

    fn flush(&self) {}
}

static LOGGER: ToSink = ToSink;

/// Sends the core's log records at `max_level` and above to `sink` (replacing an earlier sink).
#[uniffi::export]
pub fn set_log_sink(sink: Arc<dyn LogSink>, max_level: LogLevel) {
    *SINK.write().unwrap_or_else(|p| p.into_inner()) = Some(sink);
    // Only the first call installs the logger; a later one just changes the sink and level.
    let _ = log::set_logger(&LOGGER);
    log::set_max_level(match max_level {
        LogLevel::Error => log::LevelFilter::Error,
        LogLevel::Warn => log::LevelFilter::Warn,
        LogLevel::Info => log::LevelFilter::Info,
        LogLevel::Debug => log::LevelFilter::Debug,
        LogLevel::Trace => log::LevelFilter::Trace,
    });
}
