//! Splits PDN text into tag pairs, words and comments, dropping variations (with the comments inside them) and
//! `%` escape lines. The text may be the start of a longer one: a token that runs to its end is not read but
//! asked for more text ([`Step::More`]), so that a file can be read a piece at a time.

/// A lexical unit the reader acts on.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    Tag {
        key: String,
        value: String,
    },
    /// Anything else: a move number, a move, a NAG, a result.
    Word(&'a str),
    /// The text of a `{…}` or `; …` comment outside variations, without its delimiters.
    Comment(&'a str),
}

/// What the lexer found next.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step<'a> {
    Token(Token<'a>),
    /// Broken structure; it ends the input.
    Error(String),
    /// The next token may go on past the end of the text given: nothing was read, more text is needed.
    More,
    /// The whole text has been read.
    End,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// The text is all there is; otherwise more may follow it.
    complete: bool,
    /// The text's first byte starts a line (it follows a line break, or nothing).
    starts_line: bool,
    /// The token being read ran into the end of text that is not complete.
    starved: bool,
}

/// Characters that end a word (besides whitespace).
const DELIMITERS: &[u8] = b"{}()[];";

impl<'a> Lexer<'a> {
    /// A lexer of the whole of `text`.
    #[cfg(test)]
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer::resume(text, 0, true, true)
    }

    /// A lexer of `text` from `pos`, where `complete` says that no text follows and `starts_line` that the
    /// text's first byte starts a line.
    pub fn resume(text: &'a str, pos: usize, complete: bool, starts_line: bool) -> Lexer<'a> {
        Lexer { text, pos, complete, starts_line, starved: false }
    }

    /// Where the lexer is in the text: everything before has been read.
    pub fn pos(&self) -> usize {
        self.pos
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The byte at `at`; past the end of incomplete text, it notes that more text is needed.
    fn byte(&mut self, at: usize) -> Option<u8> {
        let b = self.bytes().get(at).copied();
        self.starved |= b.is_none() && !self.complete;
        b
    }

    fn peek(&mut self) -> Option<u8> {
        self.byte(self.pos)
    }

    /// Where `c` next occurs from `from`; not found in incomplete text, it notes that more text is needed.
    fn find(&mut self, from: usize, c: u8) -> Option<usize> {
        let at = self.bytes()[from..].iter().position(|&b| b == c).map(|n| from + n);
        self.starved |= at.is_none() && !self.complete;
        at
    }

    /// Skips to the next line; returns the text skipped, without the line break.
    fn skip_line(&mut self) -> &'a str {
        let start = self.pos;
        let end = self.find(start, b'\n').unwrap_or(self.text.len());
        self.pos = (end + 1).min(self.text.len());
        &self.text[start..end]
    }

    /// Skips a `{…}` comment; `pos` is on the `{`. Returns the text inside.
    fn skip_comment(&mut self) -> Result<&'a str, String> {
        let start = self.pos + 1;
        match self.find(start, b'}') {
            Some(end) => {
                self.pos = end + 1;
                Ok(&self.text[start..end])
            }
            None => Err("comment '{' is never closed with '}'".into()),
        }
    }

    /// Skips a variation, with nested variations and comments inside; `pos` is on the `(`.
    fn skip_variation(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                b'{' => {
                    self.skip_comment()?;
                    continue;
                }
                b';' => {
                    self.skip_line();
                    continue;
                }
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        Err("variation '(' is never closed with ')'".into())
    }

    /// Reads `[Key "Value"]`; `pos` is on the `[`.
    fn tag(&mut self) -> Result<Token<'a>, String> {
        self.pos += 1;
        self.skip_spaces();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
            self.pos += 1;
        }
        let key = self.text[start..self.pos].to_string();
        if key.is_empty() {
            return Err("a tag must start with a name, as in [Event \"…\"]".into());
        }
        self.skip_spaces();
        if self.peek() != Some(b'"') {
            return Err(format!("tag {key} needs a quoted value, as in [{key} \"…\"]"));
        }
        self.pos += 1;
        let mut value = String::new();
        let mut chunk = self.pos;
        loop {
            match self.peek() {
                None => return Err(format!("the value of tag {key} is never closed with '\"'")),
                Some(b'"') => {
                    value.push_str(&self.text[chunk..self.pos]);
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if matches!(self.byte(self.pos + 1), Some(b'"' | b'\\')) => {
                    value.push_str(&self.text[chunk..self.pos]);
                    self.pos += 1; // keep the escaped character as the start of the next chunk
                    chunk = self.pos;
                    self.pos += 1;
                }
                Some(_) => self.pos += 1,
            }
        }
        self.skip_spaces();
        if self.peek() != Some(b']') {
            return Err(format!("tag {key} is not closed with ']'"));
        }
        self.pos += 1;
        Ok(Token::Tag { key, value })
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn at_line_start(&self) -> bool {
        if self.pos == 0 {
            self.starts_line
        } else {
            self.bytes()[self.pos - 1] == b'\n'
        }
    }

    /// The next token. A token cut off by the end of incomplete text is left unread ([`Step::More`]), and so
    /// is an error found there, as the text after may mend it.
    pub fn step(&mut self) -> Step<'a> {
        loop {
            self.skip_spaces();
            let start = self.pos;
            let Some(c) = self.peek() else { return if self.starved { Step::More } else { Step::End } };
            let found = match c {
                b'%' if self.at_line_start() => {
                    self.skip_line();
                    None
                }
                b';' => {
                    self.pos += 1;
                    Some(Ok(Token::Comment(self.skip_line())))
                }
                b'{' => Some(self.skip_comment().map(Token::Comment)),
                b'(' => self.skip_variation().err().map(Err),
                b'[' => Some(self.tag()),
                b')' | b'}' | b']' => Some(Err(format!("unexpected '{}'", c as char))),
                _ => {
                    // Stop at ASCII whitespace or delimiters; multi-byte UTF-8 never contains these bytes.
                    while self.peek().is_some_and(|c| !c.is_ascii_whitespace() && !DELIMITERS.contains(&c)) {
                        self.pos += 1;
                    }
                    Some(Ok(Token::Word(&self.text[start..self.pos])))
                }
            };
            if self.starved {
                self.pos = start;
                return Step::More;
            }
            match found {
                None => {}
                Some(Ok(token)) => return Step::Token(token),
                Some(Err(e)) => {
                    self.pos = self.text.len(); // an error ends the input
                    return Step::Error(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let mut lexer = Lexer::new(text);
        std::iter::from_fn(|| match lexer.step() {
            Step::Token(Token::Word(w)) => Some(w.to_string()),
            Step::Token(Token::Tag { key, value }) => Some(format!("[{key}={value}]")),
            Step::Token(Token::Comment(c)) => Some(format!("{{{c}}}")),
            Step::Error(e) => Some(format!("ERR {e}")),
            Step::More => Some("MORE".into()),
            Step::End => None,
        })
        .collect()
    }

    #[test]
    fn tags_words_comments_and_variations() {
        let text =
            "% escape line\n[Event \"A \\\"big\\\" one\\\\\"] [Site\"x\"]\n1. c3-d4 {comment (not a variation}\n\
                    f6-g5 (1... b6-a5 (2. d4-c5 {x)}) ) ; nested ) \n 2.d4:f6 ; rest of line\n g7:e5 $1 1-0";
        assert_eq!(
            words(text),
            [
                "[Event=A \"big\" one\\]",
                "[Site=x]",
                "1.",
                "c3-d4",
                "{comment (not a variation}",
                "f6-g5",
                "{ nested ) }",
                "2.d4:f6",
                "{ rest of line}",
                "g7:e5",
                "$1",
                "1-0"
            ]
        );
    }

    #[test]
    fn structural_errors() {
        for (text, why) in [
            ("1. c3-d4 {open", "never closed with '}'"),
            ("1. c3-d4 (f6-g5 (x)", "never closed with ')'"),
            ("[Event \"x", "never closed with '\"'"),
            ("[Event x]", "quoted value"),
            ("[\"x\"]", "start with a name"),
            ("[Event \"x\"", "not closed with ']'"),
            ("c3-d4 )", "unexpected ')'"),
        ] {
            let all = words(text);
            let last = all.last().cloned().unwrap_or_default();
            assert!(last.starts_with("ERR") && last.contains(why), "{text}: {all:?}");
        }
    }

    #[test]
    fn percent_only_escapes_at_line_start() {
        assert_eq!(words("a%b\n%skip\nc"), ["a%b", "c"]);
    }
}
