//! The output file of a long run (`match --pdn`, `tune --out`): opened before the run so that a bad path fails at
//! once instead of after an hour, and only replaced when the result is there, so an interrupted run leaves an
//! existing file (such as `core/src/engine/weights.rs`) as it was.

use crate::args::Fail;
use std::fs::{File, OpenOptions};
use std::io::Write;

pub struct OutputFile {
    path: String,
    file: File,
}

impl OutputFile {
    /// Opens (or creates) `path` for writing without changing what is in it.
    pub fn open(path: &str) -> Result<OutputFile, Fail> {
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| Fail(format!("cannot write {path}: {e}")))?;
        Ok(OutputFile { path: path.to_string(), file })
    }

    /// Replaces the file's contents with `text`.
    pub fn replace_with(mut self, text: &str) -> Result<(), Fail> {
        self.file
            .set_len(0)
            .and_then(|()| self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.flush())
            .map_err(|e| Fail(format!("cannot write {}: {e}", self.path)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_keeps_the_old_contents_until_they_are_replaced() {
        let path = std::env::temp_dir().join(format!("giveaway-output-file-{}.txt", std::process::id()));
        let name = path.to_str().unwrap();
        std::fs::write(&path, "old contents, longer than the new").unwrap();
        let out = OutputFile::open(name).ok().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old contents, longer than the new");
        assert!(out.replace_with("new").is_ok());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        std::fs::remove_file(&path).unwrap();
        assert!(OutputFile::open("/nonexistent-folder/x.txt").is_err());
    }
}
