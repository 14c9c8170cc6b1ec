import Foundation
import XCTest
@testable import GiveawayKit
import GiveawayCore

/// The path of a fresh database in a temporary folder.
func temporaryDatabase() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent("games.sqlite3")
}

/// A library on a fresh database whose settings have animation and the coach off (so a test sees each move at
/// once and no coach search competes), changed further by `change`.
func temporaryLibrary(_ change: (inout Settings) -> Void = { _ in }) throws -> GameLibrary {
    let library = try GameStore.open(at: try temporaryDatabase())
    var settings = try library.settings()
    settings.animation = .off
    settings.coach = false
    change(&settings)
    try library.saveSettings(settings: settings)
    return library
}

/// The PDN number of a square named in algebraic notation, as the core names it.
func sq(_ name: String) -> UInt32 {
    (1...32).first { squareName(square: $0, notation: .algebraic) == name } ?? 0
}

/// A new game from the remembered choices changed by `choose`, with the screen up.
@MainActor
func startGame(_ library: GameLibrary, _ choose: (inout GameSetup) -> Void) throws -> GameScreenModel {
    var setup = try library.rememberedSetup()
    choose(&setup)
    let model = try GameScreenModel.start(setup, in: library)
    model.perform { $0.start() }
    return model
}

/// A new game for two players on one device, from `fen` if given, with `white`'s time for both sides (and
/// `black`'s for Black if given).
@MainActor
func passAndPlay(_ library: GameLibrary, fen: String? = nil, white: SideTime? = nil, black: SideTime? = nil) throws
    -> GameScreenModel
{
    try startGame(library) { ($0.versusComputer, $0.fen, $0.whiteTime, $0.blackTime) = (false, fen, white, black) }
}

/// A new game against the computer at `level`, the player taking `color`.
@MainActor
func versusComputer(_ library: GameLibrary, level: UInt8, color: ColorChoice) throws -> GameScreenModel {
    try startGame(library) { ($0.versusComputer, $0.level, $0.color) = (true, level, color) }
}

/// World Champion (2 s a move), the player taking `color`, from a handicap start (Black without b8): its opening
/// book, which answers the standard start at once, does not know it, so every move is searched.
@MainActor
func versusWorldChampionSearching(_ library: GameLibrary, color: ColorChoice) throws -> GameScreenModel {
    try startGame(library) { ($0.versusComputer, $0.level, $0.color, $0.removedMen) = (true, 8, color, [sq("b8")]) }
}

extension GameScreenModel {
    func tap(_ name: String) {
        perform { try $0.tap(square: sq(name)) }
    }

    func square(_ name: String) -> SquareView {
        state.snapshot.squares[Int(sq(name)) - 1]
    }

    /// Plays moves by taps until `plies` have been played: each time the first piece that can move, then its
    /// first landing square until the move is complete (the first path when several end on one square).
    func playFirstMoves(until plies: UInt32) {
        while state.snapshot.ply < plies, state.snapshot.result == nil {
            let ply = state.snapshot.ply
            guard let piece = state.snapshot.squares.first(where: \.movable) else { return }
            perform { try $0.tap(square: piece.number) }
            while state.snapshot.ply == ply {
                if !state.snapshot.choices.isEmpty {
                    perform { try $0.choose(index: 0) }
                } else if let to = state.snapshot.squares.first(where: { $0.destination || $0.finalDestination }) {
                    perform { try $0.tap(square: to.number) }
                } else {
                    return
                }
            }
        }
    }
}

/// Collects a game screen's events as they are handed to the platform.
@MainActor
final class EventLog {
    private(set) var events: [GameEvent] = []

    init(_ model: GameScreenModel) {
        model.onEvent = { [weak self] in self?.events.append($0) }
    }

    var moves: [(announcement: Announcement, byOpponent: Bool, cue: Cue)] {
        events.compactMap {
            if case .moved(_, let announcement, let byOpponent, let cue) = $0 { return (announcement, byOpponent, cue) }
            return nil
        }
    }
}

/// Waits on the main actor until `condition` holds; the core's threads and the model's tasks run meanwhile.
@MainActor
func waitUntil(seconds: Double = 20, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool)
    async throws
{
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { throw Timeout(seconds: seconds, file: "\(file)", line: line) }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}

/// A wait that gave up, and where it was.
struct Timeout: Error {
    let seconds: Double
    let file: String
    let line: UInt
}
