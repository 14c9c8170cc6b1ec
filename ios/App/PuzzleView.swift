// The puzzle trainer: its menu (the puzzle rating, the puzzle of the day, rated puzzles, the streak, the puzzles
// mined from the player's games, a theme, the results per theme) and the puzzle on the board, a shipped one or a
// mistake of an analysed game. GiveawayKit's PuzzleScreenModel holds the core's PuzzleController, which judges
// every move and plays the replies; these views draw its state and put it into words.
import SwiftUI
import GiveawayCore
import GiveawayKit

struct PuzzlesMenuView: View {
    @Environment(AppModel.self) private var app
    @State private var overview: PuzzleOverview?
    @State private var theme = "run-out"
    @State private var error: String?

    var body: some View {
        Form {
            if let o = overview {
                Section {
                    Text(tr("puzzles.rating", Int(o.rating.rating.rounded()), Int(o.rating.deviation.rounded())))
                    Text(tr("puzzles.attempts", Int(o.rating.attempts))).foregroundStyle(.secondary)
                    Text(tr("puzzles.shipped", Int(o.shipped))).foregroundStyle(.secondary)
                }
                Section {
                    NavigationLink(value: Route.puzzle(mode: .rated)) {
                        Label(tr("puzzles.rated"), systemImage: "star")
                    }
                    NavigationLink(value: Route.puzzle(mode: .streak)) {
                        Label(tr("puzzles.streak"), systemImage: "flame")
                    }
                    NavigationLink(value: Route.puzzle(mode: .mined)) {
                        Label(tr("puzzles.mined", Int(o.mined)), systemImage: "tray.full")
                    }
                    .disabled(o.mined == 0)
                }
                if let daily = o.daily {
                    Section(tr("puzzles.daily")) {
                        NavigationLink(value: Route.puzzle(mode: .daily)) {
                            VStack(alignment: .leading) {
                                Text(tr("puzzles.dailyRating", Int(daily.rating), themeNames(daily.themes)))
                                if let solved = daily.solvedToday {
                                    Text(tr(solved ? "puzzles.dailySolved" : "puzzles.dailyFailed"))
                                        .foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
                Section(tr("puzzles.theme")) {
                    Picker(tr("puzzles.theme"), selection: $theme) {
                        ForEach(o.themes.filter { $0.puzzles > 0 }, id: \.theme) { t in
                            Text(PuzzleWords.theme(t.theme)).tag(t.theme)
                        }
                    }
                    NavigationLink(tr("puzzles.playTheme"), value: Route.puzzle(mode: .theme(theme: theme)))
                }
                Section(tr("puzzles.results")) {
                    let tried = o.themes.filter { $0.attempts > 0 }
                    if tried.isEmpty { Text(tr("puzzles.noResults")) }
                    ForEach(tried, id: \.theme) { t in
                        Text(tr("puzzles.themeResult", PuzzleWords.theme(t.theme), Int(t.solved), Int(t.attempts)))
                    }
                }
            } else if let error {
                Text(error)
            }
        }
        .navigationTitle(tr("puzzles.title"))
        .onAppear(perform: load)
    }

    private func themeNames(_ themes: [String]) -> String {
        themes.map(PuzzleWords.theme).joined(separator: ", ")
    }

    private func load() {
        guard let library = app.library else { return }
        do {
            overview = try library.puzzleOverview(history: 0)
        } catch {
            self.error = L10n.message(UserMessage(error))
        }
    }
}

struct PuzzleView: View {
    let mode: TrainerMode
    @Environment(AppModel.self) private var app
    @State private var model: PuzzleScreenModel?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let model {
                PuzzleContent(model: model)
            } else if let loadError {
                ContentUnavailableView(
                    tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("puzzles.title"))
        .task {
            guard model == nil, let library = app.library else { return }
            do {
                model = try PuzzleScreenModel(mode: mode, in: library)
            } catch {
                loadError = L10n.message(UserMessage(error))
            }
        }
    }
}

private struct PuzzleContent: View {
    @Bindable var model: PuzzleScreenModel
    @Environment(AppModel.self) private var app

    private var state: PuzzleState { model.state }

    var body: some View {
        VStack(spacing: 8) {
            if let snapshot = state.snapshot {
                BoardView(
                    picture: BoardPicture(
                        squares: snapshot.squares, flipped: state.orientation.flipped,
                        turnedColor: state.orientation.topFacesAway ? state.orientation.top : nil,
                        coordinates: state.coordinates),
                    board: Themes.board(app.settings?.boardTheme ?? .classic),
                    pieceTheme: Themes.pieces(app.settings?.pieceTheme ?? .classic),
                    describe: L10n.describePiece,
                    onGesture: handle
                )
                .padding(.horizontal, 4)
            }
            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    HStack {
                        Text(PuzzleWords.status(state)).font(.title3.weight(.semibold))
                        Spacer()
                        if state.status == .loading || state.status == .checking { ProgressView() }
                    }
                    ForEach(PuzzleWords.details(state), id: \.self) { Text($0) }
                    if let p = state.puzzle {
                        Text(([PuzzleWords.title(p)] + p.themes.map(PuzzleWords.theme)).joined(separator: " · "))
                            .font(.subheadline)
                            .foregroundStyle(.secondary)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal)
            }
            actions
        }
        .toolbar {
            Button {
                model.perform { $0.flipBoard() }
            } label: {
                Label(tr("game.flipBoard"), systemImage: "arrow.up.arrow.down")
            }
        }
        .confirmationDialog(
            tr("game.chooseCapture"),
            isPresented: Binding(get: { !(state.snapshot?.choices.isEmpty ?? true) }, set: { _ in })
        ) {
            ForEach(Array((state.snapshot?.choices ?? []).enumerated()), id: \.offset) { index, choice in
                Button(choice.text) { model.perform { try $0.choose(index: UInt32(index)) } }
            }
        }
        .alert(
            tr("error.title"),
            isPresented: Binding(get: { model.message != nil }, set: { if !$0 { model.message = nil } })
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(model.message.map(L10n.message) ?? "")
        }
    }

    /// Hint, the solution, again from the start, the next exercise: each offered when the core allows it.
    private var actions: some View {
        HStack {
            Button {
                model.perform { try $0.hint() }
            } label: {
                Label(tr("game.hint"), systemImage: "lightbulb")
            }
            .disabled(!state.canHint)
            Spacer()
            Button {
                model.perform { try $0.showSolution() }
            } label: {
                Label(tr("puzzle.solution"), systemImage: "checkmark")
            }
            .disabled(!state.canShowSolution)
            Spacer()
            Button {
                model.perform { try $0.retry() }
            } label: {
                Label(tr("puzzle.retry"), systemImage: "arrow.counterclockwise")
            }
            .disabled(!state.canRetry)
            Spacer()
            Button {
                model.perform { try $0.next() }
            } label: {
                Label(tr("puzzle.next"), systemImage: "arrow.right")
            }
            .disabled(!state.canNext)
        }
        .labelStyle(.titleAndIcon)
        .padding()
    }

    /// A tap is a tap; a drag is the two taps it stands for (the piece, then where it goes).
    private func handle(_ gesture: DragTracker.Gesture) {
        switch gesture {
        case .pickUp: break
        case .tap(let square): model.perform { try $0.tap(square: square) }
        case .drag(let from, let to):
            model.perform {
                _ = try $0.tap(square: from)
                return try $0.tap(square: to)
            }
        }
    }
}

/// The trainer's state in the player's language: the core says where the trainer is, these choose the words.
enum PuzzleWords {
    static func theme(_ name: String) -> String {
        switch name {
        case "win": return tr("theme.win")
        case "draw": return tr("theme.draw")
        case "only-move": return tr("theme.onlyMove")
        case "run-out": return tr("theme.runOut")
        case "blocked": return tr("theme.blocked")
        case "capture-chain": return tr("theme.captureChain")
        case "endgame": return tr("theme.endgame")
        case "opening-trap": return tr("theme.openingTrap")
        case "one-move": return tr("theme.oneMove")
        case "short": return tr("theme.short")
        case "long": return tr("theme.long")
        default: return name
        }
    }

    static func goal(_ p: PuzzleInfo) -> String {
        let white = p.solver == .white
        switch p.goal {
        case .win: return tr(white ? "puzzle.winWhite" : "puzzle.winBlack")
        case .draw: return tr(white ? "puzzle.drawWhite" : "puzzle.drawBlack")
        case .onlyMove: return tr(white ? "puzzle.onlyMoveWhite" : "puzzle.onlyMoveBlack")
        case .betterMove:
            guard let m = p.mistake else { return tr("puzzles.mistakes") }
            let kind = tr(m.`class` == "blunder" ? "analysis.blunder" : "analysis.mistake")
            return tr("puzzle.betterMove", m.played.text, kind)
        }
    }

    static func status(_ s: PuzzleState) -> String {
        switch s.status {
        case .loading: return tr("puzzle.loading")
        case .checking: return tr("puzzle.checking")
        case .solved:
            if !s.countedSolved { return tr("puzzle.solvedAfterWrong") }
            return tr(s.feedback == .asGood ? "puzzle.solvedAsGood" : "puzzle.solved")
        case .failed: return tr("puzzle.failed")
        case .finished:
            switch s.end {
            case .streakOver: return tr("puzzle.streakOver", Int(s.streak))
            case .mistakesDone: return tr("puzzle.mistakesDone")
            case .minedDone: return tr("puzzle.minedDone")
            case .noMinedPuzzles: return tr("puzzle.noMined")
            case .noMistakes: return tr("puzzle.noMistakes")
            case .noPuzzle: return tr("puzzle.noPuzzle")
            case .unavailable(let reason): return tr("puzzle.unavailable", reason)
            case .done, nil: return tr("puzzle.finished")
            }
        case .yourMove:
            switch s.feedback {
            case .wrong: if let mv = s.wrongMove { return tr("puzzle.wrong", mv.text) }
            case .correct: return tr("puzzle.correct")
            case .asGood: return tr("puzzle.asGood")
            case nil: break
            }
            return s.puzzle.map(goal) ?? ""
        }
    }

    static func title(_ p: PuzzleInfo) -> String {
        switch p.source {
        case "mistake": return tr("puzzle.mistakeTitle", Int(p.mistake?.moveNumber ?? 0))
        case "mined": return tr("puzzle.minedTitle")
        default: return tr("puzzle.title", Int(p.id), Int(p.rating ?? 0))
        }
    }

    /// The hint, the solution and what follows, moves found, progress, rating and streak.
    static func details(_ s: PuzzleState) -> [String] {
        var lines: [String] = []
        if let h = s.hint {
            let notation = s.snapshot?.notation ?? .algebraic
            lines.append(
                h.mv.map { tr("puzzle.hintMove", $0.text) }
                    ?? tr("puzzle.hintPiece", squareName(square: h.piece, notation: notation) ?? String(h.piece)))
        }
        if !s.solution.isEmpty { lines.append(tr("puzzle.solutionLine", moves(s.solution))) }
        if !s.follow.isEmpty { lines.append(tr("puzzle.follow", moves(s.follow))) }
        if let p = s.puzzle, p.solverMoves > 1, s.status == .yourMove {
            lines.append(tr("puzzle.found", Int(s.movesFound), Int(p.solverMoves)))
        }
        if let p = s.progress { lines.append(tr("puzzle.progress", Int(p.index), Int(p.total), Int(p.solved))) }
        if let r = s.rating {
            let rating = Int(r.rating.rounded())
            if let change = r.change {
                lines.append(tr("puzzle.ratingChange", rating, String(format: "%+d", Int(change.rounded()))))
            } else {
                lines.append(tr("puzzle.rating", rating))
            }
        }
        if s.mode == .streak { lines.append(tr("puzzle.streak", Int(s.streak))) }
        return lines
    }

    private static func moves(_ list: [MoveView]) -> String {
        list.map(\.text).joined(separator: " ")
    }
}
