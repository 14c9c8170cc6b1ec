// The core calls a progress listener on its background thread; this one hands each report to the main actor.
import GiveawayCore

public final class ProgressRelay: ProgressListener {
    private let search: @Sendable (SearchProgress) -> Void
    private let analysis: @Sendable (UInt32, UInt32) -> Void

    public init(
        search: @escaping @Sendable (SearchProgress) -> Void = { _ in },
        analysis: @escaping @Sendable (UInt32, UInt32) -> Void = { _, _ in }
    ) {
        self.search = search
        self.analysis = analysis
    }

    public func onSearch(progress: SearchProgress) { search(progress) }

    public func onAnalysis(done: UInt32, total: UInt32) { analysis(done, total) }
}
