import XCTest
@testable import GiveawayKit
import GiveawayCore

/// The online screens' model against a real game server (two devices = two libraries, two clients).
@MainActor
final class OnlineTests: XCTestCase {
    /// The server a test crashed and has not started again yet: started for the next tests if the test failed.
    private var crashed: TestServer?

    override func tearDown() async throws {
        if let server = crashed {
            // Whatever runs in its place (a server on the spare database) goes first, and its port with it.
            try await server.crash()
            try await server.restart()
        }
        crashed = nil
    }

    func testAnInvitedGamePlayedThroughTheBoardEndsWithTheRatingChangeAndIsKept() async throws {
        let (white, black) = try await invitedGame(try TestServer.started())
        let board = try white.game()
        guard case .online(let human, let whiteName, let blackName) = board.state.snapshot.opponent else {
            return XCTFail("not an online game: \(board.state.snapshot.opponent)")
        }
        XCTAssertEqual(human, .white)
        XCTAssertEqual([whiteName, blackName], [white.nickname, black.nickname])
        XCTAssertEqual(white.model.state.game?.player.nickname, white.nickname)
        XCTAssertEqual(white.model.state.game?.opponent.nickname, black.nickname)
        XCTAssertEqual(white.model.state.game?.opponentAway, false)
        // No clock runs before the first moves: the state counts down White's first-move time instead.
        guard case .firstMove(let side, let remainingMs)? = white.model.state.game?.status else {
            return XCTFail("\(String(describing: white.model.state.game?.status))")
        }
        XCTAssertEqual(side, .white)
        XCTAssertLessThanOrEqual(remainingMs, 30_000)
        XCTAssertNil(board.state.snapshot.clocks?.running)
        XCTAssertFalse(board.state.orientation.flipped, "white plays up the board")
        XCTAssertTrue(try black.game().state.orientation.flipped, "black sees its own men at the bottom")
        let actions = board.state.actions
        XCTAssertFalse(actions.undo || actions.hint, "no undo and no hint against a person")
        XCTAssertTrue(actions.draws, "the draw button is there between people")
        XCTAssertTrue(white.events.contains { if case .gameStarted = $0 { true } else { false } })

        for ply in 0..<4 {
            try await playOneMove(ply % 2 == 0 ? white : black, seenBy: ply % 2 == 0 ? black : white)
        }
        XCTAssertEqual(try white.game().state.snapshot.fen, try black.game().state.snapshot.fen)

        board.perform { try $0.react(side: $0.state().actingSide, emoji: "🤝") }
        try await waitUntil { (try? black.game().state.snapshot.reactions.contains { $0.emoji == "🤝" }) == true }
        XCTAssertEqual(try black.game().state.snapshot.reactions.last?.side, .white)

        try black.game().perform { try $0.resign() }
        try await waitUntil { white.end != nil && black.end != nil }
        let (won, lost) = (try XCTUnwrap(white.end), try XCTUnwrap(black.end))
        XCTAssertEqual(won.winner, .white)
        XCTAssertEqual(won.reason, .resignation)
        XCTAssertEqual(lost.winner, .white)
        let (up, down) = (try XCTUnwrap(won.rating), try XCTUnwrap(lost.rating))
        XCTAssertGreaterThan(up.after, up.before, "the winner's rating went up")
        XCTAssertLessThan(down.after, down.before, "the loser's rating went down")
        guard case .over(_, let forWhite) = try white.game().state.status else {
            return XCTFail("white's game goes on")
        }
        XCTAssertEqual(forWhite, .won)
        XCTAssertTrue(black.events.contains { if case .gameEnded = $0 { true } else { false } })

        // Each device keeps the game in its library as an online game, to replay and analyse.
        for (device, result) in [(white, ResultFilter.won), (black, .lost)] {
            let id = try XCTUnwrap(device.end?.savedId)
            let list = try SavedGamesModel(library: device.library)
            list.filter = ListFilter(mode: .online, result: result, level: nil, inProgress: nil, withinDays: nil)
            XCTAssertEqual(list.state.games.map(\.id), [id])
            let saved = try XCTUnwrap(list.state.games.first)
            XCTAssertEqual(saved.mode, .online)
            XCTAssertEqual([saved.white, saved.black], [white.nickname, black.nickname])
            XCTAssertEqual(saved.plies, 4)
            XCTAssertFalse(saved.resumable, "an online game is not continued offline")
            XCTAssertEqual(try ReplayScreenModel(id: id, in: device.library).state.plies, 4)
        }

        white.model.perform { try $0.leaveGame() }
        XCTAssertNil(white.model.game, "back in the lobby")
        XCTAssertNil(white.model.message)
    }

    func testQuickPairingRematchProfileLeaderboardAndARefusedNickname() async throws {
        let server = try TestServer.started()
        let a = try await Device(server, "cat")
        let b = try await Device(server, "dan")
        let blitz = try a.blitz()
        a.model.perform { try $0.seek(timeControl: blitz) }
        try await waitUntil { a.model.state.lobby == .seeking(timeControl: blitz) }
        b.model.perform { try $0.seek(timeControl: blitz) }
        try await waitUntil { a.model.game != nil && b.model.game != nil }
        let first = try XCTUnwrap(a.model.state.game)
        let firstBoard = try a.game()

        try a.game().perform { try $0.resign() }
        try await waitUntil { a.end != nil && b.end != nil }
        XCTAssertEqual(b.end?.winner, first.you == .white ? .black : .white)
        a.model.perform { try $0.offerRematch() }
        try await waitUntil { b.model.state.game?.rematch == .offeredToYou }
        XCTAssertEqual(a.model.state.game?.rematch, .offered)
        b.model.perform { try $0.offerRematch() }
        try await waitUntil { a.model.state.game.map { $0.game != first.game && $0.actions.inGame } == true }
        XCTAssertEqual(a.model.state.game?.you, first.you == .white ? .black : .white, "colours swapped")
        XCTAssertFalse(try a.game() === firstBoard, "the rematch is a new board")
        XCTAssertEqual(try a.game().state.snapshot.ply, 0)

        a.model.perform { try $0.profile(nickname: b.nickname) }
        try await waitUntil { a.model.state.profile?.player.nickname == b.nickname }
        let recent = try XCTUnwrap(a.model.state.profile?.recent.first)
        XCTAssertEqual(recent.game, first.game)
        XCTAssertEqual(recent.opponent.nickname, a.nickname)
        XCTAssertEqual(recent.reason, .resignation)
        XCTAssertGreaterThan(try XCTUnwrap(recent.ratingChange), 0, "the winner gained")
        a.model.perform { try $0.leaderboard(speed: .blitz) }
        try await waitUntil { a.model.state.leaderboard?.speed == .blitz }

        // Someone else's nickname: the server says no and the account form stays.
        let c = try OnlineModel(server: server.url, library: try temporaryLibrary())
        try await waitUntil { c.state.actions.createAccount }
        c.perform { [nickname = a.nickname] in try $0.createAccount(nickname: nickname) }
        try await waitUntil { c.message != nil }
        guard case .refused(let code, let detail) = c.message else {
            return XCTFail("\(String(describing: c.message))")
        }
        XCTAssertEqual(code, .nicknameTaken)
        XCTAssertFalse(detail.isEmpty)
        XCTAssertTrue(c.state.actions.createAccount)
    }

    func testALinkCodeBringsTheAccountToASecondDeviceAndTheFirstIsSignedOut() async throws {
        let server = try TestServer.started()
        let phone = try await Device(server, "lin")
        phone.model.perform { try $0.createLinkCode() }
        try await waitUntil { phone.model.state.linkCode != nil }
        let code = try XCTUnwrap(phone.model.state.linkCode?.code)

        let library = try temporaryLibrary()
        let tablet = try OnlineModel(server: server.url, library: library)
        try await waitUntil { tablet.state.actions.redeemLinkCode }
        tablet.perform { try $0.redeemLinkCode(code: code.lowercased(), device: "iPad") }
        try await waitUntil { tablet.state.player?.nickname == phone.nickname }
        // One connection per account: the phone waits instead of taking the account back by itself.
        try await waitUntil { phone.model.state.problem == .playingElsewhere }
        XCTAssertTrue(phone.model.state.actions.tryNow)

        tablet.perform { try $0.devices() }
        try await waitUntil { tablet.state.devices.count == 2 }
        let first = try XCTUnwrap(tablet.state.devices.first { !$0.thisDevice })
        XCTAssertEqual(tablet.state.devices.first { $0.thisDevice }?.label, "iPad")
        tablet.perform { try $0.signOutDevice(device: first.id) }
        try await waitUntil { tablet.state.devices.count == 1 }
        // The phone taking its account back finds its token signed out.
        phone.model.perform { $0.reconnect() }
        try await waitUntil { phone.model.state.problem == .signedOut }
    }

    func testAFollowedFriendShowsOnlineAndTheirChallengeIsAcceptedIntoAGame() async throws {
        let server = try TestServer.started()
        let anna = try await Device(server, "fra")
        let boris = try await Device(server, "frb")
        anna.model.perform { try $0.follow(nickname: boris.nickname) }
        try await waitUntil { anna.model.state.social.friends.first?.online == true }
        XCTAssertEqual(anna.model.state.social.friends.map(\.player.nickname), [boris.nickname])

        let clock = try XCTUnwrap(boris.model.state.presets.first)
        boris.model.perform {
            try $0.challenge(nickname: anna.nickname, timeControl: clock, color: .black, rated: false)
        }
        try await waitUntil { anna.model.state.social.incoming.count == 1 }
        let challenge = try XCTUnwrap(anna.model.state.social.incoming.first)
        XCTAssertEqual(challenge.color, .white, "Boris asked for Black")
        XCTAssertEqual(boris.model.state.social.outgoing.map(\.id), [challenge.id])
        XCTAssertTrue(anna.events.contains { if case .challengeReceived = $0 { return true } else { return false } })

        anna.model.perform { try $0.acceptChallenge(challenge: challenge.id) }
        try await waitUntil { anna.model.state.game != nil && boris.model.state.game != nil }
        XCTAssertEqual(anna.model.state.game?.you, .white)
        XCTAssertFalse(anna.model.state.game?.rated ?? true)
        try await waitUntil { boris.model.state.social.outgoing.isEmpty }
    }

    func testAGameBetweenTwoOthersIsWatchedFromTheLiveList() async throws {
        let server = try TestServer.started()
        let (white, black) = try await invitedGame(server)
        let carl = try await Device(server, "wat")
        try await playOneMove(white, seenBy: black)
        let game = try XCTUnwrap(white.model.state.game?.game)
        carl.model.perform { try $0.liveGames() }
        try await waitUntil { carl.model.state.liveGames.contains { $0.game == game } }
        carl.model.perform { try $0.watch(game: game) }
        try await waitUntil { carl.model.state.watching?.moves.count == 1 }
        let watching = try XCTUnwrap(carl.model.state.watching)
        XCTAssertEqual(watching.white.nickname, white.nickname)
        XCTAssertEqual(watching.bottom.side, .white, "White at the bottom")
        XCTAssertNil(carl.model.state.game, "a spectator plays nothing")
        try await waitUntil { white.model.state.game?.spectators == 1 }
        try await playOneMove(black, seenBy: white)
        try await waitUntil { carl.model.state.watching?.moves.count == 2 }
        carl.model.perform { $0.stopWatching() }
        try await waitUntil { carl.model.state.watching == nil }
        try await waitUntil { white.model.state.game?.spectators == 0 }
    }

    func testAnOpenSeekIsPlayedFromTheList() async throws {
        let server = try TestServer.started()
        let sam = try await Device(server, "sks")
        let tom = try await Device(server, "skt")
        let blitz = try sam.blitz()
        sam.model.perform { try $0.seek(timeControl: blitz) }
        try await waitUntil { sam.model.state.lobby == .seeking(timeControl: blitz) }
        tom.model.perform { try $0.openSeeks() }
        try await waitUntil { tom.model.state.openSeeks.contains { $0.player.nickname == sam.nickname } }
        let seek = try XCTUnwrap(tom.model.state.openSeeks.first { $0.player.nickname == sam.nickname })
        XCTAssertEqual(seek.timeControl, blitz)
        XCTAssertTrue(seek.rating.hasSuffix("?"), "a new player's rating is provisional")
        XCTAssertFalse(sam.model.state.actions.acceptSeek, "not while seeking")
        tom.model.perform { try $0.acceptSeek(player: seek.player.id) }
        try await waitUntil { tom.model.game != nil && sam.model.game != nil }
        XCTAssertEqual(tom.model.state.game?.opponent.nickname, sam.nickname)
        XCTAssertEqual(tom.model.state.game?.rated, true)
        XCTAssertEqual(sam.model.state.lobby, .idle)
    }

    func testAnArenaPairsItsPlayersAndItsStandingsCountTheGame() async throws {
        let server = try TestServer.started()
        let ann = try await Device(server, "ara")
        let bob = try await Device(server, "arb")
        let blitz = try ann.blitz()
        ann.model.perform { try $0.createArena(name: "Test arena", timeControl: blitz, startsInS: 0, minutes: 30) }
        try await waitUntil { ann.model.state.arena?.arena.name == "Test arena" }
        let id = try XCTUnwrap(ann.model.state.arena?.arena.id)
        XCTAssertEqual(ann.model.state.arena?.actions.pause, true, "the maker takes part")
        bob.model.perform { try $0.arenas() }
        try await waitUntil { bob.model.state.arenas.contains { $0.id == id && $0.status == .running } }
        bob.model.perform { try $0.arenaStandings(arena: id) }
        try await waitUntil { bob.model.state.arena?.actions.join == true }
        bob.model.perform { try $0.joinArena(arena: id) }
        try await waitUntil { ann.model.game != nil && bob.model.game != nil }
        XCTAssertEqual(ann.model.state.game?.arena, id)
        // Bob pauses, so that the game's end brings no second pairing; then resigns.
        bob.model.perform { try $0.pauseArena(arena: id) }
        try bob.game().perform { try $0.resign() }
        try await waitUntil { ann.end != nil }
        XCTAssertEqual(ann.model.state.game?.actions.offerRematch, false, "no rematch in an arena")
        try await waitUntil { ann.model.state.arena?.standings.first?.score == 2 }
        let lines = try XCTUnwrap(ann.model.state.arena?.standings)
        XCTAssertEqual(lines.map(\.player.nickname), [ann.nickname, bob.nickname])
        XCTAssertEqual(lines.map(\.you), [true, false])
        XCTAssertEqual(lines.map(\.active), [true, false])
    }

    func testACorrespondenceGameIsPlayedFromTheListWithTheBoardClosedBetweenMoves() async throws {
        let server = try TestServer.started()
        let anna = try await Device(server, "cra")
        let boris = try await Device(server, "crb")
        // The challenge sheet's terms: correspondence, 3 days per move (the default), Anna White, casual.
        var terms = ChallengeTerms(kind: .correspondence, color: .white, rated: false)
        XCTAssertEqual(terms.daysPerMove, 3)
        XCTAssertEqual(ChallengeTerms.dayChoices, [1, 2, 3, 5, 7, 14])
        anna.model.perform { [terms] in try terms.send(to: boris.nickname, clock: nil, on: $0) }
        try await waitUntil { boris.model.state.social.incoming.count == 1 }
        let challenge = try XCTUnwrap(boris.model.state.social.incoming.first)
        XCTAssertEqual(challenge.daysPerMove, 3, "a correspondence challenge, not a clock")
        XCTAssertEqual(challenge.color, .black)
        XCTAssertEqual(anna.model.state.social.outgoing.first?.daysPerMove, 3)
        // Days the server does not offer are refused before anything is sent.
        terms.daysPerMove = 4
        anna.model.perform { [terms] in try terms.send(to: boris.nickname, clock: nil, on: $0) }
        guard case .failed(let refused)? = anna.model.message else {
            return XCTFail("4 days per move sent: \(String(describing: anna.model.message))")
        }
        XCTAssertEqual(refused.kind, .badInput)
        anna.model.message = nil

        boris.model.perform { try $0.acceptChallenge(challenge: challenge.id) }
        try await waitUntil { anna.model.game != nil && boris.model.game != nil }
        let started = try XCTUnwrap(anna.model.state.game)
        XCTAssertEqual(started.you, .white)
        XCTAssertEqual(started.daysPerMove, 3)
        XCTAssertFalse(started.rated)
        XCTAssertTrue(started.actions.backToLobby, "the board can be closed while the game goes on")
        XCTAssertFalse(started.opponentAway)
        XCTAssertTrue(anna.model.state.canOpenCorrespondence, "a correspondence board keeps nobody from the list")
        // Both close their boards: the game goes on on the server.
        for device in [anna, boris] {
            device.model.perform { try $0.leaveGame() }
            XCTAssertNil(device.model.game, "\(device.nickname)'s board is closed")
            XCTAssertNil(device.model.state.game)
            XCTAssertNil(device.model.message)
        }

        // Each list has the game: White's move for Anna, not for Boris.
        func entry(_ device: Device) -> CorrespondenceView? {
            device.model.state.correspondence.first { $0.game == started.game }
        }
        anna.model.perform { try $0.correspondence() }
        boris.model.perform { try $0.correspondence() }
        try await waitUntil { entry(anna) != nil && entry(boris) != nil }
        let (annas, boriss) = (try XCTUnwrap(entry(anna)), try XCTUnwrap(entry(boris)))
        XCTAssertTrue(annas.yourMove, "White moves first")
        XCTAssertFalse(boriss.yourMove)
        XCTAssertEqual([annas.you, boriss.you], [.white, .black])
        XCTAssertEqual([annas.opponent.nickname, boriss.opponent.nickname], [boris.nickname, anna.nickname])
        XCTAssertEqual([annas.daysPerMove, boriss.daysPerMove], [3, 3])
        XCTAssertEqual([annas.ply, boriss.ply], [0, 0])
        XCTAssertNil(annas.lastMove)
        XCTAssertEqual(anna.model.state.correspondenceWaiting, 1)
        XCTAssertEqual(boris.model.state.correspondenceWaiting, 0)
        // The first move has the whole 3 days, counted down: under 3 days, over 2 d 23 h.
        XCTAssertEqual(TimeLeft(ms: annas.timeLeftMs), .daysHours(days: 2, hours: 23))

        // Anna opens the board from the list, moves, and closes it again.
        XCTAssertTrue(anna.model.state.canOpenCorrespondence)
        anna.model.perform { try $0.openCorrespondence(game: started.game) }
        try await waitUntil { anna.model.game != nil }
        XCTAssertEqual(anna.model.state.game?.game, started.game)
        XCTAssertEqual(anna.model.state.game?.daysPerMove, 3)
        XCTAssertEqual(anna.model.state.game?.isOver, false)
        try anna.game().playFirstMoves(until: 1)
        XCTAssertEqual(anna.ply, 1, "Anna could not move")
        anna.model.perform { try $0.leaveGame() }
        XCTAssertNil(anna.model.game)
        XCTAssertNil(anna.model.message)

        // Boris's list, asked again, says it is his move now, after Anna's (asked every half second: his request
        // may reach the server before her move does).
        var asked = Date.distantPast
        try await waitUntil {
            if Date().timeIntervalSince(asked) > 0.5 {
                asked = Date()
                boris.model.perform { try $0.correspondence() }
            }
            return entry(boris)?.yourMove == true
        }
        let now = try XCTUnwrap(entry(boris))
        XCTAssertEqual(now.ply, 1)
        XCTAssertNotNil(now.lastMove)
        XCTAssertEqual(boris.model.state.correspondenceWaiting, 1)
        anna.model.perform { try $0.correspondence() }
        try await waitUntil { entry(anna)?.ply == 1 }
        XCTAssertEqual(entry(anna)?.yourMove, false)
        XCTAssertEqual(entry(anna)?.lastMove, now.lastMove)

        // The app's background check on Boris's own connection: his move is told once.
        let (url, library, connection) = (server.url, boris.library, boris.model.connection)
        let check = { @Sendable in try YourMoveCheckTask.run(server: url, library: library, client: connection) }
        let told = try await Task.detached(operation: check).value
        guard case .games(let games) = told else { return XCTFail("no games told: \(told)") }
        XCTAssertEqual(games.map(\.game), [started.game])
        XCTAssertEqual(games.first?.ply, 1)
        let again = try await Task.detached(operation: check).value
        XCTAssertEqual(again, .games(games: []), "told once")
        // A device without an account: the check's own connection finds nothing to check.
        let stranger = try temporaryLibrary()
        let none = try await Task.detached { try YourMoveCheckTask.run(server: url, library: stranger) }.value
        XCTAssertEqual(none, .noAccount)
    }

    func testAnAccountTheServerDoesNotKnowSignsOutAndANewNicknameSignsIn() async throws {
        let server = try TestServer.started()
        let device = try await Device(server, "eve")
        // The same address, a database without this device's account: its token is refused.
        crashed = server
        let wasRunning = try await server.crash()
        XCTAssertTrue(wasRunning, "the server was running")
        try await server.restart(onSpareDatabase: true)
        device.model.perform { $0.reconnect() }
        try await waitUntil { device.model.state.problem == .signedOut }
        XCTAssertTrue(device.events.contains(.signedOut))
        try await waitUntil { device.model.state.actions.createAccount }
        let nickname = "new" + device.nickname
        device.model.perform { try $0.createAccount(nickname: nickname) }
        try await waitUntil { device.model.state.player?.nickname == nickname }
        XCTAssertNil(device.model.state.problem, "signed in again")
        // Back on the tests' database for the tests after this one.
        let spareWasRunning = try await server.crash()
        XCTAssertTrue(spareWasRunning, "the server on the spare database was running")
        try await server.restart()
        crashed = nil
    }

    func testAServerRestartShowsOfflineWithItsWayOnAndTheMoveMadeMeanwhileArrives() async throws {
        let server = try TestServer.started()
        let (white, black) = try await invitedGame(server)
        try await playOneMove(white, seenBy: black)
        try await playOneMove(black, seenBy: white)

        crashed = server
        let wasRunning = try await server.crash()
        XCTAssertTrue(wasRunning, "the server was running")
        try await waitUntil { white.model.state.problem != nil && black.model.state.problem != nil }
        guard case .offline(let reason, let retryInMs) = white.model.state.problem else {
            return XCTFail("\(String(describing: white.model.state.problem))")
        }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertGreaterThan(retryInMs, 0)
        XCTAssertEqual(white.model.state.game?.status, .reconnecting, "the game waits for the connection")
        XCTAssertTrue(white.model.state.actions.tryNow)
        // A request that needs the server says so at once; a move waits on the board.
        white.model.perform { try $0.leaderboard(speed: .blitz) }
        guard case .failed(let failure) = white.model.message else {
            return XCTFail("\(String(describing: white.model.message))")
        }
        XCTAssertEqual(failure.kind, .unavailable)
        white.model.message = nil
        try white.game().playFirstMoves(until: 3)
        XCTAssertEqual(white.ply, 3, "the player may move while the connection is down")

        let heard = black.events.count
        try await server.restart()
        crashed = nil
        white.model.perform { $0.reconnect() }
        black.model.perform { $0.reconnect() }
        try await waitUntil { white.model.state.connection == .online && black.model.state.connection == .online }
        XCTAssertNil(white.model.state.problem)
        try await waitUntil { black.ply == 3 }
        XCTAssertEqual(try white.game().state.snapshot.fen, try black.game().state.snapshot.fen)
        XCTAssertTrue(black.events[heard...].contains(.connected), "greeted again after the restart")
        try await playOneMove(black, seenBy: white)
        XCTAssertNil(white.model.message)
    }
}
