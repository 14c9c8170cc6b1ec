// The app: opens the saved-games database in Application Support, routes the core's log to OSLog, keeps the
// online connection once the lobby opened it, checks correspondence games in the background, and shows the home
// screen.
import SwiftUI
import os
import GiveawayCore
import GiveawayKit

@main
struct GiveawayApp: App {
    @State private var model = AppModel()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(model)
        }
        .backgroundTask(.appRefresh(YourMoveCheckTask.identifier)) { [model] in
            await model.checkCorrespondence()
        }
    }
}

/// The core's log records (search summaries, storage recovery, migrations) in the unified log.
final class OSLogSink: LogSink {
    private let logger = Logger(subsystem: Bundle.main.bundleIdentifier ?? "Giveaway", category: "core")

    func log(level: LogLevel, target: String, message: String) {
        switch level {
        case .error: logger.error("\(target, privacy: .public): \(message, privacy: .public)")
        case .warn: logger.warning("\(target, privacy: .public): \(message, privacy: .public)")
        case .info: logger.info("\(target, privacy: .public): \(message, privacy: .public)")
        case .debug, .trace: logger.debug("\(target, privacy: .public): \(message, privacy: .public)")
        }
    }
}

/// What every screen shares: the library and the settings.
@MainActor
@Observable
final class AppModel {
    let library: GameLibrary?
    let openError: String?
    var settings: GiveawayCore.Settings?
    /// The core found the database damaged, kept it aside and started a fresh one: told to the player once.
    var databaseNotice: DatabaseNotice?
    /// Games started on the home screen, handed to the game screen (which otherwise opens the saved game).
    @ObservationIgnored private var started: [Int64: GameScreenModel] = [:]
    /// The online screens' connection, made when the lobby first opens and kept while the app runs (a game in
    /// progress must keep hearing the server when its screen is covered).
    private(set) var online: OnlineModel?
    /// The endgame tables: the bundled ones at once, the bigger ones built by the core on first use.
    let tables: TablesModel?
    /// Why the games file could not be opened, when a scratch file stands in for this run: told once.
    var scratchReason: String?
    /// The game server's address: a setting of the core's, with its default.
    var onlineServer: String {
        get { settings?.onlineServer ?? "" }
        set {
            // Read afresh: the settings screen saves the others itself, and they must not be written back stale.
            guard var new = try? library?.settings(), new.onlineServer != newValue else { return }
            new.onlineServer = newValue
            save(new)
            // The next lobby connects to the new address.
            online = nil
        }
    }
    /// The core's default address (what a fresh library's settings say).
    static var defaultServer: String { GiveawayCore.defaultServer() }

    init() {
        setLogSink(sink: OSLogSink(), maxLevel: .info)
        var library: GameLibrary?
        var settings: GiveawayCore.Settings?
        var openError: String?
        do {
            let opened = try GameStore.openOrScratch()
            settings = try opened.settings()
            library = opened
        } catch {
            openError = L10n.message(UserMessage(error))
        }
        self.library = library
        self.settings = settings
        tables = (try? TablesModel.folder()).map {
            TablesModel(shipped: Bundle.main.url(forResource: "tablebase-4", withExtension: "gwtb"), folder: $0)
        }
        self.openError = openError
        databaseNotice = library?.openNotice()
        scratchReason = library?.scratchReason()
    }

    /// The app went to the background, where it may be ended without notice: every saved move is written back
    /// into the games file itself (off the main actor: it is file work).
    func checkpoint() {
        guard let library else { return }
        Task.detached(priority: .utility) { try? library.checkpoint() }
    }

    /// The full integrity check, once the first screen is up (it reads the whole file on the core's runtime).
    func checkIntegrity() async {
        // A check that cannot run now (the file is busy) runs at the next launch.
        if let notice = try? await library?.checkIntegrity() { databaseNotice = notice }
    }

    func save(_ new: GiveawayCore.Settings) {
        settings = new
        // Should saving fail, the settings still apply for this run.
        try? library?.saveSettings(settings: new)
    }

    func hand(_ game: GameScreenModel, id: Int64) { started[id] = game }

    /// The screen model of game `id`: the one just started, or the saved game opened.
    func game(_ id: Int64) throws -> GameScreenModel {
        if let game = started.removeValue(forKey: id) { return game }
        guard let library else { throw GiveawayError.Unavailable(reason: openError ?? "no library") }
        return try GameScreenModel.open(id: id, in: library)
    }

    /// The app is going to the background: correspondence games are checked from there on when the player has
    /// any (CorrespondenceNotices).
    func scheduleCorrespondenceChecks() {
        if online?.state.correspondence.isEmpty == false { CorrespondenceNotices.schedule() }
    }

    /// The background refresh task: the next check scheduled, then the games where it is the player's move told
    /// as notifications. Nothing is asked of the core while notifications are off (nothing is then marked told).
    func checkCorrespondence() async {
        guard let library, await CorrespondenceNotices.allowed() else { return }
        CorrespondenceNotices.schedule()
        let (server, client) = (onlineServer, online?.connection)
        let found = await Task.detached(priority: .utility) {
            try? YourMoveCheckTask.run(server: server, library: library, client: client)
        }.value
        switch found {
        case .games(let games)?: await CorrespondenceNotices.post(games)
        case .noAccount?: CorrespondenceNotices.cancel()
        case .notYet?, nil: break
        }
    }

    /// The online model, connecting to the server now if there is none yet.
    func openOnline() throws -> OnlineModel {
        if let online { return online }
        guard let library else { throw GiveawayError.Unavailable(reason: openError ?? "no library") }
        let made = try OnlineModel(server: onlineServer, library: library)
        online = made
        return made
    }

    /// The newest game still being played that can be continued here, to offer "Continue" (an online game in
    /// progress is the server's to go on with). TODO(core): a `resumable` field in ListFilter would make this
    /// one row; until then the first page of unfinished games is searched for one.
    func unfinishedGame() -> GameSummaryView? {
        let filter = ListFilter(mode: nil, result: nil, level: nil, inProgress: true, withinDays: nil)
        return (try? library?.gameList(filter: filter, pageSize: 30))?.state().games.first(where: \.resumable)
    }
}

/// Where the navigation stack can go.
enum Route: Hashable {
    case game(id: Int64)
    case savedGames
    case replay(id: Int64)
    case settings
    case rules
    case online
    case onlineGame
    case profile(nickname: String)
    case watch(game: Int64)
    case arena(id: Int64?)
    case newArena
    case puzzles
    case puzzle(mode: TrainerMode)
}

struct RootView: View {
    @Environment(AppModel.self) private var app
    @Environment(\.scenePhase) private var scenePhase
    @State private var path: [Route] = []

    var body: some View {
        NavigationStack(path: $path) {
            Group {
                if let error = app.openError {
                    ContentUnavailableView(
                        tr("home.cannotOpen"), systemImage: "externaldrive.badge.xmark",
                        description: Text(error))
                } else {
                    HomeView(path: $path)
                }
            }
            .task { await app.checkIntegrity() }
            .onChange(of: scenePhase) { _, phase in
                if phase == .background {
                    app.checkpoint()
                    app.scheduleCorrespondenceChecks()
                }
            }
            .alert(
                tr("database.scratchTitle"),
                isPresented: Binding(
                    get: { app.scratchReason != nil }, set: { if !$0 { app.scratchReason = nil } }
                )
            ) {
                Button(tr("common.ok"), role: .cancel) {}
            } message: {
                Text(app.scratchReason.map { tr("database.scratch", $0) } ?? "")
            }
            .alert(
                tr("database.title"),
                isPresented: Binding(
                    get: { app.databaseNotice != nil }, set: { if !$0 { app.databaseNotice = nil } }
                )
            ) {
                Button(tr("common.ok"), role: .cancel) {}
            } message: {
                Text(app.databaseNotice.map { tr("database.movedAside", $0.movedTo, $0.reason) } ?? "")
            }
            .navigationDestination(for: Route.self) { route in
                switch route {
                case .game(let id): GameScreen(gameId: id)
                case .savedGames: SavedGamesView(path: $path)
                case .replay(let id): ReplayView(gameId: id)
                case .settings: SettingsView()
                case .rules: RulesView()
                case .online: LobbyView(path: $path)
                case .onlineGame: OnlineGameScreen()
                case .watch(let game): WatchGameView(game: game)
                case .arena(let id): ArenaScreenView(id: id)
                case .newArena: NewArenaView(path: $path)
                case .profile(let nickname): ProfileView(nickname: nickname)
                case .puzzles: PuzzlesMenuView()
                case .puzzle(let mode): PuzzleView(mode: mode)
                }
            }
        }
    }
}
