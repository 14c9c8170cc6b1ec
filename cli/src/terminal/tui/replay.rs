//! Replay of a saved game move by move, and its analysis: every move classified (best … blunder) with the
//! better move, each side's accuracy, and the evaluation graph (White's expected result after each move)
//! drawn in the terminal.

use super::app::{Ctx, Go};
use super::board::{self, Marks};
use super::input::{direction, Dir};
use super::theme::{accent, dim, error, Theme};
use giveaway_app::{AnalysisView, ApiResult};
use giveaway_app::{NoObserver, Threads};
use giveaway_app::{ReplayController, ReplayState};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tint, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType, Paragraph};
use ratatui::Frame;
use std::sync::Arc;
use std::time::Instant;

pub struct ReplayScreen {
    replay: Arc<ReplayController>,
    state: ReplayState,
    /// The analysis has been running since then (for the spinner).
    analysing_since: Option<Instant>,
    message: Option<(String, bool)>,
}

impl ReplayScreen {
    pub fn open(id: i64, analyse: bool, ctx: &mut Ctx) -> Result<ReplayScreen, String> {
        let replay = ctx.library.open_replay(id, Arc::new(Threads), Arc::new(NoObserver)).map_err(|e| e.to_string())?;
        let state = replay.last().map_err(|e| e.to_string())?;
        let mut s = ReplayScreen { replay, state, analysing_since: None, message: None };
        if analyse {
            let r = s.replay.analyse();
            s.apply(r);
        }
        Ok(s)
    }

    fn apply(&mut self, r: ApiResult<ReplayState>) {
        match r {
            Ok(s) => {
                self.analysing_since = s.progress.map(|_| self.analysing_since.unwrap_or_else(Instant::now));
                if let Some(e) = &s.error {
                    self.message = Some((format!("analysis: {e}"), true));
                }
                self.state = s;
            }
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Every frame: the analysis' progress and end.
    pub fn tick(&mut self) {
        let r = self.replay.state();
        self.apply(r);
    }

    pub fn leave(&mut self) {
        self.replay.leave();
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        let ply = self.state.ply;
        let step = match direction(&key) {
            Some(Dir::Left) => Some(self.replay.previous()),
            Some(Dir::Right) => Some(self.replay.next()),
            Some(Dir::Up) => Some(self.replay.go_to(ply.saturating_sub(10))),
            Some(Dir::Down) => Some(self.replay.go_to(ply + 10)),
            None => None,
        };
        if let Some(r) = step {
            self.apply(r);
            return Go::Stay;
        }
        let r = match key.code {
            KeyCode::Home => self.replay.first(),
            KeyCode::End => self.replay.last(),
            KeyCode::Char('a') => self.replay.analyse(),
            KeyCode::Char('x') => self.replay.next_mistake(),
            KeyCode::Char('X') => self.replay.previous_mistake(),
            KeyCode::Char('f') => self.replay.flip_board(),
            KeyCode::Char('l') => {
                return Go::Puzzles(Some(giveaway_app::TrainerMode::Mistakes { game_id: self.state.summary.id }))
            }
            KeyCode::Esc if self.state.progress.is_some() => {
                self.leave();
                self.message = Some(("Analysis stopped.".into(), false));
                self.replay.state()
            }
            KeyCode::Char('c') => match ctx.library.resume(self.state.summary.id) {
                Ok(s) => return Go::Game(s),
                Err(e) => Err(e),
            },
            KeyCode::Esc | KeyCode::Char('q') => return Go::Saved,
            _ => return Go::Stay,
        };
        let keep = self.message.take();
        self.apply(r);
        self.message = self.message.take().or(keep);
        Go::Stay
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let theme = Theme::new(ctx.settings.board_theme, ctx.settings.piece_theme);
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(1)]).areas(f.area());
        let st = &self.state;
        let graph_h = if st.analysis.is_some() { (main.height / 3).clamp(6, 12) } else { 0 };
        let [upper, graph] = Layout::vertical([Constraint::Min(8), Constraint::Length(graph_h)]).areas(main);
        let cell = board::cell_size(upper.width.saturating_sub(44), upper.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(40)]).areas(upper);
        let title = format!(
            " Game {} · {} vs {} · move {}/{} ",
            st.summary.id, st.summary.white, st.summary.black, st.ply, st.plies
        );
        let lines = board::lines(&st.snapshot, &st.coordinates, &Marks::default(), &theme, cell);
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);
        self.draw_moves(f, right);
        if let Some(a) = &st.analysis {
            draw_graph(f, graph, a, st.ply);
        }
        f.render_widget(
            Paragraph::new(Line::styled(
                "←→ step · ↑↓ 10 moves · Home/End · a analyse · x/X next/previous mistake · l learn from the mistakes · f flip · Esc stop analysis · c continue playing · q back",
                dim(),
            )),
            help,
        );
    }

    fn draw_moves(&self, f: &mut Frame, area: Rect) {
        let st = &self.state;
        let mut head: Vec<Line> = Vec::new();
        if let Some(r) = &st.snapshot.result {
            head.push(Line::styled(format!("{} {}", r.pdn, r.text), accent()));
        }
        if let (Some(p), Some(started)) = (&st.progress, self.analysing_since) {
            let frame =
                ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][(started.elapsed().as_millis() / 100) as usize % 10];
            head.push(Line::styled(
                format!("{frame} Analysing: {}/{} positions (Esc stops)", p.done, p.total),
                accent(),
            ));
        }
        if let Some(a) = &st.analysis {
            let pct = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.0}%"));
            head.push(Line::styled(
                format!("Accuracy: White {} · Black {}", pct(a.white_accuracy), pct(a.black_accuracy)),
                Style::default().fg(Tint::Cyan),
            ));
            // The endgame tables' verdicts: the game's turning points, and the current move's exact value.
            for t in &a.turning_points {
                head.push(Line::styled(format!("{}.", t.message), Style::default().fg(Tint::Red)));
            }
            // The proof search's verdict: where the game was lost by force, and the move that lost it.
            if let Some(f) = &a.forced_loss {
                head.push(Line::styled(format!("{}.", f.message), Style::default().fg(Tint::Red)));
            }
            if let Some(v) = st.review.as_ref().and_then(|r| r.exact.as_ref()) {
                head.push(Line::styled(format!("Endgame tables: {}", v.message), Style::default().fg(Tint::Cyan)));
            }
        }
        if let Some((m, is_error)) = &self.message {
            head.push(Line::styled(m.clone(), if *is_error { error() } else { Style::default() }));
        }
        let [top, list] = Layout::vertical([Constraint::Length(head.len() as u16), Constraint::Min(3)]).areas(area);
        f.render_widget(Paragraph::new(head), top);
        let texts: Vec<ListedMove> = match &st.analysis {
            Some(a) => a
                .moves
                .iter()
                .map(|m| {
                    (m.ply, m.played.text.clone(), Some((m.class.clone(), m.best.as_ref().map(|b| b.text.clone()))))
                })
                .collect(),
            None => st
                .snapshot
                .move_list
                .iter()
                .flat_map(|r| [r.white.clone(), r.black.clone()])
                .flatten()
                .enumerate()
                .map(|(i, t)| (i as u32, t, None))
                .collect(),
        };
        let visible = list.height.saturating_sub(2) as usize;
        let current = st.ply.saturating_sub(1) as usize;
        let first = current.saturating_sub(visible / 2).min(texts.len().saturating_sub(visible));
        let black_first = st.snapshot.move_list.first().is_some_and(|r| r.white.is_none());
        let lines: Vec<Line> = texts
            .iter()
            .skip(first)
            .take(visible)
            .map(|(ply, text, review)| {
                let slot = *ply + u32::from(black_first);
                let number =
                    if slot % 2 == 0 { format!("{:>3}.", slot / 2 + 1) } else { format!("{:>3}…", slot / 2 + 1) };
                let here = *ply + 1 == st.ply;
                let style = if here { accent() } else { Style::default() };
                let mut spans =
                    vec![Span::styled(format!("{} {number} {text:<16}", if here { "▶" } else { " " }), style)];
                if let Some((class, best)) = review {
                    spans.push(Span::styled(format!("{class:<11}"), class_style(class)));
                    if let Some(b) = best.as_ref().filter(|_| !matches!(class.as_str(), "best" | "good")) {
                        spans.push(Span::styled(format!(" better {b}"), dim()));
                    }
                }
                Line::from(spans)
            })
            .collect();
        let title = if st.analysis.is_some() { " Moves · analysis " } else { " Moves " };
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), list);
    }
}

/// A move of the list: its ply, its text, and with an analysis its class and the better move.
type ListedMove = (u32, String, Option<(String, Option<String>)>);

fn class_style(class: &str) -> Style {
    Style::default().fg(match class {
        "best" => Tint::Green,
        "good" => Tint::LightGreen,
        "inaccuracy" => Tint::Yellow,
        "mistake" => Tint::LightRed,
        _ => Tint::Red,
    })
}

/// White's expected result (0 = Black wins … 1 = White wins) after each ply, with the current ply marked.
fn draw_graph(f: &mut Frame, area: Rect, a: &AnalysisView, ply: u32) {
    let points: Vec<(f64, f64)> = a.white_chances.iter().enumerate().map(|(i, c)| (i as f64, *c)).collect();
    let half: Vec<(f64, f64)> = vec![(0.0, 0.5), (points.len().saturating_sub(1) as f64, 0.5)];
    let here: Vec<(f64, f64)> = points.get(ply as usize).copied().into_iter().collect();
    let x_max = points.len().saturating_sub(1).max(1) as f64;
    let datasets = vec![
        Dataset::default().marker(Marker::Braille).graph_type(GraphType::Line).style(dim()).data(&half),
        Dataset::default()
            .name("White's chances")
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(Style::default().fg(Tint::Cyan))
            .data(&points),
        Dataset::default().marker(Marker::Block).graph_type(GraphType::Scatter).style(accent()).data(&here),
    ];
    let chart = Chart::new(datasets)
        .block(Block::default().borders(Borders::ALL).title(" Evaluation (up: White better, down: Black better) "))
        .x_axis(Axis::default().bounds([0.0, x_max]).labels(["0".to_string(), format!("{} plies", x_max as u32)]))
        .y_axis(Axis::default().bounds([0.0, 1.0]).labels(["B", "=", "W"]));
    f.render_widget(chart, area);
}
