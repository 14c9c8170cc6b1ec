// Arenas: the lobby's list, a new arena's form, and an arena with its countdown, how it scores, join or pause
// and the standings as they change. Pairing is the server's: a game that starts comes up from the lobby below,
// and this screen is there again after it. What is shown and what can be done is the client's `arena` screen.

import GiveawayKit
import SwiftUI

/// The lobby's arenas: running, upcoming and recent; each opens its standings.
struct ArenasSection: View {
    @Bindable var model: OnlineModel

    var body: some View {
        Section(header: Text(tr("online.arenas"))) {
            if model.state.arenas.isEmpty {
                Text(tr("online.arenasEmpty")).foregroundStyle(.secondary)
            }
            ForEach(model.state.arenas, id: \.id) { arena in
                NavigationLink(value: Route.arena(id: arena.id)) {
                    VStack(alignment: .leading) {
                        Text(L10n.arenaName(arena))
                        Text(L10n.arenaDetails(arena)).font(.footnote).foregroundStyle(.secondary)
                    }
                }
            }
            NavigationLink(value: Route.newArena) { Label(tr("online.newArena"), systemImage: "plus") }
            Button(tr("online.refresh")) { model.perform { try $0.arenas() } }
        }
        .onAppear { model.perform { try $0.arenas() } }
    }
}

/// A new arena: its name, clock, start and length; the maker joins it.
struct NewArenaView: View {
    @Environment(AppModel.self) private var app
    @Binding var path: [Route]
    @State private var name = ""
    @State private var clock = 0
    @State private var starts = 0
    @State private var lasts = 2

    /// When it starts, in minutes from now, and how long it lasts, in minutes.
    private static let startMinutes: [UInt64] = [0, 5, 15, 30, 60]
    private static let lengths: [UInt32] = [10, 20, 30, 45, 60, 90, 120]

    var body: some View {
        let presets = app.online?.state.presets ?? []
        Form {
            TextField(tr("online.arenaName"), text: $name)
            Picker(tr("online.timeControl"), selection: $clock) {
                ForEach(presets.indices, id: \.self) { i in Text(timeControlLabel(control: presets[i])).tag(i) }
            }
            Picker(tr("online.arenaStarts"), selection: $starts) {
                ForEach(Self.startMinutes.indices, id: \.self) { i in
                    let m = Self.startMinutes[i]
                    Text(m == 0 ? tr("online.startsNow") : tr("online.startsInMin", Int(m))).tag(i)
                }
            }
            Picker(tr("online.arenaLasts"), selection: $lasts) {
                ForEach(Self.lengths.indices, id: \.self) { i in
                    Text(tr("online.minutes", Int(Self.lengths[i]))).tag(i)
                }
            }
            Button(tr("online.createArena")) {
                guard presets.indices.contains(clock) else { return }
                let (control, start, minutes) = (presets[clock], Self.startMinutes[starts] * 60, Self.lengths[lasts])
                app.online?.perform { [name] in
                    try $0.createArena(name: name, timeControl: control, startsInS: start, minutes: minutes)
                }
                path.removeLast()
                path.append(.arena(id: nil))
            }
            .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
        }
        .navigationTitle(tr("online.newArena"))
        .onAppear { clock = Int(app.online?.state.defaultPreset ?? 0) }
    }
}

/// An arena: its clock and countdown, how it scores, join or pause, and the standings (the player's line bold).
struct ArenaScreenView: View {
    @Environment(AppModel.self) private var app
    /// The arena to show; none for the one just made.
    let id: Int64?

    var body: some View {
        Group {
            if let a = app.online?.state.arena, id == nil || a.arena.id == id {
                List {
                    Section {
                        Text(L10n.arenaDetails(a.arena))
                        Text(L10n.arenaAbout(a.arena)).font(.footnote).foregroundStyle(.secondary)
                        Text(L10n.arenaStatus(a.arena))
                        if a.actions.join {
                            Button(tr("online.joinArena")) {
                                app.online?.perform { try $0.joinArena(arena: a.arena.id) }
                            }
                        }
                        if a.actions.pause {
                            Button(tr("online.pauseArena")) {
                                app.online?.perform { try $0.pauseArena(arena: a.arena.id) }
                            }
                        }
                    }
                    Section(header: Text(tr("online.standings"))) {
                        if a.standings.isEmpty {
                            Text(tr("online.arenaNobody")).foregroundStyle(.secondary)
                        }
                        ForEach(a.standings, id: \.player.id) { line in
                            HStack {
                                VStack(alignment: .leading) {
                                    Text(tr("online.arenaRank", Int(line.rank), line.player.nickname, Int(line.rating)))
                                        .fontWeight(line.you ? .bold : .regular)
                                    Text(L10n.arenaLineNotes(line)).font(.footnote).foregroundStyle(.secondary)
                                }
                                Spacer()
                                Text("\(line.score)").font(.title3).fontWeight(line.you ? .bold : .regular)
                                    .accessibilityLabel(tr("online.arenaPoints", Int(line.score)))
                            }
                        }
                    }
                }
                .navigationTitle(L10n.arenaName(a.arena))
            } else {
                ProgressView()
            }
        }
        .task {
            if let id { app.online?.perform { try $0.arenaStandings(arena: id) } }
            // The standings change with every game: read again every few seconds while shown.
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(3))
                app.online?.perform { try $0.refreshArena() }
            }
        }
        .onDisappear { app.online?.perform { $0.closeArena() } }
    }
}
