// Replay and analysis of a saved game: step through the moves, and run the post-game analysis (evaluation
// graph, classified moves with the better move, accuracy) on the core's background runtime.
import Observation
import GiveawayCore

@MainActor
@Observable
public final class ReplayController {
    public let summary: GameSummaryView
    public let plies: UInt32
    public private(set) var ply: UInt32
    public private(set) var snapshot: Snapshot
    public private(set) var analysis: AnalysisView?
    /// Positions analysed so far and in all, while the analysis runs.
    public private(set) var analysisProgress: (done: UInt32, total: UInt32)?
    public private(set) var message: UserMessage?

    private let replay: any ReplayProtocol
    @ObservationIgnored private var analysisTask: Task<Void, Never>?

    /// Opens the game at its last position.
    public init(replay: any ReplayProtocol, notation: Notation) throws {
        replay.setNotation(notation: notation)
        self.replay = replay
        summary = replay.summary()
        plies = replay.plies()
        ply = plies
        snapshot = try replay.snapshotAt(ply: plies)
    }

    public var isAnalysing: Bool { analysisTask != nil }

    public func go(to target: UInt32) {
        let clamped = min(target, plies)
        do {
            snapshot = try replay.snapshotAt(ply: clamped)
            ply = clamped
        } catch {
            message = UserMessage(error)
        }
    }

    public func first() { go(to: 0) }
    public func previous() { if ply > 0 { go(to: ply - 1) } }
    public func next() { go(to: ply + 1) }
    public func last() { go(to: plies) }

    /// The review of the move that led to the position shown (ply ≥ 1).
    public var currentReview: MoveReviewView? {
        guard ply > 0 else { return nil }
        return analysis?.moves.first { $0.ply == ply - 1 }
    }

    /// Classes the analysis flags; the replay jumps between them.
    public static let flaggedClasses: Set<String> = ["inaccuracy", "mistake", "blunder"]

    /// The analysed moves worth a look, in game order.
    public var flaggedMoves: [MoveReviewView] {
        analysis?.moves.filter { ReplayController.flaggedClasses.contains($0.class) } ?? []
    }

    /// Shows the position after the next flagged move past the one shown (wrapping to the first).
    public func nextMistake() {
        let flagged = flaggedMoves
        guard let target = flagged.first(where: { $0.ply + 1 > ply }) ?? flagged.first else { return }
        go(to: target.ply + 1)
    }

    public func startAnalysis() {
        guard analysisTask == nil, analysis == nil else { return }
        let replay = self.replay
        let relay = ProgressRelay(analysis: { [weak self] done, total in
            guard let self else { return }
            Task { @MainActor in self.analysisProgress = (done, total) }
        })
        analysisProgress = (0, plies)
        analysisTask = Task { [weak self] in
            do {
                let result = try await replay.analyse(progress: relay)
                self?.analysisFinished(.success(result))
            } catch {
                self?.analysisFinished(.failure(error))
            }
        }
    }

    private func analysisFinished(_ result: Result<AnalysisView, Error>) {
        analysisTask = nil
        analysisProgress = nil
        switch result {
        case .success(let a): analysis = a
        case .failure(let e):
            if let g = e as? GiveawayError, g.isCancellation { return }
            message = UserMessage(e)
        }
    }

    /// The screen went away: the Swift task and the core's search both stop.
    public func stop() {
        analysisTask?.cancel()
        replay.cancelAnalysis()
    }

    public func dismissMessage() { message = nil }
}
