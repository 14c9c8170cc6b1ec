//! `giveaway-admin`: maintenance of the game server's database.
//!
//! `giveaway-admin archive-moves --before 2026-01-01` detaches every month of moves that ends on or before that
//! day (and whose games are all over) into the schema `archive`, and prints the tables it moved. Exit status 2
//! with one line on stderr when it fails.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "giveaway-admin", about = "Maintenance of the Giveaway Checkers server's database")]
struct Args {
    /// PostgreSQL connection URL.
    #[arg(long, env = "DATABASE_URL")]
    database_url: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Detach the months of moves ending on or before a day into the schema `archive`.
    ArchiveMoves {
        /// The day, YYYY-MM-DD.
        #[arg(long)]
        before: String,
    },
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args = Args::parse();
    let Command::ArchiveMoves { before } = args.command;
    match giveaway_server::archive_moves(&args.database_url, &before).await {
        Ok(tables) if tables.is_empty() => println!("nothing to archive before {before}"),
        Ok(tables) => {
            for t in tables {
                println!("archive.{t}");
            }
        }
        Err(e) => {
            eprintln!("giveaway-admin: {e}");
            std::process::exit(2);
        }
    }
}
