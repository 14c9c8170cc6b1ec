// The home screen's new-game choices: opponent, level, colour, clock, handicap. It builds the core's `NewGame`
// and remembers the choices in the settings for next time.
import Observation
import GiveawayCore

/// How the clock is set.
public enum ClockChoice: Equatable, Hashable, Sendable {
    case unlimited
    /// One of the core's presets (index into `timeControlPresets()`).
    case preset(Int)
    /// Minutes and increment seconds, the same for both sides.
    case custom(minutes: UInt32, incrementSeconds: UInt32)
    /// Time odds: each side its own allowance.
    case odds(white: SideTime, black: SideTime)
}

public enum ColorChoice: Hashable, Sendable {
    case white, black, random
}

@MainActor
@Observable
public final class GameSetup {
    public let levels: [LevelView]
    public let presets: [TimeControlPreset]
    /// The usual handicaps (one to three men off either side), from the core.
    public let handicaps: [HandicapPreset]

    public var versusComputer = true
    public var level: UInt8
    public var color: ColorChoice
    public var clock: ClockChoice = .unlimited
    /// Handicap: the men removed from the standard start (PDN numbers 1–12 Black, 21–32 White).
    public var removedMen: Set<UInt32> = []
    /// A position from the editor (PDN FEN); overrides `removedMen`.
    public var startFen: String?

    public init(settings: Settings) {
        levels = GiveawayCore.levels()
        presets = timeControlPresets()
        handicaps = handicapPresets()
        level = settings.lastLevel
        color = settings.lastHumanColor == .black ? .black : .white
        if let last = settings.lastTimeControl {
            clock = GameSetup.choice(for: last, presets: presets)
        }
    }

    /// Men that may be removed for a handicap: each side's twelve starting squares.
    public static let handicapSquares: [UInt32] = Array(UInt32(1)...UInt32(12)) + Array(UInt32(21)...UInt32(32))

    public func toggleRemoved(_ square: UInt32) {
        guard GameSetup.handicapSquares.contains(square) else { return }
        if removedMen.contains(square) { removedMen.remove(square) } else { removedMen.insert(square) }
    }

    /// Starts from a usual handicap: its men are the ones removed (and any typed position is dropped).
    public func apply(_ handicap: HandicapPreset) {
        guard case .removedMen(let squares) = handicap.start else { return }
        removedMen = Set(squares)
        startFen = nil
    }

    /// The usual handicap the current choice equals, if any.
    public var chosenHandicap: HandicapPreset? {
        handicaps.first { preset in
            if case .removedMen(let squares) = preset.start { return Set(squares) == removedMen && startFen == nil }
            return false
        }
    }

    public var timeControl: TimeControl? {
        switch clock {
        case .unlimited:
            return nil
        case .preset(let i):
            return presets.indices.contains(i) ? presets[i].control : nil
        case .custom(let minutes, let increment):
            let side = SideTime(baseMs: UInt64(minutes) * 60_000, incrementMs: UInt64(increment) * 1000)
            return TimeControl(white: side, black: side)
        case .odds(let white, let black):
            return TimeControl(white: white, black: black)
        }
    }

    /// The request for the core; `randomIsWhite` decides a random colour (passed in so it can be tested).
    public func newGame(randomIsWhite: Bool = Bool.random()) -> NewGame {
        let start: StartPosition
        if let fen = startFen, !fen.isEmpty {
            start = .fen(fen: fen)
        } else if removedMen.isEmpty {
            start = .standard
        } else {
            start = .removedMen(squares: removedMen.sorted())
        }
        let opponent: Opponent
        if versusComputer {
            let human: Color
            switch color {
            case .white: human = .white
            case .black: human = .black
            case .random: human = randomIsWhite ? .white : .black
            }
            opponent = .computer(level: level, human: human)
        } else {
            opponent = .passAndPlay
        }
        return NewGame(opponent: opponent, start: start, timeControl: timeControl)
    }

    /// The settings with this game's choices remembered.
    public func remembered(in settings: Settings, game: NewGame) -> Settings {
        var s = settings
        if case .computer(let level, let human) = game.opponent {
            s.lastLevel = level
            s.lastHumanColor = human
        }
        s.lastTimeControl = game.timeControl
        return s
    }

    static func choice(for control: TimeControl, presets: [TimeControlPreset]) -> ClockChoice {
        if let i = presets.firstIndex(where: { $0.control == control }) { return .preset(i) }
        if control.white == control.black {
            return .custom(
                minutes: UInt32(control.white.baseMs / 60_000), incrementSeconds: UInt32(control.white.incrementMs / 1000))
        }
        return .odds(white: control.white, black: control.black)
    }
}
