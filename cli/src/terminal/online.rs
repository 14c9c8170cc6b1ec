//! `giveaway online`: the full-screen app on the online lobby, against a game server (`make serve` runs one on
//! this machine).

use crate::args::{DbArgs, Fail};

use giveaway_app::{NoObserver, Threads};
use giveaway_online::OnlineClient;
use std::io::IsTerminal;
use std::sync::mpsc::channel;
use std::sync::Arc;

/// `giveaway online [--server ws://HOST:PORT/ws | wss://…] [--trust CERT.pem] [--db PATH]`
#[derive(clap::Args)]
pub struct OnlineArgs {
    #[command(flatten)]
    pub db: DbArgs,
    /// The game server, kept in the settings for next time (else $GIVEAWAY_SERVER, else the settings' server;
    /// `make serve` runs one on ws://127.0.0.1:7878/ws)
    #[arg(long, value_name = "ws://HOST:PORT/ws|wss://…")]
    pub server: Option<String>,
    /// A certificate (PEM) to trust for a wss:// server, besides the system's
    #[arg(long, value_name = "CERT.pem")]
    pub trust: Option<String>,
}

/// The server to play on: `$GIVEAWAY_SERVER` when set, else the settings' (the core's default until one is
/// chosen, as on the phones).
pub fn server_url(settings: &giveaway_core::storage::Settings) -> String {
    std::env::var("GIVEAWAY_SERVER").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| settings.online_server.clone())
}

pub fn cmd_online(args: &OnlineArgs) -> Result<(), Fail> {
    if let Some(server) = args.server.as_deref().filter(|s| !(s.starts_with("ws://") || s.starts_with("wss://"))) {
        return Err(Fail(format!("--server takes a ws:// or wss:// address, not '{server}'")));
    }
    let roots = match &args.trust {
        Some(path) => std::fs::read(path).map_err(|e| Fail(format!("cannot read {path}: {e}")))?,
        None => Vec::new(),
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(Fail("giveaway online needs a terminal".into()));
    }
    let library = super::play::open_library(&args.db)?;
    let server = match &args.server {
        // Kept, as the phones' settings screen keeps the address typed there.
        Some(server) => {
            let settings = library.settings()?;
            library.save_settings(giveaway_core::storage::Settings { online_server: server.clone(), ..settings })?;
            server.clone()
        }
        None => server_url(&library.settings()?),
    };
    let (found, notices) = channel();
    super::play::check_in_background(library.clone(), move |text| {
        let _ = found.send(text);
    })?;
    // The screens read the client's state every frame, so no observer is needed.
    let client =
        OnlineClient::connect_trusting(&server, roots, library.clone(), Arc::new(Threads), Arc::new(NoObserver))?;
    super::tui::run(library, super::tui::Start::Online(client), notices)
}
