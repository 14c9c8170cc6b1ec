//! Look-alike nicknames against the real PostgreSQL: names are compared by their confusable skeleton (UTS #39)
//! as well as NFKC and case, the length rule applies after normalisation, two look-alikes created at once do
//! not both succeed, and accounts made before the rule keep their names.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, ErrorCode, ServerMessage};

async fn create(c: &mut Client, nickname: &str) -> Result<(), ErrorCode> {
    match c.request(ClientMessage::CreateAccount { nickname: nickname.into() }).await {
        ServerMessage::Account { .. } => Ok(()),
        ServerMessage::Error { code, .. } => Err(code),
        other => panic!("{other:?}"),
    }
}

async fn anonymous(addr: std::net::SocketAddr) -> Client {
    let mut c = Client::connect(addr).await;
    c.hello(None).await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alikes_are_taken_and_long_normal_forms_invalid() {
    let (srv, _url) = server_on_fresh_db().await;
    Client::new_player(srv.addr, "Anna").await;
    Client::new_player(srv.addr, "Ian").await;
    let mut c = anonymous(srv.addr).await;
    for (nick, code) in [
        ("\u{0410}nna", ErrorCode::NicknameTaken),        // Cyrillic А
        ("Ann\u{0430}", ErrorCode::NicknameTaken),        // Cyrillic а
        ("\u{0410}NN\u{0410}", ErrorCode::NicknameTaken), // Cyrillic А twice
        ("ANNA", ErrorCode::NicknameTaken),
        ("lan", ErrorCode::NicknameTaken), // l for I
        // Three characters that NFKC writes as 54.
        ("\u{FDFA}\u{FDFA}\u{FDFA}", ErrorCode::NicknameInvalid),
        // An acute accent that NFKC writes as a space and a combining mark: a leading space.
        ("\u{B4}Boris", ErrorCode::NicknameInvalid),
    ] {
        assert_eq!(create(&mut c, nick).await, Err(code), "{nick:?}");
    }
    assert_eq!(create(&mut c, "Anne").await, Ok(()), "a different name");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_look_alikes_created_at_once_do_not_both_succeed() {
    let (srv, _url) = server_on_fresh_db().await;
    for round in 0..12u8 {
        let suffix = char::from(b'a' + round);
        let latin = format!("Vera{suffix}");
        let cyrillic = format!("V\u{0435}ra{suffix}"); // Cyrillic е
        let (mut a, mut b) = (anonymous(srv.addr).await, anonymous(srv.addr).await);
        let (ra, rb) = tokio::join!(create(&mut a, &latin), create(&mut b, &cyrillic));
        let mut results = [ra, rb];
        results.sort_by_key(|r| r.is_err());
        assert_eq!(results, [Ok(()), Err(ErrorCode::NicknameTaken)], "round {round}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn older_look_alike_accounts_keep_their_names() {
    let url = fresh_database().await;
    let first = server(config(&url, "node1")).await;
    // Two look-alike accounts as the server made them before skeletons: no skeleton stored.
    let db = sql(&url).await;
    let tokens = ["gw1_old_latin", "gw1_old_cyrillic"];
    for (nick, token) in [("Anna", tokens[0]), ("\u{0410}nna", tokens[1])] {
        let key = giveaway_server::nickname_key(nick);
        let hash = giveaway_server::token_hash(token);
        db.execute(
            "WITH p AS (INSERT INTO players (nickname, nickname_key) VALUES ($1, $2) RETURNING id) \
             INSERT INTO devices (player_id, token_hash) SELECT id, $3 FROM p",
            &[&nick, &key, &hash],
        )
        .await
        .unwrap();
    }
    // A node starting fills the skeletons in; both accounts keep their names and tokens.
    let second = server(config(&url, "node2")).await;
    let rows = db.query("SELECT nickname, nickname_skeleton FROM players ORDER BY id", &[]).await.unwrap();
    let skeletons: Vec<Option<String>> = rows.iter().map(|r| r.get(1)).collect();
    assert!(skeletons[0].is_some() && skeletons[0] == skeletons[1], "{skeletons:?}");
    for (token, nick) in tokens.iter().zip(["Anna", "\u{0410}nna"]) {
        let (_c, w) = Client::reconnect(first.addr, token).await;
        assert!(matches!(w, ServerMessage::Welcome { player: Some(ref p), .. } if p.nickname == nick), "{w:?}");
    }
    // A third look-alike is taken, on either node.
    let mut c = anonymous(second.addr).await;
    assert_eq!(create(&mut c, "Ann\u{0430}").await, Err(ErrorCode::NicknameTaken));
    let mut c = anonymous(first.addr).await;
    assert_eq!(create(&mut c, "\u{0391}nna").await, Err(ErrorCode::NicknameTaken), "Greek Alpha");
}
