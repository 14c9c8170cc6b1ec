import XCTest
@testable import GiveawayKit

final class GeometryTests: XCTestCase {
    func testPdnNumbersMatchTheRules() {
        XCTAssertEqual(BoardGeometry.number(file: 1, rank: 7), 1)   // b8
        XCTAssertEqual(BoardGeometry.number(file: 7, rank: 7), 4)   // h8
        XCTAssertEqual(BoardGeometry.number(file: 0, rank: 6), 5)   // a7
        XCTAssertEqual(BoardGeometry.number(file: 0, rank: 0), 29)  // a1
        XCTAssertEqual(BoardGeometry.number(file: 6, rank: 0), 32)  // g1
        XCTAssertNil(BoardGeometry.number(file: 1, rank: 0))        // b1 is light
        XCTAssertNil(BoardGeometry.number(file: 8, rank: 0))
    }

    func testNumbersAndFileRankRoundTrip() {
        for n in UInt32(1)...32 {
            let fr = BoardGeometry.fileRank(of: n)
            XCTAssertNotNil(fr)
            if let (file, rank) = fr {
                XCTAssertEqual(BoardGeometry.number(file: file, rank: rank), n)
            }
        }
        XCTAssertNil(BoardGeometry.fileRank(of: 0))
        XCTAssertNil(BoardGeometry.fileRank(of: 33))
    }

    func testNamesFollowTheLongDiagonal() {
        let diagonal: [UInt32] = [29, 25, 22, 18, 15, 11, 8, 4]
        XCTAssertEqual(diagonal.map(BoardGeometry.name(of:)), ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"])
    }

    func testTouchesHitTheSquareDrawnThere() {
        for flipped in [false, true] {
            for n in UInt32(1)...32 {
                guard let cell = BoardGeometry.cell(of: n, flipped: flipped) else { return XCTFail("no cell") }
                let x = (Double(cell.column) + 0.5) * 40
                let y = (Double(cell.row) + 0.5) * 40
                XCTAssertEqual(BoardGeometry.square(atX: x, y: y, side: 320, flipped: flipped), n)
            }
        }
        // a1 is bottom left unflipped and top right flipped.
        XCTAssertEqual(BoardGeometry.cell(of: 29, flipped: false), BoardCell(column: 0, row: 7))
        XCTAssertEqual(BoardGeometry.cell(of: 29, flipped: true), BoardCell(column: 7, row: 0))
        XCTAssertNil(BoardGeometry.square(atX: 330, y: 10, side: 320, flipped: false))
    }

    func testJumpedSquareFindsTheCapturedPieceOnAKingsLongJump() {
        // a1 to e5 over c3: the piece on c3 (22) is the jumped one.
        XCTAssertEqual(BoardGeometry.jumpedSquare(from: 29, to: 15, occupied: [22]), 22)
        XCTAssertNil(BoardGeometry.jumpedSquare(from: 29, to: 15, occupied: [17]))
        XCTAssertNil(BoardGeometry.jumpedSquare(from: 29, to: 30, occupied: [22]))
    }

    func testDragTrackerTellsTapsFromDrags() {
        var t = DragTracker(slop: 10)
        // c3 is column 2, row 5 of a 320-point board (40 points a square).
        t.down(x: 100, y: 220, side: 320, flipped: false)
        XCTAssertEqual(t.origin, 22)
        XCTAssertFalse(t.move(x: 105, y: 224)) // within the slop: still a tap
        XCTAssertEqual(t.up(x: 105, y: 224, side: 320, flipped: false), .tap(22))
        t.down(x: 100, y: 220, side: 320, flipped: false)
        XCTAssertTrue(t.move(x: 130, y: 190)) // the drag starts here, once
        XCTAssertFalse(t.move(x: 140, y: 180))
        XCTAssertTrue(t.dragging)
        XCTAssertEqual(t.up(x: 140, y: 180, side: 320, flipped: false), .drag(from: 22, to: 18)) // d4
        XCTAssertNil(t.origin)
        t.down(x: 100, y: 220, side: 320, flipped: false)
        _ = t.move(x: 100, y: 100)
        XCTAssertEqual(t.up(x: 400, y: 100, side: 320, flipped: false), .none) // off the board
        t.down(x: 60, y: 220, side: 320, flipped: false) // b3 is a light square
        XCTAssertEqual(t.up(x: 60, y: 220, side: 320, flipped: false), .none)
    }

    func testClockText() {
        XCTAssertEqual(ClockFormat.format(milliseconds: 300_000), "5:00")
        XCTAssertEqual(ClockFormat.format(milliseconds: 65_000), "1:05")
        XCTAssertEqual(ClockFormat.format(milliseconds: 3_723_000), "1:02:03")
        XCTAssertEqual(ClockFormat.format(milliseconds: 9_340), "9.3")
        XCTAssertEqual(ClockFormat.format(milliseconds: 0), "0.0")
    }
}
