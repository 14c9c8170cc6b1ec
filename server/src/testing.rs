//! For the tests of this crate and of the clients: a real PostgreSQL (the private cluster of `tools/pg.sh`,
//! or `DATABASE_URL`), a fresh database per test, and a configuration for a server on loopback.

use crate::Config;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// The cluster's URL: `DATABASE_URL`, else the private cluster, started now if it is not running.
fn cluster_url() -> &'static str {
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        if let Ok(u) = std::env::var("DATABASE_URL") {
            return u;
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/pg.sh");
        let ok = std::process::Command::new(script).arg("start").status().expect("pg.sh runs").success();
        assert!(ok, "pg.sh start failed");
        let out = std::process::Command::new(script).arg("url").output().expect("pg.sh url");
        String::from_utf8(out.stdout).expect("utf-8").trim().to_string()
    })
}

/// A new, empty database on the cluster, for one test.
pub async fn fresh_database() -> String {
    static N: AtomicU32 = AtomicU32::new(0);
    let base = cluster_url();
    let name = format!("gw_test_{}_{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
    let (client, conn) = tokio_postgres::connect(base, tokio_postgres::NoTls).await.expect("cluster reachable");
    tokio::spawn(conn);
    static SWEPT: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    SWEPT
        .get_or_init(|| async {
            // Test binaries run one after another: databases of earlier processes are left-overs.
            let mine = format!("gw_test_{}_", std::process::id());
            let rows = client
                .query("SELECT datname FROM pg_database WHERE datname LIKE 'gw\\_test\\_%'", &[])
                .await
                .expect("list");
            for r in rows {
                let old: String = r.get(0);
                if !old.starts_with(&mine) && old.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                    let _ = client.batch_execute(&format!("DROP DATABASE IF EXISTS {old}")).await;
                }
            }
        })
        .await;
    // CREATE DATABASE takes no parameters; the name is made of digits and underscores above.
    client.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).await.expect("drop database");
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.expect("create database");
    let (prefix, _) = base.rsplit_once('/').expect("URL names a database");
    format!("{prefix}/{name}")
}

/// A config for tests: a free port on loopback, everything else the defaults.
pub fn config(url: &str, node: &str) -> Config {
    let mut c = Config::new(url, node);
    c.listen = "127.0.0.1:0".parse().unwrap();
    // Test clients read only while they wait for something: no ping is to go unanswered for long.
    c.ping_ms = 60_000;
    // Tests play much faster than people; the rate limit has a test of its own.
    c.rate_per_s = 1000;
    c.rate_burst = 1000;
    c
}

/// Brings a database's schema up to migration `version` only (to test the later migrations on old data).
pub async fn migrate_until(url: &str, version: i32) {
    let pool = crate::store::pool(url, 1).expect("a pool");
    crate::store::migrate_until(&pool, Some(version)).await.expect("migrations run");
}

/// [`fresh_database`] for a caller without a runtime.
pub fn new_database() -> String {
    tokio::runtime::Runtime::new().expect("a runtime").block_on(fresh_database())
}

/// A server on a runtime of its own in the test's process, for the clients' tests: it can be crashed (every
/// task and socket gone at once, as when the process dies) and started again on the same port and database.
pub struct InProcess {
    runtime: Option<tokio::runtime::Runtime>,
    /// Where it listens.
    pub addr: std::net::SocketAddr,
    db: String,
}

impl InProcess {
    /// A server for database `db` on loopback port `port` (0: any free one).
    pub fn start(db: &str, port: u16) -> InProcess {
        let mut cfg = config(db, "node1");
        cfg.listen = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        InProcess::with_config(cfg)
    }

    /// A server with this configuration (call it outside any runtime, e.g. in `spawn_blocking`).
    pub fn with_config(cfg: Config) -> InProcess {
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
        let db = cfg.database_url.clone();
        let running = runtime.block_on(crate::start(cfg)).expect("server starts");
        InProcess { addr: running.addr, runtime: Some(runtime), db }
    }

    /// A server on a new, empty database.
    pub fn fresh() -> InProcess {
        InProcess::start(&new_database(), 0)
    }

    /// `ws://127.0.0.1:PORT/ws`.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// The process dies: every task and socket goes at once, nothing is shut down in order.
    pub fn crash(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }

    /// Up again on the same port and database.
    pub fn restart(&mut self) {
        self.crash();
        *self = InProcess::start(&self.db, self.addr.port());
    }
}

impl Drop for InProcess {
    fn drop(&mut self) {
        self.crash();
    }
}
