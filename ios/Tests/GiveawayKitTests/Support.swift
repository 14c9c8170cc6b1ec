import Foundation
import XCTest
@testable import GiveawayKit
import GiveawayCore

/// English words for the speech tests (the app takes them from its String Catalog).
let englishSpeech = Speech { word in
    switch word {
    case .whiteMan: return "white man"
    case .whiteKing: return "white king"
    case .blackMan: return "black man"
    case .blackKing: return "black king"
    case .empty: return "empty"
    case .mustCapture: return "must capture"
    case .canMove: return "can move"
    case .selected: return "selected"
    case .destination: return "destination"
    case .captured: return "captured"
    case .lastMove: return "last move"
    case .to: return "to"
    case .takes: return "takes"
    case .crowned: return "crowned"
    case .white: return "White"
    case .black: return "Black"
    }
}

/// The path of a fresh database in a temporary folder.
func temporaryDatabase() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent("games.sqlite3")
}

/// A library on a fresh database.
func temporaryLibrary() throws -> CoreLibrary {
    try GameStore.open(at: try temporaryDatabase())
}

/// Settings with animations off, so tests see the board at once.
func quietSettings(_ library: CoreLibrary) throws -> Settings {
    var s = try library.settings()
    s.animation = .off
    s.coach = false
    return s
}

/// Waits on the main actor until `condition` holds (the engine runs on the core's threads).
@MainActor
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { throw Timeout(seconds: seconds) }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}

struct Timeout: Error {
    let seconds: Double
}
