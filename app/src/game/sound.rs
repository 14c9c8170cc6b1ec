//! The app's sounds, made here by code for every front end (no recorded or downloaded audio): each a few short
//! notes with a soft attack and an exponential decay, as mono 16-bit PCM at the rate the shell plays.

use crate::game::Sound;
use std::f32::consts::TAU;

/// One note of a sound: its pitch, when it starts and how long it rings, and how loud (0..1).
struct Note {
    hz: f32,
    at_ms: u32,
    ms: u32,
    gain: f32,
}

const fn note(hz: f32, at_ms: u32, ms: u32, gain: f32) -> Note {
    Note { hz, at_ms, ms, gain }
}

/// What each sound plays: a wooden tap for a move, two for a capture, a rising chime for a king, a double beep
/// for low time, a major arpeggio for a win, a falling one for a loss, two even notes for a draw, a low buzz for
/// a refused tap.
fn notes(sound: Sound) -> Vec<Note> {
    match sound {
        Sound::Move => vec![note(660.0, 0, 60, 0.55)],
        Sound::Capture => vec![note(520.0, 0, 60, 0.55), note(780.0, 70, 70, 0.55)],
        Sound::King => vec![note(880.0, 0, 140, 0.4), note(1320.0, 100, 240, 0.4)],
        Sound::LowTime => vec![note(1000.0, 0, 90, 0.45), note(1000.0, 170, 90, 0.45)],
        Sound::Win => vec![
            note(523.25, 0, 240, 0.35),
            note(659.25, 100, 240, 0.35),
            note(783.99, 200, 240, 0.35),
            note(1046.5, 300, 420, 0.35),
        ],
        Sound::Loss => vec![note(392.0, 0, 280, 0.4), note(329.63, 140, 280, 0.4), note(261.63, 280, 460, 0.4)],
        Sound::Draw => vec![note(523.25, 0, 220, 0.4), note(523.25, 180, 320, 0.4)],
        Sound::Refused => vec![note(196.0, 0, 110, 0.5)],
    }
}

/// `sound` as mono 16-bit PCM at `sample_rate` samples a second, ready for the platform's audio output.
pub fn sound_samples(sound: Sound, sample_rate: u32) -> Vec<i16> {
    let rate = sample_rate.clamp(8_000, 192_000) as f32;
    let notes = notes(sound);
    let end_ms = notes.iter().map(|n| n.at_ms + n.ms).max().unwrap_or(0);
    let len = (end_ms as f32 * rate / 1000.0) as usize;
    let mut mix = vec![0f32; len];
    for n in &notes {
        let start = (n.at_ms as f32 * rate / 1000.0) as usize;
        let count = (n.ms as f32 * rate / 1000.0) as usize;
        let attack = (0.004 * rate).max(1.0);
        for i in 0..count.min(len.saturating_sub(start)) {
            let t = i as f32 / rate;
            // A 4 ms rise, then a decay to about -40 dB at the note's end, and a last 4 ms fade to silence: no
            // click at either end.
            let rise = (i as f32 / attack).min(1.0);
            let fall = ((count - i) as f32 / attack).min(1.0);
            let decay = (-4.6 * i as f32 / count as f32).exp();
            // The pitch and a little of its octave: rounder than a bare sine.
            let wave = (TAU * n.hz * t).sin() + 0.3 * (TAU * 2.0 * n.hz * t).sin();
            mix[start + i] += n.gain * rise * fall * decay * wave / 1.3;
        }
    }
    mix.iter().map(|v| (v.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Sound; 8] = [
        Sound::Move,
        Sound::Capture,
        Sound::King,
        Sound::LowTime,
        Sound::Win,
        Sound::Loss,
        Sound::Draw,
        Sound::Refused,
    ];

    #[test]
    fn every_sound_is_short_audible_unclipped_and_starts_and_ends_in_silence() {
        for s in ALL {
            let pcm = sound_samples(s, 44_100);
            let ms = pcm.len() * 1000 / 44_100;
            assert!((50..=800).contains(&ms), "{s:?}: {ms} ms");
            let peak = pcm.iter().map(|v| i32::from(*v).abs()).max().unwrap();
            assert!((8_000..i32::from(i16::MAX)).contains(&peak), "{s:?}: peak {peak}");
            assert!(pcm[0].abs() < 200 && pcm[pcm.len() - 1].abs() < 200, "{s:?} clicks at an end");
        }
    }

    #[test]
    fn the_sounds_differ_and_follow_the_sample_rate() {
        let pcm: Vec<Vec<i16>> = ALL.iter().map(|s| sound_samples(*s, 22_050)).collect();
        for (i, a) in pcm.iter().enumerate() {
            assert!(pcm[i + 1..].iter().all(|b| a != b), "{:?} sounds like another", ALL[i]);
        }
        let (low, high) = (sound_samples(Sound::Win, 22_050).len(), sound_samples(Sound::Win, 44_100).len());
        assert!(high.abs_diff(2 * low) <= 2, "{low} at 22.05 kHz, {high} at 44.1 kHz");
    }
}
