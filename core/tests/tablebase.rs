//! The endgame tables against a deliberately simple solver: every position of up to 3 pieces enumerated
//! square by square, its moves from the reference move generator (not the core's), the successors built by
//! hand, and values found by plain passes over the whole set (no retrograde moves, no counters). Every entry
//! must be equal. Then the consistency of a table with its moves, where every value must follow from the
//! values of the positions its moves lead to.

mod common;

use common::reference::Reference;
use giveaway_core::square::Bitboard;
use giveaway_core::tablebase::{Material, Tablebase, Value};
use giveaway_core::{Color, MoveList, Position, Square};
use std::collections::HashMap;

/// The piece kinds a square can hold: (colour, king).
const KINDS: [(Color, bool); 4] =
    [(Color::White, false), (Color::White, true), (Color::Black, false), (Color::Black, true)];

/// Every position with 1..=`max` pieces on distinct squares, both sides to move (including positions where a
/// side has no piece, which the tables answer without a table).
fn every_position(max: usize) -> Vec<Position> {
    fn place(from: usize, left: usize, pieces: &mut Vec<(Square, Color, bool)>, out: &mut Vec<Position>) {
        if !pieces.is_empty() {
            let mut bb = [Bitboard::EMPTY; 2];
            let mut kings = Bitboard::EMPTY;
            for &(s, c, k) in pieces.iter() {
                bb[c.index()] |= s.mask();
                if k {
                    kings |= s.mask();
                }
            }
            for side in [Color::White, Color::Black] {
                // Men on their own promotion rank are refused here: no such position exists.
                if let Ok(p) = Position::new(bb[0], bb[1], kings, side) {
                    out.push(p);
                }
            }
        }
        if left == 0 {
            return;
        }
        for (i, s) in Square::all().enumerate().skip(from) {
            for (c, k) in KINDS {
                pieces.push((s, c, k));
                place(i + 1, left - 1, pieces, out);
                pieces.pop();
            }
        }
    }
    let mut out = Vec::new();
    place(0, max, &mut Vec::new(), &mut out);
    out
}

/// The positions the reference generator's moves lead to, built square by square.
fn successors(pos: &Position) -> Vec<Position> {
    let coords = |(x, y): (u8, u8)| Square::from_coords(x, y).expect("reference squares are dark squares").mask();
    let side = pos.side_to_move();
    Reference::new(pos)
        .moves()
        .into_iter()
        .map(|m| {
            let from = coords(m.path[0]);
            let to = coords(*m.path.last().expect("a move has a path"));
            let captured: Bitboard = m.captured.iter().map(|&c| coords(c)).fold(Bitboard::EMPTY, |a, b| a | b);
            let mut bb = [pos.pieces(Color::White), pos.pieces(Color::Black)];
            let was_king = (pos.kings() & from).any();
            bb[side.index()] = (bb[side.index()] - from) | to;
            bb[side.opponent().index()] = bb[side.opponent().index()] - captured;
            let mut kings = pos.kings() - from - captured;
            if was_king || m.promotes {
                kings |= to;
            }
            Position::new(bb[0], bb[1], kings, side.opponent()).expect("a legal move leads to a position")
        })
        .collect()
}

/// Values by passes: in pass `d`, an open position whose moves include one to a position lost in `d - 1` is
/// won in `d`; one whose moves all lead to won positions (all found in earlier passes) is lost in `d`. A
/// position without moves is won in 0. What no pass settles is drawn.
fn solve(positions: &[Position]) -> HashMap<Position, Value> {
    let at: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let children: Vec<Vec<usize>> = positions
        .iter()
        .map(|p| successors(p).iter().map(|c| *at.get(c).expect("fewer or as many pieces: enumerated")).collect())
        .collect();
    let mut value: Vec<Option<Value>> = vec![None; positions.len()];
    for d in 0u16.. {
        let mut settled = Vec::new();
        for (i, kids) in children.iter().enumerate() {
            if value[i].is_some() {
                continue;
            }
            if kids.is_empty() {
                settled.push((i, Value::Win(0)));
            } else if d > 0 && kids.iter().any(|&k| value[k] == Some(Value::Loss(d - 1))) {
                settled.push((i, Value::Win(d)));
            } else if kids.iter().all(|&k| matches!(value[k], Some(Value::Win(_)))) {
                settled.push((i, Value::Loss(d)));
            }
        }
        if settled.is_empty() && d > 0 {
            break;
        }
        for (i, v) in settled {
            value[i] = Some(v);
        }
    }
    positions.iter().zip(value).map(|(p, v)| (*p, v.unwrap_or(Value::Draw))).collect()
}

#[test]
fn tables_of_up_to_3_pieces_equal_a_simple_solver_entry_for_entry() {
    let positions = every_position(3);
    let solved = solve(&positions);
    let (tb, report) = Tablebase::build(3, |_, _| {}).expect("3 pieces build");
    let mut compared = 0u64;
    let mut counts = [0u64; 3];
    for p in &positions {
        let m = Material::of(p);
        let both_sides = m.white_men + m.white_kings > 0 && m.black_men + m.black_kings > 0;
        assert_eq!(tb.probe(p), Some(solved[p]), "{p}\n{}", giveaway_core::to_fen(p));
        if both_sides {
            compared += 1;
            counts[match solved[p] {
                Value::Win(_) => 0,
                Value::Loss(_) => 1,
                Value::Draw => 2,
            }] += 1;
        }
    }
    // Every position the tables answer for was compared (none left out by the enumeration): each stored
    // entry (White to move) and its flipped twin with Black to move.
    assert_eq!(compared, 2 * report.positions);
    assert_eq!(counts, [report.wins, report.losses, report.draws].map(|c| 2 * c));
    // All three results occur, so the comparison is not of a trivial table.
    assert!(counts.iter().all(|&c| c > 1000), "{counts:?}");
    eprintln!(
        "3 pieces: {compared} positions equal (wins {}, losses {}, draws {}), longest {} plies",
        counts[0], counts[1], counts[2], report.longest
    );
}

/// Every entry of the tables follows from its moves: a win has a move to a position lost for the opponent
/// (the shortest such gives its distance), a loss has only moves to won positions (the longest gives its
/// distance), a draw has no move to a lost position and one to a drawn one.
fn check_consistency(tb: &Tablebase, materials: &[Material]) -> u64 {
    let mut moves = MoveList::new();
    let mut checked = 0;
    for m in materials {
        for i in 0..m.entries() {
            let Some(p) = m.position(i) else { continue };
            let stored = tb.probe(&p).expect("a position of the tables has an entry");
            assert_eq!(tb.value_from_moves(&p, &mut moves), Some(stored), "{m} {}", giveaway_core::to_fen(&p));
            checked += 1;
        }
    }
    checked
}

#[test]
fn four_piece_kings_only_tables_agree_with_their_moves() {
    // Kings-only endings only ever lead to kings-only endings, so their tables build alone (a few seconds;
    // all of 4 pieces takes about 20 s, and `giveaway tablebase verify --pieces 4` checks every entry).
    let (tb, report) = Tablebase::build_only(4, |m| m.men() == 0, |_, _| {}).expect("kings-only build");
    let four: Vec<Material> = Material::up_to(4).into_iter().filter(|m| m.pieces() == 4 && m.men() == 0).collect();
    let checked = check_consistency(&tb, &four);
    assert!(checked > 500_000 && checked < report.positions, "{checked} of {}", report.positions);
}

#[test]
fn a_build_missing_a_table_its_moves_need_is_refused() {
    // Men promote into kings-only tables, which are left out here.
    let r = Tablebase::build_only(2, |m| m.men() > 0, |_, _| {});
    assert!(matches!(r, Err(giveaway_core::tablebase::BuildError::MissingTable(_))));
}

#[test]
fn hand_checked_positions() {
    let tb = Tablebase::build(3, |_, _| {}).expect("build").0;
    let fen = |f: &str| giveaway_core::parse_fen(f).expect("fen");
    // White's man on a1 is stuck: b2 is taken and the jump over it is blocked by c3. No move: White wins.
    assert_eq!(tb.probe(&fen("W:W29:B25,22")), Some(Value::Win(0)));
    // Whoever is to move must take the other's last piece, and the opponent, left without pieces, wins.
    assert_eq!(tb.probe(&fen("W:W22:B18")), Some(Value::Loss(1)));
    assert_eq!(tb.probe(&fen("B:W22:B18")), Some(Value::Loss(1)));
}

#[test]
fn the_search_probes_the_tables_below_a_root_outside_them_and_scores_exactly() {
    use giveaway_core::engine::{Engine, Limits, SearchRoot, StopHandle, WIN};
    use giveaway_core::movegen::capturers;
    use giveaway_core::Rules;
    // 4-piece roots that must capture, with 3-piece tables: the root is searched (not in the tables), every
    // move leads into them, so the score is exact from the probes one ply down.
    let tb = std::sync::Arc::new(Tablebase::build(3, |_, _| {}).expect("build").0);
    let mut engine = Engine::new(1);
    engine.set_tablebase(Some(tb.clone()));
    let m = Material { white_men: 1, white_kings: 1, black_men: 1, black_kings: 1 };
    let mut tried = [0; 3];
    for i in (0..m.entries()).step_by(61) {
        let Some(p) = m.position(i) else { continue };
        if capturers(&p).is_empty() {
            continue;
        }
        let children: Vec<Value> =
            giveaway_core::legal_moves(&p).iter().map(|mv| tb.probe(&p.play(mv)).expect("3 pieces")).collect();
        let (k, score) = match giveaway_core::tablebase::best_of(children) {
            Value::Win(d) => (0, WIN - i32::from(d)),
            Value::Loss(d) => (1, -(WIN - i32::from(d))),
            Value::Draw => (2, 0),
        };
        engine.clear();
        let r =
            engine.search(&SearchRoot::new(p, Rules::default()), &Limits::depth(1), &StopHandle::new(), &mut |_| {});
        assert!(r.nodes > 0, "{}", giveaway_core::to_fen(&p));
        assert_eq!(r.score, score, "{}", giveaway_core::to_fen(&p));
        tried[k] += 1;
    }
    assert!(tried[0] > 100 && tried[1] > 100, "{tried:?}");
}

#[test]
fn the_file_reads_back_equal_whole_or_packed() {
    let tb = Tablebase::build(3, |_, _| {}).expect("build").0;
    let mut file = Vec::new();
    tb.write_to(&mut file).expect("write");
    let whole = Tablebase::read_from(&mut file.as_slice()).expect("read whole");
    // Few cached blocks, so that probing unpacks blocks again and again.
    let packed = Tablebase::read_packed(&mut file.as_slice(), 8).expect("read packed");
    assert_eq!((whole.max_pieces(), packed.max_pieces()), (3, 3));
    let mut n = 0;
    for (i, p) in every_position(3).iter().enumerate() {
        let v = tb.probe(p);
        assert_eq!(whole.probe(p), v, "{}", giveaway_core::to_fen(p));
        // Every 11th: unpacking a block per probe is slow.
        if i % 11 == 0 {
            assert_eq!(packed.probe(p), v, "{}", giveaway_core::to_fen(p));
            n += 1;
        }
    }
    assert!(n > 10_000, "{n}");
}

#[test]
fn a_damaged_file_is_refused_whatever_byte_is_changed_or_cut() {
    let tb = Tablebase::build(2, |_, _| {}).expect("build").0;
    let mut file = Vec::new();
    tb.write_to(&mut file).expect("write");
    let refused = |f: &[u8]| match Tablebase::read_from(&mut &f[..]) {
        Err(e) => e.kind() == std::io::ErrorKind::InvalidData,
        Ok(_) => false,
    };
    assert!(!refused(&file));
    for i in 0..file.len() {
        for flip in [0x01, 0x80] {
            let mut f = file.clone();
            f[i] ^= flip;
            assert!(refused(&f), "byte {i} of {} changed by {flip:#x}", file.len());
        }
    }
    for len in 0..file.len() {
        assert!(refused(&file[..len]), "cut to {len} of {}", file.len());
    }
    file.push(0);
    assert!(refused(&file), "a byte appended");
}

#[test]
fn the_root_answers_from_the_tables_without_searching_when_the_draw_rules_allow() {
    use giveaway_core::engine::{Engine, Limits, SearchRoot, StopHandle, WIN};
    use giveaway_core::Rules;
    let tb = std::sync::Arc::new(Tablebase::build(3, |_, _| {}).expect("build").0);
    let mut engine = Engine::new(1);
    engine.set_tablebase(Some(tb.clone()));
    let rules = Rules::default();
    let mut seen = [0u32; 3];
    for m in Material::up_to(3) {
        for i in (0..m.entries()).step_by(53) {
            let Some(p) = m.position(i) else { continue };
            let value = tb.probe(&p).expect("in the tables");
            if value == Value::Win(0) {
                continue;
            }
            let r = engine.search(&SearchRoot::new(p, rules), &Limits::depth(30), &StopHandle::new(), &mut |_| {});
            let fen = giveaway_core::to_fen(&p);
            assert_eq!(r.nodes, 0, "{fen}: searched");
            let best = r.best.expect("a move");
            assert_eq!(tb.probe(&p.play(&best)).map(Value::before), Some(value), "{fen}");
            let (k, score, line) = match value {
                Value::Win(d) => (0, WIN - i32::from(d), usize::from(d)),
                Value::Loss(d) => (1, -(WIN - i32::from(d)), usize::from(d)),
                Value::Draw => (2, 0, 1),
            };
            assert_eq!(r.score, score, "{fen}");
            assert_eq!(r.pv.len(), line, "{fen}");
            // The line ends where the side to move has no move (a win) and keeps the value at every ply.
            let mut pos = p;
            let mut v = value;
            for mv in &r.pv {
                pos = pos.play(mv);
                assert_eq!(tb.probe(&pos).map(Value::before), Some(v), "{fen}");
                v = tb.probe(&pos).expect("in the tables");
            }
            assert!(value == Value::Draw || v == Value::Win(0), "{fen}");
            seen[k] += 1;
        }
    }
    // Draws are rare in giveaway: a few dozen at this spacing.
    assert!(seen[0] > 500 && seen[1] > 500 && seen[2] > 10, "{seen:?}");

    // Where the king-move rule could strike before the win ends, the table is not trusted at the root.
    let m = Material { white_men: 0, white_kings: 2, black_men: 0, black_kings: 1 };
    let p = (0..m.entries())
        .filter_map(|i| m.position(i))
        .find(|p| matches!(tb.probe(p), Some(Value::Win(d)) if d >= 4))
        .expect("a long king win");
    let Some(Value::Win(d)) = tb.probe(&p) else { unreachable!() };
    let late = SearchRoot { king_plies: rules.king_move_plies - d + 1, ..SearchRoot::new(p, rules) };
    let r = engine.search(&late, &Limits::depth(3), &StopHandle::new(), &mut |_| {});
    assert!(r.nodes > 0);
}
