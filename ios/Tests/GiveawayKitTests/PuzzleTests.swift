import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class PuzzleTests: XCTestCase {
    func testTheDailyPuzzleIsSolvedFromTheHintsAndKept() async throws {
        let library = try temporaryLibrary()
        let daily = try XCTUnwrap(try library.puzzleOverview(history: 5).daily)
        let model = try PuzzleScreenModel(mode: .daily, in: library)
        XCTAssertEqual(model.state.status, .yourMove)
        XCTAssertEqual(model.state.puzzle?.id, Int64(daily.id))
        XCTAssertTrue(model.state.solution.isEmpty, "the solution is not given away")
        var guardCount = 0
        while model.state.status == .yourMove {
            model.perform { try $0.hint() }
            XCTAssertNotNil(model.state.hint, "first the piece")
            model.perform { try $0.hint() }
            let move = try XCTUnwrap(model.state.hint?.mv?.text)
            model.perform { try $0.play(text: move) }
            XCTAssertEqual(model.state.feedback, .correct)
            guardCount += 1
            XCTAssertLessThan(guardCount, 20)
        }
        XCTAssertEqual(model.state.status, .solved)
        XCTAssertTrue(model.state.countedSolved)
        XCTAssertEqual(try library.puzzleOverview(history: 5).daily?.solvedToday, true)
    }

    func testAGamesBlunderIsJudgedInTheCoreAndASolutionShownCountsAsFailed() async throws {
        let library = try temporaryLibrary()
        let game = try passAndPlay(library, fen: "W:W22,29:B15")
        for move in ["a1-b2", "e5-d4", "c3:e5"] {
            game.perform { try $0.playMove(text: move) }
        }
        let id = try XCTUnwrap(game.state.snapshot.gameId)
        let mistakes = try PuzzleScreenModel(mode: .mistakes(gameId: id), in: library)
        try await waitUntil(seconds: 60) { mistakes.state.status != .loading }
        XCTAssertEqual(mistakes.state.puzzle?.goal, .betterMove)
        XCTAssertEqual(mistakes.state.puzzle?.mistake?.class, "blunder")
        mistakes.perform { try $0.play(text: "a1-b2") }
        XCTAssertEqual(mistakes.state.status, .checking)
        // The verdict reaches the model through the observer alone.
        try await waitUntil(seconds: 60) { mistakes.state.status != .checking }
        XCTAssertEqual(mistakes.state.feedback, .wrong)
        mistakes.perform { try $0.play(text: "c3-d4") }
        XCTAssertEqual(mistakes.state.status, .solved)
        XCTAssertFalse(mistakes.state.follow.isEmpty, "the line that follows")

        let rated = try PuzzleScreenModel(mode: .rated, in: library)
        rated.perform { try $0.showSolution() }
        XCTAssertEqual(rated.state.status, .failed)
        XCTAssertLessThan(rated.state.rating?.change ?? 0, 0)
        rated.perform { try $0.hint() }
        XCTAssertEqual(rated.message?.kind, .unavailable)
    }
}
