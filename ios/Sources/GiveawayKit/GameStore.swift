// The saved-games database, opened once per app run in Application Support (private to the app, backed up,
// never purged by iOS). The core autosaves after every change, so a killed app loses nothing.
import Foundation
import GiveawayCore

public enum GameStore {
    /// Opens the library at `url`; by default `Application Support/Giveaway/games.sqlite3`, making the folder.
    public static func open(at url: URL? = nil) throws -> GameLibrary {
        if let url { return try GameLibrary.open(path: url.path) }
        return try GameLibrary.open(path: folder().appendingPathComponent("games.sqlite3").path)
    }

    /// The app's library with the core's policy for a file that cannot be opened at all: a fresh scratch file
    /// in the caches stands in for this run, and the library's `scratchReason()` says why.
    public static func openOrScratch() throws -> GameLibrary {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("games-scratch.sqlite3")
        return try GameLibrary.openOrScratch(
            path: folder().appendingPathComponent("games.sqlite3").path, scratchPath: scratch.path)
    }

    /// `Application Support/Giveaway`, made if missing: the app's own data.
    public static func folder() throws -> URL {
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        let folder = support.appendingPathComponent("Giveaway", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
