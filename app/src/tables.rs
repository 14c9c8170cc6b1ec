//! The endgame tables the app's engines play, hint, coach and judge with.
//!
//! Up to 4 pieces ship with the app: the shell hands over the bundled file's path (on Android, after copying
//! the asset out of the APK). The 5-piece tables are too big to ship; they are built once, in the background,
//! on first use, into the app's data folder, and used from then on. One set of tables serves the whole
//! process: every engine the app layer makes reads [`current`] before it searches, so tables that arrive
//! mid-game are used from the next move on.

use crate::background::{Background, Observer};
use crate::error::{ApiResult, GiveawayError};
use giveaway_core::tablebase::{Tablebase, DEFAULT_CACHE_BLOCKS};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

/// The tables built on first use: the most pieces this machine's budget allows (see the README's figures).
pub const BUILT_PIECES: u32 = 5;

/// The process's tables, largest first installed wins.
static CURRENT: RwLock<Option<Arc<Tablebase>>> = RwLock::new(None);

/// The tables in use now, if any.
pub fn current() -> Option<Arc<Tablebase>> {
    CURRENT.read().unwrap_or_else(|p| p.into_inner()).clone()
}

/// Uses `tb` from now on unless tables with more pieces are already in use.
fn install(tb: Arc<Tablebase>) {
    let mut slot = CURRENT.write().unwrap_or_else(|p| p.into_inner());
    if slot.as_ref().is_none_or(|t| t.max_pieces() < tb.max_pieces()) {
        *slot = Some(tb);
    }
}

/// The tables' file for `pieces` in the data folder: the name `giveaway tablebase build` writes by default.
pub fn file_for(dir: &Path, pieces: u32) -> PathBuf {
    dir.join(format!("tablebase-{pieces}.gwtb"))
}

/// Reads a tables file: up to 4 pieces unpacked whole (7 MB), larger ones kept packed with a small cache of
/// unpacked blocks (5 pieces whole would take 187 MB of a phone's memory).
fn read(path: &Path) -> Result<Tablebase, String> {
    let failed = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut input = BufReader::new(File::open(path).map_err(failed)?);
    let packed = std::fs::metadata(path).map_err(failed)?.len() > PACKED_ABOVE_BYTES;
    if packed { Tablebase::read_packed(&mut input, DEFAULT_CACHE_BLOCKS) } else { Tablebase::read_from(&mut input) }
        .map_err(failed)
}

/// Files larger than this are read packed: the 4-piece file is 1.2 MB, the 5-piece one 25 MB.
const PACKED_ABOVE_BYTES: u64 = 4 << 20;

/// What the tables can do now, for a settings screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesState {
    /// Every position with at most this many pieces is known exactly (0: no tables).
    pub pieces: u32,
    /// The build under way, if any.
    pub building: Option<TablesBuild>,
    /// Why the last load or build failed, in English; cleared by the next success.
    pub error: Option<String>,
}

/// A table build in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablesBuild {
    /// The tables being built cover positions of up to this many pieces.
    pub pieces: u32,
    /// Materials (sets of pieces, e.g. two kings against a man) finished so far.
    pub done: u32,
    /// Materials in all.
    pub total: u32,
}

/// The app's endgame tables: what ships, what is built, and the build in the background.
pub struct EndgameTables {
    dir: PathBuf,
    state: Mutex<TablesState>,
}

impl EndgameTables {
    /// Loads the shipped tables (`shipped`, the bundled file's path, if the app has one) and any tables built
    /// earlier in `dir` (the app's data folder), and uses the largest. A damaged built file is removed so the
    /// next build replaces it; a damaged shipped file is reported in the state. Never fails for missing files.
    pub fn open(shipped: Option<String>, dir: String) -> Arc<EndgameTables> {
        let dir = PathBuf::from(dir);
        let mut state = TablesState { pieces: 0, building: None, error: None };
        if let Some(path) = shipped {
            match read(Path::new(&path)) {
                Ok(tb) => install(Arc::new(tb)),
                Err(e) => state.error = Some(format!("the endgame tables that came with the app cannot be read: {e}")),
            }
        }
        // The largest tables built in the folder (by the apps' first-use build, or by the terminal's
        // `giveaway tablebase build`).
        for pieces in (2..=BUILT_PIECES).rev() {
            let built = file_for(&dir, pieces);
            if !built.exists() {
                continue;
            }
            match read(&built) {
                Ok(tb) => {
                    install(Arc::new(tb));
                    break;
                }
                Err(e) => {
                    log::warn!("removing unreadable endgame tables, they will be rebuilt: {e}");
                    let _ = std::fs::remove_file(&built);
                }
            }
        }
        state.pieces = current().map_or(0, |t| t.max_pieces());
        Arc::new(EndgameTables { dir, state: Mutex::new(state) })
    }

    /// What the tables can do now.
    pub fn state(&self) -> TablesState {
        self.lock().clone()
    }

    /// On first use: starts building the [`BUILT_PIECES`]-piece tables in the background unless they are in
    /// use or being built already; `observer` hears of progress and of the end. Returns the state after.
    pub fn build_missing(
        self: &Arc<Self>,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<TablesState> {
        self.build_up_to(BUILT_PIECES, background, observer)
    }

    fn build_up_to(
        self: &Arc<Self>,
        pieces: u32,
        background: Arc<dyn Background>,
        observer: Arc<dyn Observer>,
    ) -> ApiResult<TablesState> {
        {
            let mut s = self.lock();
            if s.pieces >= pieces || s.building.is_some() {
                return Ok(s.clone());
            }
            s.building = Some(TablesBuild { pieces, done: 0, total: 0 });
        }
        let me = self.clone();
        let job_observer = observer.clone();
        let started = background.run(Box::new(move || me.build(pieces, job_observer.as_ref())));
        if let Err(e) = started {
            let mut s = self.lock();
            s.building = None;
            return Err(GiveawayError::Internal { reason: format!("cannot start the endgame table build: {e}") });
        }
        Ok(self.state())
    }

    /// The build itself, on a background thread: into a temporary file renamed into place once complete, so
    /// an interrupted build never leaves a file that looks finished.
    fn build(&self, pieces: u32, observer: &dyn Observer) {
        let total = giveaway_core::tablebase::Material::up_to(pieces).len() as u32;
        let mut done = 0;
        let built = Tablebase::build(pieces, |_, _| {
            done += 1;
            self.lock().building = Some(TablesBuild { pieces, done, total });
            observer.changed();
        });
        let result = built.map_err(|e| e.to_string()).and_then(|(tb, _)| {
            self.save(&tb, pieces).map_err(|e| format!("cannot save the endgame tables: {e}"))?;
            Ok(tb)
        });
        {
            let mut s = self.lock();
            s.building = None;
            match result {
                Ok(tb) => {
                    install(Arc::new(tb));
                    s.pieces = current().map_or(0, |t| t.max_pieces());
                    s.error = None;
                }
                Err(e) => s.error = Some(e),
            }
        }
        observer.changed();
    }

    fn save(&self, tb: &Tablebase, pieces: u32) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let path = file_for(&self.dir, pieces);
        let part = path.with_extension("part");
        let mut out = BufWriter::new(File::create(&part)?);
        tb.write_to(&mut out)?;
        out.flush()?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&part, &path)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, TablesState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::background::{NoObserver, Queued};

    /// One test for the whole lifecycle: the process-wide tables are shared by every test in this binary.
    #[test]
    fn tables_are_built_once_saved_whole_and_loaded_back_and_damage_is_survived() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().to_string_lossy().to_string();
        // A damaged shipped file is reported, not fatal.
        let junk = dir.path().join("junk.gwtb");
        std::fs::write(&junk, b"not tables").unwrap();
        let tables = EndgameTables::open(Some(junk.to_string_lossy().into()), d.clone());
        assert!(tables.state().error.unwrap().contains("cannot be read"));
        let jobs = Arc::new(Queued::default());
        let s = tables.build_up_to(3, jobs.clone(), Arc::new(NoObserver)).unwrap();
        assert_eq!(s.building, Some(TablesBuild { pieces: 3, done: 0, total: 0 }));
        // Asked again while the first is pending: no second build.
        tables.build_up_to(3, jobs.clone(), Arc::new(NoObserver)).unwrap();
        assert_eq!(jobs.len(), 1);
        jobs.run_all();
        let s = tables.state();
        assert_eq!((s.pieces, s.building, s.error), (3, None, None));
        assert_eq!(current().unwrap().max_pieces(), 3);
        assert!(file_for(dir.path(), 3).exists() && !file_for(dir.path(), 3).with_extension("part").exists());
        // Built already: nothing to do.
        tables.build_up_to(3, jobs.clone(), Arc::new(NoObserver)).unwrap();
        assert!(jobs.is_empty());
        // The saved file reads back to the same tables.
        let back = read(&file_for(dir.path(), 3)).unwrap();
        assert_eq!(back.entries(), current().unwrap().entries());
        // A damaged built file is removed on open so that it is rebuilt.
        std::fs::write(file_for(dir.path(), BUILT_PIECES), b"GWTB cut").unwrap();
        EndgameTables::open(None, d);
        assert!(!file_for(dir.path(), BUILT_PIECES).exists());
    }
}
