//! `giveaway online`: the full-screen app on the online lobby, against a game server (`make serve` runs one on
//! this machine).

use crate::args::{Args, Fail};
use crate::{play, tui};
use giveaway_app::background::{NoObserver, Threads};
use giveaway_online::OnlineClient;
use std::io::IsTerminal;
use std::sync::mpsc::channel;
use std::sync::Arc;

pub const USAGE: &str = "  giveaway online [--server ws://HOST:PORT/ws | wss://…] [--trust CERT.pem] [--db PATH]
      (the server also from $GIVEAWAY_SERVER; default ws://127.0.0.1:7878/ws, what `make serve` runs)";

/// Where `make serve` listens.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";

/// The server of `--server`, else `$GIVEAWAY_SERVER`, else the local one.
pub fn server_url(args: Option<&Args>) -> String {
    args.and_then(|a| a.value("server").map(str::to_string))
        .or_else(|| std::env::var("GIVEAWAY_SERVER").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| DEFAULT_SERVER.to_string())
}

pub fn cmd_online(raw: &[String]) -> Result<(), Fail> {
    let args = Args::parse(raw, &["db", "server", "trust"], &[])?;
    args.at_most(0)?;
    let server = server_url(Some(&args));
    if !(server.starts_with("ws://") || server.starts_with("wss://")) {
        return Err(Fail(format!("--server takes a ws:// or wss:// address, not '{server}'")));
    }
    let roots = match args.value("trust") {
        Some(path) => std::fs::read(path).map_err(|e| Fail(format!("cannot read {path}: {e}")))?,
        None => Vec::new(),
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(Fail("giveaway online needs a terminal".into()));
    }
    let library = play::open_library(&args)?;
    let (found, notices) = channel();
    play::check_in_background(library.clone(), move |text| {
        let _ = found.send(text);
    })?;
    // The screens read the client's state every frame, so no observer is needed.
    let client = OnlineClient::connect_trusting(&server, roots, library.clone(), Arc::new(Threads), Arc::new(NoObserver))?;
    tui::run(library, tui::Start::Online(client), notices)
}
