// The core tells a screen on one of its own threads that its state changed (the computer moved, a hint, a tip
// or progress arrived); this observer hands the news to the main actor, where the screen model reads the state.
import GiveawayCore

final class MainActorObserver: ScreenObserver, @unchecked Sendable {
    /// Set by the screen model once it exists (the core needs the observer to make the controller the model
    /// wraps); only touched on the main actor.
    @MainActor var onChange: (@MainActor () -> Void)?

    func changed() {
        Task { @MainActor in self.onChange?() }
    }
}
