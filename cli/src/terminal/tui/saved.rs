//! Saved games: the list with filters (mode, result, level), statistics, and actions on the selected game —
//! replay, continue, delete — plus PDN export (one game or all) and import from a file. The list loads page by
//! page as the cursor moves down (`game_list`).

use super::app::{Ctx, Go};
use super::game_list::{GameList, PAGE};
use super::input::{direction, is_confirm, Dir};
use super::theme::{accent, dim, error};
use giveaway_app::{ApiResult, GameSummaryView};
use giveaway_core::record::GameMode;
use giveaway_core::storage::{Filter, ResultFilter};
use giveaway_core::{Color, EndReason, Outcome};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

const MODES: [(Option<GameMode>, &str); 5] = [
    (None, "all"),
    (Some(GameMode::VsComputer), "vs computer"),
    (Some(GameMode::PassAndPlay), "pass and play"),
    (Some(GameMode::Online), "online"),
    (Some(GameMode::Imported), "imported"),
];

/// `None` result with `Some(true)` in-progress means unfinished games.
const RESULTS: [(Option<ResultFilter>, Option<bool>, &str); 7] = [
    (None, None, "any"),
    (None, Some(true), "unfinished"),
    (Some(ResultFilter::Won), None, "won"),
    (Some(ResultFilter::Lost), None, "lost"),
    (Some(ResultFilter::WhiteWins), None, "White won"),
    (Some(ResultFilter::BlackWins), None, "Black won"),
    (Some(ResultFilter::Draw), None, "drawn"),
];

enum Prompt {
    Export(Option<i64>),
    Import,
    Delete(i64),
}

/// Page Up / Page Down move this many rows.
const JUMP: isize = 20;

pub struct SavedScreen {
    list: GameList,
    mode: usize,
    result: usize,
    /// 0 = any level, else the computer's level number.
    level: u8,
    prompt: Option<(Prompt, String)>,
    message: Option<(String, bool)>,
}

fn outcome_text(g: &GameSummaryView) -> String {
    let o = match g.outcome {
        None => return "unfinished".into(),
        Some(Outcome::WhiteWins) => "1-0",
        Some(Outcome::BlackWins) => "0-1",
        Some(Outcome::Draw) => "½-½",
    };
    let why = match g.reason {
        Some(EndReason::NoLegalMove) => "no move",
        Some(EndReason::Resignation) => "resigned",
        Some(EndReason::Time) => "time",
        Some(EndReason::Repetition) => "repetition",
        Some(EndReason::KingMoveRule) => "king rule",
        Some(EndReason::Agreement) => "agreed",
        Some(EndReason::Abandonment) => "abandoned",
        None => "",
    };
    format!("{o} {why}")
}

/// Local date and time from Unix milliseconds, as UTC (no time-zone database here).
fn date_text(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rest / 3600, rest % 3600 / 60)
}

impl SavedScreen {
    pub fn new(ctx: &Ctx) -> SavedScreen {
        let mut s =
            SavedScreen { list: GameList::new(PAGE), mode: 0, result: 0, level: 0, prompt: None, message: None };
        s.filter_changed(ctx);
        s
    }

    pub fn with_message(ctx: &Ctx, message: String) -> SavedScreen {
        let mut s = SavedScreen::new(ctx);
        s.message = Some((message, true));
        s
    }

    fn filter(&self) -> Filter {
        let (result, in_progress, _) = RESULTS[self.result];
        Filter {
            mode: MODES[self.mode].0,
            result,
            level: (self.level > 0).then_some(self.level),
            in_progress,
            ..Filter::default()
        }
    }

    /// A new filter lists its games from the top.
    fn filter_changed(&mut self, ctx: &Ctx) {
        let r = self.list.open(&ctx.library, self.filter());
        self.show_error(r);
    }

    fn show_error(&mut self, r: ApiResult<()>) {
        if let Err(e) = r {
            self.message = Some((e.to_string(), true));
        }
    }

    fn move_by(&mut self, ctx: &Ctx, rows: isize) {
        let r = self.list.move_by(&ctx.library, rows);
        self.show_error(r);
    }

    fn selected(&self) -> Option<i64> {
        self.list.selected().map(|g| g.id)
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        if let Some((prompt, text)) = &mut self.prompt {
            match key.code {
                KeyCode::Char(c) => text.push(c),
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Esc => self.prompt = None,
                KeyCode::Enter => {
                    let (prompt, text) = (std::mem::replace(prompt, Prompt::Import), text.trim().to_string());
                    self.prompt = None;
                    self.answer(prompt, &text, ctx);
                }
                _ => {}
            }
            return Go::Stay;
        }
        self.message = None;
        match (direction(&key), key.code) {
            (Some(Dir::Up), _) => self.move_by(ctx, -1),
            (Some(Dir::Down), _) => self.move_by(ctx, 1),
            (_, KeyCode::PageUp) => self.move_by(ctx, -JUMP),
            (_, KeyCode::PageDown) => self.move_by(ctx, JUMP),
            _ => {}
        }
        if is_confirm(&key) {
            if let Some(id) = self.selected() {
                return Go::Replay { id, analyse: false };
            }
        }
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Go::Home,
            KeyCode::Char('a') => {
                if let Some(id) = self.selected() {
                    return Go::Replay { id, analyse: true };
                }
            }
            KeyCode::Char('c') => {
                if let Some(id) = self.selected() {
                    match ctx.library.resume(id) {
                        Ok(s) => return Go::Game(s),
                        Err(e) => self.message = Some((e.to_string(), true)),
                    }
                }
            }
            KeyCode::Char('f') => {
                self.mode = (self.mode + 1) % MODES.len();
                self.filter_changed(ctx);
            }
            KeyCode::Char('r') => {
                self.result = (self.result + 1) % RESULTS.len();
                self.filter_changed(ctx);
            }
            KeyCode::Char('v') => {
                self.level = (self.level + 1) % 9;
                self.filter_changed(ctx);
            }
            KeyCode::Char('x') => {
                if let Some(id) = self.selected() {
                    self.prompt = Some((Prompt::Delete(id), String::new()));
                }
            }
            KeyCode::Char('e') => {
                if let Some(id) = self.selected() {
                    self.prompt = Some((Prompt::Export(Some(id)), format!("giveaway-{id}.pdn")));
                }
            }
            KeyCode::Char('E') => self.prompt = Some((Prompt::Export(None), "giveaway-all.pdn".into())),
            KeyCode::Char('i') => self.prompt = Some((Prompt::Import, String::new())),
            _ => {}
        }
        Go::Stay
    }

    fn answer(&mut self, prompt: Prompt, text: &str, ctx: &Ctx) {
        let outcome: Result<String, String> = match prompt {
            Prompt::Delete(id) if text.eq_ignore_ascii_case("y") => {
                ctx.library.delete_game(id).map(|_| format!("Deleted game {id}.")).map_err(|e| e.to_string())
            }
            Prompt::Delete(_) => Ok("Kept.".into()),
            Prompt::Export(which) => {
                let pdn = match which {
                    Some(id) => ctx.library.export_pdn(id),
                    None => ctx.library.export_all_pdn(),
                };
                pdn.map_err(|e| e.to_string())
                    .and_then(|p| std::fs::write(text, p).map_err(|e| format!("cannot write {text}: {e}")))
                    .map(|_| format!("Saved {text}."))
            }
            Prompt::Import => ctx
                .library
                .import_pdn_file(text.to_string())
                .map_err(|e| e.to_string())
                .map(|ids| format!("Imported {} game(s) from {text}.", ids.count)),
        };
        self.message = Some(match outcome {
            Ok(m) => (m, false),
            Err(m) => (m, true),
        });
        let r = self.list.reload(&ctx.library);
        self.show_error(r);
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let [top, body, bottom] =
            Layout::vertical([Constraint::Length(2), Constraint::Min(5), Constraint::Length(3)]).areas(f.area());
        let head = format!(
            "Saved games · {} · mode: {} (f) · result: {} (r) · level: {} (v)",
            self.list.position_text(),
            MODES[self.mode].1,
            RESULTS[self.result].2,
            if self.level == 0 { "any".to_string() } else { self.level.to_string() }
        );
        f.render_widget(Paragraph::new(Line::styled(head, accent())), top);
        let [list, stats] = Layout::horizontal([Constraint::Min(50), Constraint::Length(34)]).areas(body);
        let visible = list.height.saturating_sub(2) as usize;
        let index = self.list.index();
        let first = index.saturating_sub(visible.saturating_sub(1));
        let lines: Vec<Line> = self
            .list
            .games()
            .iter()
            .enumerate()
            .skip(first)
            .take(visible)
            .map(|(i, g)| {
                let style = if i == index { accent() } else { Style::default() };
                let who = match g.human_color {
                    Some(Color::White) => format!("You vs {}", g.black),
                    Some(Color::Black) => format!("{} vs You", g.white),
                    None => format!("{} vs {}", g.white, g.black),
                };
                Line::styled(
                    format!(
                        "{} #{:<4} {}  {:<34} {:>3} plies  {}",
                        if i == index { "▶" } else { " " },
                        g.id,
                        date_text(g.updated_at),
                        who,
                        g.plies,
                        outcome_text(g)
                    ),
                    style,
                )
            })
            .collect();
        let empty = lines.is_empty();
        let list_widget = if empty {
            Paragraph::new(Line::styled("No games match. Press f or r to change the filters.", dim()))
        } else {
            Paragraph::new(lines)
        };
        f.render_widget(list_widget.block(Block::default().borders(Borders::ALL)), list);
        f.render_widget(
            Paragraph::new(stats_lines(ctx)).block(Block::default().borders(Borders::ALL).title(" Your results ")),
            stats,
        );
        let mut foot = vec![Line::styled(
            "↑↓ PgUp PgDn choose · Enter replay · a analyse · c continue · x delete · e export · E export all · i import · q back",
            dim(),
        )];
        if let Some((p, text)) = &self.prompt {
            let q = match p {
                Prompt::Export(_) => "Export to file: ",
                Prompt::Import => "Import PDN file: ",
                Prompt::Delete(_) => "Delete this game? y/n: ",
            };
            foot.insert(0, Line::styled(format!("{q}{text}█"), accent()));
        } else if let Some((m, is_error)) = &self.message {
            foot.insert(0, Line::styled(m.clone(), if *is_error { error() } else { Style::default() }));
        }
        f.render_widget(Paragraph::new(foot), bottom);
    }
}

fn stats_lines(ctx: &Ctx) -> Vec<Line<'static>> {
    let Ok(stats) = ctx.library.stats() else { return vec![Line::styled("statistics unavailable", error())] };
    let names = giveaway_app::levels();
    let mut out = vec![Line::styled("Level            W  D  L", dim())];
    for l in &stats.by_level {
        let name = names.iter().find(|n| n.number == l.level).map_or("?".to_string(), |n| n.name.clone());
        out.push(Line::raw(format!("{name:<15} {:>2} {:>2} {:>2}", l.wins, l.draws, l.losses)));
    }
    if stats.by_level.is_empty() {
        out.push(Line::styled("No games against the computer yet.", dim()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::date_text;

    #[test]
    fn dates_from_unix_milliseconds() {
        assert_eq!(date_text(0), "1970-01-01 00:00");
        assert_eq!(date_text(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(date_text(1_798_761_599_000), "2026-12-31 23:59");
    }
}
