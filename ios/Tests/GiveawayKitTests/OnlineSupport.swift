import Foundation
import XCTest
@testable import GiveawayKit
import GiveawayCore
#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The game server `make test-ios-package` started (ios/tools/online-server.sh); a test can kill it and start it
/// again on the same port and database. Without one the online tests are skipped, visibly.
struct TestServer {
    let dir: URL
    let url: String

    static func started() throws -> TestServer {
        guard let path = ProcessInfo.processInfo.environment["GIVEAWAY_TEST_SERVER"] else {
            throw XCTSkip("no game server: GIVEAWAY_TEST_SERVER is unset (make test-ios-package starts one)")
        }
        let dir = URL(fileURLWithPath: path, isDirectory: true)
        return TestServer(dir: dir, url: try TestServer.read(dir, "url"))
    }

    private static func read(_ dir: URL, _ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server dies at once (SIGKILL), as in a crash: every connection drops, nothing is shut down in order.
    /// Returns whether it was still running, once its port is free for a restart.
    @MainActor
    @discardableResult
    func crash() async throws -> Bool {
        let pid = try XCTUnwrap(pid_t(try TestServer.read(dir, "pid")))
        let running = kill(pid, SIGKILL) == 0
        let port = try XCTUnwrap(URL(string: url)?.port)
        try await waitUntil { !TestServer.accepts(port: UInt16(port)) }
        return running
    }

    /// Whether something on the loopback accepts connections on `port`.
    private static func accepts(port: UInt16) -> Bool {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    /// The server up again on the same port, once it listens: on the same database, or on a spare one where no
    /// account made so far exists. Its process is left running for the tests after this one;
    /// `online-server.sh stop` stops it through the pid file.
    @MainActor
    func restart(onSpareDatabase spare: Bool = false) async throws {
        let port = try XCTUnwrap(URL(string: url)?.port)
        let log = dir.appendingPathComponent("log-restarted")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = dir.appendingPathComponent(try TestServer.read(dir, "server")).standardizedFileURL
        process.arguments = ["--listen", "127.0.0.1:\(port)", "--node", "shell"]
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = try TestServer.read(dir, spare ? "spare-database-url" : "database-url")
        process.environment = environment
        (process.standardOutput, process.standardError) = (output, output)
        try process.run()
        try await waitUntil {
            (try? String(contentsOf: log, encoding: .utf8))?.contains("listening on") == true || !process.isRunning
        }
        // Only a server that runs replaces the one in the pid file (which `stop` must still find otherwise).
        guard process.isRunning else {
            return XCTFail("the restarted server stopped: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        try "\(process.processIdentifier)\n".write(
            to: dir.appendingPathComponent("pid"), atomically: true, encoding: .utf8)
    }
}

/// A phone: its own games database and the online screens' model, with an account.
@MainActor
final class Device {
    let library: GameLibrary
    let model: OnlineModel
    let nickname: String
    private(set) var events: [OnlineEvent] = []

    /// A device online with a new account (a nickname no other test uses).
    init(_ server: TestServer, _ name: String) async throws {
        library = try temporaryLibrary()
        model = try OnlineModel(server: server.url, library: library)
        nickname = name + UUID().uuidString.prefix(6)
        model.onEvent = { [weak self] in self?.events.append($0) }
        try await waitUntil { self.model.state.connection == .online }
        XCTAssertTrue(model.state.actions.createAccount)
        model.perform { [nickname] in try $0.createAccount(nickname: nickname) }
        try await waitUntil { self.model.state.player != nil }
        XCTAssertEqual(model.state.player?.nickname, nickname)
        XCTAssertFalse(model.state.actions.createAccount)
    }

    /// The online game's board (fails the test when there is none).
    func game() throws -> GameScreenModel {
        try XCTUnwrap(model.game, "no online game on \(nickname)'s device")
    }

    var ply: UInt32 { model.game?.state.snapshot.ply ?? 0 }

    var end: OnlineEnd? {
        if case .over(let end)? = model.state.game?.status { return end }
        return nil
    }

    /// The quick-pairing preset of 5 minutes + 3 s the server offers.
    func blitz() throws -> TimeControl {
        try XCTUnwrap(model.state.presets.first { $0.white == SideTime(baseMs: 300_000, incrementMs: 3000) })
    }
}

/// Two devices in a rated game by invite code, returned as (white, black).
@MainActor
func invitedGame(_ server: TestServer) async throws -> (white: Device, black: Device) {
    let a = try await Device(server, "ann")
    let b = try await Device(server, "bob")
    let blitz = try a.blitz()
    a.model.perform { try $0.createInvite(timeControl: blitz, rated: true) }
    var invite: (code: String, control: TimeControl, rated: Bool)?
    try await waitUntil {
        if case .inviting(let code, let control, let rated) = a.model.state.lobby { invite = (code, control, rated) }
        return invite != nil
    }
    let (code, control, rated) = try XCTUnwrap(invite)
    XCTAssertEqual(control, blitz)
    XCTAssertTrue(rated)
    b.model.perform { try $0.acceptInvite(code: code) }
    try await waitUntil { a.model.game != nil && b.model.game != nil }
    XCTAssertEqual(a.model.state.lobby, .idle)
    return a.model.state.game?.you == .white ? (a, b) : (b, a)
}

/// `mover` plays one move by taps on its board and waits until the other device shows it.
@MainActor
func playOneMove(_ mover: Device, seenBy other: Device) async throws {
    let ply = mover.ply
    try mover.game().playFirstMoves(until: ply + 1)
    XCTAssertEqual(mover.ply, ply + 1, "\(mover.nickname) could not move")
    try await waitUntil { other.ply == ply + 1 }
}

extension OnlineScreen {
    /// The account's player once signed in (tests read it often).
    var player: OnlinePlayer? {
        if case .signedIn(let player) = account { return player }
        return nil
    }
}
