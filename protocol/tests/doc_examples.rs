//! `docs/protocol.md` is the contract: every JSON example in it must be a frame of this crate (client or server)
//! that decodes and encodes back to the same JSON, and its list of error codes must be the `ErrorCode` enum.

use giveaway_protocol::{decode, encode, ClientFrame, ErrorCode, ServerFrame, ServerMessage, MAX_SERVER_FRAME};
use serde_json::Value;

fn document() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md is readable")
}

/// The JSON values of every ```json block, a block holding one or more frames (a frame may span lines); a
/// `  // comment` at the end of a line is the document's, not the frame's.
fn examples(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        match (&mut block, line.trim_start()) {
            (None, l) if l.starts_with("```json") => block = Some(String::new()),
            (Some(b), l) if l.starts_with("```") => {
                let values = serde_json::Deserializer::from_str(b).into_iter::<Value>();
                for v in values {
                    let v = v.unwrap_or_else(|e| panic!("a JSON example does not parse ({e}) in:\n{b}"));
                    out.push(v.to_string());
                }
                block = None;
            }
            (Some(b), _) => {
                b.push_str(line.split("  //").next().unwrap_or(line));
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

/// Decodes `text` as `T` and says whether it encodes back to the same JSON value.
fn round_trips<T: serde::de::DeserializeOwned + serde::Serialize>(text: &str) -> bool {
    let Ok(frame) = decode::<T>(text, MAX_SERVER_FRAME) else { return false };
    let again: Value = serde_json::from_str(&encode(&frame)).expect("encoded frames are JSON");
    again == serde_json::from_str::<Value>(text).expect("examples are JSON")
}

fn is_known_server_frame(text: &str) -> bool {
    decode::<ServerFrame>(text, MAX_SERVER_FRAME).is_ok_and(|f| f.message != ServerMessage::Unknown)
}

#[test]
fn every_example_decodes_and_encodes_back_the_same() {
    let doc = document();
    let all = examples(&doc);
    assert!(all.len() >= 27, "the document's examples were found ({} of them)", all.len());
    for text in &all {
        let client = round_trips::<ClientFrame>(text);
        let server = is_known_server_frame(text) && round_trips::<ServerFrame>(text);
        assert!(client || server, "not a frame of the protocol crate, or not encoded back the same: {text}");
        assert!(!text.contains("null"), "absent optional fields are left out, not null: {text}");
    }
}

/// The backquoted names between "The codes are the `ErrorCode` enum:" and the end of that sentence.
fn documented_codes(doc: &str) -> Vec<String> {
    let start = doc.find("The codes are the `ErrorCode` enum:").expect("the document lists the error codes");
    let list = &doc[start..];
    let list = &list[..list.find("`message` is").expect("the list ends before `message`")];
    list.split('`').skip(3).step_by(2).map(str::to_string).collect()
}

#[test]
fn the_documented_error_codes_are_the_enum() {
    let codes = documented_codes(&document());
    assert_eq!(codes.first().map(String::as_str), Some("malformed"));
    for c in &codes {
        let code: ErrorCode =
            serde_json::from_value(Value::String(c.clone())).unwrap_or_else(|_| panic!("{c} is no ErrorCode"));
        assert_eq!(&code.name(), c);
    }
    // Every variant is listed: serde names each one, and the list has as many distinct names.
    let distinct: std::collections::BTreeSet<&String> = codes.iter().collect();
    assert_eq!(distinct.len(), codes.len(), "no code listed twice");
    assert_eq!(codes.len(), ErrorCode::ALL.len(), "every code is documented");
}
