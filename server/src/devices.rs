//! A second device (docs/protocol.md "Devices"): one-time link codes a signed-in device shows and a new device
//! redeems for a token of its own, the device list and signing a device out.
//!
//! A code is 8 characters from 32 unambiguous ones (40 bits), valid 5 minutes and once, one per account, and
//! stored hashed. Guessing is bounded twice: a connection is closed after 5 wrong codes, and a node answers at
//! most 60 wrong codes a minute, all connections together (then `rate_limited` for a minute). With 1,000 codes
//! live at once a guess hits one with probability 1,000 / 2^40; at 60 guesses a minute per node that is once in
//! about 35 years per node.

use sha2::{Digest, Sha256};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a link code is valid.
pub const LINK_CODE_TTL: Duration = Duration::from_secs(300);
/// Wrong codes a connection may send before it is closed.
pub const WRONG_CODES_PER_CONNECTION: u32 = 5;
/// Wrong codes a node answers per minute, all connections together.
pub const WRONG_CODES_PER_MINUTE: u32 = 60;
/// The longest device name kept, in characters.
pub const LABEL_CHARS: usize = 40;

/// No 0/O, 1/I: a code read aloud or typed from a screen is not misread.
const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_CHARS: usize = 8;

/// A new code, written `K7QM-2XPD` (the dash is for reading; `normalize` drops it).
pub fn new_code() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; CODE_CHARS];
    getrandom::fill(&mut bytes)?;
    // 256 is a multiple of 32: taking the low 5 bits is uniform.
    let chars: String = bytes.iter().map(|b| ALPHABET[(b & 31) as usize] as char).collect();
    Ok(format!("{}-{}", &chars[..4], &chars[4..]))
}

/// The code as typed, upper case, spaces and dashes dropped; `None` when it cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).map(|c| c.to_ascii_uppercase()).collect();
    (code.len() == CODE_CHARS && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// What the database keeps of a code (normalised).
pub fn code_hash(code: &str) -> Vec<u8> {
    Sha256::digest(code.as_bytes()).to_vec()
}

/// A device's name as kept: control characters dropped, trimmed, at most [`LABEL_CHARS`].
pub fn label(given: &str) -> String {
    given.chars().filter(|c| !c.is_control()).take(LABEL_CHARS).collect::<String>().trim().to_string()
}

/// The node's count of wrong codes in the current minute.
static WRONG: Mutex<Option<(Instant, u32)>> = Mutex::new(None);

/// Whether the node still answers codes this minute.
pub fn node_allows_attempt(now: Instant) -> bool {
    let w = WRONG.lock().unwrap_or_else(|p| p.into_inner());
    !matches!(*w, Some((since, n)) if now.duration_since(since) < Duration::from_secs(60) && n >= WRONG_CODES_PER_MINUTE)
}

/// Counts a wrong code against the node's minute.
pub fn node_wrong_code(now: Instant) {
    let mut w = WRONG.lock().unwrap_or_else(|p| p.into_inner());
    *w = match *w {
        Some((since, n)) if now.duration_since(since) < Duration::from_secs(60) => Some((since, n + 1)),
        _ => Some((now, 1)),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_readable_and_read_back_however_typed() {
        for _ in 0..100 {
            let code = new_code().unwrap();
            assert_eq!(code.len(), 9);
            assert_eq!(code.as_bytes()[4], b'-');
            let n = normalize(&code).unwrap();
            assert_eq!(normalize(&code.to_lowercase()), Some(n.clone()));
            assert_eq!(normalize(&format!(" {} {} ", &n[..4], &n[4..])), Some(n));
        }
        assert_eq!(normalize("K7QM2XP"), None, "too short");
        assert_eq!(normalize("K7QM-2XP0"), None, "0 is not in the alphabet");
        assert_eq!(normalize("K7QM-2XPDD"), None, "too long");
        assert_eq!(normalize("К7QM-2XPD"), None, "a Cyrillic К");
    }

    #[test]
    fn labels_are_kept_short_and_printable() {
        assert_eq!(label("  Pixel 8\n"), "Pixel 8");
        assert_eq!(label(&"x".repeat(100)).chars().count(), LABEL_CHARS);
        assert_eq!(label("\u{7}\u{1b}[2J"), "[2J");
    }

    #[test]
    fn a_node_stops_answering_codes_after_a_minutes_worth_of_wrong_ones() {
        let t = Instant::now();
        assert!(node_allows_attempt(t));
        for _ in 0..WRONG_CODES_PER_MINUTE {
            node_wrong_code(t);
        }
        assert!(!node_allows_attempt(t + Duration::from_secs(59)));
        assert!(node_allows_attempt(t + Duration::from_secs(61)));
        node_wrong_code(t + Duration::from_secs(61));
        assert!(node_allows_attempt(t + Duration::from_secs(62)), "a new minute");
    }
}
