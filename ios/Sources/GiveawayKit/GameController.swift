// The game screen's logic, free of SwiftUI: it turns taps and drags into session calls, runs the computer's
// move, hints and coach tips on the core's background runtime, animates moves hop by hop and says what
// happened. The counterpart of the Android app's GameController (see README.md).
import Foundation
import Observation
import GiveawayCore

/// A step the player confirms first.
public enum Confirmation: Equatable, Sendable {
    /// `side` is about to resign.
    case resign(Color)
    /// `offeredBy` offered a draw; the other player accepts or declines.
    case answerDraw(offeredBy: Color)
}

/// The two-step hint: first the piece to move is highlighted, then the move is shown.
public enum HintState: Equatable, Sendable {
    case none
    case piece(UInt32)
    case move(MoveView)
}

/// What the app plays or vibrates.
public enum Feedback: Equatable, Sendable {
    case move, capture, illegal, gameOver
}

@MainActor
@Observable
public final class GameController {
    public private(set) var snapshot: Snapshot
    public private(set) var animation: AnimatedMove?
    public private(set) var hint: HintState = .none
    public private(set) var coach: CoachView?
    /// The running search's latest report while the computer thinks.
    public private(set) var progress: SearchProgress?
    public private(set) var message: UserMessage?
    public private(set) var confirmation: Confirmation?
    public private(set) var lastAnnouncement: String?
    public private(set) var orientation: OrientationPolicy
    /// The computer is searching for its move.
    public private(set) var isThinking = false
    /// Show the forced-capture rule: the first time the player must capture (ever: the app remembers it), and
    /// again after a refused move while a capture is compulsory (the usual newcomer's surprise).
    public private(set) var explainCapture = false
    public private(set) var settings: Settings
    /// Mirrors iOS's Reduce Motion: the board then jumps to the result of each move.
    public var reduceMotion = false

    /// Sound and haptics; the app filters by the settings' toggles.
    @ObservationIgnored public var onFeedback: (@MainActor (Feedback) -> Void)?
    /// VoiceOver announcements.
    @ObservationIgnored public var onAnnouncement: (@MainActor (String) -> Void)?
    /// The forced-capture rule was explained for the first time: the app remembers it across launches.
    @ObservationIgnored public var onCaptureExplained: (@MainActor () -> Void)?

    private let session: any GameSessionProtocol
    private let speech: Speech
    @ObservationIgnored private var engineTask: Task<Void, Never>?
    @ObservationIgnored private var adviceTask: Task<Void, Never>?
    @ObservationIgnored private var clockTask: Task<Void, Never>?
    @ObservationIgnored private var animationTask: Task<Void, Never>?
    @ObservationIgnored private var pendingHint: HintView?
    @ObservationIgnored private var active = false
    @ObservationIgnored private var captureExplained = false

    /// `captureExplained`: the forced-capture rule was explained before (the app keeps the flag).
    public init(session: any GameSessionProtocol, settings: Settings, speech: Speech, captureExplained: Bool = false) {
        self.captureExplained = captureExplained
        self.session = session
        self.settings = settings
        self.speech = speech
        let first = session.setNotation(notation: settings.notation)
        self.snapshot = first
        self.orientation = OrientationPolicy(mode: settings.orientation, snapshot: first)
    }

    // MARK: - Lifecycle

    /// The game screen appeared: clocks run again and the computer moves if it is its turn.
    public func start() {
        active = true
        accept(session.resumeClock(), byComputer: false)
        continueGame()
    }

    /// The game screen went away (or the app to the background): every search stops, in the core too (see
    /// `search(_:_:)`); the clocks stop and are saved.
    public func stop() {
        active = false
        engineTask?.cancel()
        adviceTask?.cancel()
        clockTask?.cancel()
        clockTask = nil
        finishAnimation()
        perform { try self.session.pauseClock() }
    }

    /// The player may touch the board now.
    public var acceptsInput: Bool {
        snapshot.result == nil && !snapshot.computerToMove && !isThinking
    }

    /// Forced capture is the rule newcomers miss: the screen explains it while it applies to the player.
    public var mustCaptureNotice: Bool { acceptsInput && snapshot.mustCapture }

    /// The pieces to draw now (mid-animation or still).
    public var drawnPieces: [UInt32: DrawnPiece] { animation?.pieces() ?? snapshot.drawnPieces() }

    public func updateSettings(_ new: Settings) {
        let notationChanged = new.notation != settings.notation
        settings = new
        if notationChanged { accept(session.setNotation(notation: new.notation), byComputer: false) }
        orientation = OrientationPolicy(mode: new.orientation, snapshot: snapshot)
    }

    // MARK: - Board input

    public func tap(_ square: UInt32) {
        guard acceptsInput else { return }
        finishAnimation()
        perform { try self.session.tap(square: square) }
        if let notice = snapshot.notice { heldBack(notice) }
    }

    /// A tap on one of the player's own pieces did nothing; the core's notice says why. Forced capture is the
    /// newcomer's puzzle, so that one also brings back the rule's explanation.
    private func heldBack(_ notice: Notice) {
        onFeedback?(.illegal)
        message = UserMessage(notice)
        if notice.kind == .mustCaptureElsewhere { explainCapture = true }
    }

    /// A drag starts on `square`: pick the piece up if it can move.
    public func dragBegan(at square: UInt32) {
        guard acceptsInput, snapshot.selected != square, snapshot.square(square)?.movable == true else { return }
        finishAnimation()
        perform { try self.session.select(square: square) }
    }

    /// A piece dragged from `from` and dropped on `to`: select it (unless it is already moving), then move.
    public func drag(from: UInt32, to: UInt32) {
        guard acceptsInput else { return }
        if snapshot.selected != from, snapshot.capture == nil {
            do {
                accept(try session.select(square: from), byComputer: false)
            } catch {
                report(error)
                return
            }
        }
        perform { try self.session.moveTo(square: to) }
    }

    /// The input gesture as `DragTracker` read it.
    public func handle(_ gesture: DragTracker.Gesture) {
        switch gesture {
        case .tap(let square): tap(square)
        case .drag(let from, let to): drag(from: from, to: to)
        case .none: if snapshot.selected != nil, snapshot.capture == nil { clearSelection() }
        }
    }

    /// Several capture paths end on the tapped square: play the one the player picked.
    public func choose(_ index: Int) {
        guard index >= 0, index < snapshot.choices.count else { return }
        perform { try self.session.choose(index: UInt32(index)) }
    }

    public func clearSelection() {
        accept(session.clearSelection(), byComputer: false)
    }

    // MARK: - Game actions

    public func undo() {
        finishAnimation()
        coach = nil
        perform { try self.session.undo() }
    }

    public func redo() {
        finishAnimation()
        perform { try self.session.redo() }
    }

    public func requestResign() {
        guard snapshot.result == nil else { return }
        confirmation = .resign(snapshot.actingSide)
    }

    public func confirmResign() {
        guard case .resign(let side) = confirmation else { return }
        confirmation = nil
        perform { try self.session.resign(side: side) }
    }

    public func cancelResign() {
        if case .resign = confirmation { confirmation = nil }
    }

    /// Pass-and-play: the side to move offers a draw; the other player is then asked.
    public func offerDraw() {
        guard snapshot.isPassAndPlay, snapshot.result == nil else { return }
        perform { try self.session.offerDraw() }
    }

    public func acceptDraw() {
        confirmation = nil
        perform { try self.session.acceptDraw() }
    }

    public func declineDraw() {
        confirmation = nil
        perform { try self.session.declineDraw() }
    }

    public func react(_ emoji: String, side: Color? = nil) {
        perform { try self.session.react(side: side ?? self.snapshot.actingSide, emoji: emoji) }
    }

    public func dismissMessage() { message = nil }
    public func dismissCaptureExplanation() { explainCapture = false }
    public func dismissCoach() { coach = nil }

    // MARK: - Hint and coach

    /// First press highlights the piece, the second shows the move, the third hides the hint.
    public func hintPressed() {
        switch hint {
        case .none: requestHint()
        case .piece: hint = pendingHint.map { HintState.move($0.mv) } ?? .none
        case .move: hint = .none
        }
    }

    private func requestHint() {
        guard acceptsInput, adviceTask == nil else { return }
        let session = self.session
        let ply = snapshot.ply
        adviceTask = Task { [weak self] in
            do {
                let found = try await GameController.search(session) { try await session.hint() }
                self?.hintArrived(found, ply: ply)
            } catch {
                self?.adviceFailed(error)
            }
        }
    }

    private func hintArrived(_ found: HintView, ply: UInt32) {
        adviceTask = nil
        if snapshot.ply == ply, snapshot.result == nil {
            pendingHint = found
            hint = .piece(found.piece)
        }
        continueGame()
    }

    /// After the player's move (and the computer's answer), a tip if the move gave much away.
    private func requestCoachTip() {
        guard active, settings.coach, snapshot.humanColor != nil, adviceTask == nil, engineTask == nil else { return }
        let session = self.session
        adviceTask = Task { [weak self] in
            do {
                let tip = try await GameController.search(session) { try await session.coachTip() }
                self?.coachArrived(tip)
            } catch {
                self?.adviceFailed(error)
            }
        }
    }

    private func coachArrived(_ tip: CoachView?) {
        adviceTask = nil
        coach = tip
        continueGame()
    }

    private func adviceFailed(_ error: Error) {
        adviceTask = nil
        report(error)
        continueGame()
    }

    // MARK: - The computer's move

    private func continueGame() {
        guard active, snapshot.computerToMove, snapshot.result == nil, engineTask == nil, adviceTask == nil else { return }
        let session = self.session
        let relay = ProgressRelay(search: { [weak self] p in
            guard let self else { return }
            Task { @MainActor in self.progress = p }
        })
        let coachAfter = snapshot.ply > 0
        isThinking = true
        engineTask = Task { [weak self] in
            let result: Result<Snapshot, Error>
            do {
                result = .success(try await GameController.search(session) { try await session.computerMove(progress: relay) })
            } catch {
                result = .failure(error)
            }
            // Let the player's own move finish animating before the answer starts.
            _ = await self?.animationTask?.value
            self?.computerMoveFinished(result, coachAfter: coachAfter)
        }
    }

    /// Runs `call`, a search in the core, for one of this controller's tasks. uniffi does not pass Swift
    /// cancellation on, and the core's `cancelSearch()` stops only a search that has begun: a `stop()` that
    /// comes before the task has run would find nothing to stop, and the core would then search and play its
    /// move anyway. So a task cancelled before this point starts no search, and one cancelled while the call
    /// is under way stops the core's search.
    private static func search<T>(_ session: any GameSessionProtocol, _ call: () async throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withTaskCancellationHandler(operation: call, onCancel: { session.cancelSearch() })
    }

    private func computerMoveFinished(_ result: Result<Snapshot, Error>, coachAfter: Bool) {
        engineTask = nil
        isThinking = false
        progress = nil
        switch result {
        case .success(let snap):
            accept(snap, byComputer: true)
            if coachAfter { requestCoachTip() }
        case .failure(let error):
            report(error)
            // A search cancelled by undo or redo: the position changed, maybe it is the computer's turn again.
            continueGame()
        }
    }

    // MARK: - Applying snapshots

    private func perform(_ call: () throws -> Snapshot) {
        do {
            accept(try call(), byComputer: false)
        } catch {
            report(error)
            if let e = error as? GiveawayError, case .IllegalMove = e {
                onFeedback?(.illegal)
                if snapshot.mustCapture { explainCapture = true }
            }
        }
    }

    private func report(_ error: Error) {
        if error is CancellationError { return }
        if let e = error as? GiveawayError, e.isCancellation { return }
        message = UserMessage(error)
    }

    private func accept(_ new: Snapshot, byComputer: Bool) {
        let old = snapshot
        snapshot = new
        orientation = OrientationPolicy(mode: settings.orientation, snapshot: new)
        if new.ply != old.ply || new.fen != old.fen {
            hint = .none
            pendingHint = nil
            message = nil
        }
        if new.ply == old.ply + 1, let move = new.lastMove {
            animate(move, before: old)
            onFeedback?(move.captured.isEmpty ? .move : .capture)
            // The player who did not make the move hears it: the computer's moves, and every move when two
            // people share the phone.
            if byComputer || new.isPassAndPlay { announce(speech.announce(move)) }
            if !byComputer { coach = nil }
        } else if new.ply < old.ply {
            finishAnimation()
        }
        if let result = new.result, old.result == nil {
            onFeedback?(.gameOver)
            announce(speech.announce(result))
        }
        if let by = new.drawOffer, old.drawOffer == nil {
            confirmation = .answerDraw(offeredBy: by)
        } else if new.drawOffer == nil, case .answerDraw = confirmation {
            confirmation = nil
        }
        if mustCaptureNotice, !captureExplained {
            captureExplained = true
            explainCapture = true
            onCaptureExplained?()
        }
        updateClockTicks()
        if new.computerToMove {
            continueGame()
        } else if new.ply > old.ply, !byComputer, new.result != nil {
            requestCoachTip()
        }
    }

    private func announce(_ text: String) {
        lastAnnouncement = text
        onAnnouncement?(text)
    }

    // MARK: - Animation

    private func animate(_ move: MoveView, before: Snapshot) {
        finishAnimation()
        guard let hop = MoveAnimator(move: move, speed: settings.animation, reduceMotion: reduceMotion),
              let animated = AnimatedMove(hop: hop, before: before)
        else { return }
        animation = animated
        let nanos = UInt64(hop.secondsPerHop * 1_000_000_000)
        animationTask = Task { [weak self] in
            for _ in hop.frames.indices {
                try? await Task.sleep(nanoseconds: nanos)
                guard let self, !Task.isCancelled else { return }
                if self.animation?.isLastFrame ?? true {
                    self.animation = nil
                    return
                }
                self.animation?.advance()
            }
        }
    }

    private func finishAnimation() {
        animationTask?.cancel()
        animationTask = nil
        animation = nil
    }

    // MARK: - Clocks

    private func updateClockTicks() {
        let running = active && snapshot.result == nil && snapshot.clocks?.running != nil
        if running, clockTask == nil {
            clockTask = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    guard let self, !Task.isCancelled else { return }
                    self.tickClock()
                }
            }
        } else if !running, let task = clockTask {
            task.cancel()
            clockTask = nil
        }
    }

    /// Reads the clocks again; the core applies flag fall when a clock has run out.
    private func tickClock() {
        perform { try self.session.snapshot() }
    }
}
