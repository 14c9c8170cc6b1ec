//! Any frame, read by the server's decoder (client frames) and by the clients' (server frames): never a panic;
//! a frame that decodes writes back to text that decodes to the same message. (Server frames carry ratings as
//! floats; this crate turns on serde_json's `float_roundtrip`, so that they too must read back equal.)
//! The seeds, one frame of every message both ways, are in `fuzz/corpus/protocol_decode/` (written from the
//! protocol crate's samples, `protocol/src/samples.rs`).
#![no_main]

use giveaway_protocol::{decode_client, decode_server, encode, MAX_CLIENT_FRAME, MAX_SERVER_FRAME};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(frame) = decode_client(text) {
        let again = encode(&frame);
        // Unknown fields are dropped and numbers normalised, so the written form may be shorter.
        if again.len() <= MAX_CLIENT_FRAME {
            assert_eq!(decode_client(&again).expect("written frame decodes"), frame, "{again}");
        }
    }
    if let Ok(frame) = decode_server(text) {
        let again = encode(&frame);
        // A float written in full (`1e5` as `100000.0`) may make the written form longer.
        if again.len() <= MAX_SERVER_FRAME {
            assert_eq!(decode_server(&again).expect("written server frame decodes"), frame, "{again}");
        }
    }
});
