// The endgame tables for the whole app: the bundled file (every position of up to 4 pieces) and the bigger
// tables the core builds once, in the background, on first use. The core decides what is missing and keeps the
// tables for every engine; this model only follows its state for the settings screen.
import Foundation
import Observation
import GiveawayCore

@MainActor
@Observable
public final class TablesModel {
    /// What the tables can do now, and the build under way.
    public private(set) var state: TablesState

    @ObservationIgnored private let tables: EndgameTables
    @ObservationIgnored private let observer = MainActorObserver()

    /// Opens the tables bundled at `shipped` and those built earlier in `folder` (made if missing); with
    /// `buildMissing` the core starts its first-use build of the bigger tables (minutes of work: tests say no).
    public init(shipped: URL?, folder: URL, buildMissing: Bool = true) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        tables = EndgameTables.open(shipped: shipped?.path, dir: folder.path)
        state = tables.state()
        observer.onChange = { [weak self] in self?.refresh() }
        if buildMissing {
            // A build that cannot start leaves the shipped tables in use; the state keeps saying what they do.
            if let started = try? tables.buildMissing(listener: observer) { state = started }
        }
    }

    /// Where the app keeps the tables it builds: beside the games database, in Application Support.
    public static func folder() throws -> URL {
        try GameStore.folder().appendingPathComponent("tables", isDirectory: true)
    }

    private func refresh() { state = tables.state() }
}
