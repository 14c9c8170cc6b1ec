// The replay screen: the latest state of the core's ReplayController (board, review of the move shown, graph
// markers, analysis progress) and every call forwarded to it; the analysis runs in the core and its progress
// and end arrive through the observer.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class ReplayScreenModel {
    public private(set) var state: ReplayState
    /// Why the last call was refused (e.g. no mistake to go to).
    public var message: UserMessage?

    private let controller: any ReplayControllerProtocol

    public init(id: Int64, in library: any GameLibraryProtocol) throws {
        let observer = MainActorObserver()
        controller = try library.openReplay(id: id, observer: observer)
        state = try controller.state()
        observer.onChange = { [weak self] in self?.perform { try $0.state() } }
    }

    deinit {
        controller.leave()
    }

    /// Runs one call of the core's controller and shows the state it gives: `model.perform { try $0.next() }`.
    public func perform(_ call: (any ReplayControllerProtocol) throws -> ReplayState) {
        do {
            state = try call(controller)
        } catch {
            message = UserMessage(error)
        }
    }
}
