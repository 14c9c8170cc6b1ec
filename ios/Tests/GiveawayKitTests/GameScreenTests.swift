import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class GameScreenTests: XCTestCase {
    func testTapsSelectShowDestinationsAndTheObserverBringsTheComputersReply() async throws {
        // World Champion thinks 2 s a move: its reply comes well after the player's move has returned.
        let model = try versusWorldChampionSearching(try temporaryLibrary(), color: .white)
        let log = EventLog(model)
        XCTAssertEqual(model.state.status, .yourMove(mustCapture: false))
        model.tap("c3")
        XCTAssertEqual(model.state.snapshot.selected, sq("c3"))
        XCTAssertTrue(model.square("d4").destination)
        XCTAssertTrue(model.square("b4").destination)
        XCTAssertFalse(model.square("e5").destination)
        model.tap("d4")
        XCTAssertEqual(model.state.snapshot.ply, 1)
        XCTAssertEqual(model.state.status, .computerThinking)
        // No call is made while waiting: only the observer, woken by the core's search, can bring the reply.
        try await waitUntil { model.state.snapshot.ply == 2 }
        XCTAssertEqual(model.state.status, .yourMove(mustCapture: model.state.snapshot.mustCapture))
        XCTAssertNil(model.state.thinking)
        let moves = log.moves
        XCTAssertEqual(moves.count, 2)
        XCTAssertEqual(moves[0].announcement.from, "c3")
        XCTAssertEqual(moves[0].announcement.landings, ["d4"])
        XCTAssertFalse(moves[0].byOpponent)
        XCTAssertEqual(moves[1].announcement.side, .black)
        XCTAssertTrue(moves[1].byOpponent, "the computer's move is announced")
        XCTAssertNil(model.message)
    }

    func testADragOnTheBoardPicksThePieceUpAndDropsItOnTheSquare() async throws {
        let model = try passAndPlay(try temporaryLibrary())
        let side = 320.0
        func centre(_ name: String) -> (Double, Double) {
            let s = model.square(name)
            return ((Double(s.column) + 0.5) * side / 8, (Double(s.row) + 0.5) * side / 8)
        }
        var touch = DragTracker(side: side, flipped: model.state.orientation.flipped)
        let (ex, ey) = centre("e3")
        touch.down(x: ex, y: ey)
        XCTAssertNil(touch.move(x: ex + 3, y: ey - 3), "a wobble within the slop is no drag")
        let (fx, fy) = centre("f4")
        let pickUp = try XCTUnwrap(touch.move(x: fx, y: fy))
        XCTAssertEqual(pickUp, .pickUp(sq("e3")))
        model.handle(pickUp)
        XCTAssertEqual(model.state.snapshot.selected, sq("e3"), "picked up: its destinations show")
        XCTAssertTrue(model.square("f4").destination)
        let drop = try XCTUnwrap(touch.up(x: fx, y: fy))
        XCTAssertEqual(drop, .drag(from: sq("e3"), to: sq("f4")))
        model.handle(drop)
        XCTAssertEqual(model.state.snapshot.ply, 1)
        XCTAssertNotNil(model.square("f4").piece)
        // Black drops a piece that was not picked up first: the core selects it and moves it.
        model.handle(.drag(from: sq("f6"), to: sq("e5")))
        XCTAssertEqual(model.state.snapshot.ply, 2)
        // A touch that stays put is a tap; one dropped off the board or begun on a light square is nothing.
        let (cx, cy) = centre("c3")
        touch.down(x: cx, y: cy)
        XCTAssertEqual(touch.up(x: cx + 1, y: cy), .tap(sq("c3")))
        touch.down(x: cx, y: cy)
        _ = touch.move(x: cx, y: cy + 100)
        XCTAssertNil(touch.up(x: cx, y: side + 10))
        touch.down(x: 1, y: 1)
        XCTAssertNil(touch.up(x: 1, y: 1), "a1 is dark, so the top-left cell is light")
    }

    func testEveryCellOfTheDrawnBoardHitsTheSquareDrawnThere() async throws {
        let model = try passAndPlay(try temporaryLibrary())
        for flipped in [false, true] {
            if model.state.orientation.flipped != flipped { model.perform { $0.flipBoard() } }
            XCTAssertEqual(model.state.orientation.flipped, flipped)
            for s in model.state.snapshot.squares {
                let x = (Double(s.column) + 0.9) * 40
                let y = (Double(s.row) + 0.1) * 40
                XCTAssertEqual(DragTracker.square(atX: x, y: y, side: 320, flipped: flipped), s.number)
            }
        }
        XCTAssertNil(DragTracker.square(atX: 320, y: 10, side: 320, flipped: false))
        XCTAssertNil(DragTracker.square(atX: -1, y: 10, side: 320, flipped: false))
    }

    func testSeveralCapturePathsToOneSquareAreOfferedAsAChoice() async throws {
        let model = try passAndPlay(try temporaryLibrary(), fen: "W:WKg5:Bb2,f4,b8,e7,d4,e5")
        model.tap("g5")
        model.tap("f8")
        XCTAssertEqual(model.state.status, .chooseCapture)
        let choices = model.state.snapshot.choices
        XCTAssertEqual(choices.count, 2)
        XCTAssertEqual(Set(choices.map { $0.path.last }), [sq("f8")])
        XCTAssertNotEqual(Set(choices[0].captured), Set(choices[1].captured))
        model.perform { try $0.dismissChoice() }
        XCTAssertTrue(model.state.snapshot.choices.isEmpty)
        XCTAssertEqual(model.state.snapshot.ply, 0)
        model.tap("g5")
        model.tap("f8")
        model.perform { try $0.choose(index: 1) }
        XCTAssertEqual(model.state.snapshot.ply, 1)
        XCTAssertEqual(model.state.snapshot.lastMove?.path, choices[1].path)
        XCTAssertEqual(model.state.snapshot.lastMove?.captured.sorted(), choices[1].captured.sorted())
        for captured in choices[1].captured {
            XCTAssertNil(model.state.snapshot.squares[Int(captured) - 1].piece)
        }
    }

    func testAMultiCaptureEnteredHopByHopShowsItsPathAndGhosts() async throws {
        // RULES.md's known test: h6 takes g7, crowns on f8, must land on b4, then takes d2.
        let model = try passAndPlay(try temporaryLibrary(), fen: "W:Wh6:Bg7,c5,d2")
        XCTAssertEqual(model.state.status, .sideToMove(side: .white, mustCapture: true))
        model.tap("h6")
        model.tap("f8")
        XCTAssertEqual(model.state.status, .capturing(path: ["h6", "f8"]))
        XCTAssertTrue(model.square("g7").ghost)
        XCTAssertEqual(model.state.snapshot.ply, 0)
        model.tap("b4")
        model.tap("e1")
        XCTAssertEqual(model.state.snapshot.ply, 1)
        XCTAssertEqual(model.state.snapshot.lastMove?.text, "h6:f8:b4:e1")
    }

    func testTheHintShowsThePieceThenTheMoveAndGoesWithTheNextMove() async throws {
        let model = try passAndPlay(try temporaryLibrary())
        model.perform { try $0.hint() }
        XCTAssertEqual(model.state.thinking?.kind, .hint)
        try await waitUntil { model.state.hint != nil }
        let first = try XCTUnwrap(model.state.hint)
        XCTAssertEqual(first.step, .piece)
        XCTAssertNil(first.mv)
        XCTAssertEqual(model.state.snapshot.squares.filter(\.hint).map(\.number), [first.piece])
        XCTAssertTrue(model.state.snapshot.squares[Int(first.piece) - 1].movable)
        model.perform { try $0.hint() }
        let second = try XCTUnwrap(model.state.hint)
        XCTAssertEqual(second.step, .move)
        let mv = try XCTUnwrap(second.mv)
        XCTAssertEqual(mv.from, first.piece)
        XCTAssertEqual(Set(model.state.snapshot.squares.filter(\.hint).map(\.number)), Set([mv.from] + mv.path))
        model.perform { try $0.playMove(text: mv.text) }
        XCTAssertEqual(model.state.snapshot.ply, 1)
        XCTAssertNil(model.state.hint)
        XCTAssertFalse(model.state.snapshot.squares.contains(where: \.hint))
    }

    func testUndoAndRedoAlsoAfterTheEnd() async throws {
        let model = try versusComputer(try temporaryLibrary(), level: 1, color: .white)
        XCTAssertFalse(model.state.actions.undo)
        model.tap("c3")
        model.tap("d4")
        try await waitUntil { model.state.snapshot.ply == 2 }
        XCTAssertTrue(model.state.actions.undo)
        model.perform { try $0.undo() }
        XCTAssertEqual(model.state.snapshot.ply, 0, "the player's move and the reply are taken back")
        XCTAssertTrue(model.state.actions.redo)
        model.perform { try $0.redo() }
        XCTAssertEqual(model.state.snapshot.ply, 2)
        XCTAssertFalse(model.state.actions.redo)
        // A refused call says why and changes nothing.
        model.perform { try $0.redo() }
        XCTAssertEqual(model.message?.kind, .unavailable)
        XCTAssertEqual(model.state.snapshot.ply, 2)

        // White's only move gives away its last piece: Black, left without a move, wins.
        let ended = try passAndPlay(try temporaryLibrary(), fen: "W:Wc3:Bd4")
        let log = EventLog(ended)
        ended.tap("c3")
        ended.tap("e5")
        guard case .over(let result, nil) = ended.state.status else { return XCTFail("\(ended.state.status)") }
        XCTAssertEqual(result.outcome, .blackWins)
        XCTAssertEqual(result.reason, .noLegalMove)
        XCTAssertEqual(log.events.last, .ended(result: result, forPlayer: nil, cue: Cue(sound: .win, vibrate: true)))
        XCTAssertTrue(ended.state.actions.analyse)
        ended.perform { try $0.undo() }
        XCTAssertNil(ended.state.snapshot.result)
        XCTAssertEqual(ended.state.status, .sideToMove(side: .white, mustCapture: true))
        ended.perform { try $0.redo() }
        XCTAssertEqual(ended.state.snapshot.result, result)
    }

    func testResignationEndsTheGameForTheActingSideAndCanBeTakenBack() async throws {
        let model = try versusComputer(try temporaryLibrary(), level: 1, color: .black)
        try await waitUntil { model.state.snapshot.ply == 1 }
        XCTAssertEqual(model.state.actingSide, .black)
        XCTAssertTrue(model.state.actions.resign)
        let log = EventLog(model)
        model.perform { try $0.resign() }
        guard case .over(let result, let forPlayer) = model.state.status else {
            return XCTFail("the game is over: \(model.state.status)")
        }
        XCTAssertEqual(result.outcome, .whiteWins)
        XCTAssertEqual(result.reason, .resignation)
        XCTAssertEqual(forPlayer, .lost)
        XCTAssertFalse(model.state.actions.resign)
        XCTAssertEqual(log.events.last, .ended(result: result, forPlayer: .lost, cue: Cue(sound: .loss, vibrate: true)))
        model.perform { try $0.undo() }
        XCTAssertNil(model.state.snapshot.result)
        XCTAssertEqual(model.state.status, .yourMove(mustCapture: model.state.snapshot.mustCapture))
        // In pass-and-play the side to move resigns.
        let two = try passAndPlay(try temporaryLibrary())
        two.tap("c3")
        two.tap("d4")
        XCTAssertEqual(two.state.actingSide, .black)
        two.perform { try $0.resign() }
        XCTAssertEqual(two.state.snapshot.result?.outcome, .whiteWins)
    }

    func testPassAndPlayClocksTickAndAFlagFalls() async throws {
        let library = try temporaryLibrary()
        let odds = try passAndPlay(
            library, white: SideTime(baseMs: 300_000, incrementMs: 0),
            black: SideTime(baseMs: 180_000, incrementMs: 2_000))
        let clocks = try XCTUnwrap(odds.state.snapshot.clocks)
        // White's clock runs (its text changes a millisecond after the start); Black's waits.
        XCTAssertEqual(clocks.running, .white)
        XCTAssertTrue((299_000...300_000).contains(clocks.whiteMs), "\(clocks.whiteMs)")
        XCTAssertEqual(clocks.blackText, "3:00")
        XCTAssertEqual(clocks.control.black.incrementMs, 2_000)
        odds.perform { try $0.pause() }

        let model = try passAndPlay(library, white: SideTime(baseMs: 1_500, incrementMs: 0))
        XCTAssertEqual(model.state.snapshot.clocks?.running, .white)
        XCTAssertNotNil(model.state.nextTickMs)
        // Only the model's own ticks ask the core for the time now.
        try await waitUntil(seconds: 10) { model.state.snapshot.clocks?.whiteText == "0.9" }
        try await waitUntil(seconds: 10) { model.state.snapshot.result != nil }
        XCTAssertEqual(model.state.snapshot.result?.outcome, .blackWins)
        XCTAssertEqual(model.state.snapshot.result?.reason, .time)
        XCTAssertEqual(model.state.snapshot.clocks?.whiteText, "0.0")
        XCTAssertNil(model.state.nextTickMs)
        XCTAssertEqual(model.state.status, .over(result: model.state.snapshot.result!, forPlayer: nil))
    }

    func testEachOrientationMode() async throws {
        let library = try temporaryLibrary()
        let model = try passAndPlay(library)
        var settings = try library.settings()
        let c3 = { (model.square("c3").column, model.square("c3").row) }
        XCTAssertEqual(model.state.orientation.flipped, false)
        XCTAssertEqual(c3().0, 2)
        XCTAssertEqual(c3().1, 5)
        XCTAssertEqual(model.state.coordinates.files.joined(), "abcdefgh")

        settings.orientation = .faceToFace
        model.perform { $0.applySettings(settings: settings) }
        XCTAssertEqual(
            model.state.orientation, BoardOrientation(flipped: false, topFacesAway: true, bottom: .white, top: .black))

        settings.orientation = .flipEachMove
        model.perform { $0.applySettings(settings: settings) }
        XCTAssertFalse(model.state.orientation.flipped)
        model.tap("c3")
        model.tap("d4")
        XCTAssertEqual(
            model.state.orientation, BoardOrientation(flipped: true, topFacesAway: false, bottom: .black, top: .white))
        XCTAssertEqual(c3().0, 5, "turned: c3 sits at the sixth column from the left")
        XCTAssertEqual(c3().1, 2)
        XCTAssertEqual(model.state.coordinates.files.joined(), "hgfedcba")
        model.perform { $0.flipBoard() }
        XCTAssertFalse(model.state.orientation.flipped, "the flip button turns it back")

        settings.orientation = .fixed
        model.perform { $0.applySettings(settings: settings) }
        XCTAssertTrue(model.state.orientation.flipped, "still turned by the button")
        model.perform { $0.flipBoard() }
        XCTAssertEqual(
            model.state.orientation, BoardOrientation(flipped: false, topFacesAway: false, bottom: .white, top: .black))

        // Against the computer the player sits at the bottom.
        let black = try versusComputer(library, level: 1, color: .black)
        XCTAssertEqual(black.state.orientation.bottom, .black)
        XCTAssertTrue(black.state.orientation.flipped)
        black.perform { try $0.pause() }
    }

    func testADrawOfferIsAnsweredByTheOtherPlayer() async throws {
        let model = try passAndPlay(try temporaryLibrary())
        XCTAssertTrue(model.state.actions.offerDraw)
        model.perform { try $0.offerDraw() }
        XCTAssertEqual(model.state.status, .drawOffered(by: .white))
        XCTAssertTrue(model.state.actions.answerDraw)
        model.perform { try $0.declineDraw() }
        XCTAssertEqual(model.state.status, .sideToMove(side: .white, mustCapture: false))
        XCTAssertNil(model.state.snapshot.result)
        model.perform { try $0.offerDraw() }
        model.perform { try $0.acceptDraw() }
        XCTAssertEqual(model.state.snapshot.result?.outcome, .draw)
        XCTAssertEqual(model.state.snapshot.result?.reason, .agreement)
        // Against the computer there is no one to offer a draw to.
        let computer = try versusComputer(try temporaryLibrary(), level: 1, color: .white)
        XCTAssertFalse(computer.state.actions.offerDraw)
    }

    func testForcedCaptureIsExplainedOnceEverAndAHeldBackPieceSaysWhy() async throws {
        let library = try temporaryLibrary()
        let model = try passAndPlay(library)
        let log = EventLog(model)
        model.tap("c3"); model.tap("d4")
        model.tap("f6"); model.tap("e5")
        XCTAssertEqual(model.state.status, .sideToMove(side: .white, mustCapture: true))
        XCTAssertEqual(model.mustCaptureExplanation, [sq("d4")])
        XCTAssertEqual(model.state.snapshot.squares.filter(\.mustCapture).map(\.number), [sq("d4")])
        model.mustCaptureExplanation = nil
        model.tap("e3")
        XCTAssertEqual(model.state.snapshot.notice?.kind, .mustCaptureElsewhere)
        XCTAssertEqual(model.state.snapshot.notice?.capturers, [sq("d4")])
        XCTAssertNil(model.state.snapshot.selected)
        guard case .heldBack(let notice, let cue) = log.events.last else { return XCTFail("\(log.events)") }
        XCTAssertEqual(notice.square, sq("e3"))
        XCTAssertEqual(cue.sound, .refused)
        XCTAssertNil(model.mustCaptureExplanation, "explained once")
        // The core remembers it for every later game.
        let again = try passAndPlay(library)
        again.tap("c3"); again.tap("d4")
        again.tap("f6"); again.tap("e5")
        XCTAssertEqual(again.state.status, .sideToMove(side: .white, mustCapture: true))
        XCTAssertNil(again.mustCaptureExplanation)
    }

    func testSoundAndVibrationCuesFollowTheSettings() async throws {
        let library = try temporaryLibrary()
        let model = try passAndPlay(library)
        let log = EventLog(model)
        model.tap("c3"); model.tap("d4")
        XCTAssertEqual(log.moves.last?.cue, Cue(sound: .move, vibrate: true))
        var settings = try library.settings()
        settings.sound = false
        model.perform { $0.applySettings(settings: settings) }
        model.tap("f6"); model.tap("e5")
        XCTAssertEqual(log.moves.last?.cue, Cue(sound: nil, vibrate: true))
        settings.haptics = false
        settings.sound = true
        model.perform { $0.applySettings(settings: settings) }
        model.tap("d4"); model.tap("f6")
        XCTAssertEqual(log.moves.last?.cue, Cue(sound: .capture, vibrate: false))
        XCTAssertTrue(log.moves.allSatisfy(\.byOpponent), "in pass-and-play every move is announced")
    }

    func testTheMovesAnimationFramesComeFromTheCoreAndReducedMotionHasNone() async throws {
        let model = try passAndPlay(try temporaryLibrary { $0.animation = .normal })
        model.tap("c3")
        model.tap("d4")
        let plan = try XCTUnwrap(model.state.animation)
        XCTAssertEqual(plan.hops.map(\.to), [sq("d4")])
        try await waitUntil { model.frame != nil }
        let frame = try XCTUnwrap(model.frame)
        XCTAssertEqual(frame.destination, sq("d4"))
        XCTAssertTrue((2...3).contains(frame.flying.column), "between c3 and d4: \(frame.flying.column)")
        let started = Date()
        try await waitUntil { model.frame == nil }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "a 260 ms hop is over soon")
        // The same state read again does not run its animation again.
        model.perform { $0.state() }
        try await Task.sleep(nanoseconds: 50_000_000)
        XCTAssertNil(model.frame)
        model.perform { $0.setReducedMotion(reduced: true) }
        model.tap("f6")
        model.tap("e5")
        XCTAssertNil(model.state.animation)
        XCTAssertNil(model.frame)
    }

    func testStopRightAfterStartLeavesTheComputersMoveUnplayed() async throws {
        // World Champion opens for White and thinks 2 s a move: stopped at once, it must not play.
        let model = try versusWorldChampionSearching(try temporaryLibrary(), color: .black)
        XCTAssertEqual(model.state.status, .computerThinking)
        model.perform { try $0.pause() }
        try await Task.sleep(nanoseconds: 3_000_000_000)
        model.perform { $0.state() }
        XCTAssertEqual(model.state.snapshot.ply, 0, "had the search started unstopped, the computer would have moved")
        XCTAssertNil(model.state.thinking)
        XCTAssertNil(model.message, "a stopped search is not an error for the player")
        // Back on screen, the computer thinks again and plays.
        model.perform { $0.resume() }
        XCTAssertNotNil(model.state.thinking)
        try await waitUntil(seconds: 30) { model.state.snapshot.ply == 1 }
    }

    func testPauseRightAfterAHintRequestShowsNoHint() async throws {
        let model = try passAndPlay(try temporaryLibrary())
        model.perform { try $0.hint() }
        model.perform { try $0.pause() }
        // A hint takes well under a second: had its search run, it would show by now.
        try await Task.sleep(nanoseconds: 2_000_000_000)
        model.perform { $0.state() }
        XCTAssertNil(model.state.hint)
        XCTAssertNil(model.message)
        model.perform { $0.resume() }
        // The stopped hint was forgotten: the next press asks again.
        model.perform { try $0.hint() }
        try await waitUntil { model.state.hint != nil }
    }

    func testAGameIsResumedAfterTheAppWasKilled() async throws {
        let url = try temporaryDatabase()
        let first = try GameStore.open(at: url)
        let model = try passAndPlay(first)
        model.tap("c3")
        model.tap("d4")
        let id = try XCTUnwrap(model.state.snapshot.gameId)
        // A relaunch: a new library on the same file, with no pause or save beforehand.
        let resumed = try GameScreenModel.open(id: id, in: try GameStore.open(at: url))
        XCTAssertEqual(resumed.state.snapshot.ply, 1)
        XCTAssertEqual(resumed.state.snapshot.fen, model.state.snapshot.fen)
    }
}
