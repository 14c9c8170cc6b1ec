// The home screen's new-game choices: the core's GameSetup (opponent, level, colour incl. random, each side's
// time, handicap), edited by the form and started by the core, which settles a random colour and remembers the
// choices for next time.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class NewGameModel {
    public var setup: GameSetup
    public let levels = GiveawayCore.levels()
    public let presets = timeControlPresets()
    /// One to three men off either side.
    public let handicaps = handicapPresets()

    /// The choices the last game was started with.
    public init(library: any GameLibraryProtocol) throws {
        setup = try library.rememberedSetup()
    }

    /// Both clocks as one value (nil: unlimited time); time odds when the sides differ.
    public var timeControl: TimeControl? {
        get { setup.whiteTime.map { TimeControl(white: $0, black: setup.blackTime ?? $0) } }
        set {
            setup.whiteTime = newValue?.white
            setup.blackTime = newValue.flatMap { $0.black == $0.white ? nil : $0.black }
        }
    }

    /// A usual handicap instead of any other choice of start.
    public func choose(_ handicap: HandicapPreset) {
        setup = setupWithHandicap(setup: setup, preset: handicap)
    }

    /// The usual handicap the start is, if it is one.
    public var chosenHandicap: HandicapPreset? {
        handicaps.first { preset in
            guard setup.fen == nil, case .removedMen(let squares) = preset.start else { return false }
            return Set(squares) == Set(setup.removedMen)
        }
    }

    /// Takes a man off the start or puts it back; a position from the editor gives way to men removed by hand.
    public func toggleMan(_ square: UInt32) {
        setup = setupTogglingMan(setup: setup, square: square)
    }

    public func start(in library: any GameLibraryProtocol) throws -> GameScreenModel {
        try GameScreenModel.start(setup, in: library)
    }
}
