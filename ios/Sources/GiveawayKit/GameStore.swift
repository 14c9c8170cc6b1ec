// The saved-games database, opened once per app run in Application Support (private to the app, backed up,
// never purged by iOS). The core autosaves after every change, so a killed app loses nothing.
import Foundation
import GiveawayCore

public enum GameStore {
    /// `Application Support/Giveaway/games.sqlite3`, creating the folder if needed.
    public static func databaseURL(fileManager: FileManager = .default) throws -> URL {
        let support = try fileManager.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        let folder = support.appendingPathComponent("Giveaway", isDirectory: true)
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("games.sqlite3")
    }

    /// Opens the library at `url` (default: the app's database).
    public static func open(at url: URL? = nil) throws -> CoreLibrary {
        let file: URL
        if let url {
            file = url
        } else {
            file = try databaseURL()
        }
        return try CoreLibrary.open(path: file.path)
    }
}
