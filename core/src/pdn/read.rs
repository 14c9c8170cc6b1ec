//! Assembles lexed PDN into games, resolving every move against the position it is played in.

use super::clock::clock_command;
use super::encoding::TextStream;
use super::lex::{Lexer, Step, Token};
use super::{parse_result, MoveAt, PdnError, PdnErrorKind, PdnGame};
use crate::fen::parse_fen;
use crate::game::Outcome;
use crate::notation::parse_move;
use crate::position::{Color, Position};
use crate::record::ClockTimes;
use std::io::Read;

/// The longest token (a comment, a variation with everything in it, a tag, a word) read: far beyond any real
/// game's, and the bound on the text held at once, so that a file that is no PDN (`/dev/zero`) cannot fill
/// memory.
pub(super) const MAX_TOKEN_BYTES: usize = 1 << 20;

/// Reads every game in `text`: [`GameReader`] over text already in memory, collected.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    GameReader::from_text(text).collect()
}

/// Reads the games of a PDN file one at a time, holding only the game being read and a piece of the text
/// (a file of any size reads in little memory). The file may be in any encoding [`super::decode`] knows.
///
/// A game ends at its result token, or where the next game's tags begin. Moves are checked for legality only;
/// [`PdnGame::to_game`] applies the draw rules as well. A clock command in a comment after a move gives that
/// move's clocks; other comments are ignored. After an error (which names the game, and the move if any) the
/// reader ends.
pub struct GameReader<R> {
    source: TextStream<R>,
    /// Decoded text not yet lexed, from `buf[pos..]`.
    buf: String,
    pos: usize,
    /// `buf` starts a line (a `%` escape line may start there).
    buf_starts_line: bool,
    /// All of the source is in `buf`.
    complete: bool,
    /// No text has been read yet.
    at_start: bool,
    cur: Builder,
    done: bool,
}

impl<R: Read> GameReader<R> {
    /// Games from the bytes of a PDN file.
    pub fn new(source: R) -> GameReader<R> {
        GameReader::with_text(TextStream::new(source))
    }

    fn with_text(source: TextStream<R>) -> GameReader<R> {
        GameReader {
            source,
            buf: String::new(),
            pos: 0,
            buf_starts_line: true,
            complete: false,
            at_start: true,
            cur: Builder::new(1),
            done: false,
        }
    }

    /// Drops the text already read and appends more; `Err` when the token being read has grown past
    /// [`MAX_TOKEN_BYTES`] or the source cannot be read.
    fn refill(&mut self) -> Result<(), PdnError> {
        if self.buf.len() - self.pos > MAX_TOKEN_BYTES {
            let why =
                format!("more than {} MB without a break between tokens: is this a PDN file?", MAX_TOKEN_BYTES >> 20);
            return Err(self.cur.error(None, PdnErrorKind::Syntax(why)));
        }
        if self.pos > 0 {
            self.buf_starts_line = self.buf[..self.pos].ends_with('\n');
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        let more = self
            .source
            .read_into(&mut self.buf)
            .map_err(|e| self.cur.error(None, PdnErrorKind::Read(e.to_string())))?;
        self.complete = !more;
        // A byte-order mark left on decoded text (as some platforms' file readers keep it) is no move.
        if self.at_start && !self.buf.is_empty() {
            self.at_start = false;
            if self.buf.starts_with('\u{feff}') {
                self.buf.drain(..'\u{feff}'.len_utf8());
            }
        }
        Ok(())
    }

    /// The next game, or `None` at the end of the text.
    fn next_game(&mut self) -> Result<Option<PdnGame>, PdnError> {
        loop {
            let mut lexer = Lexer::resume(&self.buf, self.pos, self.complete, self.buf_starts_line);
            let step = lexer.step();
            self.pos = lexer.pos();
            let cur = &mut self.cur;
            match step {
                Step::More => self.refill()?,
                Step::End => return if cur.has_content() { self.take(None).map(Some) } else { Ok(None) },
                Step::Error(why) => return Err(cur.error(None, PdnErrorKind::Syntax(why))),
                Step::Token(Token::Tag { key, value }) => {
                    let game = if cur.in_movetext() { Some(self.take(None)?) } else { None };
                    self.cur.game.tags.push((key, value));
                    if game.is_some() {
                        return Ok(game);
                    }
                }
                Step::Token(Token::Word(word)) => {
                    if let Some(result) = parse_result(word) {
                        cur.begin_movetext()?;
                        return self.take(Some(result)).map(Some);
                    } else if let Some(mv) = move_text(word) {
                        cur.play(mv)?;
                    }
                }
                Step::Token(Token::Comment(text)) => cur.comment(text),
            }
        }
    }

    /// Finishes the game being read and starts the next.
    fn take(&mut self, result: Option<Option<Outcome>>) -> Result<PdnGame, PdnError> {
        let next = Builder::new(self.cur.game.number + 1);
        std::mem::replace(&mut self.cur, next).finish(result)
    }
}

#[cfg(test)]
impl<R: Read> GameReader<R> {
    /// The same reader given its text `chunk` bytes at a time, so that tests cut tokens everywhere.
    pub(super) fn in_pieces(self, chunk: usize) -> GameReader<R> {
        GameReader { source: self.source.in_pieces(chunk), ..self }
    }
}

impl<'a> GameReader<&'a [u8]> {
    /// Games from text already decoded (a byte-order mark at its start, as some platforms' file readers keep
    /// it, is no move).
    pub fn from_text(text: &'a str) -> GameReader<&'a [u8]> {
        GameReader::with_text(TextStream::utf8(text.as_bytes()))
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_game().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// The move in a word, without move number prefix and annotation suffix; `None` for words that carry no
/// move (`12.`, `...`, `$4`, `!?`).
fn move_text(word: &str) -> Option<&str> {
    if word.starts_with('$') && word.len() > 1 && word[1..].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let mut rest = word;
    if word[digits..].starts_with('.') {
        rest = word[digits..].trim_start_matches('.');
    }
    let rest = rest.trim_end_matches(['!', '?']);
    (!rest.is_empty()).then_some(rest)
}

struct Builder {
    game: PdnGame,
    /// The position after the moves so far; `None` until movetext begins (the tags decide the start).
    pos: Option<Position>,
    /// The ply of the last clock command and the times known after it, so a command giving one time can be
    /// completed from the one after the move before.
    given: Option<(usize, [Option<u64>; 2])>,
}

impl Builder {
    fn new(number: usize) -> Builder {
        Builder { game: PdnGame { number, ..PdnGame::new() }, pos: None, given: None }
    }

    fn in_movetext(&self) -> bool {
        self.pos.is_some()
    }

    fn has_content(&self) -> bool {
        self.in_movetext() || !self.game.tags.is_empty()
    }

    fn error(&self, token: Option<&str>, kind: PdnErrorKind) -> PdnError {
        let at = self.pos.map(|_| MoveAt::of_ply(self.game.start.side_to_move(), self.game.moves.len()));
        PdnError { game: self.game.number, at: at.filter(|_| token.is_some()), token: token.map(str::to_string), kind }
    }

    /// Fixes the start position from the tags when the first movetext token arrives.
    fn begin_movetext(&mut self) -> Result<Position, PdnError> {
        if let Some(p) = self.pos {
            return Ok(p);
        }
        if let Some(gt) = self.game.tag("GameType") {
            let kind = gt.split(',').next().unwrap_or_default().trim();
            if kind != "25" {
                let why = format!("GameType \"{gt}\" is not Russian draughts (25), the board giveaway is played on");
                return Err(self.error(None, PdnErrorKind::Tag(why)));
            }
        }
        let start = match self.game.tag("FEN") {
            Some(fen) => parse_fen(fen).map_err(|e| self.error(None, PdnErrorKind::Fen(e)))?,
            None => Position::start(),
        };
        self.game.start = start;
        self.pos = Some(start);
        Ok(start)
    }

    fn play(&mut self, text: &str) -> Result<(), PdnError> {
        let pos = self.begin_movetext()?;
        let mv = parse_move(&pos, text).map_err(|e| self.error(Some(text), PdnErrorKind::Move(e)))?;
        self.pos = Some(pos.play(&mv));
        self.game.moves.push(mv);
        self.game.clocks.push(None);
        Ok(())
    }

    /// Gives the last move the clocks a comment after it states. A comment before the first move, or one
    /// without a usable clock command, says nothing about clocks. When one gives a single time, the other side's
    /// clock is the one given after the move before (the move did not run it); without it the move keeps none.
    fn comment(&mut self, text: &str) {
        let Some(ply) = self.game.moves.len().checked_sub(1) else { return };
        let mover = MoveAt::of_ply(self.game.start.side_to_move(), ply).side;
        let Some(mut times) = clock_command(text, mover) else { return };
        if let Some((at, before)) = self.given.filter(|(at, _)| *at + 1 >= ply) {
            // A second command after the same move may also complete the first.
            let other = if at == ply { [true, true] } else { [mover != Color::White, mover != Color::Black] };
            for ((t, b), use_it) in times.iter_mut().zip(before).zip(other) {
                if use_it {
                    *t = t.or(b);
                }
            }
        }
        self.given = Some((ply, times));
        if let ([Some(white), Some(black)], Some(slot)) = (times, self.game.clocks.last_mut()) {
            *slot = Some(ClockTimes::new(white, black));
        }
    }

    /// The finished game; without a result token the Result tag decides, else it is unfinished.
    fn finish(mut self, result: Option<Option<Outcome>>) -> Result<PdnGame, PdnError> {
        self.begin_movetext()?;
        self.game.result = match result {
            Some(r) => r,
            None => self.game.tag("Result").and_then(|t| parse_result(t.trim())).flatten(),
        };
        Ok(self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_that_carry_moves() {
        assert_eq!(move_text("1."), None);
        assert_eq!(move_text("12..."), None);
        assert_eq!(move_text("..."), None);
        assert_eq!(move_text("$14"), None);
        assert_eq!(move_text("!?"), None);
        assert_eq!(move_text("1.c3-d4"), Some("c3-d4"));
        assert_eq!(move_text("3...22x15!?"), Some("22x15"));
        assert_eq!(move_text("22-18"), Some("22-18"));
        assert_eq!(move_text("c3:e5??"), Some("c3:e5"));
        assert_eq!(move_text("$"), Some("$"));
    }
}
