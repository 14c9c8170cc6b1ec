// Sound and haptics for the core's cues (already filtered by the sound and vibration settings). The sounds are
// the core's, made by code (`soundSamples`): no recorded or downloaded audio.
import AVFoundation
import UIKit
import GiveawayCore

@MainActor
final class FeedbackPlayer {
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let heavy = UIImpactFeedbackGenerator(style: .medium)
    private let notice = UINotificationFeedbackGenerator()
    private let engine = AVAudioEngine()
    private let player = AVAudioPlayerNode()
    private let format = AVAudioFormat(
        commonFormat: .pcmFormatFloat32, sampleRate: 22_050, channels: 1, interleaved: false)
    private var buffers: [Sound: AVAudioPCMBuffer] = [:]

    init() {
        engine.attach(player)
        if let format { engine.connect(player, to: engine.mainMixerNode, format: format) }
    }

    func play(_ event: GameEvent) {
        let cue: Cue
        switch event {
        case .moved(_, _, _, let c), .ended(_, _, let c), .heldBack(_, let c), .lowTime(_, let c): cue = c
        default: return
        }
        if let sound = cue.sound, let buffer = buffer(sound) {
            if !engine.isRunning { try? engine.start() }
            player.scheduleBuffer(buffer, at: nil, options: .interrupts)
            player.play()
        }
        guard cue.vibrate else { return }
        switch event {
        case .moved(let mv, _, _, _): (mv.captured.isEmpty ? light : heavy).impactOccurred()
        case .heldBack, .lowTime: notice.notificationOccurred(.warning)
        default: notice.notificationOccurred(.success)
        }
    }

    /// The core's samples for `sound` as a buffer the engine plays, made once.
    private func buffer(_ sound: Sound) -> AVAudioPCMBuffer? {
        if let made = buffers[sound] { return made }
        guard let format else { return nil }
        let pcm = soundSamples(sound: sound, sampleRate: UInt32(format.sampleRate))
        guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(pcm.count)),
            let out = buffer.floatChannelData?[0]
        else { return nil }
        buffer.frameLength = AVAudioFrameCount(pcm.count)
        for (i, sample) in pcm.enumerated() { out[i] = Float(sample) / Float(Int16.max) }
        buffers[sound] = buffer
        return buffer
    }
}
