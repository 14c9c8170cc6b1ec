//! Splits PDN text into tag pairs, words and comments, dropping variations (with the comments inside them) and
//! `%` escape lines.

/// A lexical unit the reader acts on.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    Tag { key: String, value: String },
    /// Anything else: a move number, a move, a NAG, a result.
    Word(&'a str),
    /// The text of a `{…}` or `; …` comment outside variations, without its delimiters.
    Comment(&'a str),
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

/// Characters that end a word (besides whitespace).
const DELIMITERS: &[u8] = b"{}()[];";

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, pos: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    /// Skips to the next line; returns the text skipped, without the line break.
    fn skip_line(&mut self) -> &'a str {
        let start = self.pos;
        let end = self.bytes()[start..].iter().position(|&c| c == b'\n').map_or(self.text.len(), |n| start + n);
        self.pos = (end + 1).min(self.text.len());
        &self.text[start..end]
    }

    /// Skips a `{…}` comment; `pos` is on the `{`. Returns the text inside.
    fn skip_comment(&mut self) -> Result<&'a str, String> {
        let start = self.pos + 1;
        match self.bytes()[start..].iter().position(|&c| c == b'}') {
            Some(n) => {
                self.pos = start + n + 1;
                Ok(&self.text[start..start + n])
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
                Some(b'\\') if matches!(self.bytes().get(self.pos + 1), Some(b'"' | b'\\')) => {
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
        self.pos == 0 || self.bytes()[self.pos - 1] == b'\n'
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Token<'a>, String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.skip_spaces();
            let c = self.peek()?;
            let step = match c {
                b'%' if self.at_line_start() => {
                    self.skip_line();
                    Ok(())
                }
                b';' => {
                    self.pos += 1;
                    return Some(Ok(Token::Comment(self.skip_line())));
                }
                b'{' => match self.skip_comment() {
                    Ok(text) => return Some(Ok(Token::Comment(text))),
                    Err(e) => Err(e),
                },
                b'(' => self.skip_variation(),
                b'[' => match self.tag() {
                    Ok(t) => return Some(Ok(t)),
                    Err(e) => Err(e),
                },
                b')' | b'}' | b']' => Err(format!("unexpected '{}'", c as char)),
                _ => {
                    let start = self.pos;
                    // Stop at ASCII whitespace or delimiters; multi-byte UTF-8 never contains these bytes.
                    while self.peek().is_some_and(|c| !c.is_ascii_whitespace() && !DELIMITERS.contains(&c)) {
                        self.pos += 1;
                    }
                    return Some(Ok(Token::Word(&self.text[start..self.pos])));
                }
            };
            if let Err(e) = step {
                self.pos = self.text.len(); // an error ends the input
                return Some(Err(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        Lexer::new(text)
            .map(|t| match t {
                Ok(Token::Word(w)) => w.to_string(),
                Ok(Token::Tag { key, value }) => format!("[{key}={value}]"),
                Ok(Token::Comment(c)) => format!("{{{c}}}"),
                Err(e) => format!("ERR {e}"),
            })
            .collect()
    }

    #[test]
    fn tags_words_comments_and_variations() {
        let text = "% escape line\n[Event \"A \\\"big\\\" one\\\\\"] [Site\"x\"]\n1. c3-d4 {comment (not a variation}\n\
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
