// Replay and analysis: step through a saved game; the analysis draws White's winning chances with Swift Charts,
// marks the inaccuracies, mistakes and blunders, reviews the move that led to the board shown and gives each
// side's accuracy. The core's ReplayController decides all of it; this view draws its state.
import Charts
import SwiftUI
import GiveawayCore
import GiveawayKit

struct ReplayView: View {
    let gameId: Int64
    @Environment(AppModel.self) private var app
    @State private var model: ReplayScreenModel?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let model {
                ReplayContent(model: model, gameId: gameId)
            } else if let loadError {
                ContentUnavailableView(
                    tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("replay.title"))
        .task {
            guard model == nil, let library = app.library else { return }
            do {
                model = try ReplayScreenModel(id: gameId, in: library)
            } catch {
                loadError = L10n.message(UserMessage(error))
            }
        }
    }
}

private struct ReplayContent: View {
    @Bindable var model: ReplayScreenModel
    let gameId: Int64
    @Environment(AppModel.self) private var app

    private var state: ReplayState { model.state }

    var body: some View {
        ScrollView {
            VStack(spacing: 12) {
                BoardView(
                    picture: BoardPicture(
                        squares: state.snapshot.squares, flipped: state.orientation.flipped,
                        coordinates: state.coordinates),
                    board: Themes.board(app.settings?.boardTheme ?? .classic),
                    pieceTheme: Themes.pieces(app.settings?.pieceTheme ?? .classic),
                    describe: L10n.describePiece)
                stepper
                if let review = state.review { ReviewCard(review: review) }
                analysisSection
                MoveListView(rows: state.snapshot.moveList).frame(minHeight: 160)
            }
            .padding()
        }
        .toolbar {
            Button {
                model.perform { try $0.flipBoard() }
            } label: {
                Label(tr("game.flipBoard"), systemImage: "arrow.up.arrow.down")
            }
        }
        .onDisappear { model.perform { try $0.cancelAnalysis() } }
        .alert(
            tr("error.title"),
            isPresented: Binding(
                get: { model.message != nil }, set: { if !$0 { model.message = nil } })
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(model.message.map(L10n.message) ?? "")
        }
    }

    private var stepper: some View {
        HStack(spacing: 24) {
            Button {
                model.perform { try $0.first() }
            } label: {
                Label(tr("replay.first"), systemImage: "backward.end.fill")
            }
            Button {
                model.perform { try $0.previous() }
            } label: {
                Label(tr("replay.previous"), systemImage: "backward.fill")
            }
            Text("\(state.ply)/\(state.plies)").font(.body.monospacedDigit())
                .accessibilityLabel(tr("replay.position", Int(state.ply), Int(state.plies)))
            Button {
                model.perform { try $0.next() }
            } label: {
                Label(tr("replay.next"), systemImage: "forward.fill")
            }
            Button {
                model.perform { try $0.last() }
            } label: {
                Label(tr("replay.last"), systemImage: "forward.end.fill")
            }
        }
        .labelStyle(.iconOnly)
        .font(.title2)
    }

    @ViewBuilder private var analysisSection: some View {
        if let analysis = state.analysis {
            EvaluationChart(chances: analysis.whiteChances, markers: state.markers, ply: state.ply) { position in
                model.perform { try $0.goTo(ply: position) }
            }
            .frame(height: 160)
            HStack {
                Text(tr("analysis.accuracy", L10n.color(.white), analysis.whiteAccuracy.map { Int($0.rounded()) } ?? 0))
                Spacer()
                Text(tr("analysis.accuracy", L10n.color(.black), analysis.blackAccuracy.map { Int($0.rounded()) } ?? 0))
            }
            .font(.subheadline)
            ForEach(analysis.turningPoints, id: \.ply) { point in
                Text(L10n.turningPoint(point)).font(.subheadline).foregroundStyle(.red)
            }
            if let forced = analysis.forcedLoss {
                Text(L10n.forcedLoss(forced)).font(.subheadline).foregroundStyle(.red)
            }
            HStack {
                Button(tr("replay.previousMistake")) { model.perform { try $0.previousMistake() } }
                Spacer()
                Button(tr("replay.nextMistake")) { model.perform { try $0.nextMistake() } }
            }
            .disabled(state.markers.isEmpty)
            NavigationLink(tr("puzzles.mistakes"), value: Route.puzzle(mode: .mistakes(gameId: gameId)))
                .disabled(state.markers.isEmpty)
        } else if let progress = state.progress {
            ProgressView(value: Double(progress.done), total: Double(max(progress.total, 1))) {
                Text(tr("analysis.running"))
            }
            Button(tr("common.cancel")) { model.perform { try $0.cancelAnalysis() } }
        } else if state.canAnalyse {
            Button(tr("analysis.start")) { model.perform { try $0.analyse() } }.buttonStyle(.borderedProminent)
        }
        if let error = state.error {
            Text(tr("analysis.failed", error)).font(.footnote).foregroundStyle(.red)
        }
    }
}

/// White's expected result (0…1) after every move with the flagged moves marked; tap or drag to jump there.
private struct EvaluationChart: View {
    let chances: [Double]
    let markers: [GraphMarker]
    let ply: UInt32
    let select: (UInt32) -> Void

    var body: some View {
        Chart {
            ForEach(Array(chances.enumerated()), id: \.offset) { i, chance in
                AreaMark(
                    x: .value(tr("analysis.move"), i), yStart: .value("", 0.5),
                    yEnd: .value(tr("analysis.chance"), chance)
                )
                .foregroundStyle(chance >= 0.5 ? SwiftUI.Color.gray.opacity(0.35) : SwiftUI.Color.black.opacity(0.6))
                LineMark(x: .value(tr("analysis.move"), i), y: .value(tr("analysis.chance"), chance))
            }
            ForEach(markers, id: \.position) { m in
                PointMark(
                    x: .value(tr("analysis.move"), Int(m.position)),
                    y: .value(
                        tr("analysis.chance"),
                        chances.indices.contains(Int(m.position)) ? chances[Int(m.position)] : 0.5)
                )
                .foregroundStyle(
                    m.class == "blunder"
                        ? SwiftUI.Color.red : m.class == "mistake" ? SwiftUI.Color.orange : SwiftUI.Color.yellow)
            }
            RuleMark(x: .value(tr("analysis.move"), Int(ply))).foregroundStyle(.blue)
        }
        .chartYScale(domain: 0...1)
        .chartOverlay { proxy in
            GeometryReader { geo in
                Rectangle().fill(.clear).contentShape(Rectangle())
                    .gesture(
                        DragGesture(minimumDistance: 0).onChanged { value in
                            guard let plot = proxy.plotFrame else { return }
                            let x = value.location.x - geo[plot].origin.x
                            if let i: Int = proxy.value(atX: x), i >= 0 { select(UInt32(i)) }
                        })
            }
        }
        .accessibilityLabel(tr("analysis.graph"))
    }
}

private struct ReviewCard: View {
    let review: MoveReviewView

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(review.played.text) — \(L10n.moveClass(review.class))").font(.headline)
            if let best = review.best { Text(tr("coach.better", best.text)).font(.subheadline) }
            Text(
                tr(
                    "analysis.chances", Int((review.chanceBefore * 100).rounded()),
                    Int((review.chanceAfter * 100).rounded()))
            )
            .font(.caption).foregroundStyle(.secondary)
            if let exact = review.exact { Text(L10n.verdict(exact)).font(.caption) }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(8)
        .background(.quaternary, in: .rect(cornerRadius: 8))
        .accessibilityElement(children: .combine)
    }
}
