import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class LibraryTests: XCTestCase {
    func testSavedGamesFilterThenReplayAnalysisAndMistakes() async throws {
        let library = try temporaryLibrary()
        let played = try passAndPlay(library)
        played.playFirstMoves(until: 24)
        let id = try XCTUnwrap(played.state.snapshot.gameId)
        let lost = try versusComputer(library, level: 2, color: .white)
        lost.perform { try $0.resign() }

        let list = try SavedGamesModel(library: library)
        XCTAssertEqual(list.state.total, 2)
        XCTAssertEqual(list.state.games.map(\.id).first, lost.state.snapshot.gameId, "newest first")
        list.filter.mode = .passAndPlay
        XCTAssertEqual(list.state.games.map(\.id), [id])
        list.filter = ListFilter(mode: nil, result: .lost, level: nil, inProgress: nil, withinDays: nil)
        XCTAssertEqual(list.state.games.map(\.forPlayer), [.lost])
        list.filter = ListFilter(mode: nil, result: nil, level: 2, inProgress: nil, withinDays: nil)
        XCTAssertEqual(list.state.games.map(\.level), [2])
        list.filter = ListFilter(mode: nil, result: nil, level: nil, inProgress: true, withinDays: 7)
        XCTAssertEqual(list.state.games.map(\.id), [id])
        list.filter.level = 3
        XCTAssertEqual(list.state.total, 0)
        XCTAssertEqual(list.stats?.byLevel.first { $0.level == 2 }?.losses, 1)

        let replay = try ReplayScreenModel(id: id, in: library)
        XCTAssertEqual(replay.state.plies, 24)
        XCTAssertEqual(replay.state.ply, 0, "a replay opens at the start")
        replay.perform { try $0.last() }
        XCTAssertEqual(replay.state.snapshot.ply, 24)
        XCTAssertEqual(replay.state.snapshot.fen, played.state.snapshot.fen)
        replay.perform { try $0.first() }
        XCTAssertEqual(replay.state.snapshot.ply, 0)
        replay.perform { try $0.next() }
        XCTAssertEqual(replay.state.ply, 1)
        XCTAssertNotNil(replay.state.snapshot.lastMove)
        XCTAssertFalse(replay.state.snapshot.squares.contains(where: \.movable), "nothing moves in a replay")
        replay.perform { try $0.nextMistake() }
        XCTAssertEqual(replay.message?.kind, .unavailable, "no mistakes before the analysis")
        replay.message = nil
        XCTAssertTrue(replay.state.canAnalyse)
        replay.perform { try $0.analyse() }
        XCTAssertNotNil(replay.state.progress)
        // The analysis runs in the core; its end reaches the model through the observer alone.
        try await waitUntil(seconds: 120) { replay.state.analysis != nil || replay.state.error != nil }
        XCTAssertNil(replay.state.error)
        let analysis = try XCTUnwrap(replay.state.analysis)
        XCTAssertEqual(analysis.moves.count, 24)
        XCTAssertEqual(analysis.whiteChances.count, 25)
        XCTAssertEqual(replay.state.review?.ply, 0, "the review of the move that led to the board shown")
        let markers = replay.state.markers
        XCTAssertFalse(markers.isEmpty, "playing the first legal move every time makes mistakes")
        replay.perform { try $0.first() }
        replay.perform { try $0.nextMistake() }
        XCTAssertEqual(replay.state.ply, markers[0].position)
        XCTAssertEqual(replay.state.review?.class, markers[0].class)
        replay.perform { try $0.first() }
        replay.perform { try $0.previousMistake() }
        XCTAssertEqual(replay.state.ply, markers.last?.position, "wraps round to the last one")
        replay.perform { try $0.goToFraction(fraction: 0.5) }
        XCTAssertEqual(replay.state.ply, 12)
        XCTAssertNil(replay.message)
    }

    func testTheListPagesDeletesExportsAndImports() async throws {
        let library = try temporaryLibrary()
        var setup = try library.rememberedSetup()
        setup.versusComputer = false
        for _ in 0..<35 { _ = try GameScreenModel.start(setup, in: library) }
        let model = try passAndPlay(library)
        model.tap("c3")
        model.tap("d4")
        let list = try SavedGamesModel(library: library)
        XCTAssertEqual(list.state.total, 36)
        XCTAssertEqual(list.state.games.count, Int(SavedGamesModel.pageSize))
        XCTAssertTrue(list.state.hasMore)
        list.perform { try $0.loadMore() }
        XCTAssertEqual(list.state.games.count, 36)
        XCTAssertFalse(list.state.hasMore)
        let id = try XCTUnwrap(model.state.snapshot.gameId)
        let pdn = try XCTUnwrap(list.exportPdn(id: id))
        XCTAssertTrue(pdn.contains("c3-d4"), pdn)
        list.delete(id: id)
        XCTAssertEqual(list.state.total, 35)
        XCTAssertFalse(list.state.games.contains { $0.id == id })
        XCTAssertEqual(list.importPdn(pdn), 1)
        XCTAssertEqual(list.state.total, 36)
        XCTAssertEqual(list.importPdn("not a game"), 0)
        XCTAssertEqual(list.message?.kind, .badInput)
        XCTAssertEqual(list.state.total, 36)
        // A file (what the document picker gives) is read by the core a game at a time.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).pdn")
        try pdn.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(list.importPdnFile(file.path), 1)
        XCTAssertEqual(list.state.total, 37)
        XCTAssertEqual(list.importPdnFile(file.path + ".missing"), 0)
        XCTAssertEqual(list.state.total, 37)
    }

    func testSettingsAreSavedOnEveryChangeAndAGameFollowsThem() async throws {
        let library = try temporaryLibrary()
        let game = try passAndPlay(library)
        let settings = try SettingsModel(library: library)
        settings.settings.notation = .numeric
        settings.settings.showLegalMoves = false
        settings.settings.boardTheme = .ocean
        let stored = try library.settings()
        XCTAssertEqual(stored.notation, .numeric)
        XCTAssertFalse(stored.showLegalMoves)
        XCTAssertEqual(stored.boardTheme, .ocean)
        XCTAssertEqual(boardThemes().count, 4, "the core's catalog: every theme has colours here")
        XCTAssertNotEqual(Themes.board(.ocean), Themes.board(.classic))
        game.perform { $0.applySettings(settings: stored) }
        XCTAssertTrue(game.state.coordinates.squareNumbers)
        game.tap("c3")
        XCTAssertEqual(game.state.snapshot.selected, sq("c3"))
        XCTAssertFalse(game.state.snapshot.squares.contains { $0.destination || $0.finalDestination }, "no dots")
        game.tap("d4")
        XCTAssertEqual(game.state.snapshot.moveList.first?.white, "22-18")
        XCTAssertEqual(game.describe(sq("d4"))?.name, "18")
        XCTAssertEqual(game.describe(sq("d4"))?.piece, PieceView(color: .white, kind: .man))
        XCTAssertEqual(game.describe(sq("d4"))?.states, [.lastMove])
        XCTAssertNil(game.describe(33))
    }
}
