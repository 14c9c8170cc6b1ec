import XCTest
@testable import GiveawayKit
import GiveawayCore

final class AnimationTests: XCTestCase {
    /// The rules' known test: h6:f8:b4:e1 takes g7, crowns on f8, goes on as a king over c5 and d2.
    private let kingCapture = MoveView(
        text: "h6:f8:b4:e1", color: .white, from: 12, path: [3, 17, 31], captured: [8, 14, 26], promotes: true)

    func testEveryHopKeepsTheJumpedPiecesAsGhosts() throws {
        let hop = try XCTUnwrap(MoveAnimator(move: kingCapture, speed: .normal, reduceMotion: false))
        XCTAssertEqual(hop.frames, [
            HopFrame(at: 3, ghosts: [8]),
            HopFrame(at: 17, ghosts: [8, 14]),
            HopFrame(at: 31, ghosts: [8, 14, 26]),
        ])
    }

    func testReduceMotionAndOffSkipTheAnimation() {
        XCTAssertNil(MoveAnimator(move: kingCapture, speed: .normal, reduceMotion: true))
        XCTAssertNil(MoveAnimator(move: kingCapture, speed: .off, reduceMotion: false))
        let slow = MoveAnimator(move: kingCapture, speed: .slow, reduceMotion: false)
        let fast = MoveAnimator(move: kingCapture, speed: .fast, reduceMotion: false)
        XCTAssertGreaterThan(slow?.totalSeconds ?? 0, fast?.totalSeconds ?? 1)
    }

    func testTheManIsCrownedOnTheFarRankAndGhostsStayUntilTheEnd() throws {
        let session = try GameSession(setup: NewGame(opponent: .passAndPlay, start: .fen(fen: "W:W12:B8,14,26"), timeControl: nil))
        let before = try session.snapshot()
        let hop = try XCTUnwrap(MoveAnimator(move: kingCapture, speed: .normal, reduceMotion: false))
        var animated = try XCTUnwrap(AnimatedMove(hop: hop, before: before))

        var pieces = animated.pieces()
        XCTAssertNil(pieces[12])
        XCTAssertEqual(pieces[3], DrawnPiece(piece: PieceView(color: .white, kind: .king), ghost: false))
        XCTAssertEqual(pieces[8]?.ghost, true)
        XCTAssertEqual(pieces[14]?.ghost, false)

        animated.advance()
        animated.advance()
        XCTAssertTrue(animated.isLastFrame)
        pieces = animated.pieces()
        XCTAssertEqual(pieces[31]?.piece.kind, .king)
        XCTAssertEqual([8, 14, 26].map { pieces[$0]?.ghost }, [true, true, true])

        // The core agrees: this is the only legal move, and the board after it has White's king on e1 alone.
        let after = try session.playMove(text: "h6:f8:b4:e1")
        XCTAssertEqual(after.drawnPieces().keys.sorted(), [31])
        XCTAssertEqual(after.lastMove?.captured.sorted(), [8, 14, 26])
    }

    func testSpeechDescribesSquaresAndMoves() throws {
        let session = try GameSession(setup: NewGame(opponent: .passAndPlay, start: .fen(fen: "W:W12:B8,14,26"), timeControl: nil))
        let snap = try session.snapshot()
        let h6 = try XCTUnwrap(snap.square(12))
        XCTAssertEqual(englishSpeech.describe(h6), "h6, white man, must capture")
        XCTAssertEqual(englishSpeech.describe(try XCTUnwrap(snap.square(1))), "b8, empty")
        XCTAssertEqual(englishSpeech.announce(kingCapture), "White: h6 takes f8, b4, e1, crowned")
    }
}
