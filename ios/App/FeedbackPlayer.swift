// Sound and haptics for the core's cues (already filtered by the sound and vibration settings).
import AudioToolbox
import UIKit
import GiveawayCore

@MainActor
final class FeedbackPlayer {
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let heavy = UIImpactFeedbackGenerator(style: .medium)
    private let notice = UINotificationFeedbackGenerator()

    func play(_ event: GameEvent) {
        let cue: Cue
        switch event {
        case .moved(_, _, _, let c), .ended(_, _, let c), .heldBack(_, let c): cue = c
        default: return
        }
        if let sound = cue.sound {
            // System sounds: short, respect the silent switch, need no bundled audio.
            switch sound {
            case .move: AudioServicesPlaySystemSound(1104)
            case .capture: AudioServicesPlaySystemSound(1105)
            case .refused: AudioServicesPlaySystemSound(1053)
            case .win: AudioServicesPlaySystemSound(1025)
            case .loss: AudioServicesPlaySystemSound(1073)
            case .draw: AudioServicesPlaySystemSound(1057)
            }
        }
        guard cue.vibrate else { return }
        switch event {
        case .moved(let mv, _, _, _): (mv.captured.isEmpty ? light : heavy).impactOccurred()
        case .heldBack: notice.notificationOccurred(.warning)
        default: notice.notificationOccurred(.success)
        }
    }
}
