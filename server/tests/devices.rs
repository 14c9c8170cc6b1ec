//! A second device: a link code shown on a signed-in device gives a new device a token of its own for the same
//! account; codes are single use, expire and are bounded in guesses; devices are listed and signed out; the
//! token a player had before devices existed keeps working.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, DeviceInfo, ErrorCode, ServerMessage};

async fn link_code(c: &mut Client) -> String {
    match c.request(ClientMessage::CreateLinkCode).await {
        ServerMessage::LinkCode { code, expires_in_ms } => {
            assert_eq!(expires_in_ms, 300_000);
            code
        }
        other => panic!("no link code: {other:?}"),
    }
}

async fn devices(c: &mut Client) -> Vec<DeviceInfo> {
    match c.request(ClientMessage::Devices).await {
        ServerMessage::Devices { devices } => devices,
        other => panic!("no device list: {other:?}"),
    }
}

/// A new device's connection redeeming `code` (typed as given).
async fn redeem(addr: std::net::SocketAddr, code: &str, device: &str) -> (Client, ServerMessage) {
    let mut c = Client::connect(addr).await;
    c.hello(None).await;
    let answer = c.request(ClientMessage::RedeemLinkCode { code: code.into(), device: device.into() }).await;
    (c, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_code_gives_a_second_device_its_own_token_once() {
    let (srv, url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let mut phone = Client::new_player(addr, "Anna").await;
    let old_token = phone.token.clone().unwrap();
    let code = link_code(&mut phone).await;
    assert!(code.len() == 9 && code.as_bytes()[4] == b'-', "{code}");

    // Typed in lower case and without the dash, as a person might.
    let typed = code.replace('-', "").to_lowercase();
    let (tablet, answer) = redeem(addr, &typed, "Tablet\n").await;
    let ServerMessage::Account { player, token } = answer else { panic!("no account: {answer:?}") };
    assert_eq!(player.id, phone.id());
    assert_ne!(token, old_token);
    drop(tablet);
    // Single use.
    let (_, again) = redeem(addr, &code, "Thief").await;
    assert!(matches!(again, ServerMessage::Error { code: ErrorCode::UnknownLinkCode, .. }), "{again:?}");

    // Both tokens sign in to the account; the list names both and marks the one asking.
    let (mut tablet, w) = Client::reconnect(addr, &token).await;
    assert!(matches!(w, ServerMessage::Welcome { player: Some(ref p), .. } if p.id == player.id), "{w:?}");
    let list = devices(&mut tablet).await;
    assert_eq!(list.len(), 2);
    assert_eq!(list.iter().filter(|d| d.this_device).map(|d| d.label.as_str()).collect::<Vec<_>>(), ["Tablet"]);
    let first = list.iter().find(|d| !d.this_device).unwrap().id;
    assert!(list.iter().all(|d| d.created_ms > 0 && d.last_seen_ms >= d.created_ms));
    // The database keeps only hashes of both.
    let db = sql(&url).await;
    let stored: Vec<Vec<u8>> = db
        .query("SELECT token_hash FROM devices WHERE player_id = $1", &[&player.id])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(stored.len(), 2);
    assert!(stored.iter().all(|h| h.len() == 32));
    assert_eq!(db.query("SELECT 1 FROM link_codes", &[]).await.unwrap().len(), 0, "the code is gone once used");

    // The lost phone is signed out from the tablet: its token no longer works.
    assert_eq!(
        tablet.request(ClientMessage::SignOutDevice { device: first }).await,
        ServerMessage::DeviceSignedOut { device: first }
    );
    let (_, w) = Client::reconnect(addr, &old_token).await;
    assert!(matches!(w, ServerMessage::Error { code: ErrorCode::UnknownToken, .. }), "{w:?}");
    let mut other = Client::new_player(addr, "Boris").await;
    let borises = devices(&mut other).await[0].id;
    let id = tablet.send(ClientMessage::SignOutDevice { device: borises }).await;
    assert_eq!(tablet.error(id).await, ErrorCode::UnknownDevice, "another account's device");
    // Signing this device out ends its connection after the answer.
    let mine = devices(&mut tablet).await[0].id;
    assert_eq!(
        tablet.request(ClientMessage::SignOutDevice { device: mine }).await,
        ServerMessage::DeviceSignedOut { device: mine }
    );
    assert!(tablet.next().await.is_none(), "closed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_expire_are_replaced_and_wrong_guesses_close_the_connection() {
    let (srv, url) = server_on_fresh_db().await;
    let addr = srv.addr;
    let mut phone = Client::new_player(addr, "Anna").await;
    let first = link_code(&mut phone).await;
    let second = link_code(&mut phone).await;
    let (_, answer) = redeem(addr, &first, "").await;
    assert!(matches!(answer, ServerMessage::Error { code: ErrorCode::UnknownLinkCode, .. }), "replaced: {answer:?}");
    // An expired code is refused like a wrong one (and used up).
    sql(&url).await.execute("UPDATE link_codes SET expires_at = now() - interval '1 second'", &[]).await.unwrap();
    let (_, answer) = redeem(addr, &second, "").await;
    assert!(matches!(answer, ServerMessage::Error { code: ErrorCode::UnknownLinkCode, .. }), "expired: {answer:?}");

    // A connection is closed at its fifth wrong code; signed-in connections cannot redeem.
    let mut guesser = Client::connect(addr).await;
    guesser.hello(None).await;
    for i in 0..5 {
        let id =
            guesser.send(ClientMessage::RedeemLinkCode { code: format!("AAAA-AAA{}", i + 2), device: "".into() }).await;
        assert_eq!(guesser.error(id).await, ErrorCode::UnknownLinkCode);
    }
    assert!(guesser.next().await.is_none(), "closed after five wrong codes");
    let code = link_code(&mut phone).await;
    let id = phone.send(ClientMessage::RedeemLinkCode { code, device: "".into() }).await;
    assert_eq!(phone.error(id).await, ErrorCode::AlreadyAuthenticated);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_made_before_devices_existed_keeps_working() {
    let url = fresh_database().await;
    giveaway_server::testing::migrate_until(&url, 3).await;
    let db = sql(&url).await;
    let hash = giveaway_server::token_hash("gw1_before_devices");
    db.execute(
        "INSERT INTO players (nickname, nickname_key, nickname_skeleton, token_hash) VALUES ('Vera', 'vera', 'vera', $1)",
        &[&hash],
    )
    .await
    .unwrap();
    let srv = server(config(&url, "node1")).await;
    let (mut c, w) = Client::reconnect(srv.addr, "gw1_before_devices").await;
    assert!(matches!(w, ServerMessage::Welcome { player: Some(ref p), .. } if p.nickname == "Vera"), "{w:?}");
    let list = devices(&mut c).await;
    assert_eq!(list.len(), 1);
    assert!(list[0].this_device && list[0].label.is_empty());
}
