// "Your move" in correspondence games while the app is not open: a background app refresh task asks the core
// which games wait for the player's move (each position told once: the core remembers) and tells each as a local
// notification. No push server is needed; iOS decides when the task runs (not more often than every
// `YourMoveCheckTask.interval`, later when the phone saves power, never while background refresh is off), so a
// notice can come late. A push on each move would need APNs: docs/ios.md.
import BackgroundTasks
import GiveawayCore
import GiveawayKit
import UserNotifications

enum CorrespondenceNotices {
    /// Asks for the permission to notify when the player sends or accepts a correspondence challenge: the moment
    /// a notification's use is plain.
    static func askToNotify() {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]) { _, _ in }
    }

    /// Whether notifications may be shown (nothing is asked of the core otherwise, so nothing is marked told).
    static func allowed() async -> Bool {
        let status = await UNUserNotificationCenter.current().notificationSettings().authorizationStatus
        return status == .authorized || status == .provisional
    }

    /// The next check, not before the task's interval from now (a new request replaces the pending one).
    static func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: YourMoveCheckTask.identifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: YourMoveCheckTask.interval)
        try? BGTaskScheduler.shared.submit(request)
    }

    /// No more checks: this device has no account.
    static func cancel() {
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: YourMoveCheckTask.identifier)
    }

    /// "Your move against Bob" / "3 days per move · 2 d 5 h left", one notification per game (a newer one of the
    /// same game replaces it).
    static func post(_ games: [CorrespondenceView]) async {
        let center = UNUserNotificationCenter.current()
        for game in games {
            let content = UNMutableNotificationContent()
            content.title = tr("online.yourMoveAgainst", game.opponent.nickname)
            content.body = [
                L10n.daysPerMove(game.daysPerMove), tr("online.timeLeft", L10n.timeLeft(game.timeLeftMs)),
            ].joined(separator: " · ")
            content.sound = .default
            content.threadIdentifier = YourMoveCheckTask.identifier
            let request = UNNotificationRequest(
                identifier: "\(YourMoveCheckTask.identifier).\(game.game)", content: content, trigger: nil)
            try? await center.add(request)
        }
    }
}
