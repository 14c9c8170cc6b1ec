//! Any frame, read by the server's decoder (client frames) and by the clients' (server frames): never a panic; a
//! client frame that decodes writes back to text that decodes to the same message, and a server frame to text
//! that decodes again (its ratings are floats, which serde_json may read back a unit in the last place apart).
//! The seeds, one frame of every message both ways, are in `fuzz/corpus/protocol_decode/` (written from the
//! protocol crate's samples, `protocol/src/samples.rs`).
#![no_main]

use giveaway_protocol::{decode_client, decode_server, encode, MAX_CLIENT_FRAME};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(frame) = decode_client(text) {
        let again = encode(&frame);
        // Unknown fields are dropped and numbers normalised, so the written form may be shorter.
        if again.len() <= MAX_CLIENT_FRAME {
            assert_eq!(decode_client(&again).expect("written frame decodes"), frame);
        }
    }
    if let Ok(frame) = decode_server(text) {
        decode_server(&encode(&frame)).expect("written server frame decodes");
    }
});
