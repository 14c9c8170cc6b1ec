// The puzzle trainer's screen: the latest state of the core's PuzzleController (the puzzle on the board, the
// verdict of the last move, the hint, the solution with the line that follows, the rating, the streak, the
// progress through a game's mistakes) and every call forwarded to it; a move that is not the solution's is
// judged in the core and the verdict arrives through the observer.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class PuzzleScreenModel {
    public private(set) var state: PuzzleState
    /// Why the last call was refused (e.g. no hint left for this move).
    public var message: UserMessage?

    private let controller: any PuzzleControllerProtocol

    public init(mode: TrainerMode, in library: any GameLibraryProtocol) throws {
        let observer = MainActorObserver()
        controller = try library.puzzleTrainer(mode: mode, observer: observer)
        state = controller.start()
        observer.onChange = { [weak self] in self?.refresh() }
    }

    deinit {
        controller.leave()
    }

    /// Reads the state again (after the observer's call).
    public func refresh() {
        state = controller.state()
    }

    /// Runs one call of the core's controller and shows the state it gives: `model.perform { try $0.hint() }`.
    public func perform(_ call: (any PuzzleControllerProtocol) throws -> PuzzleState) {
        do {
            state = try call(controller)
        } catch {
            message = UserMessage(error)
        }
    }
}
