// Board and piece themes. Settings store the theme's id; colours are 0xRRGGBB so this file needs no UI framework.

public struct BoardTheme: Equatable, Identifiable, Sendable {
    public let id: String
    public let light: UInt32
    public let dark: UInt32
    /// Selected piece, destinations and the last move's path.
    public let highlight: UInt32
    /// Pieces that must capture.
    public let capture: UInt32
}

public struct PieceTheme: Equatable, Identifiable, Sendable {
    public let id: String
    public let white: UInt32
    public let whiteEdge: UInt32
    public let black: UInt32
    public let blackEdge: UInt32
}

public enum Themes {
    public static let boards: [BoardTheme] = [
        BoardTheme(id: "wood", light: 0xF0D9B5, dark: 0xB58863, highlight: 0xF6F669, capture: 0xE0533D),
        BoardTheme(id: "green", light: 0xEEEED2, dark: 0x769656, highlight: 0xBACA44, capture: 0xD9534F),
        BoardTheme(id: "blue", light: 0xDEE3E6, dark: 0x8CA2AD, highlight: 0x9BC7E8, capture: 0xE06C5A),
        BoardTheme(id: "contrast", light: 0xFFFFFF, dark: 0x333333, highlight: 0xFFD400, capture: 0xFF3B30),
    ]

    public static let pieces: [PieceTheme] = [
        PieceTheme(id: "classic", white: 0xF7F3E8, whiteEdge: 0x8A7F6A, black: 0x2B2B2B, blackEdge: 0x000000),
        PieceTheme(id: "red", white: 0xF7F3E8, whiteEdge: 0x8A7F6A, black: 0xB3261E, blackEdge: 0x5C0F0B),
        PieceTheme(id: "flat", white: 0xFFFFFF, whiteEdge: 0x999999, black: 0x1C1C1E, blackEdge: 0x1C1C1E),
    ]

    /// The theme with `id`, or the first one for an unknown id (a setting from a newer app version).
    public static func board(_ id: String) -> BoardTheme {
        boards.first { $0.id == id } ?? boards[0]
    }

    public static func piece(_ id: String) -> PieceTheme {
        pieces.first { $0.id == id } ?? pieces[0]
    }
}
