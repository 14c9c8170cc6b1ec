//! Replay of a saved game move by move, and its analysis: every move classified (best … blunder) with the
//! better move, each side's accuracy, and the evaluation graph (White's expected result after each move)
//! drawn in the terminal.

use super::app::{Ctx, Go};
use super::board::{self, Marks};
use super::input::{direction, Dir};
use super::theme::{accent, dim, error, Theme};
use super::worker::{Answer, Message, News};
use giveaway_app::{AnalysisView, GameSummaryView, Replay, Snapshot};
use giveaway_core::Color;
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
    replay: Arc<Replay>,
    summary: GameSummaryView,
    ply: u32,
    snap: Snapshot,
    analysis: Option<AnalysisView>,
    /// The running analysis: job number, start, positions done of total.
    job: Option<(u64, Instant, u32, u32)>,
    message: Option<(String, bool)>,
}

impl ReplayScreen {
    pub fn open(id: i64, analyse: bool, ctx: &mut Ctx) -> Result<ReplayScreen, String> {
        let replay = ctx.library.replay(id).map_err(|e| e.to_string())?;
        replay.set_notation(ctx.settings.notation);
        let ply = replay.plies();
        let snap = replay.snapshot_at(ply).map_err(|e| e.to_string())?;
        let summary = replay.summary();
        let mut s = ReplayScreen { replay, summary, ply, snap, analysis: None, job: None, message: None };
        if analyse {
            s.analyse(ctx);
        }
        Ok(s)
    }

    fn analyse(&mut self, ctx: &mut Ctx) {
        if self.job.is_some() {
            return;
        }
        match ctx.worker.analyse(self.replay.clone()) {
            Ok(id) => self.job = Some((id, Instant::now(), 0, self.replay.plies() + 1)),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    fn go_to(&mut self, ply: u32) {
        self.ply = ply.min(self.replay.plies());
        match self.replay.snapshot_at(self.ply) {
            Ok(s) => self.snap = s,
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    pub fn message(&mut self, m: Message) {
        let Some(job) = self.job.as_mut().filter(|j| j.0 == m.job) else { return };
        match m.news {
            News::Analysed { done, total } => (job.2, job.3) = (done, total),
            News::Done(answer) => {
                let Answer::Analysis(r) = *answer else { return };
                self.job = None;
                match r {
                    Ok(a) => self.analysis = Some(a),
                    Err(e) => self.message = Some((format!("analysis: {e}"), true)),
                }
            }
            _ => {}
        }
    }

    pub fn leave(&mut self) {
        if self.job.take().is_some() {
            self.replay.cancel_analysis();
        }
    }

    pub fn key(&mut self, key: KeyEvent, ctx: &mut Ctx) -> Go {
        self.message = None;
        match direction(&key) {
            Some(Dir::Left) => self.go_to(self.ply.saturating_sub(1)),
            Some(Dir::Right) => self.go_to(self.ply + 1),
            Some(Dir::Up) => self.go_to(self.ply.saturating_sub(10)),
            Some(Dir::Down) => self.go_to(self.ply + 10),
            None => {}
        }
        match key.code {
            KeyCode::Home => self.go_to(0),
            KeyCode::End => self.go_to(u32::MAX),
            KeyCode::Char('a') => self.analyse(ctx),
            KeyCode::Esc if self.job.is_some() => {
                self.leave();
                self.message = Some(("Analysis stopped.".into(), false));
            }
            KeyCode::Char('c') => match ctx.library.resume(self.summary.id) {
                Ok(s) => return Go::Game(s),
                Err(e) => self.message = Some((e.to_string(), true)),
            },
            KeyCode::Esc | KeyCode::Char('q') => return Go::Saved,
            _ => {}
        }
        Go::Stay
    }

    pub fn draw(&mut self, f: &mut Frame, ctx: &Ctx) {
        let theme = Theme::new(&ctx.settings.board_theme, &ctx.settings.piece_theme);
        let [main, help] = Layout::vertical([Constraint::Min(10), Constraint::Length(1)]).areas(f.area());
        let graph_h = if self.analysis.is_some() { (main.height / 3).clamp(6, 12) } else { 0 };
        let [upper, graph] = Layout::vertical([Constraint::Min(8), Constraint::Length(graph_h)]).areas(main);
        let cell = board::cell_size(upper.width.saturating_sub(44), upper.height.saturating_sub(2));
        let [left, right] =
            Layout::horizontal([Constraint::Length(board::board_width(cell.0) + 2), Constraint::Min(40)]).areas(upper);
        let bottom = self.summary.human_color.unwrap_or(Color::White);
        let title = format!(" Game {} · {} vs {} · move {}/{} ", self.summary.id, self.summary.white, self.summary.black, self.ply, self.replay.plies());
        let lines = board::lines(&self.snap, &Marks::default(), &theme, bottom, cell);
        f.render_widget(Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)), left);
        self.draw_moves(f, right);
        if let Some(a) = &self.analysis {
            draw_graph(f, graph, a, self.ply);
        }
        f.render_widget(
            Paragraph::new(Line::styled("←→ step · ↑↓ 10 moves · Home/End · a analyse · Esc stop analysis · c continue playing · q back", dim())),
            help,
        );
    }

    fn draw_moves(&self, f: &mut Frame, area: Rect) {
        let mut head: Vec<Line> = Vec::new();
        if let Some(r) = &self.snap.result {
            head.push(Line::styled(format!("{} {}", r.pdn, r.text), accent()));
        }
        if let Some((_, started, done, total)) = &self.job {
            let frame = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][(started.elapsed().as_millis() / 100) as usize % 10];
            head.push(Line::styled(format!("{frame} Analysing: {done}/{total} positions (Esc stops)"), accent()));
        }
        if let Some(a) = &self.analysis {
            let pct = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.0}%"));
            head.push(Line::styled(
                format!("Accuracy: White {} · Black {}", pct(a.white_accuracy), pct(a.black_accuracy)),
                Style::default().fg(Tint::Cyan),
            ));
        }
        if let Some((m, is_error)) = &self.message {
            head.push(Line::styled(m.clone(), if *is_error { error() } else { Style::default() }));
        }
        let [top, list] = Layout::vertical([Constraint::Length(head.len() as u16), Constraint::Min(3)]).areas(area);
        f.render_widget(Paragraph::new(head), top);
        let texts: Vec<ListedMove> = match &self.analysis {
            Some(a) => a
                .moves
                .iter()
                .map(|m| (m.ply, m.played.text.clone(), Some((m.class.clone(), m.best.as_ref().map(|b| b.text.clone())))))
                .collect(),
            None => self
                .snap
                .move_list
                .iter()
                .flat_map(|r| [r.white.clone(), r.black.clone()])
                .flatten()
                .enumerate()
                .map(|(i, t)| (i as u32, t, None))
                .collect(),
        };
        let visible = list.height.saturating_sub(2) as usize;
        let current = self.ply.saturating_sub(1) as usize;
        let first = current.saturating_sub(visible / 2).min(texts.len().saturating_sub(visible));
        let black_first = self.snap.move_list.first().is_some_and(|r| r.white.is_none());
        let lines: Vec<Line> = texts
            .iter()
            .skip(first)
            .take(visible)
            .map(|(ply, text, review)| {
                let slot = *ply + u32::from(black_first);
                let number = if slot % 2 == 0 { format!("{:>3}.", slot / 2 + 1) } else { format!("{:>3}…", slot / 2 + 1) };
                let here = *ply + 1 == self.ply;
                let style = if here { accent() } else { Style::default() };
                let mut spans = vec![Span::styled(format!("{} {number} {text:<16}", if here { "▶" } else { " " }), style)];
                if let Some((class, best)) = review {
                    spans.push(Span::styled(format!("{class:<11}"), class_style(class)));
                    if let Some(b) = best.as_ref().filter(|_| !matches!(class.as_str(), "best" | "good")) {
                        spans.push(Span::styled(format!(" better {b}"), dim()));
                    }
                }
                Line::from(spans)
            })
            .collect();
        let title = if self.analysis.is_some() { " Moves · analysis " } else { " Moves " };
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
