// Sound and haptics for moves, captures, refused moves and the end of the game, each behind its settings toggle.
import AudioToolbox
import UIKit
import GiveawayKit

@MainActor
final class FeedbackPlayer {
    private let light = UIImpactFeedbackGenerator(style: .light)
    private let heavy = UIImpactFeedbackGenerator(style: .medium)
    private let notice = UINotificationFeedbackGenerator()

    func play(_ feedback: Feedback, sound: Bool, haptics: Bool) {
        if sound {
            // System sounds: short, respect the silent switch, need no bundled audio.
            let id: SystemSoundID
            switch feedback {
            case .move: id = 1104
            case .capture: id = 1105
            case .illegal: id = 1053
            case .gameOver: id = 1025
            }
            AudioServicesPlaySystemSound(id)
        }
        if haptics {
            switch feedback {
            case .move: light.impactOccurred()
            case .capture: heavy.impactOccurred()
            case .illegal: notice.notificationOccurred(.warning)
            case .gameOver: notice.notificationOccurred(.success)
            }
        }
    }
}
