import XCTest
@testable import GiveawayKit
import GiveawayCore

@MainActor
final class NewGameTests: XCTestCase {
    func testEveryLevelAndColourStartsThatGame() async throws {
        let library = try temporaryLibrary()
        let model = try NewGameModel(library: library)
        XCTAssertEqual(model.levels.map(\.number), Array(1...8))
        for level in model.levels {
            for (choice, human) in [(ColorChoice.white, Color.white), (.black, .black)] {
                model.setup.versusComputer = true
                model.setup.level = level.number
                model.setup.color = choice
                let game = try model.start(in: library)
                XCTAssertEqual(game.state.snapshot.opponent, .computer(level: level.number, human: human))
                XCTAssertEqual(game.state.orientation.bottom, human)
            }
        }
        // The core settles a random colour when the game starts: both come up.
        model.setup.color = .random
        var seen = Set<Color>()
        for _ in 0..<40 where seen.count < 2 {
            if case .computer(_, let human) = try model.start(in: library).state.snapshot.opponent {
                seen.insert(human)
            }
        }
        XCTAssertEqual(seen, [.white, .black])
        model.setup.versusComputer = false
        XCTAssertEqual(try model.start(in: library).state.snapshot.opponent, .passAndPlay)
    }

    func testEveryTimeControlIncludingCustomAndOdds() async throws {
        let library = try temporaryLibrary()
        let model = try NewGameModel(library: library)
        XCTAssertEqual(model.presets.count, 12)
        model.timeControl = nil
        XCTAssertNil(try model.start(in: library).state.snapshot.clocks, "unlimited time")
        for preset in model.presets {
            model.timeControl = preset.control
            XCTAssertEqual(try model.start(in: library).state.snapshot.clocks?.control, preset.control, preset.name)
        }
        XCTAssertEqual(timeControlLabel(control: model.presets[0].control), "1+0")
        let custom = SideTime(baseMs: 7 * 60_000, incrementMs: 2_000)
        model.timeControl = TimeControl(white: custom, black: custom)
        XCTAssertEqual(model.setup.blackTime, nil, "even time is one side's time")
        XCTAssertEqual(try model.start(in: library).state.snapshot.clocks?.blackText, "7:00", "Black's clock waits")
        // Time odds are for two players; against the computer both sides get White's time.
        let odds = TimeControl(white: custom, black: SideTime(baseMs: 60_000, incrementMs: 0))
        model.timeControl = odds
        model.setup.versusComputer = false
        XCTAssertEqual(try model.start(in: library).state.snapshot.clocks?.control, odds)
        model.setup.versusComputer = true
        XCTAssertEqual(
            try model.start(in: library).state.snapshot.clocks?.control, TimeControl(white: custom, black: custom))
        // The last game's choices come back next time.
        XCTAssertEqual(try NewGameModel(library: library).timeControl, TimeControl(white: custom, black: custom))
    }

    func testHandicapsUsualOnesMenByHandAndAnEditedPosition() async throws {
        let library = try temporaryLibrary()
        let model = try NewGameModel(library: library)
        model.setup.versusComputer = false
        XCTAssertEqual(model.handicaps.count, 6)
        for preset in model.handicaps {
            model.choose(preset)
            XCTAssertEqual(model.chosenHandicap, preset)
            guard case .removedMen(let squares) = preset.start else { return XCTFail("\(preset)") }
            let game = try model.start(in: library)
            for n in squares { XCTAssertNil(game.state.snapshot.squares[Int(n) - 1].piece) }
            let pieces = game.state.snapshot.squares.filter { $0.piece?.color == preset.side }
            XCTAssertEqual(pieces.count, 12 - Int(preset.men))
        }
        model.toggleMan(sq("e1"))
        XCTAssertNil(model.chosenHandicap, "a man more than the usual handicap")
        model.setup.removedMen = []
        model.toggleMan(sq("a1"))
        model.toggleMan(sq("b4"))  // no man stands there at the start
        model.toggleMan(sq("h8"))
        model.toggleMan(sq("h8"))  // put back
        XCTAssertEqual(model.setup.removedMen, [sq("a1")])
        XCTAssertNil(try model.start(in: library).square("a1").piece)
        model.setup.fen = "W:W22:B11"
        let edited = try model.start(in: library)
        XCTAssertEqual(edited.state.snapshot.squares.filter { $0.piece != nil }.map(\.number), [sq("f6"), sq("c3")])
        model.toggleMan(sq("c1"))
        XCTAssertNil(model.setup.fen, "men removed by hand replace the edited position")
    }

    func testThePositionEditorCyclesPiecesChecksAndStartsAGame() async throws {
        let editor = EditorModel()
        XCTAssertEqual(editor.squares.filter { $0.piece != nil }.count, 24, "the standard start")
        XCTAssertNil(editor.problem)
        editor.perform { $0.clear() }
        XCTAssertNotNil(editor.problem, "no game starts on an empty board")
        var seen: [PieceView?] = []
        for _ in 0..<5 {
            editor.perform { try $0.cycle(square: sq("f6")) }
            seen.append(editor.squares[Int(sq("f6")) - 1].piece)
        }
        XCTAssertEqual(
            seen,
            [
                PieceView(color: .white, kind: .man), PieceView(color: .white, kind: .king),
                PieceView(color: .black, kind: .man), PieceView(color: .black, kind: .king), nil,
            ])
        editor.perform { try $0.cycle(square: sq("b8")) }
        XCTAssertEqual(
            editor.squares[Int(sq("b8")) - 1].piece, PieceView(color: .white, kind: .king),
            "no white man on its promotion rank")
        editor.perform { try $0.cycle(square: 33) }
        XCTAssertEqual(editor.problem?.kind, .unavailable)
        editor.perform { $0.clear() }
        for _ in 0..<3 { editor.perform { try $0.cycle(square: sq("f6")) } }
        editor.perform { try $0.cycle(square: sq("c3")) }
        editor.perform { $0.setSideToMove(side: .black) }
        XCTAssertNil(editor.problem)
        XCTAssertEqual(editor.fen, "B:W22:B11")
        XCTAssertEqual(editor.sideToMove, .black)
        let library = try temporaryLibrary()
        let setup = try NewGameModel(library: library)
        setup.setup.versusComputer = false
        setup.setup.fen = editor.fen
        let game = try setup.start(in: library)
        XCTAssertEqual(game.state.snapshot.sideToMove, .black)
        XCTAssertEqual(EditorModel(fen: editor.fen).squares, editor.squares, "an edited position opens again")

        // The palette: its piece goes where tapped, the same piece again comes off, the eraser empties.
        editor.perform {
            $0.clear()
            $0.setSideToMove(side: .white)
        }
        XCTAssertEqual(editor.positionProblem, .noPieces(side: .white))
        editor.tool = PieceView(color: .black, kind: .king)
        editor.tap(sq("e3"))
        XCTAssertEqual(editor.squares[Int(sq("e3")) - 1].piece, PieceView(color: .black, kind: .king))
        XCTAssertEqual(editor.positionProblem, .noPieces(side: .white))
        editor.tap(sq("e3"))
        XCTAssertNil(editor.squares[Int(sq("e3")) - 1].piece, "a second tap takes it off")
        editor.tool = EditorModel.palette[0]
        editor.tap(sq("c3"))
        editor.tool = EditorModel.palette[2]
        editor.tap(sq("f6"))
        XCTAssertNil(editor.positionProblem)
        editor.tool = nil
        editor.tap(sq("f6"))
        XCTAssertNil(editor.squares[Int(sq("f6")) - 1].piece, "the eraser")
    }
}
