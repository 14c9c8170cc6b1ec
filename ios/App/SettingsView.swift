// Settings: board and piece themes, notation, orientation, animation speed, legal-move dots, coach, sound,
// haptics (every change saved by the core at once), the game server's address, and what the endgame tables can do.
import SwiftUI
import GiveawayCore
import GiveawayKit

struct SettingsView: View {
    @Environment(AppModel.self) private var app
    @State private var model: SettingsModel?
    @State private var loadError: String?

    var body: some View {
        Group {
            if let model {
                SettingsForm(model: model)
            } else if let loadError {
                ContentUnavailableView(
                    tr("error.title"), systemImage: "exclamationmark.triangle", description: Text(loadError))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("home.settings"))
        .task {
            guard model == nil, let library = app.library else { return }
            do {
                model = try SettingsModel(library: library)
            } catch {
                loadError = L10n.message(UserMessage(error))
            }
        }
        .onDisappear { if let s = model?.settings { app.settings = s } }
    }
}

private struct SettingsForm: View {
    @Environment(AppModel.self) private var app
    @Bindable var model: SettingsModel

    var body: some View {
        Form {
            Section(tr("settings.look")) {
                Picker(tr("settings.board"), selection: $model.settings.boardTheme) {
                    ForEach(boardThemes(), id: \.self) { theme in
                        HStack {
                            Swatch(a: Themes.board(theme).light, b: Themes.board(theme).dark)
                            Text(boardName(theme))
                        }
                        .tag(theme)
                    }
                }
                Picker(tr("settings.pieces"), selection: $model.settings.pieceTheme) {
                    ForEach(pieceThemes(), id: \.self) { theme in
                        HStack {
                            Swatch(a: Themes.pieces(theme).white, b: Themes.pieces(theme).black)
                            Text(pieceName(theme))
                        }
                        .tag(theme)
                    }
                }
                Picker(tr("settings.notation"), selection: $model.settings.notation) {
                    Text(tr("settings.algebraic")).tag(Notation.algebraic)
                    Text(tr("settings.numeric")).tag(Notation.numeric)
                }
                Picker(tr("settings.orientation"), selection: $model.settings.orientation) {
                    Text(tr("settings.fixed")).tag(Orientation.fixed)
                    Text(tr("settings.faceToFace")).tag(Orientation.faceToFace)
                    Text(tr("settings.flipEachMove")).tag(Orientation.flipEachMove)
                }
                Picker(tr("settings.animation"), selection: $model.settings.animation) {
                    Text(tr("settings.off")).tag(AnimationSpeed.off)
                    Text(tr("settings.slow")).tag(AnimationSpeed.slow)
                    Text(tr("settings.normal")).tag(AnimationSpeed.normal)
                    Text(tr("settings.fast")).tag(AnimationSpeed.fast)
                }
            }
            Section(tr("settings.play")) {
                Toggle(tr("settings.showLegalMoves"), isOn: $model.settings.showLegalMoves)
                Toggle(tr("settings.coach"), isOn: $model.settings.coach)
                Toggle(tr("settings.sound"), isOn: $model.settings.sound)
                Toggle(tr("settings.haptics"), isOn: $model.settings.haptics)
            }
            Section(tr("settings.online")) {
                Picker(tr("settings.premoves"), selection: $model.settings.premoves) {
                    Text(tr("settings.premovesFast")).tag(PremoveMode.fast)
                    Text(tr("settings.premovesAlways")).tag(PremoveMode.always)
                    Text(tr("settings.premovesNever")).tag(PremoveMode.never)
                }
                Toggle(tr("settings.confirmMoves"), isOn: $model.settings.confirmMoves)
            }
            ServerSection()
            Section(tr("tables.title")) {
                Text(app.tables.map { L10n.tables($0.state) } ?? tr("tables.none"))
            }
        }
        .alert(
            tr("error.title"),
            isPresented: Binding(
                get: { model.message != nil }, set: { if !$0 { model.dismissMessage() } })
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(model.message.map(L10n.message) ?? "")
        }
    }

    private func boardName(_ theme: BoardTheme) -> String {
        switch theme {
        case .classic: return tr("theme.classic")
        case .wood: return tr("theme.wood")
        case .ocean: return tr("theme.ocean")
        case .contrast: return tr("theme.contrast")
        }
    }

    private func pieceName(_ theme: PieceTheme) -> String {
        switch theme {
        case .classic: return tr("theme.classic")
        case .marble: return tr("theme.marble")
        case .flat: return tr("theme.flat")
        case .contrast: return tr("theme.contrast")
        }
    }
}

/// The game server's address, applied when the field is submitted (the lobby then connects anew).
private struct ServerSection: View {
    @Environment(AppModel.self) private var app
    @State private var address = ""

    var body: some View {
        Section {
            TextField(tr("online.server"), text: $address)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .keyboardType(.URL)
                .onSubmit { app.onlineServer = address.trimmingCharacters(in: .whitespaces) }
            Button(tr("online.defaultServer")) {
                address = AppModel.defaultServer; app.onlineServer = address
            }
        } header: {
            Text(tr("online.server"))
        } footer: {
            Text(tr("online.serverFooter"))
        }
        .onAppear { address = app.onlineServer }
    }
}

private struct Swatch: View {
    let a: UInt32
    let b: UInt32

    var body: some View {
        HStack(spacing: 0) {
            SwiftUI.Color(rgb: a)
            SwiftUI.Color(rgb: b)
        }
        .frame(width: 28, height: 14)
        .clipShape(.rect(cornerRadius: 3))
        .accessibilityHidden(true)
    }
}
