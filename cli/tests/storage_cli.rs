//! The saved-game commands (`games`, `show`, `export`, `import`, `stats`) and `bench-storage` as a user types
//! them: output and refusals (exit code 2, one line on stderr).

mod common;

use common::{giveaway, stdout};

#[test]
fn bench_storage_runs_with_a_few_games() {
    // Random play in the append phase ends some games early; that must end the game, not the benchmark.
    let dir = tempfile::tempdir().unwrap();
    let o = giveaway(&["bench-storage", "--games", "3", "--dir", dir.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.starts_with("built 3 games") && out.contains("append a move:"), "{out}");
    assert!(out.lines().last().unwrap_or_default().starts_with("load + replay a game:"), "{out}");
}
