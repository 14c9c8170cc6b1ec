use giveaway_core::*;
fn main() {
    let mut s: u64 = 12345;
    let mut rnd = move || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
    for _ in 0..2_000_000 {
        let (mut w, mut b, mut k) = (0u64, 0u64, 0u64);
        for sq in Square::all() {
            let r = rnd() % 100;
            if r < 8 { w |= sq.mask(); if rnd()%2==0 { k |= sq.mask(); } }
            else if r < 30 { b |= sq.mask(); if rnd()%4==0 { k |= sq.mask(); } }
        }
        let k = k | (w & square::RANK_8) | (b & square::RANK_1);
        let Ok(p) = Position::new(w, b, k, Color::White) else { continue };
        let ms = legal_moves(&p);
        for (i, a) in ms.iter().enumerate() {
            for c in &ms[..i] {
                if a.from() == c.from() && a.to() == c.to() && a.captured() != c.captured() && a.path().len() <= 3 {
                    println!("{} {} {}", to_fen(&p), a, c); return;
                }
            }
        }
    }
}
