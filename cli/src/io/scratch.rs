//! The benchmarks' scratch folder: always a new folder made for the run (inside `--dir DIR` when given) and
//! removed afterwards, so a benchmark never deletes or reuses anything it did not create.

use crate::args::Fail;
use std::path::{Path, PathBuf};

pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// A new folder `giveaway-NAME-PID` inside `parent` (default: the system's temporary folder).
    pub fn create(parent: Option<&str>, name: &str) -> Result<ScratchDir, Fail> {
        let parent = parent.map_or_else(std::env::temp_dir, PathBuf::from);
        std::fs::create_dir_all(&parent).map_err(|e| Fail(format!("{}: {e}", parent.display())))?;
        let dir = parent.join(format!("giveaway-{name}-{}", std::process::id()));
        // create_dir (not create_dir_all) fails if the folder exists: it is not ours to remove.
        std::fs::create_dir(&dir)
            .map_err(|e| Fail(format!("cannot create a scratch folder {}: {e}", dir.display())))?;
        Ok(ScratchDir(dir))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    /// Removes the folder whatever happened (kept when `GIVEAWAY_BENCH_KEEP` is set, to look at the database).
    fn drop(&mut self) {
        if std::env::var_os("GIVEAWAY_BENCH_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scratch_folder_is_new_inside_the_parent_and_removed_alone() {
        let parent = std::env::temp_dir().join(format!("giveaway-scratch-test-{}", std::process::id()));
        std::fs::create_dir_all(&parent).unwrap();
        let keep = parent.join("notes.txt");
        std::fs::write(&keep, "mine").unwrap();
        let scratch = ScratchDir::create(parent.to_str(), "test").ok().unwrap();
        assert_eq!(scratch.path().parent(), Some(parent.as_path()));
        std::fs::write(scratch.path().join("bench.db"), "x").unwrap();
        // A second one with the same name (same process) is refused rather than shared.
        assert!(ScratchDir::create(parent.to_str(), "test").is_err());
        let made = scratch.path().to_path_buf();
        drop(scratch);
        assert!(!made.exists());
        assert_eq!(std::fs::read_to_string(&keep).unwrap(), "mine");
        std::fs::remove_dir_all(&parent).unwrap();
    }
}
