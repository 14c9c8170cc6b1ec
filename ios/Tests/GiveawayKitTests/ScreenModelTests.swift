import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class ScreenModelTests: XCTestCase {
    func testNewGameBuildsTheCoreRequest() async throws {
        let library = try temporaryLibrary()
        let model = GameSetup(settings: try library.settings())
        XCTAssertEqual(model.levels.count, 8)
        XCTAssertEqual(model.presets.count, 12)
        model.level = 3
        model.color = .random
        XCTAssertEqual(model.newGame(randomIsWhite: false).opponent, .computer(level: 3, human: .black))
        model.clock = .preset(3)
        XCTAssertEqual(model.timeControl, model.presets[3].control)
        model.clock = .custom(minutes: 7, incrementSeconds: 2)
        XCTAssertEqual(model.timeControl?.white, SideTime(baseMs: 420_000, incrementMs: 2000))
        // A usual handicap from the core: White without two men.
        let twoOff = try XCTUnwrap(model.handicaps.first { $0.side == .white && $0.men == 2 })
        model.apply(twoOff)
        XCTAssertEqual(model.removedMen.count, 2)
        XCTAssertEqual(model.chosenHandicap, twoOff)
        XCTAssertEqual(model.newGame().start, twoOff.start)
        model.removedMen = []
        XCTAssertNil(model.chosenHandicap)
        model.toggleRemoved(21)
        model.toggleRemoved(13) // not a starting square: ignored
        XCTAssertEqual(model.newGame().start, .removedMen(squares: [21]))
        model.versusComputer = false
        let game = model.newGame()
        XCTAssertEqual(game.opponent, .passAndPlay)
        // The core accepts it, and the choices are remembered.
        let session = try library.newGame(setup: game)
        XCTAssertNil(try session.snapshot().square(21)?.piece)
        let remembered = model.remembered(in: try library.settings(), game: model.newGame())
        try library.saveSettings(settings: remembered)
        let again = GameSetup(settings: try library.settings())
        XCTAssertEqual(again.clock, .custom(minutes: 7, incrementSeconds: 2))
    }

    func testSavedGamesListFiltersAndDeletes() async throws {
        let library = try temporaryLibrary()
        let a = try library.newGame(setup: NewGame(opponent: .passAndPlay, start: .standard, timeControl: nil))
        _ = try a.playMove(text: "c3-d4")
        _ = try library.newGame(setup: NewGame(opponent: .computer(level: 2, human: .white), start: .standard, timeControl: nil))
        let model = GameListModel(library: library)
        model.reload()
        XCTAssertEqual(model.total, 2)
        model.filter.mode = .passAndPlay
        XCTAssertEqual(model.games.map(\.mode), [.passAndPlay])
        let pdn = try XCTUnwrap(model.exportPdn(id: model.games[0].id))
        XCTAssertTrue(pdn.contains("c3-d4"))
        model.delete(id: model.games[0].id)
        XCTAssertEqual(model.total, 0)
        model.filter = GameFilter()
        XCTAssertEqual(model.total, 1)
        XCTAssertEqual(model.importPdn(pdn), 1)
        XCTAssertEqual(model.total, 2)
        XCTAssertNil(model.message)
    }

    func testReplayStepsAndAnalyses() async throws {
        let library = try temporaryLibrary()
        let s = try library.newGame(setup: NewGame(opponent: .passAndPlay, start: .standard, timeControl: nil))
        for m in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"] { _ = try s.playMove(text: m) }
        let id = try XCTUnwrap(try s.snapshot().gameId)
        let r = try ReplayController(replay: try library.replay(id: id), notation: .algebraic)
        XCTAssertEqual(r.plies, 4)
        XCTAssertEqual(r.ply, 4)
        r.first()
        XCTAssertEqual(r.snapshot.ply, 0)
        r.previous()
        XCTAssertEqual(r.ply, 0)
        r.next()
        XCTAssertEqual(r.snapshot.lastMove?.text, "c3-d4")
        XCTAssertFalse(r.snapshot.squares.contains { $0.movable })
        r.startAnalysis()
        try await waitUntil(seconds: 60) { r.analysis != nil || r.message != nil }
        let analysis = try XCTUnwrap(r.analysis)
        XCTAssertEqual(analysis.moves.count, 4)
        XCTAssertEqual(analysis.whiteChances.count, 5)
        XCTAssertEqual(r.currentReview?.played.text, "c3-d4")
    }

    func testSettingsAreSavedOnEveryChange() async throws {
        let library = try temporaryLibrary()
        let model = try SettingsModel(library: library)
        model.settings.boardTheme = "green"
        model.settings.notation = .numeric
        let stored = try library.settings()
        XCTAssertEqual(stored.boardTheme, "green")
        XCTAssertEqual(stored.notation, .numeric)
        XCTAssertEqual(Themes.board("green").id, "green")
        XCTAssertEqual(Themes.board("no-such-theme").id, Themes.boards[0].id)
    }
}
