//! Advice during the game: hints (which piece, then which move, and why) and coach tips after a move that
//! gave away much of the player's winning chances.

use super::analysis::{win_chance, MoveClass};
use super::book::Book;
use super::exact::exact_value;
use super::limits::{Limits, StopHandle};
use super::root::SearchRoot;
use super::search::{WIN, WIN_BOUND};
use super::Engine;
use crate::movegen::{legal_moves, Move};
use crate::square::Square;
use crate::tablebase::Value;

/// A hint in two steps: first the piece to move, then the move, with a short reason where one can be named.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The piece to move (the first step of the hint).
    pub piece: Square,
    /// The move to play with it (the second step).
    pub mv: Move,
    /// Side to move's view.
    pub score: i32,
    /// Why this move, in words, where one can be named (e.g. a forced win).
    pub reason: Option<String>,
}

/// The best move for the side to move as a hint; `None` when it has no legal move (it has already won).
pub fn hint(engine: &mut Engine, root: &SearchRoot, limits: &Limits, stop: &StopHandle) -> Option<Hint> {
    let r = engine.search(root, limits, stop, &mut |_| {});
    let mv = r.best?;
    let pv = if r.pv.first() == Some(&mv) { r.pv.clone() } else { vec![mv] };
    let exact = engine.tablebase().and_then(|tb| exact_value(tb, root)).and_then(table_reason);
    Some(Hint { piece: mv.from(), mv, score: r.score, reason: exact.or_else(|| reason(root, &pv, r.score)) })
}

/// What the endgame tables add to a hint where the search's score says less: a held draw or the longest
/// resistance (a won position's score is exact already and worded by [`reason`]).
fn table_reason(v: Value) -> Option<String> {
    match v {
        Value::Win(_) => None,
        Value::Draw => Some("with best play this endgame is a draw, and this move keeps it so".into()),
        Value::Loss(d) => Some(format!(
            "this endgame is lost whatever you play; this move holds out longest ({} more {})",
            d.div_ceil(2),
            if d <= 2 { "move" } else { "moves" }
        )),
    }
}

fn times(n: usize) -> String {
    match n {
        1 => "to capture".into(),
        2 => "to capture twice".into(),
        n => format!("to capture {n} times"),
    }
}

/// Why the first move of `pv` is good, in one sentence, or `None` when nothing simple can be said.
fn reason(root: &SearchRoot, pv: &[Move], score: i32) -> Option<String> {
    let mv = pv.first()?;
    if score >= WIN_BOUND {
        let moves = (WIN - score + 1) / 2;
        return Some(if moves <= 1 {
            "wins at once: after it you have no move left".into()
        } else {
            format!("wins by force: you run out of moves in {moves} moves whatever your opponent does")
        });
    }
    let legal = legal_moves(&root.position);
    if legal.iter().all(|m| m.outcome_key() == mv.outcome_key()) {
        return Some(if mv.is_capture() {
            "capturing is compulsory and this is your only capture".into()
        } else {
            "it is your only legal move".into()
        });
    }
    // Count the opponent's captures in a row along the main line: each one is forced on it.
    let forced = pv.iter().skip(1).step_by(2).take_while(|m| m.is_capture()).count();
    if forced > 0 {
        let given: u32 = pv.iter().skip(1).step_by(2).take(forced).map(|m| m.captured().count()).sum();
        return Some(format!("forces your opponent {} (it must take {given} of your pieces)", times(forced)));
    }
    if mv.is_capture() && legal.iter().any(|m| m.outcome_key() != mv.outcome_key()) {
        return Some("capturing is compulsory; of your captures this one leaves you best placed".into());
    }
    None
}

/// A coach tip: the move played lost a lot of winning chance; here is what was better.
#[derive(Clone, Debug, PartialEq)]
pub struct CoachTip {
    /// The move the player made.
    pub played: Move,
    /// The move the engine prefers in its place.
    pub better: Move,
    /// How much the move played gave away.
    pub class: MoveClass,
    /// The player's expected result (0..=1) with the better move and after the move played.
    pub chance_before: f64,
    /// The player's expected result (0..=1) after the move played.
    pub chance_after: f64,
    /// The tip in words, for the player.
    pub message: String,
}

/// Judges the move `played` from `before`: a tip when it was a mistake or a blunder, otherwise `None`
/// (also for illegal moves). `limits` apply to each of the two searches.
pub fn coach(
    engine: &mut Engine,
    before: &SearchRoot,
    played: &Move,
    limits: &Limits,
    stop: &StopHandle,
) -> Option<CoachTip> {
    let legal = legal_moves(&before.position);
    if !legal.contains(played) || legal.iter().all(|m| m.outcome_key() == played.outcome_key()) {
        return None;
    }
    let best = engine.search(before, limits, stop, &mut |_| {});
    let better = best.best?;
    if better.outcome_key() == played.outcome_key() {
        return None;
    }
    let after = before.after(played);
    // An opening move the book proved lost: the opponent wins by force in the plies after it.
    let book_loss = Book::embedded().loses(&before.position, played);
    let after_score = if legal_moves(&after.position).is_empty() {
        WIN
    } else if after.is_rule_draw() {
        0
    } else if let Some(plies) = book_loss {
        WIN - (i32::from(plies) - 1)
    } else {
        engine.search(&after, limits, stop, &mut |_| {}).score
    };
    let chance_before = win_chance(best.score);
    let chance_after = 1.0 - win_chance(after_score);
    let class = MoveClass::from_loss((chance_before - chance_after).max(0.0), false);
    if class < MoveClass::Mistake {
        return None;
    }
    let why = reason(before, &best.pv, best.score).map_or(String::new(), |r| format!(" ({r})"));
    // A proven win let go is said as such (with the tables, every endgame win the search sees is exact).
    let message = if let Some(plies) = book_loss {
        let moves = (i32::from(plies) - 1 + 1) / 2;
        format!(
            "{played} loses by force: this opening is proven lost, your opponent wins in at most {moves} {} whatever \
             you play. Better was {better}{why}.",
            if moves == 1 { "move" } else { "moves" }
        )
    } else if best.score >= WIN_BOUND && after_score > -WIN_BOUND {
        let moves = (WIN - best.score + 1) / 2;
        format!(
            "{played} threw away a forced win in {moves} {}. Better was {better}{why}.",
            if moves == 1 { "move" } else { "moves" }
        )
    } else {
        format!(
            "{played} was a {}: your winning chances fell from {:.0}% to {:.0}%. Better was {better}{why}.",
            class.name(),
            100.0 * chance_before,
            100.0 * chance_after
        )
    };
    Some(CoachTip { played: *played, better, class, chance_before, chance_after, message })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;
    use crate::game::Rules;
    use crate::notation::parse_move;

    fn root(fen: &str) -> SearchRoot {
        SearchRoot::new(parse_fen(fen).unwrap(), Rules::default())
    }

    #[test]
    fn hint_names_the_piece_then_the_move_and_why() {
        let r = root("W:W22,29:B15");
        let h = hint(&mut Engine::new(1), &r, &Limits::depth(10), &StopHandle::new()).unwrap();
        assert_eq!((h.piece.to_string(), h.mv.to_string()), ("c3".to_string(), "c3-d4".to_string()));
        assert!(h.reason.unwrap().starts_with("wins by force"));
        // Offering two men in a row: the reason counts the forced captures.
        let pv = [
            parse_move(&r.position, "c3-d4").unwrap(),
            parse_move(&r.position.play(&parse_move(&r.position, "c3-d4").unwrap()), "e5:c3").unwrap(),
        ];
        assert_eq!(reason(&r, &pv, 0).unwrap(), "forces your opponent to capture (it must take 1 of your pieces)");
        // A lone legal move.
        let only = root("W:W29:B15");
        let mv = legal_moves(&only.position)[0];
        assert_eq!(reason(&only, &[mv], 0).unwrap(), "it is your only legal move");
        assert!(hint(&mut Engine::new(1), &root("W:W:B1"), &Limits::depth(3), &StopHandle::new()).is_none());
    }

    #[test]
    fn with_tables_a_hint_says_a_draw_is_held_or_a_loss_resisted() {
        let (tb, _) = crate::tablebase::Tablebase::build(3, |_, _| {}).unwrap();
        let tb = std::sync::Arc::new(tb);
        let mut e = Engine::new(1);
        e.set_tablebase(Some(tb.clone()));
        // A drawn and a lost 3-piece position found from the tables themselves, then a hint asked there.
        let mut found = [false; 2];
        for m in crate::tablebase::Material::up_to(3) {
            for i in 0..m.entries() {
                let Some(p) = m.position(i) else { continue };
                let r = SearchRoot::new(p, Rules::default());
                let want = match exact_value(&tb, &r) {
                    Some(Value::Draw) if !found[0] => 0,
                    Some(Value::Loss(_)) if !found[1] => 1,
                    _ => continue,
                };
                let text = hint(&mut e, &r, &Limits::depth(4), &StopHandle::new()).unwrap().reason.unwrap();
                assert!(text.contains(["is a draw", "is lost whatever"][want]), "{p:?}: {text}");
                found[want] = true;
            }
        }
        assert_eq!(found, [true, true]);
    }

    #[test]
    fn coach_says_an_opening_move_the_book_proved_lost_loses_by_force() {
        let (line, lost, _) = crate::engine::book::first_losing_line(Book::embedded()).unwrap();
        let pos = line.iter().fold(crate::position::Position::start(), |p, m| p.play(m));
        let before = SearchRoot::new(pos, Rules::default());
        let tip = coach(&mut Engine::new(1), &before, &lost, &Limits::depth(4), &StopHandle::new()).unwrap();
        assert!(tip.message.contains("loses by force: this opening is proven lost"), "{}", tip.message);
        assert_eq!((tip.class, tip.chance_after), (MoveClass::Blunder, 0.0));
    }

    #[test]
    fn coach_flags_a_blunder_and_stays_quiet_for_the_best_move() {
        let r = root("W:W22,29:B15");
        let mut e = Engine::new(1);
        let l = Limits::depth(10);
        let bad = parse_move(&r.position, "a1-b2").unwrap();
        let tip = coach(&mut e, &r, &bad, &l, &StopHandle::new()).unwrap();
        assert_eq!(tip.class, MoveClass::Blunder);
        assert_eq!(tip.better.to_string(), "c3-d4");
        assert!(tip.message.contains("Better was c3-d4"), "{}", tip.message);
        assert!(tip.message.starts_with("a1-b2 threw away a forced win in "), "{}", tip.message);
        let good = parse_move(&r.position, "c3-d4").unwrap();
        assert_eq!(coach(&mut e, &r, &good, &l, &StopHandle::new()), None);
    }
}
