// The online screens (account, lobby, leaderboard, profile, the online game): the latest state of the core's
// OnlineClient and every request forwarded to it, plus what only the platform does: reading the state again on
// the main actor when the client says it changed, the current game's board as a GameScreenModel for the
// existing game screen. What the screens show — the problem and its way on, the account, which actions apply,
// the seats, the first-move countdown, the rematch — is decided in the core (`OnlineScreen`); pairing, moves,
// clocks, endings, ratings, saving and retrying are the core's and the server's.
import Foundation
import Observation
import GiveawayCore

@MainActor
@Observable
public final class OnlineModel {
    /// One thing to tell the player (set nil when read).
    public enum Message: Equatable, Sendable {
        /// The server refused a request: `code` is the protocol's reason for the app to word, `detail` the
        /// server's English text.
        case refused(code: ErrorCode, detail: String)
        /// A move of the player's was not taken by the server and is off the board again.
        case moveRefused(move: String, reason: String)
        /// The game was aborted (a first move did not come in time): its board is gone and nothing is kept.
        case aborted
        /// A request that could not be made here (offline, no account yet).
        case failed(UserMessage)
    }

    /// What the online screens draw, as the core decided it.
    public private(set) var state: OnlineScreen
    /// The online game's board, for the game screen: a new model for each game (a rematch is a new game), nil
    /// in the lobby.
    public private(set) var game: GameScreenModel?
    public var message: Message?
    /// Each event as it happens (for sounds and announcements; what stays on screen is kept above).
    @ObservationIgnored public var onEvent: (@MainActor (OnlineEvent) -> Void)?

    private let client: any OnlineClientProtocol
    /// The server's number of the game `game` shows.
    @ObservationIgnored private var shownGame: Int64?
    /// Reads the state again when a countdown's next second starts (`state.nextTickMs`).
    @ObservationIgnored private var ticker: Task<Void, Never>?

    /// Connects to `server` (`wss://…/ws`, or `ws://` on a local network) with the account kept in `library`,
    /// trusting also the PEM `certificates` (a private server) if given.
    public init(server: String, library: GameLibrary, trusting certificates: Data? = nil) throws {
        let observer = MainActorObserver()
        if let certificates {
            client = try OnlineClient.connectTrusting(
                server: server, extraRoots: certificates, library: library, observer: observer)
        } else {
            client = try OnlineClient.connect(server: server, library: library, observer: observer)
        }
        state = client.screen()
        observer.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    /// The connection, for the background check of correspondence games (`YourMoveCheckTask.run`): a second
    /// connection of the account would close this one.
    public nonisolated var connection: any OnlineClientProtocol { client }

    deinit {
        // A game in progress goes on on the server; the client's thread stops.
        client.disconnect()
    }

    /// Sends one request (`model.perform { try $0.seek(timeControl: tc) }`); the answer comes through the
    /// observer. A request that cannot be made now leaves its reason in `message`.
    public func perform(_ request: (any OnlineClientProtocol) throws -> Void) {
        do {
            try request(client)
        } catch {
            message = .failed(UserMessage(error))
        }
        refresh()
    }

    /// Reads the state again (the client said it changed): the board of a new game gets its model, the board
    /// on screen reads its own state, and the events are handed on.
    private func refresh() {
        // One read: the screen shows every change its events tell of (a game's end with the game over).
        let update = client.takeUpdate()
        state = update.screen
        ticker?.cancel()
        if let ms = state.nextTickMs {
            ticker = Task { @MainActor [weak self] in
                try? await Task.sleep(nanoseconds: ms * 1_000_000)
                if !Task.isCancelled { self?.refresh() }
            }
        }
        let id = state.game?.game
        if id != shownGame {
            game = id == nil ? nil : client.game().map { GameScreenModel(controller: $0) }
            shownGame = game == nil ? nil : id
        } else {
            game?.refresh()
        }
        for event in update.events {
            switch event {
            case .refused(let code, let detail): message = .refused(code: code, detail: detail)
            case .moveRefused(let move, let reason): message = .moveRefused(move: move, reason: reason)
            case .gameEnded(let end) where end.reason == nil: message = .aborted
            default: break
            }
            onEvent?(event)
        }
    }
}
