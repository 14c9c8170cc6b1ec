// Correspondence games (days per move, no clock): the challenge's terms as the player chooses them, and the time
// left split into the units the app words it in. The list, its order, whose move it is, the time counted down,
// opening and closing a board are the core's (`OnlineScreen.correspondence`, `openCorrespondence`, `leaveGame`).
import Foundation
import GiveawayCore

/// How a challenge is played, as the challenge sheet chooses it: on a clock, or by correspondence with days per
/// move; with the challenger's colour and rated or not.
public struct ChallengeTerms: Equatable, Sendable {
    public enum Kind: Hashable, Sendable {
        case clock
        case correspondence
    }

    /// The days per move a correspondence challenge offers (the core's; it refuses any other).
    public static let dayChoices: [UInt32] = correspondenceDays()
    /// The days chosen until the player picks others (the core's).
    public static let defaultDays: UInt32 = defaultCorrespondenceDays()

    public var kind: Kind
    /// Correspondence: the days every move has.
    public var daysPerMove: UInt32
    public var color: ChallengeColor
    public var rated: Bool

    public init(
        kind: Kind = .clock, daysPerMove: UInt32 = ChallengeTerms.defaultDays, color: ChallengeColor = .random,
        rated: Bool = true
    ) {
        self.kind = kind
        self.daysPerMove = daysPerMove
        self.color = color
        self.rated = rated
    }

    /// Challenges `nickname`: on `clock` (a clock challenge needs one), or by correspondence with the days per
    /// move (`clock` unused). Call it inside `OnlineModel.perform`.
    public func send(to nickname: String, clock: TimeControl?, on client: any OnlineClientProtocol) throws {
        switch kind {
        case .clock:
            guard let clock else { throw GiveawayError.BadSetup(reason: "no clock chosen") }
            try client.challenge(nickname: nickname, timeControl: clock, color: color, rated: rated)
        case .correspondence:
            try client.challengeCorrespondence(
                nickname: nickname, daysPerMove: daysPerMove, color: color, rated: rated)
        }
    }
}

/// The time a correspondence move has left, in its two largest units, rounded down (never more than there is):
/// `2 d 23 h`, `5 h 20 min`, `20 min`. The app words each case.
public enum TimeLeft: Equatable, Sendable {
    case daysHours(days: Int, hours: Int)
    case hoursMinutes(hours: Int, minutes: Int)
    case minutes(Int)

    public init(ms: UInt64) {
        let minutes = Int(ms / 60_000)
        let (days, hours, rest) = (minutes / 1440, minutes / 60 % 24, minutes % 60)
        if days > 0 {
            self = .daysHours(days: days, hours: hours)
        } else if hours > 0 {
            self = .hoursMinutes(hours: hours, minutes: rest)
        } else {
            self = .minutes(rest)
        }
    }
}

extension OnlineScreen {
    /// The games in the correspondence list that wait for the player's move.
    public var correspondenceWaiting: Int { correspondence.filter(\.yourMove).count }

    /// Whether a correspondence game of the list can be opened now: signed in and online, and no game on a clock
    /// goes on (opening a board closes the one shown: a correspondence board may give way, a clock game's not).
    public var canOpenCorrespondence: Bool {
        actions.social && !(actions.backToGame && game?.daysPerMove == nil)
    }
}

extension OnlineGame {
    /// Whether the server ended the game (a correspondence board shows its days and way back only before).
    public var isOver: Bool {
        if case .over = status { return true }
        return false
    }
}

/// The background check of correspondence games: the app's `BGAppRefreshTask` (iOS runs it when it sees fit,
/// about every `interval` at most often) asks the core for the games where it is now the player's move, and
/// tells each as a local notification. Which games, and that each position is told once, is the core's
/// (`checkYourMove`); this picks the connection.
public enum YourMoveCheckTask {
    /// The task's identifier (listed in the app's `BGTaskSchedulerPermittedIdentifiers`).
    public static let identifier = "app.giveaway.correspondence"
    /// The earliest the next check may run after one is scheduled.
    public static let interval: TimeInterval = 15 * 60
    /// How long a check waits for the server's list.
    public static let waitMs: UInt64 = 20_000

    /// What the core found, with the app's own connection when it has one (a second connection of the account
    /// would close it), else with one made for the check to `server` and closed after: the games to tell (each
    /// position once), `.notYet` (check again later) or `.noAccount` (nothing to check). Blocking: call it off
    /// the main actor.
    public static func run(
        server: String, library: GameLibrary, client: (any OnlineClientProtocol)? = nil, waitMs: UInt64 = waitMs
    ) throws -> YourMoveCheck {
        if let client { return try client.checkYourMove(waitMs: waitMs) }
        let own = try OnlineClient.connect(server: server, library: library, observer: Unobserved())
        defer { own.disconnect() }
        return try own.checkYourMove(waitMs: waitMs)
    }

    /// The check waits on its own thread: nothing on screen needs telling meanwhile.
    private final class Unobserved: ScreenObserver {
        func changed() {}
    }
}
