//! `giveaway-server`: one node of the game server. Prints `listening on ADDR` when it serves; stops on SIGINT or
//! SIGTERM (its games resume when it starts again, or on another node); SIGUSR1 drains it first (its players
//! and games move to the other nodes) and then stops it.

use clap::Parser;
use giveaway_server::{start, Config};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let cfg = Config::parse();
    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("giveaway-server: no runtime: {e}");
            std::process::exit(1);
        }
    };
    let code = rt.block_on(async move {
        let node = cfg.node.clone();
        let tls = cfg.tls_cert.is_some();
        match start(cfg).await {
            Ok(running) => {
                println!(
                    "listening on {} (node {node}{}, {} games resumed)",
                    running.addr,
                    if tls { ", TLS" } else { "" },
                    running.recovered
                );
                // Games in progress are in the database: stopping needs no flush, the next start resumes them.
                let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("giveaway-server: no SIGTERM handler: {e}");
                        return 1;
                    }
                };
                let mut usr1 = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::user_defined1()) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("giveaway-server: no SIGUSR1 handler: {e}");
                        return 1;
                    }
                };
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                    // Drained for an upgrade: its players and games move to the other nodes first.
                    _ = usr1.recv() => running.drain().await,
                }
                running.stop();
                0
            }
            Err(e) => {
                eprintln!("giveaway-server: {e}");
                1
            }
        }
    });
    std::process::exit(code);
}
