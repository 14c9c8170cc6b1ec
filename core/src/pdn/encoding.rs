//! The text of a PDN file from its bytes: UTF-8 (with or without a byte-order mark), UTF-16 in either byte
//! order (Windows editors write it, with a byte-order mark), and the single-byte encodings old draughts
//! programs use (Latin-1, CP1251), whose non-ASCII bytes only occur in names and comments.
//!
//! [`TextStream`] decodes a file piece by piece, so that a large one is never held whole; [`decode`] is the
//! same decoding of bytes already in memory.

use std::io::{self, Read};

const UTF8_BOM: &[u8] = b"\xef\xbb\xbf";
/// How much of the start of a file tells its encoding: enough for the zero bytes of UTF-16 to show.
const SNIFF_BYTES: usize = 64 << 10;
/// How many bytes one [`TextStream::read_into`] decodes.
const CHUNK_BYTES: usize = 64 << 10;

/// Decodes a PDN file. Bytes that are not valid in the encoding found become U+FFFD, so an odd byte in a
/// name or comment does not stop an otherwise good file (its moves are ASCII in every encoding).
pub fn decode(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    let mut stream = TextStream::new(bytes);
    // Reading a slice cannot fail.
    while let Ok(true) = stream.read_into(&mut text) {}
    text
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    /// UTF-8, which also passes the ASCII of single-byte encodings through.
    Utf8,
    Utf16 {
        little_endian: bool,
    },
}

/// The decoded text of a byte stream, a piece at a time; the encoding is told by the start of the stream as
/// [`decode`] tells it.
pub(super) struct TextStream<R> {
    source: R,
    /// The bytes are known to be UTF-8 (text handed over as a string): no zero bytes make them UTF-16.
    known_utf8: bool,
    /// `None` until the start of the stream has been read.
    encoding: Option<Encoding>,
    /// Bytes read and not yet decoded: the start read to tell the encoding, or a character cut off by a read.
    pending: Vec<u8>,
    ended: bool,
    /// How many bytes one [`TextStream::read_into`] decodes, at most.
    chunk: usize,
}

impl<R: Read> TextStream<R> {
    /// Text in an encoding to be found from its first bytes.
    pub fn new(source: R) -> TextStream<R> {
        TextStream { source, known_utf8: false, encoding: None, pending: Vec::new(), ended: false, chunk: CHUNK_BYTES }
    }

    /// Text known to be UTF-8 (a byte-order mark at its start is still dropped).
    pub fn utf8(source: R) -> TextStream<R> {
        TextStream { known_utf8: true, ..TextStream::new(source) }
    }

    /// The same stream decoded `chunk` bytes at a time (at least 4), so that tests cut the text everywhere.
    #[cfg(test)]
    pub fn in_pieces(self, chunk: usize) -> TextStream<R> {
        TextStream { chunk, ..self }
    }

    /// Appends the next piece of text to `out` (possibly none, when a read ended inside a character); `false`
    /// once the stream has ended.
    pub fn read_into(&mut self, out: &mut String) -> io::Result<bool> {
        // At least a whole character, so that every call decodes something.
        let piece = self.chunk.max(4);
        let encoding = match self.encoding {
            Some(e) => {
                self.fill(piece)?;
                e
            }
            None => {
                self.fill(SNIFF_BYTES)?;
                let (e, bom) = match sniff(&self.pending) {
                    (Encoding::Utf16 { .. }, _) if self.known_utf8 => (Encoding::Utf8, 0),
                    found => found,
                };
                self.pending.drain(..bom);
                self.encoding = Some(e);
                e
            }
        };
        if self.ended && self.pending.is_empty() {
            return Ok(false);
        }
        let bytes = &self.pending[..piece.min(self.pending.len())];
        let last = self.ended && bytes.len() == self.pending.len();
        let used = match encoding {
            Encoding::Utf8 => utf8_into(bytes, last, out),
            Encoding::Utf16 { little_endian } => utf16_into(bytes, little_endian, last, out),
        };
        self.pending.drain(..used);
        Ok(true)
    }

    /// Reads until `pending` holds `len` bytes or the stream ends.
    fn fill(&mut self, len: usize) -> io::Result<()> {
        while !self.ended && self.pending.len() < len {
            let want = (len - self.pending.len()) as u64;
            match (&mut self.source).take(want).read_to_end(&mut self.pending) {
                Ok(0) => self.ended = true,
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

/// The encoding of a stream from its start, and the length of its byte-order mark. Without a mark, text in
/// UTF-16 has a zero byte beside nearly every ASCII character, which UTF-8 and single-byte text never have;
/// the side the zeros are on gives the byte order.
fn sniff(start: &[u8]) -> (Encoding, usize) {
    if start.starts_with(UTF8_BOM) {
        return (Encoding::Utf8, UTF8_BOM.len());
    }
    if start.starts_with(b"\xff\xfe") {
        return (Encoding::Utf16 { little_endian: true }, 2);
    }
    if start.starts_with(b"\xfe\xff") {
        return (Encoding::Utf16 { little_endian: false }, 2);
    }
    let zeros_at = |parity: usize| start.iter().skip(parity).step_by(2).filter(|&&b| b == 0).count();
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let half = start.len() / 4; // a quarter of the bytes: half of the units on one side
                                // A character such as U+0400 puts a zero on the other side too, rarely.
    match (even, odd) {
        (e, o) if o > half && e * 8 < o => (Encoding::Utf16 { little_endian: true }, 0),
        (e, o) if e > half && o * 8 < e => (Encoding::Utf16 { little_endian: false }, 0),
        _ => (Encoding::Utf8, 0),
    }
}

/// Decodes UTF-8 onto `out`, each invalid sequence as one U+FFFD (as `String::from_utf8_lossy` does). Returns
/// the bytes used: all of them, but for a character cut off by the end of a read when more may follow.
fn utf8_into(bytes: &[u8], last: bool, out: &mut String) -> usize {
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                out.push_str(text);
                return bytes.len();
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                out.push_str(&String::from_utf8_lossy(good)); // valid: borrowed, not copied
                match e.error_len() {
                    Some(n) => {
                        out.push(char::REPLACEMENT_CHARACTER);
                        rest = &bad[n..];
                    }
                    None if last => {
                        out.push(char::REPLACEMENT_CHARACTER);
                        return bytes.len();
                    }
                    None => return bytes.len() - bad.len(),
                }
            }
        }
    }
}

/// Decodes UTF-16 onto `out`, unpaired surrogates (and an odd last byte) as U+FFFD. Returns the bytes used,
/// keeping back an odd byte or a first surrogate when more may follow.
fn utf16_into(bytes: &[u8], little_endian: bool, last: bool, out: &mut String) -> usize {
    let unit =
        |c: &[u8]| if little_endian { u16::from_le_bytes([c[0], c[1]]) } else { u16::from_be_bytes([c[0], c[1]]) };
    let mut used = bytes.len() & !1;
    if !last && used >= 2 && (0xd800..0xdc00).contains(&unit(&bytes[used - 2..used])) {
        used -= 2;
    }
    let units = bytes[..used].chunks_exact(2).map(unit);
    out.extend(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
    if last && used < bytes.len() {
        out.push(char::REPLACEMENT_CHARACTER); // an odd last byte
        used = bytes.len();
    }
    used
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

    /// A reader that hands over at most `step` bytes at a time, as a pipe or a slow file may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// The text of `bytes` read and decoded a few bytes at a time, so that characters are cut everywhere.
    fn trickled(bytes: &[u8], step: usize) -> String {
        let mut stream = TextStream::new(Trickle { bytes, step }).in_pieces(step);
        let mut out = String::new();
        while stream.read_into(&mut out).unwrap() {}
        out
    }

    #[test]
    fn every_encoding_gives_the_same_text() {
        let text = "[White \"Иванов\"]\n1. c3-d4 f6-g5 * {𝄞}\n";
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

    #[test]
    fn text_read_in_pieces_is_the_text_read_whole() {
        let text = "[White \"Иванов 𝄞\"]\n1. c3-d4 f6-g5 *\n".repeat(3);
        let mut files = vec![text.as_bytes().to_vec(), [UTF8_BOM, text.as_bytes()].concat()];
        files.push(b"[White \"M\xfcller\xe2\x82\"] \xf0\x9f 1. c3-d4 *\xe2".to_vec()); // bad and cut-off sequences
        for little_endian in [true, false] {
            files.push(utf16(&text, little_endian, true));
            // An unpaired surrogate, then the text, then an odd byte.
            let mut odd: Vec<u8> = [0xd834u16, u16::from(b'x')]
                .iter()
                .flat_map(|u| if little_endian { u.to_le_bytes() } else { u.to_be_bytes() })
                .collect();
            odd.extend(utf16(&text, little_endian, false));
            odd.push(0);
            files.push(odd);
        }
        for bytes in &files {
            // The whole-file decoding of the same bytes, as `String::from_utf8_lossy` and `decode_utf16` give it.
            let whole = decode(bytes);
            for step in 1..8 {
                assert_eq!(trickled(bytes, step), whole, "step {step}: {bytes:?}");
            }
        }
        assert_eq!(decode(b"\xf0\x9f 1.\xe2"), "\u{fffd} 1.\u{fffd}");
    }

    #[test]
    fn the_encoding_is_told_by_the_start_of_a_large_file() {
        let text = "1. c3-d4 f6-g5 *\n".repeat(10_000);
        assert!(text.len() > SNIFF_BYTES);
        for little_endian in [true, false] {
            assert_eq!(decode(&utf16(&text, little_endian, false)), text);
        }
    }
}
