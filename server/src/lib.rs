//! The Giveaway Checkers game server: WebSocket connections speaking `giveaway-protocol`, games run by the
//! core's rules with server clocks, pairing, invites, Glicko-2 ratings and reactions, stored in PostgreSQL;
//! several nodes share one database and pass messages through LISTEN/NOTIFY. Design: `docs/server.md`.

mod accounts;
mod arenas;
mod bus;
mod clock;
mod config;
mod conn;
mod devices;
mod friends;
mod game;
mod hub;
mod lobby;
mod messages;
mod ratings;
mod seeks;
mod store;
mod takeover;
/// Helpers for tests against a real server and database (feature `testing`).
#[cfg(feature = "testing")]
pub mod testing;
mod watch;
mod writer;

#[cfg(feature = "testing")]
pub use accounts::{nickname_key, token_hash};
pub use config::Config;
pub use hub::Hub;

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio_rustls::rustls;
use tokio_rustls::TlsAcceptor;

/// Why a node did not start.
#[derive(Debug)]
pub enum StartError {
    /// The configuration is unusable (the message says which setting).
    Config(String),
    /// PostgreSQL could not be reached or migrated.
    Database(String),
    /// The certificate or key could not be loaded.
    Tls(String),
    /// The listening address could not be bound.
    Listen(std::io::Error),
    /// Another live process holds this node's name.
    NodeTaken(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Config(e) => write!(f, "configuration: {e}"),
            StartError::Database(e) => write!(f, "database: {e}"),
            StartError::Tls(e) => write!(f, "TLS: {e}"),
            StartError::Listen(e) => write!(f, "listen: {e}"),
            StartError::NodeTaken(n) => write!(f, "node {n} is already running against this database"),
        }
    }
}

impl std::error::Error for StartError {}

/// A node that is serving.
pub struct Running {
    /// The address it listens on (the real port when the configuration asked for port 0).
    pub addr: SocketAddr,
    /// The node's games and connections.
    pub hub: Arc<Hub>,
    /// Games in progress taken over from this node's previous run.
    pub recovered: usize,
    accept: tokio::task::JoinHandle<()>,
    /// The task holding the node's name.
    name: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops accepting connections (the process is expected to exit soon after).
    pub fn stop(&self) {
        self.accept.abort();
    }

    /// Hands everything over to the other nodes for an upgrade, then returns (the process should exit): the
    /// health check fails, so that the balancer sends no one new; after `--drain-wait-ms` every connection is
    /// closed as going away (its client reconnects through the balancer to another node, and its games are
    /// reached from there), the node's name is given up and the other nodes are told, and the first of them to
    /// take the name adopts the games. Returns once no game in progress is hosted here (or after 30 s).
    pub async fn drain(&self) {
        takeover::drain(&self.hub, &self.name).await;
        self.accept.abort();
    }
}

fn tls_acceptor(cfg: &Config) -> Result<Option<TlsAcceptor>, StartError> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let (Some(cert), Some(key)) = (&cfg.tls_cert, &cfg.tls_key) else { return Ok(None) };
    let certs = CertificateDer::pem_file_iter(cert)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| StartError::Tls(format!("{}: {e}", cert.display())))?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| StartError::Tls(format!("{}: {e}", key.display())))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(certs, key))
        .map_err(|e| StartError::Tls(e.to_string()))?;
    Ok(Some(TlsAcceptor::from(Arc::new(config))))
}

/// How long a killed predecessor's database session is waited for (it may take a moment to end).
const NAME_WAIT: Duration = Duration::from_secs(10);
/// How long the node holding the name is given to answer the bus probe.
const PROBE_WAIT: Duration = Duration::from_secs(1);

type NameLock = (tokio_postgres::Client, tokio::task::JoinHandle<Result<(), tokio_postgres::Error>>);

/// One try at the advisory lock that stands for a node's name; `None` while another session holds it (the node
/// runs). Dropping the lock's client releases it.
pub(crate) async fn lock_node_name(url: &str, node: &str) -> Result<Option<NameLock>, tokio_postgres::Error> {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    let driver = tokio::spawn(conn);
    let row =
        client.query_one("SELECT pg_try_advisory_lock(hashtext('giveaway-node'), hashtext($1))", &[&node]).await?;
    Ok(row.get::<_, bool>(0).then_some((client, driver)))
}

/// Holds this node's name for as long as the process lives: a session-level advisory lock on a connection of
/// its own, taken again after the database comes back. A second process with the same name is refused: at
/// once when the node holding the name answers on the bus, else after waiting for the lock in case its holder
/// is a predecessor that just died.
/// Returns the task holding it: aborting it gives the name up.
async fn hold_node_name(url: &str, node: &str) -> Result<tokio::task::JoinHandle<()>, StartError> {
    let deadline = Instant::now() + NAME_WAIT;
    let mut probed = false;
    let held = loop {
        let lock = lock_node_name(url, node).await.map_err(|e| StartError::Database(e.to_string()))?;
        if let Some(held) = lock {
            break held;
        }
        if !probed {
            probed = true;
            let answers =
                bus::node_answers(url, node, PROBE_WAIT).await.map_err(|e| StartError::Database(e.to_string()))?;
            if answers {
                return Err(StartError::NodeTaken(node.to_string()));
            }
            log::info!("node {node}'s name is held by a process that does not answer: waiting for its session to end");
        }
        if Instant::now() > deadline {
            return Err(StartError::NodeTaken(node.to_string()));
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    let (url, node) = (url.to_string(), node.to_string());
    Ok(tokio::spawn(async move {
        let (mut _client, mut driver) = held;
        loop {
            let _ = (&mut driver).await;
            log::warn!("lost the connection holding node {node}'s name; taking it again");
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                match lock_node_name(&url, &node).await {
                    Ok(Some((c, d))) => {
                        (_client, driver) = (c, d);
                        break;
                    }
                    Ok(None) => log::error!("another process took node {node}'s name"),
                    Err(e) => log::warn!("node name: {e}"),
                }
            }
        }
    }))
}

/// Creates next months' partitions of moves now and every hour (the one that creates them first wins; the others
/// find them there).
fn keep_partitions(pool: deadpool_postgres::Pool) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tick.tick().await;
            match store::ensure_partitions(&pool).await {
                Ok(0) => {}
                Ok(n) => log::info!("created {n} monthly partitions of moves"),
                Err(e) => log::warn!("partitions of moves: {e}"),
            }
        }
    });
}

/// Detaches the months of moves that end on or before `before` (`YYYY-MM-DD`), their games all over, into the
/// schema `archive` (migration V3 says how to take them away); returns the tables archived.
pub async fn archive_moves(database_url: &str, before: &str) -> Result<Vec<String>, StartError> {
    let db = |e: store::StoreError| StartError::Database(e.to_string());
    let pool = store::pool(database_url, 1).map_err(db)?;
    store::migrate(&pool).await.map_err(db)?;
    store::archive_moves(&pool, before).await.map_err(db)
}

/// Connects to the database (waiting up to 30 s for it), migrates, takes the node's name, recovers its games
/// and starts listening. Must be called inside a multi-threaded tokio runtime.
pub async fn start(cfg: Config) -> Result<Running, StartError> {
    if !Config::node_name_valid(&cfg.node) {
        return Err(StartError::Config(format!("node name {:?}: use 1–40 of a-z, 0-9 and _", cfg.node)));
    }
    let tls = tls_acceptor(&cfg)?;
    let pool = store::pool(&cfg.database_url, cfg.db_pool).map_err(|e| StartError::Database(e.to_string()))?;
    let wait_until = Instant::now() + Duration::from_secs(30);
    loop {
        match store::migrate(&pool).await {
            Ok(()) => break,
            Err(e) if Instant::now() < wait_until => {
                log::info!("waiting for the database: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => return Err(StartError::Database(e.to_string())),
        }
    }
    let name = hold_node_name(&cfg.database_url, &cfg.node).await?;
    keep_partitions(pool.clone());
    let filled = store::fill_nickname_skeletons(&pool, accounts::nickname_skeleton)
        .await
        .map_err(|e| StartError::Database(e.to_string()))?;
    if filled > 0 {
        log::info!("computed the nickname skeletons of {filled} older accounts");
    }
    store::delete_node_sessions(&pool, &cfg.node).await.map_err(|e| StartError::Database(e.to_string()))?;
    let listener = TcpListener::bind(cfg.listen).await.map_err(StartError::Listen)?;
    let addr = listener.local_addr().map_err(StartError::Listen)?;
    let batching = writer::Batching {
        max_batch: cfg.commit_batch,
        linger: Duration::from_micros(cfg.commit_wait_us),
        in_flight: cfg.commit_in_flight,
        timeout: Duration::from_millis(cfg.commit_timeout_ms),
    };
    let writer = writer::MoveWriter::start(pool.clone(), &cfg.node, batching);
    let bus = bus::Bus::new(pool.clone(), &cfg.node);
    let url = cfg.database_url.clone();
    let hub = Arc::new(Hub::new(cfg, pool, writer, bus.clone()));
    bus.listen(url, &hub).await.map_err(|e| StartError::Database(e.to_string()))?;
    let recovered = game::recover(&hub).await.map_err(|e| StartError::Database(e.to_string()))?;
    lobby::start_pairing(&hub);
    arenas::start(&hub);
    friends::start_expiry(&hub);
    takeover::watch(&hub);
    let accept_hub = hub.clone();
    let accept = tokio::spawn(async move {
        loop {
            let (stream, _) = match listener.accept().await {
                Ok(s) => s,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    log::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let hub = accept_hub.clone();
            let tls = tls.clone();
            tokio::spawn(async move {
                let mut stream = stream;
                if conn::answer_health_check(&mut stream, hub.is_draining()).await {
                    return;
                }
                match tls {
                    None => conn::serve(hub, stream).await,
                    Some(tls) => match tokio::time::timeout(Duration::from_secs(10), tls.accept(stream)).await {
                        Ok(Ok(s)) => conn::serve(hub, s).await,
                        Ok(Err(e)) => log::debug!("TLS handshake: {e}"),
                        Err(_) => log::debug!("TLS handshake timed out"),
                    },
                }
            });
        }
    });
    Ok(Running { addr, hub, recovered, accept, name })
}
