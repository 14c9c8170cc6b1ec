// The app: opens the saved-games database in Application Support and shows the home screen.
import SwiftUI
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
    }
}

/// What every screen shares: the library and the settings.
@MainActor
@Observable
final class AppModel {
    let library: CoreLibrary?
    let openError: String?
    var settings: GiveawayCore.Settings?
    /// The core found the database damaged, kept it aside and started a fresh one: told to the player once.
    var databaseNotice: DatabaseNotice?
    /// Sessions made by the home screen, handed to the game screen (which otherwise resumes by id).
    @ObservationIgnored private var started: [Int64: GameSession] = [:]

    init() {
        var library: CoreLibrary?
        var settings: GiveawayCore.Settings?
        var openError: String?
        var notice: DatabaseNotice?
        do {
            let opened = try GameStore.open()
            notice = opened.openNotice()
            settings = try opened.settings()
            library = opened
        } catch {
            openError = L10n.message(UserMessage(error))
        }
        self.library = library
        self.settings = settings
        self.openError = openError
        self.databaseNotice = notice
    }

    /// The full integrity check, once the first screen is up (it reads the whole file on the core's runtime).
    func checkIntegrity() async {
        guard let library else { return }
        do {
            if let notice = try await library.checkIntegrity() { databaseNotice = notice }
        } catch {
            // The check could not run (e.g. the file is busy); the next launch tries again.
        }
    }

    func save(_ new: GiveawayCore.Settings) {
        settings = new
        guard let library else { return }
        do {
            try library.saveSettings(settings: new)
        } catch {
            // The settings still apply for this run; the next launch reads the stored ones.
        }
    }

    func hand(_ session: GameSession, id: Int64) { started[id] = session }

    /// The session of game `id`: the one just started, or the saved game resumed.
    func session(for id: Int64) throws -> GameSession {
        if let s = started.removeValue(forKey: id) { return s }
        guard let library else { throw GiveawayError.Unavailable(reason: openError ?? "no library") }
        return try library.resume(id: id)
    }

    /// The newest game still being played, to offer "Continue".
    func unfinishedGame() -> GameSummaryView? {
        let filter = Filter(mode: nil, result: nil, level: nil, inProgress: true, since: nil, until: nil, player: nil)
        do {
            return try library?.listGames(filter: filter, cursor: nil, pageSize: 1).games.first
        } catch {
            return nil
        }
    }
}

/// Where the navigation stack can go.
enum Route: Hashable {
    case game(id: Int64)
    case savedGames
    case replay(id: Int64)
    case settings
    case rules
}

struct RootView: View {
    @Environment(AppModel.self) private var app
    @State private var path: [Route] = []

    var body: some View {
        NavigationStack(path: $path) {
            Group {
                if let error = app.openError {
                    ContentUnavailableView(tr("home.cannotOpen"), systemImage: "externaldrive.badge.xmark",
                                           description: Text(error))
                } else {
                    HomeView(path: $path)
                }
            }
            .task { await app.checkIntegrity() }
            .alert(tr("database.title"), isPresented: Binding(
                get: { app.databaseNotice != nil }, set: { if !$0 { app.databaseNotice = nil } }
            )) {
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
                }
            }
        }
    }
}
