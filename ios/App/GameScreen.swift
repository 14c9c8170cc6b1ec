// The game screen: player bars with clocks, the board, the status line and the move list, with the game's
// actions. It draws the core's ScreenState (through GiveawayKit's GameScreenModel) and forwards every touch;
// which buttons work, what the status says and when the engine works is decided in the core. The clocks and
// the engine stop whenever the screen is not on top or the app is in the background.
import SwiftUI
import GiveawayCore
import GiveawayKit

struct GameScreen: View {
    let gameId: Int64
    @Environment(AppModel.self) private var app
    @State private var model: GameScreenModel?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let model {
                GameContent(model: model)
            } else if let loadError {
                ContentUnavailableView(
                    tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .task {
            guard model == nil else { return }
            do {
                model = try app.game(gameId)
            } catch {
                loadError = L10n.message(UserMessage(error))
            }
        }
    }
}

/// The board screen of one game model: offline games (GameScreen) and the online game (OnlineGameScreen).
struct GameContent: View {
    @Bindable var model: GameScreenModel
    @Environment(AppModel.self) private var app
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var feedback = FeedbackPlayer()
    @State private var showReplay = false
    @State private var confirmingResign = false
    /// On screen (not covered by the replay pushed on top): only then may clocks and the engine run.
    @State private var visible = false

    private var state: ScreenState { model.state }
    private var snapshot: Snapshot { model.state.snapshot }

    var body: some View {
        VStack(spacing: 8) {
            PlayerBar(state: state, color: state.orientation.top, turned: state.orientation.topFacesAway)
            BoardView(
                picture: BoardPicture(
                    squares: snapshot.squares, flipped: state.orientation.flipped,
                    turnedColor: state.orientation.topFacesAway ? state.orientation.top : nil,
                    coordinates: state.coordinates, frame: model.frame),
                board: Themes.board(app.settings?.boardTheme ?? .classic),
                pieceTheme: Themes.pieces(app.settings?.pieceTheme ?? .classic),
                describe: { square in model.describe(square.number).map(L10n.describe) ?? "" },
                onGesture: { model.handle($0) }
            )
            .padding(.horizontal, 4)
            PlayerBar(state: state, color: state.orientation.bottom, turned: false)
            StatusArea(model: model, showReplay: $showReplay)
            MoveListView(rows: snapshot.moveList)
        }
        .navigationTitle(title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { GameToolbar(model: model, confirmingResign: $confirmingResign) }
        .onAppear {
            let player = feedback
            model.onEvent = { event in
                player.play(event)
                if let words = L10n.announcement(event) { AccessibilityNotification.Announcement(words).post() }
            }
            if let settings = app.settings { model.perform { $0.applySettings(settings: settings) } }
            model.perform { $0.setReducedMotion(reduced: reduceMotion) }
            visible = true
            model.perform { $0.start() }
        }
        .onDisappear {
            visible = false
            model.perform { try $0.pause() }
        }
        .onChange(of: scenePhase) { _, phase in
            guard visible else { return }
            switch phase {
            case .active: model.perform { $0.resume() }
            case .background: model.perform { try $0.pause() }
            default: break
            }
        }
        .onChange(of: reduceMotion) { _, on in model.perform { $0.setReducedMotion(reduced: on) } }
        .confirmationDialog(
            tr("game.chooseCapture"),
            isPresented: Binding(
                get: { !snapshot.choices.isEmpty }, set: { if !$0 { model.perform { try $0.dismissChoice() } } }
            ), titleVisibility: .visible
        ) {
            ForEach(Array(snapshot.choices.enumerated()), id: \.offset) { i, choice in
                Button(choice.text) { model.perform { try $0.choose(index: UInt32(i)) } }
            }
        }
        .confirmationDialog(tr("game.resignQuestion"), isPresented: $confirmingResign, titleVisibility: .visible) {
            Button(tr("game.resign"), role: .destructive) { model.perform { try $0.resign() } }
            Button(tr("common.cancel"), role: .cancel) {}
        }
        .alert(drawQuestion ?? "", isPresented: Binding(get: { drawQuestion != nil }, set: { _ in })) {
            Button(tr("game.acceptDraw")) { model.perform { try $0.acceptDraw() } }
            Button(tr("game.declineDraw"), role: .cancel) { model.perform { try $0.declineDraw() } }
        }
        .alert(
            tr("rules.captureTitle"),
            isPresented: Binding(
                get: { model.mustCaptureExplanation != nil && model.message == nil },
                set: { if !$0 { model.mustCaptureExplanation = nil } }
            )
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(tr("rules.capture"))
        }
        .alert(
            tr("error.title"),
            isPresented: Binding(
                get: { model.message != nil }, set: { if !$0 { model.message = nil } }
            )
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(model.message.map(L10n.message) ?? "")
        }
        .navigationDestination(isPresented: $showReplay) {
            if let id = snapshot.gameId { ReplayView(gameId: id) }
        }
    }

    private var title: String {
        switch snapshot.opponent {
        case .computer(let level, _): return tr("game.vsLevel", L10n.level(level))
        case .passAndPlay: return tr("mode.passAndPlay")
        case .online(let human, let white, let black): return tr("game.youVs", human == .white ? black : white)
        }
    }

    /// The question to the other player while a draw offer waits for an answer.
    private var drawQuestion: String? {
        guard state.actions.answerDraw, case .drawOffered(let by) = state.status else { return nil }
        return tr("game.drawOffered", L10n.color(by))
    }
}

/// A player's name, reaction and clock; face to face, the top bar is turned towards the player across the table.
private struct PlayerBar: View {
    let state: ScreenState
    let color: GiveawayCore.Color
    let turned: Bool

    var body: some View {
        let snapshot = state.snapshot
        HStack {
            Circle()
                .fill(color == .white ? SwiftUI.Color.white : SwiftUI.Color.black)
                .overlay(Circle().stroke(.gray))
                .frame(width: 14, height: 14)
                .accessibilityHidden(true)
            Text(name).font(.headline)
            if snapshot.sideToMove == color, snapshot.result == nil {
                Image(systemName: "arrowtriangle.left.fill").accessibilityLabel(tr("game.toMove"))
            }
            if let reaction = state.reaction, reaction.side == color {
                Text(reaction.emoji).font(.title2).transition(.scale)
            }
            Spacer()
            if let clocks = snapshot.clocks {
                let (ms, text) =
                    color == .white ? (clocks.whiteMs, clocks.whiteText) : (clocks.blackMs, clocks.blackText)
                Text(text)
                    .font(.title3.monospacedDigit())
                    .padding(.horizontal, 8)
                    .background(
                        clocks.running == color ? SwiftUI.Color.accentColor.opacity(0.25) : .clear,
                        in: .rect(cornerRadius: 6)
                    )
                    // The warning colour from when the clock shows tenths.
                    .foregroundStyle(ms < 10_000 ? SwiftUI.Color.red : SwiftUI.Color.primary)
                    .accessibilityLabel(tr("game.clockOf", L10n.color(color), text))
            }
        }
        .padding(.horizontal)
        .rotationEffect(turned ? .degrees(180) : .zero)
    }

    private var name: String {
        switch state.snapshot.opponent {
        case .computer(_, let human): return human == color ? tr("game.you") : tr("game.computer")
        case .passAndPlay: return L10n.color(color)
        case .online(let human, let white, let black):
            return human == color ? tr("game.you") : (color == .white ? white : black)
        }
    }
}

/// The status line, why a tap did nothing, the engine's progress, the coach's tip, the result.
private struct StatusArea: View {
    let model: GameScreenModel
    @Binding var showReplay: Bool

    var body: some View {
        VStack(spacing: 6) {
            HStack {
                Text(L10n.status(model.state.status)).font(.headline)
                Spacer()
                if let progress = model.state.thinking?.progress {
                    Text(tr("game.thinkingDepth", Int(progress.depth), progress.scoreText)).font(
                        .footnote.monospacedDigit())
                }
                if model.state.thinking != nil { ProgressView() }
                if model.state.actions.analyse {
                    Button(tr("game.analyse")) { showReplay = true }.buttonStyle(.borderedProminent)
                }
            }
            if let notice = model.state.snapshot.notice {
                Label(L10n.notice(notice), systemImage: "exclamationmark.circle")
                    .foregroundStyle(.red)
            }
            if let hint = model.state.hint, let reason = hint.reason {
                Text(reason).font(.footnote)
            }
            if let tip = model.coach {
                VStack(alignment: .leading, spacing: 4) {
                    Text(tr("coach.title", L10n.moveClass(tip.class), tip.played.text)).font(.subheadline.bold())
                    Text(tr("coach.better", tip.better.text)).font(.subheadline)
                    Button(tr("common.ok")) { model.coach = nil }.font(.footnote)
                }
                .padding(8)
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(.yellow.opacity(0.2), in: .rect(cornerRadius: 8))
            }
        }
        .padding(.horizontal)
        .dynamicTypeSize(...DynamicTypeSize.accessibility2)
    }
}

struct MoveListView: View {
    let rows: [MoveRow]

    var body: some View {
        ScrollViewReader { proxy in
            List(rows, id: \.number) { row in
                HStack {
                    Text("\(row.number).").foregroundStyle(.secondary).frame(minWidth: 32, alignment: .trailing)
                    Text(row.white ?? "…").frame(maxWidth: .infinity, alignment: .leading)
                    Text(row.black ?? "").frame(maxWidth: .infinity, alignment: .leading)
                }
                .font(.body.monospacedDigit())
                .accessibilityElement(children: .combine)
                .id(row.number)
            }
            .listStyle(.plain)
            .onChange(of: rows.count) { _, _ in
                if let last = rows.last { proxy.scrollTo(last.number, anchor: .bottom) }
            }
        }
    }
}

private struct GameToolbar: ToolbarContent {
    let model: GameScreenModel
    @Binding var confirmingResign: Bool

    var body: some ToolbarContent {
        let actions = model.state.actions
        ToolbarItemGroup(placement: .bottomBar) {
            Button {
                model.perform { try $0.undo() }
            } label: {
                Label(tr("game.undo"), systemImage: "arrow.uturn.backward")
            }
            .disabled(!actions.undo)
            Button {
                model.perform { try $0.redo() }
            } label: {
                Label(tr("game.redo"), systemImage: "arrow.uturn.forward")
            }
            .disabled(!actions.redo)
            Spacer()
            Button {
                model.perform { try $0.hint() }
            } label: {
                Label(tr("game.hint"), systemImage: "lightbulb")
            }
            .disabled(!actions.hint)
            Menu {
                ForEach(reactionEmojis(), id: \.self) { emoji in
                    Button(emoji) { model.perform { try $0.react(side: model.state.actingSide, emoji: emoji) } }
                }
            } label: {
                Label(tr("game.react"), systemImage: "face.smiling")
            }
            .disabled(!actions.react)
            Button {
                model.perform { $0.flipBoard() }
            } label: {
                Label(tr("game.flipBoard"), systemImage: "arrow.up.arrow.down")
            }
            Spacer()
            if actions.draws {
                Button {
                    model.perform { try $0.offerDraw() }
                } label: {
                    Label(tr("game.offerDraw"), systemImage: "equal.circle")
                }
                .disabled(!actions.offerDraw)
            }
            Button(role: .destructive) {
                confirmingResign = true
            } label: {
                Label(tr("game.resign"), systemImage: "flag")
            }
            .disabled(!actions.resign)
        }
    }
}
