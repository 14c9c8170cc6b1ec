//! Where the commands meet the system: stdout that reports a failed write, output files replaced whole,
//! a closed pipe, the log file, the library's path and scratch files.

pub mod closed_pipe;
pub mod db_path;
pub mod log_file;
pub mod out;
pub mod output_file;
pub mod scratch;
