//! Open seeks on two nodes: a quick pairing seek is listed to others (not to its player, nor across a block),
//! with the seeker's rating and whether it is provisional; accepting it starts the game at once, and of two
//! players accepting the same seek at the same moment exactly one gets the game.

mod common;

use common::*;
use giveaway_protocol::{ClientMessage, ErrorCode, OpenSeek, ServerMessage};

async fn open_seeks(c: &mut Client) -> Vec<OpenSeek> {
    match c.request(ClientMessage::OpenSeeks).await {
        ServerMessage::OpenSeeks { seeks } => seeks,
        other => panic!("no seeks: {other:?}"),
    }
}

fn code(m: &ServerMessage) -> Option<ErrorCode> {
    match m {
        ServerMessage::Error { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seek_is_listed_and_accepted_once() {
    let url = fresh_database().await;
    let a = server(config(&url, "node_a")).await;
    let b = server(config(&url, "node_b")).await;
    let mut ann = Client::new_player(a.addr, "Ann").await;
    let mut bob = Client::new_player(b.addr, "Bob").await;
    let mut cid = Client::new_player(b.addr, "Cid").await;
    let mut troll = Client::new_player(a.addr, "Troll").await;
    troll.request(ClientMessage::Block { nickname: "Ann".into() }).await;

    assert!(matches!(ann.request(ClientMessage::Seek { time_control: BLITZ }).await, ServerMessage::Seeking { .. }));
    assert!(open_seeks(&mut ann).await.is_empty(), "one's own seek is not listed");
    assert!(open_seeks(&mut troll).await.is_empty(), "nor across a block");
    assert_eq!(
        code(&troll.request(ClientMessage::AcceptSeek { player: ann.id() }).await),
        Some(ErrorCode::UnknownSeek)
    );
    let listed = open_seeks(&mut bob).await;
    assert_eq!(listed.len(), 1);
    let s = &listed[0];
    assert_eq!((s.player.nickname.as_str(), s.rating, s.provisional, s.time_control), ("Ann", 1500.0, true, BLITZ));
    assert_eq!(code(&ann.request(ClientMessage::AcceptSeek { player: ann.id() }).await), Some(ErrorCode::UnknownSeek));

    // Bob and Cid accept at the same moment: one game, and the other is told the seek is gone.
    let (ann_id, bob_id, cid_id) = (ann.id(), bob.id(), cid.id());
    let b_req = bob.send(ClientMessage::AcceptSeek { player: ann_id }).await;
    let c_req = cid.send(ClientMessage::AcceptSeek { player: ann_id }).await;
    let (b_answer, c_answer) = (bob.reply(b_req).await, cid.reply(c_req).await);
    let winner = match (&b_answer, &c_answer) {
        (ServerMessage::GameState(g), other) | (other, ServerMessage::GameState(g)) => {
            assert_eq!(code(other), Some(ErrorCode::UnknownSeek), "{other:?}");
            if g.white.player.id == bob_id || g.black.player.id == bob_id {
                bob_id
            } else {
                cid_id
            }
        }
        other => panic!("no game: {other:?}"),
    };
    let st = ann.state().await;
    assert!([st.white.player.id, st.black.player.id].contains(&winner));
    assert_eq!((st.time_control, st.rated), (BLITZ, true));
    assert!(open_seeks(&mut cid).await.is_empty(), "the seek is gone");
}
