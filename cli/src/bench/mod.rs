//! The benchmarks that time themselves: the analysis and its cache, the saved-games storage.

pub mod analysis;
pub mod storage;
