// The saved-games screen: the core's GameList (filter chips, pages newest first), plus deleting, PDN export and
// import, and the statistics per level.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class SavedGamesModel {
    public static let pageSize: UInt32 = 30

    public private(set) var state: GameListState
    public private(set) var stats: Stats?
    public var message: UserMessage?

    private let library: any GameLibraryProtocol
    private let list: any GameListProtocol

    public init(library: any GameLibraryProtocol) throws {
        self.library = library
        let all = ListFilter(mode: nil, result: nil, level: nil, inProgress: nil, withinDays: nil)
        list = try library.gameList(filter: all, pageSize: SavedGamesModel.pageSize)
        state = list.state()
        stats = try library.stats()
    }

    /// The filter chips; a change shows the first page of the games it matches.
    public var filter: ListFilter {
        get { state.filter }
        set { perform { try $0.setFilter(filter: newValue) } }
    }

    /// Runs one call of the list and shows what it gives: `model.perform { try $0.loadMore() }`.
    public func perform(_ call: (any GameListProtocol) throws -> GameListState) {
        do {
            state = try call(list)
        } catch {
            message = UserMessage(error)
        }
    }

    /// The first page again and fresh statistics (after a game was played, deleted or imported).
    public func reload() {
        perform { try $0.reload() }
        do {
            stats = try library.stats()
        } catch {
            message = UserMessage(error)
        }
    }

    public func delete(id: Int64) {
        do {
            try library.deleteGame(id: id)
        } catch {
            message = UserMessage(error)
        }
        reload()
    }

    /// PDN text to share: one game, or all of them.
    public func exportPdn(id: Int64? = nil) -> String? {
        do {
            return try id.map { try library.exportPdn(id: $0) } ?? library.exportAllPdn()
        } catch {
            message = UserMessage(error)
            return nil
        }
    }

    /// Imports a PDN text (all or nothing); returns how many games were added.
    @discardableResult
    public func importPdn(_ text: String) -> Int {
        imports { try $0.importPdn(text: text) }
    }

    /// Imports the PDN file at `path` (all or nothing), read a game at a time by the core so that a file of any
    /// size takes little memory; returns how many games were added.
    @discardableResult
    public func importPdnFile(_ path: String) -> Int {
        imports { try $0.importPdnFile(path: path) }
    }

    private func imports(_ run: (any GameLibraryProtocol) throws -> ImportResult) -> Int {
        do {
            let imported = try run(library)
            reload()
            return Int(imported.count)
        } catch {
            message = UserMessage(error)
            return 0
        }
    }
}
