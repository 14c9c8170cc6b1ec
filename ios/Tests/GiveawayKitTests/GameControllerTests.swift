import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class GameControllerTests: XCTestCase {
    private func passAndPlay() throws -> (CoreLibrary, GameController) {
        let library = try temporaryLibrary()
        let session = try library.newGame(setup: NewGame(opponent: .passAndPlay, start: .standard, timeControl: nil))
        let controller = GameController(session: session, settings: try quietSettings(library), speech: englishSpeech)
        controller.start()
        return (library, controller)
    }

    func testTapsPlayAMoveAndAnnounceIt() async throws {
        let (_, c) = try passAndPlay()
        XCTAssertEqual(c.snapshot.ply, 0)
        c.tap(22) // c3
        XCTAssertEqual(c.snapshot.selected, 22)
        XCTAssertTrue(c.snapshot.square(18)?.destination == true) // d4
        c.tap(18)
        XCTAssertEqual(c.snapshot.ply, 1)
        XCTAssertEqual(c.snapshot.sideToMove, .black)
        XCTAssertEqual(c.lastAnnouncement, "White: c3 to d4")
        XCTAssertNil(c.message)
    }

    func testDragPicksUpAndDropsAPiece() async throws {
        let (_, c) = try passAndPlay()
        c.dragBegan(at: 23) // e3: picked up, its destinations shown
        XCTAssertEqual(c.snapshot.selected, 23)
        c.drag(from: 23, to: 19) // dropped on f4
        XCTAssertEqual(c.snapshot.ply, 1)
        // Black drags without a pick-up first: the controller selects, then moves.
        c.handle(.drag(from: 11, to: 15)) // f6-e5
        XCTAssertEqual(c.snapshot.ply, 2)
        // A drag from an empty square does nothing.
        c.dragBegan(at: 17)
        XCTAssertNil(c.snapshot.selected)
        // Dropped off the board: the selection is cleared.
        c.tap(22)
        XCTAssertEqual(c.snapshot.selected, 22)
        c.handle(.none)
        XCTAssertNil(c.snapshot.selected)
    }

    func testAnIllegalTargetIsReportedAndPlaysNothing() async throws {
        let (_, c) = try passAndPlay()
        c.drag(from: 22, to: 13) // c3 to a5: not a move
        XCTAssertEqual(c.snapshot.ply, 0)
        XCTAssertNotNil(c.message)
        c.dismissMessage()
        XCTAssertNil(c.message)
    }

    func testUndoRedoAndResignWithConfirmation() async throws {
        let (_, c) = try passAndPlay()
        c.tap(22); c.tap(18)
        XCTAssertTrue(c.snapshot.canUndo)
        c.undo()
        XCTAssertEqual(c.snapshot.ply, 0)
        c.redo()
        XCTAssertEqual(c.snapshot.ply, 1)
        c.requestResign()
        XCTAssertEqual(c.confirmation, .resign(.black))
        c.cancelResign()
        XCTAssertNil(c.confirmation)
        XCTAssertNil(c.snapshot.result)
        c.requestResign()
        c.confirmResign()
        XCTAssertEqual(c.snapshot.result?.outcome, .whiteWins)
        XCTAssertEqual(c.snapshot.result?.reason, .resignation)
        XCTAssertFalse(c.acceptsInput)
    }

    func testDrawOfferIsAnsweredByTheOtherPlayer() async throws {
        let (_, c) = try passAndPlay()
        c.offerDraw()
        XCTAssertEqual(c.confirmation, .answerDraw(offeredBy: .white))
        c.declineDraw()
        XCTAssertNil(c.confirmation)
        XCTAssertNil(c.snapshot.result)
        c.offerDraw()
        c.acceptDraw()
        XCTAssertEqual(c.snapshot.result?.outcome, .draw)
    }

    func testReactionsAreKeptInTheRecord() async throws {
        let (_, c) = try passAndPlay()
        c.react("👍")
        XCTAssertEqual(c.snapshot.reactions.last?.emoji, "👍")
        XCTAssertEqual(c.snapshot.reactions.last?.side, .white)
    }

    func testMustCaptureIsShownAndExplained() async throws {
        let (_, c) = try passAndPlay()
        var remembered = false
        c.onCaptureExplained = { remembered = true }
        // 1. c3-d4 f6-e5: White must take d4:f6.
        c.tap(22); c.tap(18)
        c.tap(11); c.tap(15)
        XCTAssertTrue(c.snapshot.mustCapture)
        XCTAssertTrue(c.mustCaptureNotice)
        XCTAssertEqual(c.snapshot.squares.filter(\.mustCapture).map(\.number), [18])
        // The rule is explained the first time, and again when the player tries a quiet move instead.
        XCTAssertTrue(c.explainCapture)
        XCTAssertTrue(remembered)
        c.dismissCaptureExplanation()
        XCTAssertFalse(c.explainCapture)
        c.tap(23) // e3 cannot move: d4 must capture
        XCTAssertEqual(c.snapshot.ply, 2)
        XCTAssertNil(c.snapshot.selected)
        XCTAssertEqual(c.snapshot.notice?.kind, .mustCaptureElsewhere)
        XCTAssertEqual(c.snapshot.notice?.capturers, [18])
        XCTAssertEqual(c.message?.kind, .illegalMove)
        XCTAssertTrue(c.message?.detail.contains("compulsory") == true)
        XCTAssertTrue(c.explainCapture)
    }

    func testStopCancelsTheComputersSearchInTheCore() async throws {
        let library = try temporaryLibrary()
        // World Champion opens for White and thinks 2 s a move: long enough to be stopped mid-search.
        let session = try library.newGame(setup: NewGame(opponent: .computer(level: 8, human: .black), start: .standard, timeControl: nil))
        let c = GameController(session: session, settings: try quietSettings(library), speech: englishSpeech)
        c.start()
        XCTAssertTrue(c.isThinking)
        XCTAssertFalse(c.acceptsInput)
        c.stop()
        try await waitUntil(seconds: 10) { !c.isThinking }
        // Had only the Swift task been cancelled, the core would have finished and played its move.
        XCTAssertEqual(try session.snapshot().ply, 0)
        XCTAssertNil(c.message, "a cancelled search is not an error for the player")
        // Back on screen, the computer starts again and plays.
        c.start()
        XCTAssertTrue(c.isThinking)
        try await waitUntil(seconds: 20) { c.snapshot.ply == 1 }
        c.stop()
    }

    func testStopRightAfterAHintRequestSearchesNothing() async throws {
        let (_, c) = try passAndPlay()
        c.hintPressed()
        c.stop()
        // A hint thinks 0.8 s at most: had its search started in the core, the hint would show by now.
        try await Task.sleep(nanoseconds: 2_000_000_000)
        XCTAssertEqual(c.hint, .none)
        XCTAssertNil(c.message, "a cancelled hint is not an error for the player")
        // Back on screen, the hint works again.
        c.start()
        c.hintPressed()
        try await waitUntil { c.hint != .none }
    }

    func testTheRuleIsNotExplainedAgainOnceTheAppRemembersIt() async throws {
        let library = try temporaryLibrary()
        let session = try library.newGame(setup: NewGame(opponent: .passAndPlay, start: .standard, timeControl: nil))
        let c = GameController(session: session, settings: try quietSettings(library), speech: englishSpeech,
                               captureExplained: true)
        c.start()
        c.tap(22); c.tap(18)
        c.tap(11); c.tap(15)
        XCTAssertTrue(c.mustCaptureNotice)
        XCTAssertFalse(c.explainCapture)
    }

    func testComputerAnswersTheMove() async throws {
        let library = try temporaryLibrary()
        let session = try library.newGame(setup: NewGame(opponent: .computer(level: 1, human: .white), start: .standard, timeControl: nil))
        let c = GameController(session: session, settings: try quietSettings(library), speech: englishSpeech)
        c.start()
        c.tap(22); c.tap(18)
        try await waitUntil { c.snapshot.ply == 2 }
        XCTAssertEqual(c.snapshot.sideToMove, .white)
        XCTAssertEqual(c.lastAnnouncement?.hasPrefix("Black: "), true)
        XCTAssertFalse(c.isThinking)
        XCTAssertTrue(c.acceptsInput)
        c.stop()
    }

    func testHintComesInTwoSteps() async throws {
        let (_, c) = try passAndPlay()
        c.hintPressed()
        try await waitUntil { c.hint != .none }
        guard case .piece(let piece) = c.hint else { return XCTFail("first step is the piece") }
        XCTAssertEqual(c.snapshot.square(piece)?.movable, true)
        c.hintPressed()
        guard case .move(let mv) = c.hint else { return XCTFail("second step is the move") }
        XCTAssertEqual(mv.from, piece)
        c.hintPressed()
        XCTAssertEqual(c.hint, .none)
    }

    func testTheGameSurvivesReopeningTheDatabase() async throws {
        let url = try temporaryDatabase()
        let first = try GameStore.open(at: url)
        let session = try first.newGame(setup: NewGame(opponent: .passAndPlay, start: .standard, timeControl: nil))
        let c = GameController(session: session, settings: try quietSettings(first), speech: englishSpeech)
        c.start()
        c.tap(22); c.tap(18)
        guard let id = c.snapshot.gameId else { return XCTFail("autosaved games have an id") }
        // A relaunch after the app was killed: a new library on the same file, no stop() or save beforehand.
        let library = try GameStore.open(at: url)
        let resumed = GameController(session: try library.resume(id: id), settings: try quietSettings(library), speech: englishSpeech)
        XCTAssertEqual(resumed.snapshot.ply, 1)
        XCTAssertEqual(resumed.snapshot.fen, c.snapshot.fen)
    }
}
