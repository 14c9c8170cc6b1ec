//! The text of a PDN file from its bytes: UTF-8 (with or without a byte-order mark), UTF-16 in either byte
//! order (Windows editors write it, with a byte-order mark), and the single-byte encodings old draughts
//! programs use (Latin-1, CP1251), whose non-ASCII bytes only occur in names and comments.

const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";

/// Decodes a PDN file. Bytes that are not valid in the encoding found become U+FFFD, so an odd byte in a
/// name or comment does not stop an otherwise good file (its moves are ASCII in every encoding).
pub fn decode(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(UTF8_BOM) {
        return String::from_utf8_lossy(rest).into_owned();
    }
    match utf16_order(bytes) {
        Some((little_endian, rest)) => {
            let units = rest.chunks(2).map(|c| match *c {
                [a, b] if little_endian => u16::from_le_bytes([a, b]),
                [a, b] => u16::from_be_bytes([a, b]),
                _ => 0xfffd, // an odd last byte
            });
            char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
        }
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Whether the bytes are UTF-16, little-endian or not, and the text after the byte-order mark. Without a mark,
/// text in UTF-16 has a zero byte beside nearly every ASCII character, which UTF-8 and single-byte text never
/// have; the side the zeros are on gives the byte order.
fn utf16_order(bytes: &[u8]) -> Option<(bool, &[u8])> {
    if let Some(rest) = bytes.strip_prefix(b"\xff\xfe") {
        return Some((true, rest));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xfe\xff") {
        return Some((false, rest));
    }
    let zeros_at = |parity: usize| bytes.iter().skip(parity).step_by(2).filter(|&&b| b == 0).count();
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let half = bytes.len() / 4; // a quarter of the bytes: half of the units on one side
    // A character such as U+0400 puts a zero on the other side too, rarely.
    match (even, odd) {
        (e, o) if o > half && e * 8 < o => Some((true, bytes)),
        (e, o) if e > half && o * 8 < e => Some((false, bytes)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, little_endian: bool, bom: bool) -> Vec<u8> {
        let mut out = Vec::new();
        for unit in (bom.then_some('\u{feff}').into_iter().chain(text.chars())).collect::<String>().encode_utf16() {
            out.extend(if little_endian { unit.to_le_bytes() } else { unit.to_be_bytes() });
        }
        out
    }

    #[test]
    fn every_encoding_gives_the_same_text() {
        let text = "[White \"Иванов\"]\n1. c3-d4 f6-g5 *\n";
        assert_eq!(decode(text.as_bytes()), text);
        assert_eq!(decode(&[UTF8_BOM, text.as_bytes()].concat()), text);
        for little_endian in [true, false] {
            for bom in [true, false] {
                assert_eq!(decode(&utf16(text, little_endian, bom)), text, "LE {little_endian}, BOM {bom}");
            }
        }
    }

    #[test]
    fn single_byte_text_keeps_its_ascii_and_odd_bytes_do_not_stop_it() {
        // "Müller" in Latin-1: the ü is not UTF-8.
        assert_eq!(decode(b"[White \"M\xfcller\"] 1. c3-d4 *"), "[White \"M\u{fffd}ller\"] 1. c3-d4 *");
        // An odd byte count in UTF-16 loses only the last byte.
        let mut odd = utf16("1. c3-d4 *", true, true);
        odd.push(b'x');
        assert_eq!(decode(&odd), "1. c3-d4 *\u{fffd}");
        assert_eq!(decode(b""), "");
    }
}
