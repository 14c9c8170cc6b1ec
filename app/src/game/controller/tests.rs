use super::*;
use crate::background::{Background, NoObserver, Observer, Queued as Queue};
use crate::setup::{NewGame, StartPosition};
use giveaway_core::game::EndReason;
use giveaway_core::record::{SideTime, TimeControl};
use giveaway_core::storage::Orientation;
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Default)]
struct Count(AtomicUsize);

impl Observer for Count {
    fn changed(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

fn quiet() -> Settings {
    Settings { animation: giveaway_core::storage::AnimationSpeed::Normal, ..Settings::default() }
}

fn controller_with(setup: NewGame, settings: Settings) -> (Arc<GameController>, Arc<Queue>, Arc<Count>) {
    let queue = Arc::new(Queue::default());
    let count = Arc::new(Count::default());
    let session = GameSession::new(setup).unwrap();
    let c = GameController::new(session, settings, None, queue.clone(), count.clone()).unwrap();
    c.start();
    (c, queue, count)
}

fn controller(setup: NewGame) -> (Arc<GameController>, Arc<Queue>, Arc<Count>) {
    controller_with(setup, quiet())
}

fn sq(name: &str) -> u32 {
    u32::from(giveaway_core::Square::parse(name).unwrap().pdn())
}

fn from_fen(fen: &str, opponent: Opponent) -> NewGame {
    NewGame { opponent, start: StartPosition::Fen { fen: fen.into() }, time_control: None }
}

#[test]
fn the_computer_answers_by_itself_and_each_move_is_announced_and_animated() {
    let (c, queue, count) = controller(NewGame::versus_computer(1, Color::White));
    c.tap(sq("c3")).unwrap();
    let s = c.tap(sq("d4")).unwrap();
    assert_eq!(s.snapshot.ply, 1);
    assert_eq!(s.status, Status::ComputerThinking);
    assert!(s.thinking.is_some_and(|t| t.kind == ThinkingKind::ComputerMove));
    assert!(s.animation.is_some(), "the player's own move animates too");
    assert!(matches!(c.tap(sq("e3")), Err(GiveawayError::Busy)), "no input while the computer thinks");
    // The computer's search, then the coach's look at the player's move.
    assert_eq!(queue.run_all(), 2);
    assert!(count.0.load(Ordering::SeqCst) >= 2, "the observer hears about both");
    let s = c.state();
    assert_eq!(s.snapshot.ply, 2);
    assert_eq!(s.status, Status::YourMove { must_capture: s.snapshot.must_capture });
    assert!(s.thinking.is_none());
    let plan = s.animation.expect("the computer's move animates");
    assert_eq!(plan.hops[0].from, s.snapshot.last_move.as_ref().unwrap().from);
    let moved: Vec<(bool, String)> = c
        .take_events()
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Moved { by_opponent, announcement, .. } => Some((by_opponent, announcement.from)),
            _ => None,
        })
        .collect();
    assert_eq!(moved.len(), 2);
    assert_eq!(moved[0], (false, "c3".to_string()));
    assert!(moved[1].0, "the computer's move is the opponent's");
    assert!(c.take_events().is_empty(), "events are taken once");
}

#[test]
fn the_computer_opens_when_the_player_is_black_and_the_board_is_turned() {
    let (c, queue, _) = controller(NewGame::versus_computer(1, Color::Black));
    let s = c.state();
    assert!(s.orientation.flipped && s.orientation.bottom == Color::Black);
    let a1 = s.snapshot.squares.iter().find(|q| q.number == sq("a1")).unwrap();
    assert_eq!((a1.column, a1.row), (7, 0), "a1 at the top right for Black");
    assert_eq!(s.coordinates.files.concat(), "hgfedcba");
    assert_eq!(queue.run_all(), 1, "the computer's first move; no coach before the player moved");
    assert_eq!(c.state().snapshot.ply, 1);
}

#[test]
fn undo_while_the_computer_thinks_takes_the_move_back_and_its_answer_is_dropped() {
    let (c, queue, _) = controller(NewGame::versus_computer(1, Color::White));
    c.play_move("c3-d4".into()).unwrap();
    assert_eq!(queue.len(), 1);
    let s = c.undo().unwrap();
    assert_eq!(s.snapshot.ply, 0);
    queue.run_all();
    let s = c.state();
    assert_eq!(s.snapshot.ply, 0, "the stale search played nothing");
    assert!(s.thinking.is_none());
    assert!(c.take_events().iter().all(|e| !matches!(e, GameEvent::Failed { .. })), "a cancel is no failure");
}

#[test]
fn the_hint_comes_in_two_steps_and_goes_with_the_position() {
    let (c, queue, _) = controller(NewGame::pass_and_play(None));
    let s = c.hint().unwrap();
    assert_eq!(s.thinking.map(|t| t.kind), Some(ThinkingKind::Hint));
    assert!(s.hint.is_none());
    assert_eq!(queue.run_all(), 1);
    let s = c.state();
    let h = s.hint.clone().expect("the piece first");
    assert_eq!((h.step, h.mv.as_ref()), (HintStep::Piece, None));
    assert_eq!(s.snapshot.squares.iter().filter(|q| q.hint).map(|q| q.number).collect::<Vec<_>>(), [h.piece]);
    let s = c.hint().unwrap();
    let h = s.hint.clone().unwrap();
    let mv = h.mv.clone().expect("then the move");
    assert_eq!((h.step, mv.from), (HintStep::Move, h.piece));
    let marked: Vec<u32> = s.snapshot.squares.iter().filter(|q| q.hint).map(|q| q.number).collect();
    assert!(marked.contains(&mv.from) && mv.path.iter().all(|p| marked.contains(p)));
    assert_eq!(c.hint().unwrap().hint, s.hint, "a third press changes nothing");
    assert_eq!(queue.len(), 0, "and asks the engine nothing");
    let s = c.play_move(mv.text.clone()).unwrap();
    assert!(s.hint.is_none() && s.snapshot.squares.iter().all(|q| !q.hint));
}

#[test]
fn coach_tips_are_for_the_player_against_the_computer_only() {
    let (c, queue, _) = controller(NewGame::pass_and_play(None));
    c.play_move("c3-d4".into()).unwrap();
    assert_eq!(queue.run_all(), 0, "no coach in pass-and-play");
    let (c, queue, _) =
        controller_with(NewGame::versus_computer(1, Color::White), Settings { coach: false, ..quiet() });
    c.play_move("c3-d4".into()).unwrap();
    assert_eq!(queue.run_all(), 1, "the computer's move only, with the coach off");
}

#[test]
fn pass_and_play_acts_for_the_side_to_move_and_flips_when_asked() {
    let settings = Settings { orientation: Orientation::FlipEachMove, ..quiet() };
    let (c, _, _) = controller_with(NewGame::pass_and_play(None), settings);
    let s = c.state();
    assert_eq!((s.acting_side, s.orientation.flipped), (Color::White, false));
    assert!(s.actions.offer_draw && !s.actions.answer_draw && s.actions.hint);
    let s = c.play_move("c3-d4".into()).unwrap();
    assert_eq!((s.acting_side, s.orientation.flipped, s.orientation.bottom), (Color::Black, true, Color::Black));
    let s = c.flip_board();
    assert!(!s.orientation.flipped, "the player can turn it back");
    let s = c.resign().unwrap();
    let Status::Over { result, for_player } = s.status else { panic!("{:?}", s.status) };
    assert_eq!((result.outcome, result.reason, for_player), (Outcome::WhiteWins, EndReason::Resignation, None));
}

#[test]
fn a_draw_offer_waits_for_the_other_player() {
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    let s = c.offer_draw().unwrap();
    assert_eq!(s.status, Status::DrawOffered { by: Color::White });
    assert!(s.actions.answer_draw && !s.actions.offer_draw);
    let s = c.accept_draw().unwrap();
    assert!(matches!(s.status, Status::Over { .. }));
    assert!(c
        .take_events()
        .iter()
        .any(|e| matches!(e, GameEvent::Ended { cue: Cue { sound: Some(Sound::Draw), .. }, .. })));
}

#[test]
fn forced_capture_is_explained_once_and_held_back_pieces_say_why() {
    let settings = Settings { sound: false, ..quiet() };
    let (c, _, _) = controller_with(NewGame::pass_and_play(None), settings);
    c.play_move("c3-d4".into()).unwrap();
    c.play_move("f6-e5".into()).unwrap();
    let events = c.take_events();
    let explained: Vec<&GameEvent> =
        events.iter().filter(|e| matches!(e, GameEvent::ExplainMustCapture { .. })).collect();
    assert_eq!(explained, [&GameEvent::ExplainMustCapture { capturers: vec![sq("d4")] }]);
    c.tap(sq("a3")).unwrap();
    let events = c.take_events();
    let Some(GameEvent::HeldBack { notice, cue }) = events.first() else { panic!("{events:?}") };
    assert_eq!(notice.capturers, [sq("d4")]);
    assert_eq!(*cue, Cue { sound: None, vibrate: true }, "sound off in the settings");
    c.play_move("d4:f6".into()).unwrap();
    c.play_move("g7:e5".into()).unwrap();
    c.play_move("g3-h4".into()).unwrap();
    c.play_move("e5-f4".into()).unwrap();
    assert!(c.take_events().iter().all(|e| !matches!(e, GameEvent::ExplainMustCapture { .. })), "once ever");
}

#[test]
fn legal_move_dots_follow_the_setting() {
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    let s = c.tap(sq("c3")).unwrap();
    assert!(s.snapshot.squares.iter().any(|q| q.destination));
    let s = c.apply_settings(Settings { show_legal_moves: false, ..quiet() });
    assert!(s.snapshot.squares.iter().all(|q| !q.destination && !q.final_destination));
    assert!(s.snapshot.squares.iter().any(|q| q.selected), "the selection stays");
}

#[test]
fn a_drag_picks_the_piece_up_and_drops_it() {
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    let s = c.drag(sq("c3"), sq("d4")).unwrap();
    assert_eq!(s.snapshot.last_move.unwrap().text, "c3-d4");
    // A drag of a piece that cannot move leaves the board as it was, with the reason.
    let s = c.drag(sq("h8"), sq("g7")).unwrap();
    assert_eq!(s.snapshot.ply, 1);
    let s = c.drag(sq("b6"), sq("a5")).unwrap();
    assert_eq!(s.snapshot.ply, 2);
}

#[test]
fn a_multi_capture_choice_is_offered_chosen_or_dismissed() {
    // Two captures of the king on g5 end on f8, taking different pieces.
    let fen = "W:WKg5:Bb2,f4,b8,e7,d4,e5";
    let (c, _, _) = controller(from_fen(fen, Opponent::PassAndPlay));
    c.tap(sq("g5")).unwrap();
    let s = c.tap(sq("f8")).unwrap();
    assert_eq!((s.status.clone(), s.snapshot.choices.len()), (Status::ChooseCapture, 2));
    let s = c.dismiss_choice().unwrap();
    assert!(s.snapshot.choices.is_empty() && s.snapshot.selected.is_none());
    c.tap(sq("g5")).unwrap();
    let s = c.tap(sq("f8")).unwrap();
    let pick = s.snapshot.choices.iter().position(|m| m.text == "g5:c1:a3:f8").unwrap();
    let s = c.choose(pick as u32).unwrap();
    assert_eq!(s.snapshot.last_move.unwrap().captured.len(), 3);
    let plan = s.animation.unwrap();
    assert_eq!(plan.hops.len(), 3);
    assert!(plan.hops.iter().all(|h| h.captured.is_some()));
}

#[test]
fn clocks_tick_to_flag_fall_and_pause_stops_them() {
    let one_ms = SideTime { base_ms: 40, increment_ms: 0 };
    let (c, _, _) = controller(NewGame::pass_and_play(Some(TimeControl { white: one_ms, black: one_ms })));
    let s = c.state();
    let clocks = s.snapshot.clocks.as_ref().unwrap();
    assert_eq!((clocks.white_text.as_str(), clocks.black_text.as_str()), ("0.0", "0.0"));
    assert!(s.next_tick_ms.is_some());
    let paused = c.pause().unwrap();
    assert!(paused.next_tick_ms.is_none());
    std::thread::sleep(std::time::Duration::from_millis(60));
    assert!(c.tick().snapshot.result.is_none(), "no time passes while paused");
    c.resume();
    std::thread::sleep(std::time::Duration::from_millis(60));
    let s = c.tick();
    let Status::Over { result, .. } = s.status else { panic!("{:?}", s.status) };
    assert_eq!((result.outcome, result.reason), (Outcome::BlackWins, EndReason::Time));
    assert!(c.take_events().iter().any(|e| matches!(e, GameEvent::Ended { .. })));
}

#[test]
fn pausing_stops_the_computer_and_resuming_starts_it_again() {
    let (c, queue, _) = controller(NewGame::versus_computer(1, Color::Black));
    assert_eq!(queue.len(), 1);
    c.pause().unwrap();
    queue.run_all();
    assert_eq!(c.state().snapshot.ply, 0, "the answer of a paused screen is dropped");
    c.resume();
    assert_eq!(queue.run_all(), 1);
    assert_eq!(c.state().snapshot.ply, 1);
    c.leave();
    assert!(matches!(c.resume().status, Status::YourMove { .. }), "a closed screen stays closed");
    assert_eq!(queue.len(), 0);
}

#[test]
fn a_held_computer_waits_until_let_go() {
    let (c, queue, _) = controller(NewGame::versus_computer(1, Color::Black));
    let s = c.stop_thinking();
    assert_eq!(s.status, Status::ComputerHeld);
    queue.run_all();
    assert_eq!(c.state().snapshot.ply, 0);
    c.hold_computer(false);
    assert_eq!(queue.run_all(), 1);
    assert_eq!(c.state().snapshot.ply, 1);
}

#[test]
fn square_descriptions_and_reactions() {
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    c.tap(sq("c3")).unwrap();
    let d = c.describe_square(sq("c3")).unwrap();
    assert_eq!(d.name, "c3");
    assert_eq!(d.states, [crate::board::SquareState::Selected]);
    let d = c.describe_square(sq("d4")).unwrap();
    assert_eq!((d.piece, d.states.as_slice()), (None, &[crate::board::SquareState::Destination][..]));
    assert!(c.describe_square(0).is_err());
    c.react(Color::Black, "👍".into()).unwrap();
    assert!(c
        .take_events()
        .iter()
        .any(|e| matches!(e, GameEvent::Reacted { reaction } if reaction.side == Color::Black)));
}

#[test]
fn the_newest_reaction_shows_beside_its_side_for_a_few_seconds_and_old_ones_are_history() {
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    assert_eq!(c.state().reaction, None);
    let s = c.react(Color::Black, "👍".into()).unwrap();
    assert_eq!(s.reaction.as_ref().map(|r| (r.side, r.emoji.as_str())), Some((Color::Black, "👍")));
    // Read again before it goes (no clock runs in this game: the reaction alone asks for a tick).
    assert!(s.next_tick_ms.is_some_and(|t| t <= REACTION_SHOWN_FOR.as_millis() as u64 + 1), "{:?}", s.next_tick_ms);
    let s = c.react(Color::White, "🤔".into()).unwrap();
    assert_eq!(s.reaction.map(|r| (r.side, r.emoji)), Some((Color::White, "🤔".to_string())), "only the newest shows");
    // Another screen on the same game: its reactions so far are not news.
    let again = GameController::new(
        c.session().clone(),
        quiet(),
        None,
        Arc::new(Queue::default()),
        Arc::new(crate::background::NoObserver),
    )
    .unwrap();
    assert_eq!(again.start().reaction, None);
}

#[test]
fn a_background_that_cannot_start_work_is_reported_not_hung() {
    struct Refuses;
    impl Background for Refuses {
        fn run(&self, _: Box<dyn FnOnce() + Send>) -> Result<(), String> {
            Err("no threads".into())
        }
    }
    let session = GameSession::new(NewGame::versus_computer(1, Color::Black)).unwrap();
    let c = GameController::new(session, quiet(), None, Arc::new(Refuses), Arc::new(NoObserver)).unwrap();
    let s = c.start();
    assert_eq!(s.status, Status::ComputerHeld, "nothing is thinking");
    assert!(c
        .take_events()
        .iter()
        .any(|e| matches!(e, GameEvent::Failed { message } if message.contains("no threads"))));
}

#[derive(Clone, Debug)]
enum Call {
    Tap(u32),
    Drag(u32, u32),
    Choose(u32),
    Undo,
    Redo,
    Hint,
    Resign,
    Tick,
    Pause,
    Resume,
    Flip,
    RunJobs,
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        6 => (1u32..=33).prop_map(Call::Tap),
        2 => (1u32..=32, 1u32..=32).prop_map(|(a, b)| Call::Drag(a, b)),
        1 => (0u32..3).prop_map(Call::Choose),
        2 => Just(Call::Undo),
        1 => Just(Call::Redo),
        1 => Just(Call::Hint),
        1 => Just(Call::Resign),
        1 => Just(Call::Tick),
        1 => Just(Call::Pause),
        1 => Just(Call::Resume),
        1 => Just(Call::Flip),
        4 => Just(Call::RunJobs),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever a player does, and whenever the engine's answers come, the screen never panics and always
    /// shows the session's game.
    #[test]
    fn random_screen_use_always_shows_the_sessions_game(computer in any::<bool>(), calls in prop::collection::vec(call(), 1..60)) {
        let setup = if computer { NewGame::versus_computer(1, Color::White) } else { NewGame::pass_and_play(None) };
        let (c, queue, _) = controller(setup);
        for call in calls {
            let _ = match call {
                Call::Tap(n) => c.tap(n).map(drop),
                Call::Drag(a, b) => c.drag(a, b).map(drop),
                Call::Choose(i) => c.choose(i).map(drop),
                Call::Undo => c.undo().map(drop),
                Call::Redo => c.redo().map(drop),
                Call::Hint => c.hint().map(drop),
                Call::Resign => c.resign().map(drop),
                Call::Tick => {
                    let _ = c.tick();
                    Ok(())
                }
                Call::Pause => c.pause().map(drop),
                Call::Resume => {
                    let _ = c.resume();
                    Ok(())
                }
                Call::Flip => {
                    let _ = c.flip_board();
                    Ok(())
                }
                Call::RunJobs => {
                    queue.run_all();
                    Ok(())
                }
            };
            let shown = c.state();
            let session = c.session().snapshot().unwrap();
            prop_assert_eq!(&shown.snapshot.fen, &session.fen);
            prop_assert_eq!(shown.snapshot.ply, session.ply);
            prop_assert_eq!(&shown.snapshot.result, &session.result);
            let flipped = shown.orientation.flipped;
            for q in &shown.snapshot.squares {
                prop_assert_eq!(crate::board::square_at(q.column, q.row, flipped), Some(q.number));
            }
        }
        c.leave();
        queue.run_all();
    }
}

#[test]
fn a_game_that_opens_on_a_forced_capture_explains_it_at_once() {
    // White to move must take e5 with d4: the first state already has the explanation waiting.
    let setup = from_fen("W:Wd4,c1:Be5,h8", Opponent::PassAndPlay);
    let (c, _, _) = controller(setup);
    let explained: Vec<GameEvent> =
        c.take_events().into_iter().filter(|e| matches!(e, GameEvent::ExplainMustCapture { .. })).collect();
    assert_eq!(explained, [GameEvent::ExplainMustCapture { capturers: vec![sq("d4")] }]);
}

#[test]
fn the_draw_button_is_for_games_between_people() {
    let (c, _, _) = controller(NewGame::versus_computer(2, Color::White));
    assert!(!c.state().actions.draws);
    let (c, _, _) = controller(NewGame::pass_and_play(None));
    assert!(c.state().actions.draws && c.state().actions.offer_draw);
}

#[test]
fn a_crowning_move_sounds_as_a_king_and_a_clock_passing_twenty_seconds_warns_once() {
    let settings = Settings { sound: true, ..quiet() };
    let (c, _, _) = controller_with(from_fen("W:Wc7:Bb2", Opponent::PassAndPlay), settings);
    c.play_move("c7-d8".into()).unwrap();
    let sounds: Vec<Option<Sound>> = c
        .take_events()
        .iter()
        .filter_map(|e| if let GameEvent::Moved { cue, .. } = e { Some(cue.sound) } else { None })
        .collect();
    assert_eq!(sounds, [Some(Sound::King)]);

    let timed = NewGame { time_control: Some(TimeControl::even(1, 0)), ..NewGame::versus_computer(1, Color::White) };
    let mut before = GameSession::new(timed).unwrap().snapshot().unwrap();
    let clocks = before.clocks.as_mut().unwrap();
    clocks.running = Some(Color::White);
    clocks.white_ms = 20_400;
    let mut after = before.clone();
    after.clocks.as_mut().unwrap().white_ms = 19_900;
    assert_eq!(low_time_crossed(&before, &after), Some(Color::White), "the player's clock passes 20 s");
    assert_eq!(low_time_crossed(&after, &after), None, "once, not on every tick under it");
    for c in [before.clocks.as_mut().unwrap(), after.clocks.as_mut().unwrap()] {
        c.running = Some(Color::Black);
        c.black_ms = c.white_ms;
    }
    assert_eq!(low_time_crossed(&before, &after), None, "the computer's clock is not the player's worry");
}
