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
            PlayerBarView(bar: state.topBar)
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
            PlayerBarView(bar: state.bottomBar)
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

/// A player's bar, as the core decides it: their colour, who they are, the pieces they have left, the reaction
/// they just showed, and their clock (filled while it runs, red when low); outlined when it is their move. Face to
/// face, the top bar is turned towards the player across the table.
struct PlayerBarView: View {
    let bar: PlayerBar

    var body: some View {
        HStack(spacing: 12) {
            Circle()
                .fill(bar.side == .white ? SwiftUI.Color.white : SwiftUI.Color.black)
                .overlay(Circle().stroke(.gray))
                .frame(width: 24, height: 24)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 0) {
                Text(name).font(.headline)
                Text(pieces).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            if let reaction = bar.reaction {
                Text(reaction).font(.title2).padding(.horizontal, 8)
                    .background(.thinMaterial, in: .capsule)
                    .transition(.scale)
            }
            if let clock = bar.clock {
                Text(clock)
                    .font(.title2.monospacedDigit())
                    .padding(.horizontal, 12)
                    .padding(.vertical, 4)
                    .foregroundStyle(bar.lowTime || bar.clockRunning ? SwiftUI.Color.white : SwiftUI.Color.primary)
                    .background(clockFill, in: .rect(cornerRadius: 8))
                    .accessibilityLabel(tr("game.clockOf", L10n.color(bar.side), clock))
            }
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 6)
        .background(.background, in: .rect(cornerRadius: 12))
        .overlay(RoundedRectangle(cornerRadius: 12).stroke(outline, lineWidth: bar.toMove ? 2 : 1))
        .padding(.horizontal, 4)
        .rotationEffect(bar.turned ? .degrees(180) : .zero)
        .accessibilityElement(children: .combine)
        .accessibilityValue(bar.toMove ? tr("game.toMove") : "")
    }

    /// The bar whose move it is stands out in the accent colour.
    private var outline: SwiftUI.Color {
        bar.toMove ? .accentColor : SwiftUI.Color.secondary.opacity(0.3)
    }

    private var clockFill: SwiftUI.Color {
        if bar.lowTime { return .red }
        return bar.clockRunning ? .accentColor : SwiftUI.Color.secondary.opacity(0.2)
    }

    private var name: String {
        switch bar.name {
        case .you: return tr("game.you")
        case .computer(let level, let rating): return tr("game.levelRating", L10n.level(level), Int(rating))
        case .side: return L10n.color(bar.side)
        case .nickname(let nickname, let rating): return rating.map { "\(nickname) (\($0))" } ?? nickname
        }
    }

    private var pieces: String {
        let all = tr("game.pieces", Int(bar.men + bar.kings))
        return bar.kings == 0 ? all : "\(all) · \(tr("game.kings", Int(bar.kings)))"
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
            if let premove = model.state.snapshot.premove {
                Label(tr("game.premoveQueued", premove.text), systemImage: "timer")
                    .font(.footnote)
            }
            // Online with "confirm moves" on: the move on the board waits for one of these.
            if let proposed = model.state.snapshot.proposed {
                HStack {
                    Text(proposed.text).font(.headline.monospaced())
                    Spacer()
                    Button(tr("game.takeBackMove")) { model.perform { try $0.cancelMove() } }
                        .buttonStyle(.bordered)
                    Button(tr("game.confirmMove")) { model.perform { try $0.confirmMove() } }
                        .buttonStyle(.borderedProminent)
                }
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
