// The endgame tables as the app opens them: the bundled file (built by `make`, as the app's build bundles it)
// is loaded by the core and used for every engine; a damaged one is reported, not fatal.
import Foundation
import XCTest
import GiveawayCore
@testable import GiveawayKit

@MainActor
final class TablesTests: XCTestCase {
    /// target/tablebase/shipped/tablebase-4.gwtb of the repository this file is in.
    private var shipped: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("target/tablebase/shipped/tablebase-4.gwtb")
    }

    private func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString)", isDirectory: true)
    }

    func testBundledTablesAreLoaded() async throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: shipped.path), "make test-ios builds \(shipped.path)")
        let model = TablesModel(shipped: shipped, folder: scratchFolder(), buildMissing: false)
        XCTAssertEqual(model.state.pieces, 4)
        XCTAssertNil(model.state.error)
        XCTAssertNil(model.state.building)
    }

    func testADamagedBundleIsReportedNotFatal() async throws {
        let folder = scratchFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let junk = folder.appendingPathComponent("junk.gwtb")
        try Data("not tables".utf8).write(to: junk)
        let model = TablesModel(shipped: junk, folder: folder, buildMissing: false)
        XCTAssertNotNil(model.state.error)
    }
}
