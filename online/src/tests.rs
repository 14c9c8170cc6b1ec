//! Whatever the server sends, in whatever order, the client never panics and its board stays a legal game:
//! sequences of frames built from the protocol's messages with random games, plies, moves (legal, illegal and
//! garbage), clocks and results.

use super::*;
use crate::connection::Peer;
use giveaway_app::GameLibrary;
use giveaway_app::{NoObserver, Queued};
use proptest::prelude::*;
use std::sync::Arc;

fn client() -> (tempfile::TempDir, Arc<OnlineClient>) {
    let dir = tempfile::tempdir().unwrap();
    let library = GameLibrary::open(dir.path().join("games.db").to_string_lossy().into_owned()).unwrap();
    // Nothing listens on port 9 (discard): the socket thread only fails and waits; frames are fed directly.
    let client =
        OnlineClient::connect("ws://127.0.0.1:9/ws", library, Arc::new(Queued::default()), Arc::new(NoObserver))
            .unwrap();
    (dir, client)
}

const MOVES: [&str; 8] = ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "a3-b4", "22-18", "zz", ""];

fn frame() -> impl Strategy<Value = String> {
    let game = 1i64..3;
    let ply = 0u32..6;
    let mv = prop::sample::select(&MOVES[..]);
    let color = prop::sample::select(&["white", "black"][..]);
    let reason = prop::sample::select(
        &["no_legal_move", "resignation", "time", "agreement", "abandonment", "aborted", "repetition", "bogus"][..],
    );
    let ms = 0u64..400_000;
    prop_oneof![
        Just(r#"{"type":"welcome","protocol":1,"player":{"id":1,"nickname":"Anna"},"games":[1],"presets":[{"base_ms":300000,"increment_ms":3000}]}"#.to_string()),
        (game.clone(), color.clone(), prop::collection::vec(mv.clone(), 0..4), ms.clone(), any::<bool>()).prop_map(|(g, you, moves, t, over)| {
            let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
            let result = if over { r#","result":{"winner":"white","reason":"resignation"}"# } else { "" };
            format!(
                r#"{{"type":"game_state","game":{g},"white":{{"player":{{"id":1,"nickname":"Anna"}},"rating":1500.0,"provisional":true}},"black":{{"player":{{"id":2,"nickname":"Boris"}},"rating":1500.0,"provisional":true}},"you":"{you}","time_control":{{"base_ms":300000,"increment_ms":3000}},"speed":"blitz","rated":true,"moves":[{}],"clocks":{{"white_ms":{t},"black_ms":{t}}},"turn":"white","clock_running":true,"opponent_connected":true,"reactions":[]{result}}}"#,
                moves.join(",")
            )
        }),
        (game.clone(), ply.clone(), mv.clone(), color.clone(), ms.clone()).prop_map(|(g, p, m, by, t)| format!(
            r#"{{"type":"moved","game":{g},"ply":{p},"move":"{m}","by":"{by}","clocks":{{"white_ms":{t},"black_ms":{t}}}}}"#
        )),
        (game.clone(), color.clone(), reason).prop_map(|(g, w, r)| format!(
            r#"{{"type":"game_end","game":{g},"result":{{"winner":"{w}","reason":"{r}"}},"clocks":{{"white_ms":1,"black_ms":2}},"ratings":{{"white":{{"before":1500,"after":1600,"provisional":true}},"black":{{"before":1500,"after":1400,"provisional":true}}}}}}"#
        )),
        (game.clone(), color.clone()).prop_map(|(g, by)| format!(r#"{{"type":"draw_offered","game":{g},"by":"{by}"}}"#)),
        (game.clone(), color.clone()).prop_map(|(g, by)| format!(r#"{{"type":"draw_declined","game":{g},"by":"{by}"}}"#)),
        (game.clone(), ply.clone(), color.clone()).prop_map(|(g, p, by)| format!(r#"{{"type":"reaction","game":{g},"reaction":{{"ply":{p},"by":"{by}","emoji":"👍"}}}}"#)),
        (game.clone(), color.clone()).prop_map(|(g, by)| format!(r#"{{"type":"rematch_offered","game":{g},"by":"{by}"}}"#)),
        game.clone().prop_map(|g| format!(r#"{{"type":"opponent_connection","game":{g},"connected":false}}"#)),
        prop::sample::select(&["wrong_ply", "illegal_move", "unavailable", "unknown_token", "nickname_taken", "internal"][..])
            .prop_map(|c| format!(r#"{{"type":"error","code":"{c}","message":"m","game":1}}"#)),
        Just(r#"{"type":"account","player":{"id":3,"nickname":"Cleo"},"token":"gw1_x"}"#.to_string()),
        Just(r#"{"type":"leaderboard","speed":"blitz","offset":0,"entries":[]}"#.to_string()),
        Just(r#"{"type":"seeking","time_control":{"base_ms":300000,"increment_ms":3000}}"#.to_string()),
        Just(r#"{"type":"tournament_starts","in_ms":5}"#.to_string()),
        // Watching and friends: a watched game's frames interleave with the player's own.
        (game.clone(), prop::collection::vec(mv.clone(), 0..4), color.clone()).prop_map(|(g, ms, turn)| format!(
            r#"{{"type":"watching","game":{g},"white":{{"player":{{"id":5,"nickname":"Wim"}},"rating":1500.0,"provisional":true}},"black":{{"player":{{"id":6,"nickname":"Bea"}},"rating":1500.0,"provisional":true}},"time_control":{{"base_ms":300000,"increment_ms":3000}},"speed":"blitz","rated":true,"moves":[{}],"clocks":{{"white_ms":9,"black_ms":9}},"turn":"{turn}","clock_running":true,"reactions":[],"spectators":1}}"#,
            ms.iter().map(|m| format!("\"{m}\"")).collect::<Vec<_>>().join(",")
        )),
        (game.clone(), 0u32..5).prop_map(|(g, n)| format!(r#"{{"type":"spectators","game":{g},"count":{n}}}"#)),
        (1i64..4).prop_map(|id| format!(r#"{{"type":"challenge","challenge":{{"id":{id},"challenger":{{"id":2,"nickname":"Bo"}},"challenged":{{"id":1,"nickname":"Anna"}},"time_control":{{"base_ms":300000,"increment_ms":3000}},"color":"random","rated":true,"expires_in_ms":5000}}}}"#)),
        (1i64..4).prop_map(|id| format!(r#"{{"type":"challenge_closed","challenge":{id},"end":"expired"}}"#)),
        "[ -~]{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn any_frames_in_any_order_never_panic_and_keep_the_board_legal(frames in prop::collection::vec(frame(), 1..25)) {
        let (_dir, c) = client();
        for text in &frames {
            let Ok(frame) = giveaway_protocol::decode_server(text) else { continue };
            let mut replies = Vec::new();
            let _ = c.received(frame.message, &mut replies);
            if let Some(game) = c.game() {
                let state = game.state();
                let position = giveaway_core::fen::parse_fen(&state.snapshot.fen);
                prop_assert!(position.is_ok(), "{}", state.snapshot.fen);
                prop_assert_eq!(state.snapshot.move_list.iter().map(|r| r.white.is_some() as u32 + r.black.is_some() as u32).sum::<u32>(), state.snapshot.ply);
            }
            let _ = c.state();
            let _ = c.take_events();
        }
        c.disconnect();
    }
}
