// The colours of the core's theme catalog: the settings store the core's `BoardTheme` and `PieceTheme` (names
// and order are the core's, `boardThemes()` / `pieceThemes()`); this file gives each one its colours, as
// 0xRRGGBB so that it needs no UI framework. The values are the Android app's for the same themes.
import GiveawayCore

public struct BoardColors: Equatable, Sendable {
    public let light: UInt32
    public let dark: UInt32
    /// Selected piece, destinations and the last move's path.
    public let highlight: UInt32
    /// Pieces that must capture.
    public let capture: UInt32
}

public struct PieceColors: Equatable, Sendable {
    public let white: UInt32
    public let whiteEdge: UInt32
    public let black: UInt32
    public let blackEdge: UInt32
}

public enum Themes {
    public static func board(_ theme: BoardTheme) -> BoardColors {
        switch theme {
        case .classic: return BoardColors(light: 0xF0D9B5, dark: 0xB58863, highlight: 0xF6F669, capture: 0xE0533D)
        case .wood: return BoardColors(light: 0xE8C9A0, dark: 0x8B5A2B, highlight: 0xF6F669, capture: 0xE0533D)
        case .ocean: return BoardColors(light: 0xDDE8EE, dark: 0x4F7A94, highlight: 0x9BC7E8, capture: 0xE06C5A)
        case .contrast: return BoardColors(light: 0xFFFFFF, dark: 0x000000, highlight: 0xFFFF00, capture: 0xFF0000)
        }
    }

    public static func pieces(_ theme: PieceTheme) -> PieceColors {
        switch theme {
        case .classic: return PieceColors(white: 0xF7F3E8, whiteEdge: 0x9E9A8E, black: 0x2B2B2B, blackEdge: 0x000000)
        case .marble: return PieceColors(white: 0xF2F2F2, whiteEdge: 0xB0A890, black: 0x5B1F1F, blackEdge: 0xB0A890)
        case .flat: return PieceColors(white: 0xFFFFFF, whiteEdge: 0xFFFFFF, black: 0x202020, blackEdge: 0x202020)
        case .contrast: return PieceColors(white: 0xFFFFFF, whiteEdge: 0x000000, black: 0x000000, blackEdge: 0xFFFFFF)
        }
    }
}
