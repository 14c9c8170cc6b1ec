// Saved games: filters (mode, result, level, date), the list page by page, swipe to delete, share PDN,
// import PDN, statistics per level. Tapping a game continues it (if the core says it can be) or opens the replay.
import SwiftUI
import UIKit
import UniformTypeIdentifiers
import GiveawayCore
import GiveawayKit

struct SavedGamesView: View {
    @Environment(AppModel.self) private var app
    @Binding var path: [Route]
    @State private var model: SavedGamesModel?
    @State private var importing = false
    @State private var imported: Int?
    @State private var sharing: SharedText?

    var body: some View {
        Group {
            if let model {
                SavedGamesList(model: model, path: $path, sharing: $sharing)
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("home.savedGames"))
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Menu {
                    Button {
                        importing = true
                    } label: {
                        Label(tr("saved.import"), systemImage: "square.and.arrow.down")
                    }
                    Button {
                        sharing = model?.exportPdn().map(SharedText.init)
                    } label: {
                        Label(tr("saved.exportAll"), systemImage: "square.and.arrow.up")
                    }
                } label: {
                    Label(tr("saved.more"), systemImage: "ellipsis.circle")
                }
            }
        }
        .fileImporter(isPresented: $importing, allowedContentTypes: [.plainText, .data]) { result in
            guard case .success(let url) = result else { return }
            let access = url.startAccessingSecurityScopedResource()
            defer { if access { url.stopAccessingSecurityScopedResource() } }
            // The core reads the file a game at a time (any size, any encoding it knows): no String of it here.
            imported = model?.importPdnFile(url.path)
        }
        .alert(
            tr("saved.imported", imported ?? 0),
            isPresented: Binding(
                get: { imported != nil }, set: { if !$0 { imported = nil } })
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        }
        .sheet(item: $sharing) { shared in
            ActivityView(items: [shared.text])
        }
        .onAppear {
            // Back from a game or a replay: the list and the statistics may have changed.
            if let model {
                model.reload()
            } else if let library = app.library {
                model = try? SavedGamesModel(library: library)
            }
        }
    }
}

private struct SavedGamesList: View {
    @Bindable var model: SavedGamesModel
    @Binding var path: [Route]
    @Binding var sharing: SharedText?

    var body: some View {
        List {
            Section {
                FilterControls(filter: $model.filter)
            }
            Section(tr("saved.count", Int(model.state.total))) {
                ForEach(model.state.games, id: \.id) { game in
                    Button {
                        path.append(game.resumable ? .game(id: game.id) : .replay(id: game.id))
                    } label: {
                        GameRow(game: game)
                    }
                    .swipeActions {
                        Button(role: .destructive) {
                            model.delete(id: game.id)
                        } label: {
                            Label(tr("saved.delete"), systemImage: "trash")
                        }
                        Button {
                            sharing = model.exportPdn(id: game.id).map(SharedText.init)
                        } label: {
                            Label(tr("saved.share"), systemImage: "square.and.arrow.up")
                        }
                    }
                    .contextMenu {
                        Button {
                            path.append(.replay(id: game.id))
                        } label: {
                            Label(tr("saved.replay"), systemImage: "play.rectangle")
                        }
                    }
                    .onAppear {
                        if game.id == model.state.games.last?.id, model.state.hasMore {
                            model.perform { try $0.loadMore() }
                        }
                    }
                }
            }
            if let stats = model.stats, !stats.byLevel.isEmpty {
                Section(tr("saved.stats")) {
                    ForEach(stats.byLevel, id: \.level) { s in
                        LabeledContent(
                            L10n.level(s.level),
                            value: tr("saved.statsLine", Int(s.wins), Int(s.draws), Int(s.losses)))
                    }
                }
            }
        }
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
}

private struct FilterControls: View {
    @Binding var filter: ListFilter

    var body: some View {
        Picker(tr("saved.mode"), selection: $filter.mode) {
            Text(tr("saved.all")).tag(GameMode?.none)
            Text(tr("mode.vsComputer")).tag(GameMode?.some(.vsComputer))
            Text(tr("mode.passAndPlay")).tag(GameMode?.some(.passAndPlay))
            Text(tr("mode.imported")).tag(GameMode?.some(.imported))
            Text(tr("mode.online")).tag(GameMode?.some(.online))
        }
        Picker(tr("saved.result"), selection: $filter.result) {
            Text(tr("saved.all")).tag(ResultFilter?.none)
            Text(tr("saved.won")).tag(ResultFilter?.some(.won))
            Text(tr("saved.lost")).tag(ResultFilter?.some(.lost))
            Text(tr("result.draw")).tag(ResultFilter?.some(.draw))
            Text(tr("result.whiteWins")).tag(ResultFilter?.some(.whiteWins))
            Text(tr("result.blackWins")).tag(ResultFilter?.some(.blackWins))
        }
        Picker(tr("home.level"), selection: $filter.level) {
            Text(tr("saved.all")).tag(UInt8?.none)
            ForEach(levels(), id: \.number) { level in Text(L10n.level(level.number)).tag(UInt8?.some(level.number)) }
        }
        Picker(tr("saved.period"), selection: $filter.withinDays) {
            Text(tr("saved.anyTime")).tag(UInt32?.none)
            Text(tr("saved.lastWeek")).tag(UInt32?.some(7))
            Text(tr("saved.lastMonth")).tag(UInt32?.some(30))
        }
    }
}

private struct GameRow: View {
    let game: GameSummaryView

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text("\(game.white) – \(game.black)").font(.headline)
            Text(L10n.result(game.outcome, game.reason, for: game.forPlayer)).font(.subheadline)
            HStack {
                Text(L10n.mode(game.mode))
                Text(tr("saved.plies", Int(game.plies)))
                Text(Date(timeIntervalSince1970: Double(game.updatedAt) / 1000), style: .date)
            }
            .font(.caption)
            .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}

/// PDN text on its way to the share sheet.
struct SharedText: Identifiable {
    let id = UUID()
    let text: String

    init(_ text: String) {
        self.text = text
    }
}

/// The system share sheet (AirDrop, Files, Mail…) for PDN text.
struct ActivityView: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
        UIActivityViewController(activityItems: items, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}
