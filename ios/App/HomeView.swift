// Home: continue the last game, start a new one (computer level and colour, or pass-and-play; clock, handicap),
// play online, saved games, settings and rules. The choices are the core's GameSetup; the core starts the game
// from them.
import SwiftUI
import GiveawayCore
import GiveawayKit

struct HomeView: View {
    @Environment(AppModel.self) private var app
    @Binding var path: [Route]
    @State private var model: NewGameModel?
    @State private var unfinished: GameSummaryView?
    @State private var error: String?
    @State private var editingHandicap = false

    var body: some View {
        Form {
            if let game = unfinished {
                Section {
                    Button {
                        path.append(.game(id: game.id))
                    } label: {
                        Label(tr("home.continue", game.white, game.black), systemImage: "play.fill")
                    }
                }
            }
            if let model {
                NewGameSection(model: model, editingHandicap: $editingHandicap)
                Section {
                    Button {
                        start(model)
                    } label: {
                        Label(tr("home.start"), systemImage: "checkerboard.rectangle").font(.headline)
                    }
                }
            }
            Section {
                NavigationLink(value: Route.online) { Label(tr("online.title"), systemImage: "globe") }
                NavigationLink(value: Route.savedGames) { Label(tr("home.savedGames"), systemImage: "tray.full") }
                NavigationLink(value: Route.puzzles) { Label(tr("puzzles.title"), systemImage: "puzzlepiece") }
                NavigationLink(value: Route.settings) { Label(tr("home.settings"), systemImage: "gearshape") }
                NavigationLink(value: Route.rules) { Label(tr("home.rules"), systemImage: "book") }
            }
        }
        .navigationTitle(tr("app.name"))
        .onAppear {
            unfinished = app.unfinishedGame()
            if model == nil, let library = app.library { model = try? NewGameModel(library: library) }
        }
        .sheet(isPresented: $editingHandicap) {
            if let model { HandicapEditor(model: model) }
        }
        .alert(tr("error.title"), isPresented: Binding(get: { error != nil }, set: { if !$0 { error = nil } })) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(error ?? "")
        }
    }

    private func start(_ model: NewGameModel) {
        guard let library = app.library else { return }
        do {
            let game = try model.start(in: library)
            guard let id = game.state.snapshot.gameId else { return }
            // The core remembered the choices in the settings.
            app.settings = try library.settings()
            app.hand(game, id: id)
            path.append(.game(id: id))
        } catch {
            self.error = L10n.message(UserMessage(error))
        }
    }
}

private struct NewGameSection: View {
    @Bindable var model: NewGameModel
    @Binding var editingHandicap: Bool

    var body: some View {
        Section(tr("home.newGame")) {
            Picker(tr("home.opponent"), selection: $model.setup.versusComputer) {
                Text(tr("mode.vsComputer")).tag(true)
                Text(tr("mode.passAndPlay")).tag(false)
            }
            .pickerStyle(.segmented)
            if model.setup.versusComputer {
                Picker(tr("home.level"), selection: $model.setup.level) {
                    ForEach(model.levels, id: \.number) { level in
                        Text(tr("home.levelRating", L10n.level(level.number), Int(level.rating))).tag(level.number)
                    }
                }
                Picker(tr("home.yourColor"), selection: $model.setup.color) {
                    Text(tr("color.white")).tag(ColorChoice.white)
                    Text(tr("color.black")).tag(ColorChoice.black)
                    Text(tr("color.random")).tag(ColorChoice.random)
                }
            }
            Picker(tr("home.clock"), selection: $model.timeControl) {
                Text(tr("clock.unlimited")).tag(TimeControl?.none)
                ForEach(model.presets, id: \.name) { preset in
                    Text(L10n.preset(preset)).tag(TimeControl?.some(preset.control))
                }
                if let own = model.timeControl, !model.presets.contains(where: { $0.control == own }) {
                    Text(timeControlLabel(control: own)).tag(TimeControl?.some(own))
                }
            }
            CustomClockEditor(model: model)
            Button {
                editingHandicap = true
            } label: {
                LabeledContent(tr("home.handicap"), value: handicapText)
            }
        }
    }

    private var handicapText: String {
        if model.setup.fen != nil { return tr("home.positionSet") }
        return model.setup.removedMen.isEmpty
            ? tr("home.noHandicap") : tr("home.menRemoved", model.setup.removedMen.count)
    }
}

/// Custom time and time odds: minutes and increment per side.
private struct CustomClockEditor: View {
    @Bindable var model: NewGameModel
    @State private var whiteMinutes = 5
    @State private var whiteIncrement = 0
    @State private var blackMinutes = 5
    @State private var blackIncrement = 0

    var body: some View {
        DisclosureGroup(tr("clock.customize")) {
            Stepper(tr("clock.whiteTime", whiteMinutes, whiteIncrement), value: $whiteMinutes, in: 1...180)
            Stepper(tr("clock.whiteIncrement"), value: $whiteIncrement, in: 0...60)
            Stepper(tr("clock.blackTime", blackMinutes, blackIncrement), value: $blackMinutes, in: 1...180)
            Stepper(tr("clock.blackIncrement"), value: $blackIncrement, in: 0...60)
            Button(tr("clock.use")) {
                model.timeControl = TimeControl(
                    white: SideTime(baseMs: UInt64(whiteMinutes) * 60_000, incrementMs: UInt64(whiteIncrement) * 1000),
                    black: SideTime(baseMs: UInt64(blackMinutes) * 60_000, incrementMs: UInt64(blackIncrement) * 1000))
            }
        }
    }
}

/// Handicap: a usual one, men taken off the start one by one, or a position set up square by square.
private struct HandicapEditor: View {
    @Bindable var model: NewGameModel
    @Environment(\.dismiss) private var dismiss
    @State private var editor = EditorModel()

    var body: some View {
        NavigationStack {
            Form {
                Section(tr("handicap.usual")) {
                    ForEach(model.handicaps, id: \.self) { preset in
                        Button {
                            model.choose(preset)
                        } label: {
                            HStack {
                                Text(tr("handicap.without", L10n.color(preset.side), Int(preset.men)))
                                Spacer()
                                if model.chosenHandicap == preset { Image(systemName: "checkmark") }
                            }
                        }
                    }
                }
                Section(tr("handicap.removeMen")) {
                    LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 4)) {
                        ForEach((UInt32(1)...32).filter { isStartSquare(square: $0) }, id: \.self) { n in
                            let removed = model.setup.removedMen.contains(n)
                            Button {
                                model.toggleMan(n)
                            } label: {
                                Text(squareName(square: n, notation: .algebraic) ?? "")
                                    .strikethrough(removed)
                                    .frame(maxWidth: .infinity)
                            }
                            .buttonStyle(.bordered)
                            .tint(removed ? .red : .primary)
                            .accessibilityValue(removed ? tr("handicap.removed") : tr("handicap.onBoard"))
                        }
                    }
                }
                Section(tr("handicap.position")) {
                    BoardView(
                        picture: BoardPicture(squares: editor.squares),
                        board: Themes.board(.classic), pieceTheme: Themes.pieces(.classic),
                        describe: L10n.describePiece,
                        onGesture: { gesture in
                            if case .tap(let n) = gesture { editor.perform { try $0.cycle(square: n) } }
                        })
                    Picker(
                        tr("handicap.sideToMove"),
                        selection: Binding(
                            get: { editor.sideToMove }, set: { side in editor.perform { $0.setSideToMove(side: side) } }
                        )
                    ) {
                        Text(tr("color.white")).tag(GiveawayCore.Color.white)
                        Text(tr("color.black")).tag(GiveawayCore.Color.black)
                    }
                    .pickerStyle(.segmented)
                    HStack {
                        Button(tr("handicap.clear")) { editor.perform { $0.clear() } }
                        Spacer()
                        Button(tr("handicap.standard")) { editor.perform { $0.standard() } }
                    }
                    .buttonStyle(.bordered)
                    if let problem = editor.problem {
                        Text(L10n.message(problem)).font(.footnote).foregroundStyle(.red)
                    }
                    Button(tr("handicap.usePosition")) {
                        model.setup.fen = editor.fen
                        dismiss()
                    }
                    .disabled(editor.problem != nil)
                }
            }
            .navigationTitle(tr("home.handicap"))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button(tr("common.done")) { dismiss() }
                }
            }
            .onAppear { editor = EditorModel(fen: model.setup.fen) }
        }
    }
}
