// The game screen: clocks, board, move list, and the game's actions. All logic is in GameKit's GameController;
// this view draws it and forwards touches. The engine's work stops when the screen goes away or the app is
// sent to the background (`stop()` cancels the Swift task and calls the core's cancel).
import SwiftUI
import GiveawayCore
import GiveawayKit

struct GameScreen: View {
    let gameId: Int64
    @Environment(AppModel.self) private var app
    @AppStorage("captureExplained") private var captureExplained = false
    @State private var controller: GameController?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let controller {
                GameContent(controller: controller)
            } else if let loadError {
                ContentUnavailableView(tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .task { load() }
    }

    private func load() {
        guard controller == nil, let settings = app.settings else { return }
        do {
            let session = try app.session(for: gameId)
            let loaded = GameController(session: session, settings: settings, speech: L10n.speech,
                                        captureExplained: captureExplained)
            loaded.onCaptureExplained = { captureExplained = true }
            controller = loaded
        } catch {
            loadError = L10n.message(UserMessage(error))
        }
    }
}

private struct GameContent: View {
    @Bindable var controller: GameController
    @Environment(AppModel.self) private var app
    @Environment(\.scenePhase) private var scenePhase
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var feedback = FeedbackPlayer()
    @State private var showReplay = false
    /// On screen (not covered by the replay pushed on top): only then may clocks and the engine run.
    @State private var visible = false

    private var snapshot: Snapshot { controller.snapshot }

    var body: some View {
        VStack(spacing: 8) {
            PlayerBar(controller: controller, color: controller.orientation.topColor, top: true)
            BoardView(picture: picture, board: Themes.board(controller.settings.boardTheme),
                      pieceTheme: Themes.piece(controller.settings.pieceTheme),
                      onPickUp: { controller.dragBegan(at: $0) },
                      onGesture: { controller.handle($0) })
                .padding(.horizontal, 4)
            PlayerBar(controller: controller, color: controller.orientation.topColor.opposite, top: false)
            StatusArea(controller: controller, showReplay: $showReplay)
            MoveListView(rows: snapshot.moveList)
        }
        .navigationTitle(title)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { GameToolbar(controller: controller) }
        .onAppear {
            controller.reduceMotion = reduceMotion
            let player = feedback
            let current = controller
            controller.onFeedback = { [weak current] f in
                guard let settings = current?.settings else { return }
                player.play(f, sound: settings.sound, haptics: settings.haptics)
            }
            controller.onAnnouncement = { text in
                AccessibilityNotification.Announcement(text).post()
            }
            if let settings = app.settings { controller.updateSettings(settings) }
            visible = true
            controller.start()
        }
        .onDisappear {
            visible = false
            controller.stop()
        }
        .onChange(of: scenePhase) { _, phase in
            guard visible else { return }
            switch phase {
            case .active: controller.start()
            case .background: controller.stop()
            default: break
            }
        }
        .onChange(of: reduceMotion) { _, on in controller.reduceMotion = on }
        .confirmationDialog(tr("game.chooseCapture"), isPresented: Binding(
            get: { !snapshot.choices.isEmpty }, set: { if !$0 { controller.clearSelection() } }
        ), titleVisibility: .visible) {
            ForEach(Array(snapshot.choices.enumerated()), id: \.offset) { i, choice in
                Button(choice.text) { controller.choose(i) }
            }
        }
        .confirmationDialog(tr("game.resignQuestion"), isPresented: Binding(
            get: { if case .resign = controller.confirmation { return true } else { return false } },
            set: { if !$0 { controller.cancelResign() } }
        ), titleVisibility: .visible) {
            Button(tr("game.resign"), role: .destructive) { controller.confirmResign() }
            Button(tr("common.cancel"), role: .cancel) { controller.cancelResign() }
        }
        .alert(drawQuestion, isPresented: Binding(
            get: { if case .answerDraw = controller.confirmation { return true } else { return false } },
            set: { _ in }
        )) {
            Button(tr("game.acceptDraw")) { controller.acceptDraw() }
            Button(tr("game.declineDraw"), role: .cancel) { controller.declineDraw() }
        }
        .alert(tr("rules.captureTitle"), isPresented: Binding(
            get: { controller.explainCapture && controller.message == nil },
            set: { if !$0 { controller.dismissCaptureExplanation() } }
        )) {
            Button(tr("common.ok"), role: .cancel) { controller.dismissCaptureExplanation() }
        } message: {
            Text(tr("rules.capture"))
        }
        .alert(tr("error.title"), isPresented: Binding(
            get: { controller.message != nil }, set: { if !$0 { controller.dismissMessage() } }
        )) {
            Button(tr("common.ok"), role: .cancel) { controller.dismissMessage() }
        } message: {
            Text(controller.message.map(L10n.message) ?? "")
        }
        .navigationDestination(isPresented: $showReplay) {
            if let id = snapshot.gameId { ReplayView(gameId: id) }
        }
    }

    private var title: String {
        switch snapshot.opponent {
        case .computer(let level, _): return tr("game.vsLevel", L10n.level(level))
        case .passAndPlay: return tr("mode.passAndPlay")
        }
    }

    private var drawQuestion: String {
        if case .answerDraw(let by) = controller.confirmation { return tr("game.drawOffered", L10n.color(by)) }
        return ""
    }

    private var picture: BoardPicture {
        var hintPiece: UInt32?
        var hintMove: MoveView?
        switch controller.hint {
        case .none: break
        case .piece(let p): hintPiece = p
        case .move(let m): hintMove = m
        }
        return BoardPicture(snapshot: snapshot, pieces: controller.drawnPieces, orientation: controller.orientation,
                            hintPiece: hintPiece, hintMove: hintMove,
                            showDestinations: controller.settings.showLegalMoves, notation: snapshot.notation)
    }
}

/// A player's name and clock; in face-to-face mode the top bar is turned towards the player across the table.
private struct PlayerBar: View {
    let controller: GameController
    let color: GiveawayCore.Color
    let top: Bool

    var body: some View {
        let snapshot = controller.snapshot
        let running = snapshot.clocks?.running == color
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
            if let reaction = snapshot.reactions.last(where: { $0.side == color && $0.ply == snapshot.ply }) {
                Text(reaction.emoji).font(.title2).transition(.scale)
            }
            Spacer()
            if let clocks = snapshot.clocks {
                let ms = color == .white ? clocks.whiteMs : clocks.blackMs
                Text(ClockFormat.format(milliseconds: ms))
                    .font(.title3.monospacedDigit())
                    .padding(.horizontal, 8)
                    .background(running ? SwiftUI.Color.accentColor.opacity(0.25) : .clear, in: .rect(cornerRadius: 6))
                    .foregroundStyle(ms < ClockFormat.lowTimeMilliseconds ? SwiftUI.Color.red : SwiftUI.Color.primary)
                    .accessibilityLabel(tr("game.clockOf", L10n.color(color), ClockFormat.format(milliseconds: ms)))
            }
        }
        .padding(.horizontal)
        .rotationEffect(top && controller.orientation.topFacesDown ? .degrees(180) : .zero)
    }

    private var name: String {
        let snapshot = controller.snapshot
        if let human = snapshot.humanColor {
            return human == color ? tr("game.you") : tr("game.computer")
        }
        return L10n.color(color)
    }
}

/// Must-capture notice, thinking indicator, coach tip, result.
private struct StatusArea: View {
    let controller: GameController
    @Binding var showReplay: Bool

    var body: some View {
        VStack(spacing: 6) {
            if let result = controller.snapshot.result {
                HStack {
                    Text(L10n.result(result.outcome, result.reason)).font(.headline)
                    Spacer()
                    Button(tr("game.analyse")) { showReplay = true }.buttonStyle(.borderedProminent)
                }
            } else if controller.mustCaptureNotice {
                Label(tr("game.mustCapture"), systemImage: "exclamationmark.circle")
                    .foregroundStyle(.red)
                    .accessibilityAddTraits(.isStaticText)
            } else if controller.isThinking {
                HStack {
                    ProgressView()
                    Text(controller.progress.map { tr("game.thinkingDepth", Int($0.depth), $0.scoreText) } ?? tr("game.thinking"))
                        .font(.footnote.monospacedDigit())
                }
            }
            if let tip = controller.coach {
                VStack(alignment: .leading, spacing: 4) {
                    Text(tr("coach.title", L10n.moveClass(tip.class), tip.played.text)).font(.subheadline.bold())
                    Text(tr("coach.better", tip.better.text)).font(.subheadline)
                    Button(tr("common.ok")) { controller.dismissCoach() }.font(.footnote)
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
    let controller: GameController

    var body: some ToolbarContent {
        ToolbarItemGroup(placement: .bottomBar) {
            Button { controller.undo() } label: { Label(tr("game.undo"), systemImage: "arrow.uturn.backward") }
                .disabled(!controller.snapshot.canUndo)
            Button { controller.redo() } label: { Label(tr("game.redo"), systemImage: "arrow.uturn.forward") }
                .disabled(!controller.snapshot.canRedo)
            Spacer()
            Button { controller.hintPressed() } label: { Label(tr("game.hint"), systemImage: "lightbulb") }
                .disabled(!controller.acceptsInput)
            Menu {
                ForEach(reactionEmojis(), id: \.self) { emoji in
                    Button(emoji) { controller.react(emoji) }
                }
            } label: {
                Label(tr("game.react"), systemImage: "face.smiling")
            }
            Spacer()
            if controller.snapshot.isPassAndPlay {
                Button { controller.offerDraw() } label: { Label(tr("game.offerDraw"), systemImage: "equal.circle") }
                    .disabled(controller.snapshot.result != nil)
            }
            Button(role: .destructive) { controller.requestResign() } label: {
                Label(tr("game.resign"), systemImage: "flag")
            }
            .disabled(controller.snapshot.result != nil)
        }
    }
}
