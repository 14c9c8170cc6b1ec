// The saved-games screen: filters, pages of games newest first, delete, PDN export and import, statistics.
import Observation
import GiveawayCore

/// The list's filter as the screen offers it; every field narrows the list.
public struct GameFilter: Equatable, Sendable {
    public var mode: GameMode?
    public var result: ResultFilter?
    public var level: UInt8?
    public var inProgress: Bool?
    /// Unix milliseconds, inclusive bounds of the last change.
    public var since: Int64?
    public var until: Int64?

    public init(mode: GameMode? = nil, result: ResultFilter? = nil, level: UInt8? = nil, inProgress: Bool? = nil,
                since: Int64? = nil, until: Int64? = nil) {
        self.mode = mode
        self.result = result
        self.level = level
        self.inProgress = inProgress
        self.since = since
        self.until = until
    }

    public var core: Filter {
        Filter(mode: mode, result: result, level: level, inProgress: inProgress, since: since, until: until, player: nil)
    }
}

@MainActor
@Observable
public final class GameListModel {
    public static let pageSize: UInt32 = 30

    public private(set) var games: [GameSummaryView] = []
    public private(set) var total: UInt64 = 0
    public private(set) var stats: Stats?
    public private(set) var message: UserMessage?
    public var filter = GameFilter() {
        didSet { if filter != oldValue { reload() } }
    }

    private let library: any CoreLibraryProtocol
    private var nextCursor: String?

    public init(library: any CoreLibraryProtocol) {
        self.library = library
    }

    public var hasMore: Bool { nextCursor != nil }

    /// The first page for the current filter, and the statistics.
    public func reload() {
        do {
            let page = try library.listGames(filter: filter.core, cursor: nil, pageSize: GameListModel.pageSize)
            games = page.games
            total = page.total
            nextCursor = page.nextCursor
            stats = try library.stats()
        } catch {
            message = UserMessage(error)
        }
    }

    /// The next page, appended (the list calls it when its last row appears).
    public func loadMore() {
        guard let cursor = nextCursor else { return }
        do {
            let page = try library.listGames(filter: filter.core, cursor: cursor, pageSize: GameListModel.pageSize)
            games += page.games
            total = page.total
            nextCursor = page.nextCursor
        } catch {
            message = UserMessage(error)
        }
    }

    public func delete(id: Int64) {
        do {
            try library.deleteGame(id: id)
            games.removeAll { $0.id == id }
            total = total > 0 ? total - 1 : 0
            stats = try library.stats()
        } catch {
            message = UserMessage(error)
        }
    }

    /// PDN text to share, one game or all.
    public func exportPdn(id: Int64? = nil) -> String? {
        do {
            if let id { return try library.exportPdn(id: id) }
            return try library.exportAllPdn()
        } catch {
            message = UserMessage(error)
            return nil
        }
    }

    /// Imports a PDN file (all or nothing); returns how many games were added.
    @discardableResult
    public func importPdn(_ text: String) -> Int {
        do {
            let ids = try library.importPdn(text: text)
            reload()
            return ids.count
        } catch {
            message = UserMessage(error)
            return 0
        }
    }

    public func dismissMessage() { message = nil }
}
