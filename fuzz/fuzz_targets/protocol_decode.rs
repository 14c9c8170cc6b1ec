//! Any frame a client can send, read by the server's decoder: never a panic; a frame that decodes writes back
//! to text that decodes to the same message.
#![no_main]

use giveaway_protocol::{decode_client, encode, MAX_CLIENT_FRAME};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match decode_client(text) {
        Ok(frame) => {
            let again = encode(&frame);
            // Unknown fields are dropped and numbers normalised, so the written form may be shorter.
            if again.len() <= MAX_CLIENT_FRAME {
                assert_eq!(decode_client(&again).expect("written frame decodes"), frame);
            }
        }
        Err(_) => {}
    }
});
