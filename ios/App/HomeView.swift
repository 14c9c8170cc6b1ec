// Home: continue the last game, start a new one (computer level and colour, or pass-and-play; clock, handicap),
// saved games, settings and rules.
import SwiftUI
import GiveawayCore
import GiveawayKit

struct HomeView: View {
    @Environment(AppModel.self) private var app
    @Binding var path: [Route]
    @State private var model: GameSetup?
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
                        Label(tr("home.start"), systemImage: "checkerboard.rectangle")
                            .font(.headline)
                    }
                }
            }
            Section {
                NavigationLink(value: Route.savedGames) { Label(tr("home.savedGames"), systemImage: "tray.full") }
                NavigationLink(value: Route.settings) { Label(tr("home.settings"), systemImage: "gearshape") }
                NavigationLink(value: Route.rules) { Label(tr("home.rules"), systemImage: "book") }
            }
        }
        .navigationTitle(tr("app.name"))
        .onAppear {
            unfinished = app.unfinishedGame()
            if model == nil, let settings = app.settings { model = GameSetup(settings: settings) }
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

    private func start(_ model: GameSetup) {
        guard let library = app.library, let settings = app.settings else { return }
        let request = model.newGame()
        do {
            let session = try library.newGame(setup: request)
            guard let id = try session.snapshot().gameId else { return }
            app.save(model.remembered(in: settings, game: request))
            app.hand(session, id: id)
            path.append(.game(id: id))
        } catch {
            self.error = L10n.message(UserMessage(error))
        }
    }
}

private struct NewGameSection: View {
    @Bindable var model: GameSetup
    @Binding var editingHandicap: Bool

    var body: some View {
        Section(tr("home.newGame")) {
            Picker(tr("home.opponent"), selection: $model.versusComputer) {
                Text(tr("mode.vsComputer")).tag(true)
                Text(tr("mode.passAndPlay")).tag(false)
            }
            .pickerStyle(.segmented)
            if model.versusComputer {
                Picker(tr("home.level"), selection: $model.level) {
                    ForEach(model.levels, id: \.number) { level in
                        Text(tr("home.levelRating", L10n.level(level.number), Int(level.rating))).tag(level.number)
                    }
                }
                Picker(tr("home.yourColor"), selection: $model.color) {
                    Text(tr("color.white")).tag(ColorChoice.white)
                    Text(tr("color.black")).tag(ColorChoice.black)
                    Text(tr("color.random")).tag(ColorChoice.random)
                }
            }
            Picker(tr("home.clock"), selection: $model.clock) {
                Text(tr("clock.unlimited")).tag(ClockChoice.unlimited)
                ForEach(Array(model.presets.enumerated()), id: \.offset) { i, preset in
                    Text(L10n.preset(preset)).tag(ClockChoice.preset(i))
                }
                if case .custom = model.clock { Text(tr("clock.custom")).tag(model.clock) }
                if case .odds = model.clock { Text(tr("clock.odds")).tag(model.clock) }
            }
            CustomClockEditor(model: model)
            Button {
                editingHandicap = true
            } label: {
                LabeledContent(tr("home.handicap"),
                               value: model.removedMen.isEmpty ? tr("home.noHandicap") : tr("home.menRemoved", model.removedMen.count))
            }
        }
    }
}

/// Custom time and time odds: minutes and increment per side.
private struct CustomClockEditor: View {
    @Bindable var model: GameSetup
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
                if whiteMinutes == blackMinutes, whiteIncrement == blackIncrement {
                    model.clock = .custom(minutes: UInt32(whiteMinutes), incrementSeconds: UInt32(whiteIncrement))
                } else {
                    model.clock = .odds(
                        white: SideTime(baseMs: UInt64(whiteMinutes) * 60_000, incrementMs: UInt64(whiteIncrement) * 1000),
                        black: SideTime(baseMs: UInt64(blackMinutes) * 60_000, incrementMs: UInt64(blackIncrement) * 1000))
                }
            }
        }
    }
}

/// Handicap: tap the men to remove from the start, or paste a position (PDN FEN) from an editor.
private struct HandicapEditor: View {
    @Bindable var model: GameSetup
    @Environment(\.dismiss) private var dismiss
    @State private var fen = ""

    var body: some View {
        NavigationStack {
            Form {
                Section(tr("handicap.usual")) {
                    ForEach(Array(model.handicaps.enumerated()), id: \.offset) { _, preset in
                        Button {
                            model.apply(preset)
                            fen = ""
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
                        ForEach(GameSetup.handicapSquares, id: \.self) { n in
                            let removed = model.removedMen.contains(n)
                            Button {
                                model.toggleRemoved(n)
                            } label: {
                                Text(BoardGeometry.name(of: n))
                                    .strikethrough(removed)
                                    .frame(maxWidth: .infinity)
                            }
                            .buttonStyle(.bordered)
                            .tint(removed ? .red : (n <= 12 ? .primary : .secondary))
                            .accessibilityValue(removed ? tr("handicap.removed") : tr("handicap.onBoard"))
                        }
                    }
                }
                Section(tr("handicap.position")) {
                    TextField("W:W21,22:B1,2", text: $fen)
                        .textInputAutocapitalization(.characters)
                        .autocorrectionDisabled()
                        .font(.body.monospaced())
                }
            }
            .navigationTitle(tr("home.handicap"))
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button(tr("common.done")) {
                        model.startFen = fen.trimmingCharacters(in: .whitespaces).isEmpty ? nil : fen
                        dismiss()
                    }
                }
            }
            .onAppear { fen = model.startFen ?? "" }
        }
    }
}
