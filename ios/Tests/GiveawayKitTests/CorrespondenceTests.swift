import XCTest
@testable import GiveawayKit
import GiveawayCore

/// The Swift side of correspondence that needs no server: the time left in the units the app words it in.
final class CorrespondenceTests: XCTestCase {
    func testTheTimeLeftIsItsTwoLargestUnitsRoundedDown() {
        let (minute, hour, day): (UInt64, UInt64, UInt64) = (60_000, 3_600_000, 86_400_000)
        XCTAssertEqual(TimeLeft(ms: 0), .minutes(0))
        XCTAssertEqual(TimeLeft(ms: minute - 1), .minutes(0))
        XCTAssertEqual(TimeLeft(ms: 20 * minute + 5), .minutes(20))
        XCTAssertEqual(TimeLeft(ms: hour), .hoursMinutes(hours: 1, minutes: 0))
        XCTAssertEqual(TimeLeft(ms: 5 * hour + 20 * minute), .hoursMinutes(hours: 5, minutes: 20))
        XCTAssertEqual(TimeLeft(ms: day - 1), .hoursMinutes(hours: 23, minutes: 59))
        XCTAssertEqual(TimeLeft(ms: day), .daysHours(days: 1, hours: 0))
        XCTAssertEqual(TimeLeft(ms: 3 * day - 1), .daysHours(days: 2, hours: 23))
        XCTAssertEqual(TimeLeft(ms: 14 * day + 5 * hour + 59 * minute), .daysHours(days: 14, hours: 5))
    }

    func testAChallengeIsOnAClockUntilCorrespondenceIsChosenWithThreeDays() {
        let terms = ChallengeTerms()
        XCTAssertEqual(terms.kind, .clock)
        XCTAssertEqual(terms.daysPerMove, 3)
        XCTAssertTrue(ChallengeTerms.dayChoices.contains(terms.daysPerMove))
        XCTAssertEqual(terms.color, .random)
        XCTAssertTrue(terms.rated)
    }
}
