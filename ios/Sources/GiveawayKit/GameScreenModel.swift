// A game screen: the latest state of the core's GameController, every call forwarded to it, and what only the
// platform does: reading the state again on the main actor when the core says it changed, timing the frames of
// a move's animation and the clock's ticks, and handing each one-off event to sound, haptics and VoiceOver.
// Everything the screen shows and when the engine works is decided in the core.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class GameScreenModel {
    public private(set) var state: ScreenState
    /// What to draw of the move being animated now; nil while the board stands still.
    public private(set) var frame: AnimationFrame?
    /// The coach's tip on the player's last move, until dismissed (set nil) or the next move.
    public var coach: CoachView?
    /// The pieces that must capture, the first time ever the player has to: explain the rule (set nil when read).
    public var mustCaptureExplanation: [UInt32]?
    /// Why the last call was refused, or why the engine's work failed.
    public var message: UserMessage?
    /// Each event as it happens, for sound, haptics and announcements (what stays on screen is kept above).
    @ObservationIgnored public var onEvent: (@MainActor (GameEvent) -> Void)?

    private let controller: any GameControllerProtocol
    @ObservationIgnored private var animationTask: Task<Void, Never>?
    /// The animation plan run last: each plan runs once, however often the state repeats it.
    @ObservationIgnored private var animated: UInt64?
    @ObservationIgnored private var tickTask: Task<Void, Never>?
    @ObservationIgnored private var tickDue: ContinuousClock.Instant?
    @ObservationIgnored private var described: (revision: UInt64, squares: [UInt32: SquareDescription]) = (0, [:])

    private convenience init(controller: any GameControllerProtocol, observer: MainActorObserver) {
        self.init(controller: controller)
        observer.onChange = { [weak self] in self?.refresh() }
    }

    /// The board of a controller whose observer wakes someone else (the online game's: `OnlineModel` calls
    /// `refresh()`).
    init(controller: any GameControllerProtocol) {
        self.controller = controller
        state = controller.state()
        animated = state.animation?.id
    }

    /// A new game from the new-game screen's choices.
    public static func start(_ setup: GameSetup, in library: any GameLibraryProtocol) throws -> GameScreenModel {
        let observer = MainActorObserver()
        return GameScreenModel(controller: try library.startGame(setup: setup, observer: observer), observer: observer)
    }

    /// A saved game, to play on from where it stopped.
    public static func open(id: Int64, in library: any GameLibraryProtocol) throws -> GameScreenModel {
        let observer = MainActorObserver()
        return GameScreenModel(controller: try library.openGame(id: id, observer: observer), observer: observer)
    }

    deinit {
        controller.leave()
    }

    /// Runs one call of the core's controller and shows the state it gives: `model.perform { try $0.undo() }`.
    /// A refused call leaves its reason in `message` (and the state is read again: a flag may have fallen).
    public func perform(_ call: (any GameControllerProtocol) throws -> ScreenState) {
        do {
            show(try call(controller))
        } catch {
            message = UserMessage(error)
            show(controller.state())
        }
    }

    /// A touch on the board, as `DragTracker` read it. Picking a piece up selects it (so its destinations show)
    /// unless a piece is selected already; the drop plays the move.
    public func handle(_ gesture: DragTracker.Gesture) {
        switch gesture {
        case .pickUp(let square): if state.snapshot.selected == nil { perform { try $0.tap(square: square) } }
        case .tap(let square): perform { try $0.tap(square: square) }
        case .drag(let from, let to): perform { try $0.drag(from: from, to: to) }
        }
    }

    /// What VoiceOver says about a square, for the app to put into words. Kept per state: the board asks for
    /// every square on each frame it draws.
    public func describe(_ square: UInt32) -> SquareDescription? {
        if described.revision != state.revision { described = (state.revision, [:]) }
        if let known = described.squares[square] { return known }
        let description = try? controller.describeSquare(square: square)
        described.squares[square] = description
        return description
    }

    /// Reads the state again (the core said it changed).
    func refresh() {
        show(controller.state())
    }

    private func show(_ next: ScreenState) {
        if next.snapshot.ply != state.snapshot.ply { coach = nil }
        state = next
        for event in controller.takeEvents() {
            switch event {
            case .coachTip(let tip): coach = tip
            case .explainMustCapture(let capturers): mustCaptureExplanation = capturers
            case .failed(let text): message = UserMessage(kind: .unavailable, detail: text)
            default: break
            }
            onEvent?(event)
        }
        animate(next.animation)
        scheduleTick(afterMs: next.nextTickMs)
    }

    /// Steps the frames of a new animation plan at about the display's rate; the core says what each frame shows.
    private func animate(_ plan: AnimationPlan?) {
        guard let plan else {
            // The game changed without a move to animate (undo, redo): the board shows it at once.
            animationTask?.cancel()
            frame = nil
            return
        }
        guard plan.id != animated else { return }
        animated = plan.id
        animationTask?.cancel()
        let start = ContinuousClock.now
        animationTask = Task { [weak self] in
            while !Task.isCancelled {
                let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
                let frame = animationFrame(plan: plan, elapsedMs: UInt64(max(0, elapsed)))
                guard let self else { return }
                self.frame = frame
                if frame == nil { return }
                try? await Task.sleep(for: .milliseconds(16))
            }
        }
    }

    /// Asks the core for the clocks when their text next changes (it also applies flag fall then). A state that
    /// comes earlier (the observer's) keeps a tick already due sooner.
    private func scheduleTick(afterMs ms: UInt64?) {
        guard let ms else {
            tickTask?.cancel()
            (tickTask, tickDue) = (nil, nil)
            return
        }
        let due = ContinuousClock.now + .milliseconds(Int64(ms))
        if let pending = tickDue, pending <= due { return }
        tickTask?.cancel()
        tickDue = due
        tickTask = Task { [weak self] in
            try? await Task.sleep(until: due, clock: .continuous)
            guard !Task.isCancelled, let self else { return }
            (self.tickTask, self.tickDue) = (nil, nil)
            self.show(self.controller.tick())
        }
    }
}
