// Replay and analysis: step through a saved game; the analysis draws White's winning chances with Swift Charts
// and lists inaccuracies, mistakes and blunders with the better move, and each side's accuracy.
import Charts
import SwiftUI
import GiveawayCore
import GiveawayKit

struct ReplayView: View {
    let gameId: Int64
    @Environment(AppModel.self) private var app
    @State private var controller: ReplayController?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let controller {
                ReplayContent(controller: controller)
            } else if let loadError {
                ContentUnavailableView(tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("replay.title"))
        .task {
            guard controller == nil, let library = app.library else { return }
            do {
                controller = try ReplayController(replay: try library.replay(id: gameId),
                                                  notation: app.settings?.notation ?? .algebraic)
            } catch {
                loadError = L10n.message(UserMessage(error))
            }
        }
    }
}

private struct ReplayContent: View {
    @Bindable var controller: ReplayController
    @Environment(AppModel.self) private var app

    var body: some View {
        ScrollView {
            VStack(spacing: 12) {
                BoardView(picture: BoardPicture(snapshot: controller.snapshot, pieces: controller.snapshot.drawnPieces(),
                                                orientation: OrientationPolicy(mode: .fixed, snapshot: controller.snapshot),
                                                hintPiece: nil, hintMove: controller.currentReview?.best,
                                                showDestinations: false, notation: controller.snapshot.notation),
                          board: Themes.board(app.settings?.boardTheme ?? ""),
                          pieceTheme: Themes.piece(app.settings?.pieceTheme ?? ""))
                stepper
                if let review = controller.currentReview { ReviewCard(review: review) }
                analysisSection
                MoveListView(rows: controller.snapshot.moveList).frame(minHeight: 160)
            }
            .padding()
        }
        .onDisappear { controller.stop() }
        .alert(tr("error.title"), isPresented: Binding(
            get: { controller.message != nil }, set: { if !$0 { controller.dismissMessage() } })) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(controller.message.map(L10n.message) ?? "")
        }
    }

    private var stepper: some View {
        HStack(spacing: 24) {
            Button { controller.first() } label: { Label(tr("replay.first"), systemImage: "backward.end.fill") }
            Button { controller.previous() } label: { Label(tr("replay.previous"), systemImage: "backward.fill") }
            Text("\(controller.ply)/\(controller.plies)").font(.body.monospacedDigit())
                .accessibilityLabel(tr("replay.position", Int(controller.ply), Int(controller.plies)))
            Button { controller.next() } label: { Label(tr("replay.next"), systemImage: "forward.fill") }
            Button { controller.last() } label: { Label(tr("replay.last"), systemImage: "forward.end.fill") }
        }
        .labelStyle(.iconOnly)
        .font(.title2)
    }

    @ViewBuilder private var analysisSection: some View {
        if let analysis = controller.analysis {
            EvaluationChart(chances: analysis.whiteChances, flagged: controller.flaggedMoves, ply: controller.ply) {
                controller.go(to: $0)
            }
                .frame(height: 160)
            HStack {
                Text(tr("analysis.accuracy", L10n.color(.white), analysis.whiteAccuracy.map { Int($0.rounded()) } ?? 0))
                Spacer()
                Text(tr("analysis.accuracy", L10n.color(.black), analysis.blackAccuracy.map { Int($0.rounded()) } ?? 0))
            }
            .font(.subheadline)
            Button(tr("replay.nextMistake")) { controller.nextMistake() }
                .disabled(controller.flaggedMoves.isEmpty)
            ForEach(controller.flaggedMoves, id: \.ply) { m in
                Button { controller.go(to: m.ply + 1) } label: { ReviewCard(review: m) }
                    .buttonStyle(.plain)
            }
        } else if let progress = controller.analysisProgress {
            ProgressView(value: Double(progress.done), total: Double(max(progress.total, 1))) {
                Text(tr("analysis.running"))
            }
        } else {
            Button(tr("analysis.start")) { controller.startAnalysis() }.buttonStyle(.borderedProminent)
        }
    }
}

/// White's expected result (0…1) after every move; tap or drag to jump to a position.
private struct EvaluationChart: View {
    let chances: [Double]
    let flagged: [MoveReviewView]
    let ply: UInt32
    let select: (UInt32) -> Void

    var body: some View {
        Chart {
            ForEach(Array(chances.enumerated()), id: \.offset) { i, chance in
                AreaMark(x: .value(tr("analysis.move"), i), yStart: .value("", 0.5), yEnd: .value(tr("analysis.chance"), chance))
                    .foregroundStyle(chance >= 0.5 ? SwiftUI.Color.gray.opacity(0.35) : SwiftUI.Color.black.opacity(0.6))
                LineMark(x: .value(tr("analysis.move"), i), y: .value(tr("analysis.chance"), chance))
            }
            ForEach(flagged, id: \.ply) { m in
                PointMark(x: .value(tr("analysis.move"), Int(m.ply) + 1), y: .value(tr("analysis.chance"), chance(after: m)))
                    .foregroundStyle(m.class == "blunder" ? SwiftUI.Color.red : m.class == "mistake" ? SwiftUI.Color.orange : SwiftUI.Color.yellow)
            }
            RuleMark(x: .value(tr("analysis.move"), Int(ply))).foregroundStyle(.blue)
        }
        .chartYScale(domain: 0...1)
        .chartOverlay { proxy in
            GeometryReader { geo in
                Rectangle().fill(.clear).contentShape(Rectangle())
                    .gesture(DragGesture(minimumDistance: 0).onChanged { value in
                        guard let plot = proxy.plotFrame else { return }
                        let x = value.location.x - geo[plot].origin.x
                        if let i: Int = proxy.value(atX: x), i >= 0 { select(UInt32(i)) }
                    })
            }
        }
        .accessibilityLabel(tr("analysis.graph"))
    }

    private func chance(after m: MoveReviewView) -> Double {
        let i = Int(m.ply) + 1
        return chances.indices.contains(i) ? chances[i] : 0.5
    }
}

private struct ReviewCard: View {
    let review: MoveReviewView

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(review.played.text) — \(L10n.moveClass(review.class))").font(.headline)
            if let best = review.best { Text(tr("coach.better", best.text)).font(.subheadline) }
            Text(tr("analysis.chances", Int((review.chanceBefore * 100).rounded()), Int((review.chanceAfter * 100).rounded())))
                .font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(8)
        .background(.quaternary, in: .rect(cornerRadius: 8))
        .accessibilityElement(children: .combine)
    }
}
