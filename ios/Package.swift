// swift-tools-version: 6.0
// GiveawayKit: the Swift wrapper around the core's generated bindings and the app's screen logic, testable with
// `swift test` on any machine with Swift (macOS or Linux) once `make core-lib` has built the host library.
// The iOS app (project.yml) compiles the same sources against the XCFramework that `make ios` packs.
import Foundation
import PackageDescription

/// target/release of the Cargo workspace: where `make core-lib` puts libgiveaway_ffi for the host.
let coreLibDir = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("target/release")
    .path

let package = Package(
    name: "GiveawayKit",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "GiveawayKit", targets: ["GiveawayKit"])
    ],
    targets: [
        // The C side of the bindings: the generated header, linked against the host build of the core.
        .systemLibrary(name: "GiveawayCoreFFI", path: "Sources/GiveawayCoreFFI"),
        // The generated Swift bindings (committed; `make test` checks they are current). uniffi's output is
        // written for the Swift 5 language mode.
        .target(
            name: "GiveawayCore",
            dependencies: ["GiveawayCoreFFI"],
            path: "Sources/GiveawayCore",
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: [
                .unsafeFlags(["-L", coreLibDir, "-Xlinker", "-rpath", "-Xlinker", coreLibDir])
            ]
        ),
        .target(
            name: "GiveawayKit",
            dependencies: ["GiveawayCore"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // swiftlang 6.0.3's libswiftObservation.so leaves a symbol undefined (swiftlang/swift#75670, fixed
            // in 6.2), so anything linking Observation on Linux fails without this; Apple's linker never needs it.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--allow-shlib-undefined"], .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "GiveawayKitTests",
            dependencies: ["GiveawayKit", "GiveawayCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
