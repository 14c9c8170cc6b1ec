// Online play: the lobby (connection and its trouble with the way on, account, correspondence games, quick
// pairing, invite codes, friends and the challenge sheet, leaderboard), the online game (the game screen on the
// online game's board, the opponent's connection, a correspondence game's days per move and its way back to the
// lobby, the result with the rating change, rematch) and a player's profile. They draw GiveawayKit's OnlineModel
// and put its structures into words; pairing, moves, clocks, endings and ratings are the core's and the server's.
import SwiftUI
import UIKit
import GiveawayCore
import GiveawayKit

struct LobbyView: View {
    @Environment(AppModel.self) private var app
    @Binding var path: [Route]
    @State private var openError: String?

    var body: some View {
        Group {
            if let online = app.online {
                LobbyContent(model: online, path: $path)
            } else if let openError {
                ContentUnavailableView(
                    tr("error.title"), systemImage: "wifi.exclamationmark", description: Text(openError))
            } else {
                ProgressView()
            }
        }
        .navigationTitle(tr("online.title"))
        .task {
            do {
                _ = try app.openOnline()
            } catch {
                openError = L10n.message(UserMessage(error))
            }
        }
    }
}

private struct LobbyContent: View {
    @Bindable var model: OnlineModel
    @Binding var path: [Route]
    @State private var nickname = ""
    @State private var code = ""
    @State private var presetIndex = 0
    @State private var rated = true
    @State private var speed = Speed.blitz
    @State private var linkCode = ""
    @State private var signingOut: DeviceView?
    @State private var friendName = ""
    @State private var challenging: ChallengeTarget?
    @State private var blocking: OnlinePlayer?

    var body: some View {
        Form {
            ConnectionSection(model: model)
            if model.state.actions.createAccount {
                Section(tr("online.account")) {
                    TextField(tr("online.nickname"), text: $nickname)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    Button(tr("online.createAccount")) {
                        model.perform { [nickname] in try $0.createAccount(nickname: nickname) }
                    }
                    .disabled(nickname.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
            if model.state.actions.redeemLinkCode {
                Section(footer: Text(tr("online.linkExplained"))) {
                    TextField(tr("online.linkCode"), text: $linkCode)
                        .textInputAutocapitalization(.characters)
                        .autocorrectionDisabled()
                    Button(tr("online.linkButton")) {
                        model.perform { [linkCode] in
                            try $0.redeemLinkCode(code: linkCode, device: UIDevice.current.model)
                        }
                    }
                    .disabled(linkCode.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
            if case .signedIn(let me) = model.state.account {
                if model.state.actions.backToGame {
                    Section {
                        Button {
                            path.append(.onlineGame)
                        } label: {
                            Label(tr("online.backToGame"), systemImage: "play.fill")
                        }
                    }
                }
                challenges
                CorrespondenceSection(model: model, path: $path)
                pairing
                openSeeks
                ArenasSection(model: model)
                friends
                liveGames
                Section {
                    NavigationLink(value: Route.profile(nickname: me.nickname)) {
                        Label(tr("online.myProfile"), systemImage: "person.crop.circle")
                    }
                }
                leaderboard
                devices
            }
        }
        .onChange(of: model.state.game?.game) { _, started in
            // A game started (paired, invite accepted, rematch): its board comes up.
            if started != nil, path.last != Route.onlineGame { path.append(.onlineGame) }
        }
        .onChange(of: speed) { _, speed in model.perform { try $0.leaderboard(speed: speed) } }
        .onChange(of: model.state.actions.browse) { _, online in
            if online { model.perform { try $0.leaderboard(speed: speed) } }
        }
        .onChange(of: model.state.presets) { _, _ in presetIndex = Int(model.state.defaultPreset) }
        // The correspondence list is read again whenever the lobby shows (back from a board, too).
        .onAppear { if model.state.actions.social { model.perform { try $0.correspondence() } } }
        .sheet(item: $challenging) { target in ChallengeSheet(model: model, nickname: target.nickname) }
        .onlineMessageAlert(model)
    }

    @ViewBuilder private var pairing: some View {
        switch model.state.lobby {
        case .idle:
            Section(tr("online.newGame")) {
                Picker(tr("home.clock"), selection: $presetIndex) {
                    ForEach(Array(model.state.presets.enumerated()), id: \.offset) { i, control in
                        Text(timeControlLabel(control: control)).tag(i)
                    }
                }
                Button(tr("online.seek")) { if let control { model.perform { try $0.seek(timeControl: control) } } }
                Toggle(tr("online.rated"), isOn: $rated)
                Button(tr("online.createInvite")) {
                    if let control {
                        model.perform { [rated] in try $0.createInvite(timeControl: control, rated: rated) }
                    }
                }
            }
            Section(tr("online.join")) {
                TextField(tr("online.inviteCode"), text: $code)
                    .textInputAutocapitalization(.characters)
                    .autocorrectionDisabled()
                Button(tr("online.joinButton")) { model.perform { [code] in try $0.acceptInvite(code: code) } }
                    .disabled(code.trimmingCharacters(in: .whitespaces).isEmpty)
            }
        case .seeking(let control):
            Section {
                HStack {
                    ProgressView()
                    Text(tr("online.seeking", timeControlLabel(control: control)))
                }
                Button(tr("common.cancel"), role: .cancel) { model.perform { try $0.cancelSeek() } }
            }
        case .inviting(let code, let control, let rated):
            Section {
                Text(code).font(.largeTitle.monospaced()).textSelection(.enabled)
                    .accessibilityLabel(tr("online.inviteCodeIs", code))
                Text(
                    tr(
                        "online.inviteWaiting", timeControlLabel(control: control),
                        rated ? tr("online.rated") : tr("online.casual")))
                ShareLink(item: code) { Label(tr("saved.share"), systemImage: "square.and.arrow.up") }
                Button(tr("common.cancel"), role: .cancel) { model.perform { try $0.cancelInvite() } }
            }
        }
    }

    /// Challenges made to this player, above everything while there are any: accept (not during a game) or
    /// decline.
    @ViewBuilder private var challenges: some View {
        let social = model.state.social
        if !social.incoming.isEmpty {
            Section(header: Text(tr("online.challengesToYou"))) {
                ForEach(social.incoming, id: \.id) { challenge in
                    VStack(alignment: .leading, spacing: 4) {
                        Text(tr("online.challengesYou", challenge.opponent.nickname)).font(.headline)
                        Text(L10n.challengeTerms(challenge)).font(.subheadline).foregroundStyle(.secondary)
                        HStack {
                            Button(tr("online.accept")) {
                                if challenge.daysPerMove != nil { CorrespondenceNotices.askToNotify() }
                                model.perform { try $0.acceptChallenge(challenge: challenge.id) }
                            }
                            .buttonStyle(.borderedProminent)
                            .disabled(!social.canAccept)
                            Button(tr("online.decline")) {
                                model.perform { try $0.declineChallenge(challenge: challenge.id) }
                            }
                            .buttonStyle(.bordered)
                        }
                        if !social.canAccept { Text(tr("online.finishGameFirst")).font(.footnote) }
                    }
                }
            }
        }
    }

    /// The players this account follows (who is online and playing), its own challenges, following and
    /// challenging by nickname, and the blocked players. Challenge opens the challenge sheet (its terms).
    @ViewBuilder private var friends: some View {
        let social = model.state.social
        Section(header: Text(tr("online.friends")), footer: Text(tr("online.friendsExplained"))) {
            ForEach(social.outgoing, id: \.id) { challenge in
                HStack {
                    VStack(alignment: .leading) {
                        Text(tr("online.waitingFor", challenge.opponent.nickname))
                        Text(L10n.challengeTerms(challenge)).font(.footnote).foregroundStyle(.secondary)
                    }
                    Spacer()
                    Button(tr("online.withdraw")) { model.perform { try $0.cancelChallenge(challenge: challenge.id) } }
                        .buttonStyle(.borderless)
                }
            }
            ForEach(social.friends, id: \.player.id) { friend in
                HStack {
                    Image(systemName: "circle.fill").font(.caption2)
                        .foregroundStyle(friend.online || friend.playing != nil ? Color.green : Color.secondary)
                        .accessibilityHidden(true)
                    Text(tr("online.friendStatus", friend.player.nickname, L10n.presence(friend)))
                    Spacer()
                    Button(tr("online.challenge")) { challenging = ChallengeTarget(nickname: friend.player.nickname) }
                        .buttonStyle(.borderless)
                        .disabled(!social.canChallenge)
                }
                .swipeActions {
                    Button(tr("online.unfollow")) {
                        model.perform { try $0.unfollow(nickname: friend.player.nickname) }
                    }
                    Button(tr("online.block"), role: .destructive) { blocking = friend.player }
                }
            }
            TextField(tr("online.nickname"), text: $friendName)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
            HStack {
                Button(tr("online.follow")) {
                    model.perform { [friendName] in try $0.follow(nickname: friendName) }
                    friendName = ""
                }
                Spacer()
                Button(tr("online.challenge")) {
                    challenging = ChallengeTarget(nickname: friendName.trimmingCharacters(in: .whitespaces))
                }
            }
            .buttonStyle(.borderless)
            .disabled(friendName.trimmingCharacters(in: .whitespaces).isEmpty)
            ForEach(social.blocked, id: \.id) { player in
                HStack {
                    Label(player.nickname, systemImage: "hand.raised")
                    Spacer()
                    Button(tr("online.unblock")) { model.perform { try $0.unblock(nickname: player.nickname) } }
                        .buttonStyle(.borderless)
                }
            }
        }
        .onAppear { model.perform { try $0.refreshSocial() } }
        .confirmationDialog(
            tr("online.blockQuestion", blocking?.nickname ?? ""),
            isPresented: Binding(get: { blocking != nil }, set: { if !$0 { blocking = nil } }),
            titleVisibility: .visible
        ) {
            Button(tr("online.block"), role: .destructive) {
                if let name = blocking?.nickname { model.perform { try $0.block(nickname: name) } }
            }
        }
    }

    /// The players waiting in the pool, the longest waiting first; Play starts a rated game at their clock.
    @ViewBuilder private var openSeeks: some View {
        if model.state.actions.acceptSeek {
            Section(header: Text(tr("online.openSeeks"))) {
                if model.state.openSeeks.isEmpty {
                    Text(tr("online.openSeeksEmpty")).foregroundStyle(.secondary)
                }
                ForEach(model.state.openSeeks, id: \.player.id) { seek in
                    HStack {
                        VStack(alignment: .leading) {
                            Text("\(seek.player.nickname) \(seek.rating)")
                            Text(L10n.seekDetails(seek)).font(.footnote).foregroundStyle(.secondary)
                        }
                        Spacer()
                        Button(tr("online.playSeek")) {
                            model.perform { try $0.acceptSeek(player: seek.player.id) }
                        }
                    }
                }
                Button(tr("online.refresh")) { model.perform { try $0.openSeeks() } }
            }
            .onAppear { model.perform { try $0.openSeeks() } }
        }
    }

    /// The games being played: friends' games first, then the highest rated; each opens to watch.
    @ViewBuilder private var liveGames: some View {
        Section(header: Text(tr("online.watchGame"))) {
            if model.state.liveGames.isEmpty {
                Text(tr("online.liveGamesEmpty")).foregroundStyle(.secondary)
            }
            ForEach(model.state.liveGames, id: \.game) { game in
                NavigationLink(value: Route.watch(game: game.game)) {
                    VStack(alignment: .leading) {
                        Text(L10n.livePlayers(game.white, game.black))
                        Text(L10n.liveDetails(game)).font(.footnote).foregroundStyle(.secondary)
                    }
                }
            }
            Button(tr("online.refresh")) { model.perform { try $0.liveGames() } }
        }
        .onAppear { model.perform { try $0.liveGames() } }
    }

    /// A code for another device, the account's devices, and signing one out (a lost phone).
    @ViewBuilder private var devices: some View {
        Section(header: Text(tr("online.devices")), footer: Text(tr("online.devicesExplained"))) {
            if let code = model.state.linkCode {
                Text(code.code).font(.largeTitle.monospaced()).textSelection(.enabled)
                    .accessibilityLabel(tr("online.linkCodeIs", code.code))
                Text(tr("online.linkCodeValid", L10n.minutesSeconds(code.remainingMs)))
            }
            Button(tr("online.showLinkCode")) { model.perform { try $0.createLinkCode() } }
            Button(tr("online.myDevices")) { model.perform { try $0.devices() } }
            ForEach(model.state.devices, id: \.id) { device in
                HStack {
                    LabeledContent(L10n.deviceName(device), value: L10n.lastSeen(device.lastSeenMs))
                    Button(tr("online.signOut"), role: .destructive) { signingOut = device }
                        .buttonStyle(.borderless)
                }
            }
        }
        .confirmationDialog(
            tr("online.signOutQuestion"),
            isPresented: Binding(get: { signingOut != nil }, set: { if !$0 { signingOut = nil } }),
            titleVisibility: .visible
        ) {
            Button(tr("online.signOut"), role: .destructive) {
                if let id = signingOut?.id { model.perform { try $0.signOutDevice(device: id) } }
            }
        }
    }

    private var control: TimeControl? {
        model.state.presets.indices.contains(presetIndex) ? model.state.presets[presetIndex] : nil
    }

    @ViewBuilder private var leaderboard: some View {
        Section(tr("online.leaderboard")) {
            Picker(tr("online.speed"), selection: $speed) {
                ForEach([Speed.bullet, .blitz, .rapid, .classic], id: \.self) { Text(L10n.speed($0)).tag($0) }
            }
            .pickerStyle(.segmented)
            if let board = model.state.leaderboard, board.speed == speed {
                if board.rows.isEmpty { Text(tr("online.leaderboardEmpty")).foregroundStyle(.secondary) }
                ForEach(board.rows, id: \.player.id) { row in
                    NavigationLink(value: Route.profile(nickname: row.player.nickname)) {
                        LabeledContent(
                            tr("online.rank", Int(row.rank), row.player.nickname),
                            value: tr("online.ratingGames", L10n.rating(row.rating), Int(row.games)))
                    }
                }
            }
        }
    }
}

/// A player the challenge sheet is open for.
private struct ChallengeTarget: Identifiable {
    let nickname: String
    var id: String { nickname }
}

/// A challenge's terms: on a clock (the server's presets) or by correspondence (days per move, 3 unless chosen),
/// the challenger's colour, rated or casual. GiveawayKit's `ChallengeTerms` makes the call.
private struct ChallengeSheet: View {
    let model: OnlineModel
    let nickname: String
    @Environment(\.dismiss) private var dismiss
    @State private var terms = ChallengeTerms()
    @State private var presetIndex: Int

    init(model: OnlineModel, nickname: String) {
        self.model = model
        self.nickname = nickname
        _presetIndex = State(initialValue: Int(model.state.defaultPreset))
    }

    private var clock: TimeControl? {
        model.state.presets.indices.contains(presetIndex) ? model.state.presets[presetIndex] : nil
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Picker(tr("online.challengeKind"), selection: $terms.kind) {
                        Text(tr("home.clock")).tag(ChallengeTerms.Kind.clock)
                        Text(tr("online.correspondence")).tag(ChallengeTerms.Kind.correspondence)
                    }
                    .pickerStyle(.segmented)
                    switch terms.kind {
                    case .clock:
                        Picker(tr("online.timeControl"), selection: $presetIndex) {
                            ForEach(Array(model.state.presets.enumerated()), id: \.offset) { i, control in
                                Text(timeControlLabel(control: control)).tag(i)
                            }
                        }
                    case .correspondence:
                        Picker(tr("online.daysPerMoveLabel"), selection: $terms.daysPerMove) {
                            ForEach(ChallengeTerms.dayChoices, id: \.self) { Text(L10n.daysPerMove($0)).tag($0) }
                        }
                    }
                } footer: {
                    if terms.kind == .correspondence { Text(tr("online.correspondenceExplained")) }
                }
                Section {
                    Picker(tr("online.yourColour"), selection: $terms.color) {
                        Text(tr("online.colourRandom")).tag(ChallengeColor.random)
                        Text(tr("online.colourWhite")).tag(ChallengeColor.white)
                        Text(tr("online.colourBlack")).tag(ChallengeColor.black)
                    }
                    Toggle(tr("online.rated"), isOn: $terms.rated)
                }
                Section {
                    Button(tr("online.sendChallenge")) {
                        if terms.kind == .correspondence { CorrespondenceNotices.askToNotify() }
                        model.perform { [terms, nickname, clock] in try terms.send(to: nickname, clock: clock, on: $0) }
                        dismiss()
                    }
                    .disabled(terms.kind == .clock && clock == nil)
                }
            }
            .navigationTitle(tr("online.challengeTitle", nickname))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(tr("common.cancel")) { dismiss() } }
            }
        }
    }
}

/// The player's correspondence games, those waiting for their move first and stressed, each with the opponent,
/// colours, days per move, the time left and the last move; a tap opens its board (the game goes on on the
/// server while the board is closed). How to start one when there are none.
private struct CorrespondenceSection: View {
    let model: OnlineModel
    @Binding var path: [Route]

    var body: some View {
        let games = model.state.correspondence
        Section {
            if games.isEmpty {
                Text(tr("online.correspondenceEmpty")).foregroundStyle(.secondary)
            }
            ForEach(games, id: \.game) { game in
                Button {
                    open(game.game)
                } label: {
                    CorrespondenceRow(game: game)
                }
                .disabled(!model.state.canOpenCorrespondence)
            }
            Button(tr("online.refresh")) { model.perform { try $0.correspondence() } }
        } header: {
            Text(tr("online.correspondence"))
        } footer: {
            if model.state.correspondenceWaiting > 0 {
                Text(tr("online.correspondenceWaiting", Int(model.state.correspondenceWaiting)))
            }
        }
    }

    private func open(_ game: Int64) {
        // Its board is still up (the back button left it): shown again. Otherwise the server's state opens it,
        // and the lobby shows it when it comes.
        if model.state.game?.game == game, model.game != nil {
            path.append(.onlineGame)
        } else {
            model.perform { try $0.openCorrespondence(game: game) }
        }
    }
}

/// One correspondence game: whose move and the time left, the opponent, then the terms and the last move.
private struct CorrespondenceRow: View {
    let game: CorrespondenceView

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Text(game.yourMove ? tr("status.yourMove") : tr("online.theirMove", game.opponent.nickname))
                    .font(game.yourMove ? .headline : .subheadline)
                    .foregroundStyle(game.yourMove ? SwiftUI.Color.accentColor : SwiftUI.Color.secondary)
                Spacer()
                Text(tr("online.timeLeft", L10n.timeLeft(game.timeLeftMs)))
                    .font(.subheadline.monospacedDigit())
                    .fontWeight(game.yourMove ? .semibold : .regular)
            }
            Text(tr("online.versus", game.opponent.nickname)).fontWeight(game.yourMove ? .bold : .regular)
            Text(L10n.correspondenceDetails(game)).font(.footnote).foregroundStyle(.secondary)
        }
        .foregroundStyle(.primary)
        .accessibilityElement(children: .combine)
    }
}

/// The connection in one line; when something is wrong, what happened and the way on.
private struct ConnectionSection: View {
    let model: OnlineModel

    var body: some View {
        Section {
            switch model.state.problem {
            case .offline(let reason, let retryInMs):
                Label(tr("online.offline", reason, L10n.seconds(retryInMs)), systemImage: "wifi.slash")
                    .foregroundStyle(.red)
            case .signedOut:
                Label(tr("online.signedOut"), systemImage: "person.crop.circle.badge.exclamationmark")
                    .foregroundStyle(.orange)
            case .updateNeeded(let message):
                Label(tr("online.updateNeeded", message), systemImage: "arrow.down.app").foregroundStyle(.red)
            case .closed:
                Label(tr("online.closed"), systemImage: "wifi.slash").foregroundStyle(.red)
            case .playingElsewhere:
                Label(tr("online.playingElsewhere"), systemImage: "iphone.and.arrow.forward").foregroundStyle(.orange)
            case nil:
                Label(L10n.connection(model.state), systemImage: model.state.actions.browse ? "wifi" : "hourglass")
            }
            if model.state.actions.tryNow {
                Button(tr("online.retryNow")) { model.perform { $0.reconnect() } }
            }
        }
    }
}

/// The game screen on the online game's board, with the opponent's connection above and the result, the
/// rating change and the rematch below once it is over.
struct OnlineGameScreen: View {
    @Environment(AppModel.self) private var app
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        if let online = app.online, let board = online.game, let view = online.state.game {
            GameContent(model: board)
                // A rematch is a new board: the screen starts afresh on it.
                .id(ObjectIdentifier(board))
                .safeAreaInset(edge: .top) {
                    VStack(spacing: 4) {
                        if let problem = online.state.problem { ProblemLine(model: online, problem: problem) }
                        if case .firstMove(let side, let remainingMs) = view.status {
                            Label(
                                L10n.firstMove(side: side, remainingMs: remainingMs, game: view), systemImage: "timer"
                            )
                            .font(.footnote)
                        }
                        // Never set in correspondence, where being away is the normal case.
                        if view.opponentAway {
                            Label(tr("online.opponentAway"), systemImage: "wifi.exclamationmark").font(.footnote)
                        }
                        if let days = view.daysPerMove, !view.isOver {
                            CorrespondenceBar(model: online, days: days, canLeave: view.actions.backToLobby) {
                                dismiss()
                            }
                        }
                    }
                }
                .safeAreaInset(edge: .bottom) {
                    if case .over(let end) = view.status {
                        OnlineResult(model: online, board: board, view: view, end: end, leave: { dismiss() })
                    }
                }
                .onlineMessageAlert(online)
        } else {
            ContentUnavailableView(tr("online.noGame"), systemImage: "globe")
        }
    }
}

/// A correspondence game's board while it goes on: its days per move, and back to the lobby (the board closes,
/// the game waits on the server and is opened again from the lobby's list).
private struct CorrespondenceBar: View {
    let model: OnlineModel
    let days: UInt32
    let canLeave: Bool
    let leave: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Label(L10n.daysPerMove(days), systemImage: "envelope").font(.subheadline)
                Spacer()
                if canLeave {
                    Button(tr("online.leave")) {
                        model.perform { try $0.leaveGame() }
                        leave()
                    }
                    .buttonStyle(.bordered)
                }
            }
            Text(tr("online.correspondenceBoard")).font(.footnote).foregroundStyle(.secondary)
        }
        .padding(.horizontal)
    }
}

/// The connection's trouble over the board: the game waits for it (a move made meanwhile is sent when it is back).
private struct ProblemLine: View {
    let model: OnlineModel
    let problem: OnlineProblem

    var body: some View {
        HStack {
            switch problem {
            case .offline(let reason, let retryInMs):
                Text(tr("online.offline", reason, L10n.seconds(retryInMs)))
            case .signedOut: Text(tr("online.signedOut"))
            case .updateNeeded(let message): Text(tr("online.updateNeeded", message))
            case .closed: Text(tr("online.closed"))
            case .playingElsewhere: Text(tr("online.playingElsewhere"))
            }
            if model.state.actions.tryNow {
                Button(tr("online.retryNow")) { model.perform { $0.reconnect() } }
            }
        }
        .font(.footnote)
        .foregroundStyle(.red)
        .padding(.horizontal)
    }
}

private struct OnlineResult: View {
    let model: OnlineModel
    let board: GameScreenModel
    let view: OnlineGame
    let end: OnlineEnd
    let leave: () -> Void

    var body: some View {
        VStack(spacing: 8) {
            // The board's status words the result for the player.
            Text(L10n.status(board.state.status)).font(.headline)
            if let rating = end.rating {
                Text(
                    tr(
                        "online.ratingChange", L10n.rating(rating.before), L10n.rating(rating.after),
                        L10n.ratingDelta(rating.after - rating.before))
                )
                .font(.subheadline.monospacedDigit())
            }
            HStack {
                switch view.rematch {
                case .canOffer:
                    Button(tr("online.rematch")) { model.perform { try $0.offerRematch() } }
                        .disabled(!view.actions.offerRematch)
                case .offered:
                    Text(tr("online.rematchSent")).foregroundStyle(.secondary)
                case .offeredToYou:
                    Button(tr("online.acceptRematch")) { model.perform { try $0.offerRematch() } }
                        .buttonStyle(.borderedProminent)
                    Button(tr("online.declineRematch")) { model.perform { try $0.declineRematch() } }
                case .unavailable:
                    EmptyView()
                }
                Spacer()
                Button(tr("online.leave")) {
                    model.perform { try $0.leaveGame() }
                    leave()
                }
            }
        }
        .padding()
        .background(.thinMaterial, in: .rect(cornerRadius: 12))
        .padding(.horizontal)
    }
}

/// A player's ratings per speed and last games.
struct ProfileView: View {
    let nickname: String
    @Environment(AppModel.self) private var app

    var body: some View {
        Group {
            if let online = app.online, let profile = online.state.profile, profile.player.nickname == nickname {
                List {
                    Section(tr("online.ratings")) {
                        ForEach(profile.ratings, id: \.speed) { r in
                            LabeledContent(
                                L10n.speed(r.speed),
                                value: tr("online.ratingGames", L10n.rating(r.rating), Int(r.games))
                                    + (r.provisional ? " · \(tr("online.provisional"))" : ""))
                        }
                    }
                    Section(tr("online.recent")) {
                        ForEach(profile.recent, id: \.game) { game in
                            VStack(alignment: .leading, spacing: 2) {
                                Text(tr("online.versus", game.opponent.nickname)).font(.headline)
                                Text(L10n.recentResult(game)).font(.subheadline)
                                HStack {
                                    Text(
                                        game.daysPerMove.map(L10n.daysPerMove)
                                            ?? timeControlLabel(control: game.timeControl))
                                    Text(game.rated ? tr("online.rated") : tr("online.casual"))
                                    Text(Date(timeIntervalSince1970: Double(game.endedAtMs) / 1000), style: .date)
                                }
                                .font(.caption)
                                .foregroundStyle(.secondary)
                            }
                            .accessibilityElement(children: .combine)
                        }
                    }
                }
            } else {
                ProgressView()
            }
        }
        .navigationTitle(nickname)
        .task { app.online?.perform { try $0.profile(nickname: nickname) } }
    }
}

@MainActor
private extension View {
    /// The online model's message (a refused request, a move the server did not take) as an alert.
    func onlineMessageAlert(_ model: OnlineModel) -> some View {
        alert(
            tr("error.title"),
            isPresented: Binding(
                get: { model.message != nil }, set: { if !$0 { model.message = nil } }
            )
        ) {
            Button(tr("common.ok"), role: .cancel) {}
        } message: {
            Text(model.message.map(L10n.onlineMessage) ?? "")
        }
    }
}

/// A game watched live: the board nothing can be moved on, the players' bars with their running clocks and a
/// reaction just shown, how many watch, whose move it is or how it ended, and the moves. Leaving stops watching.
struct WatchGameView: View {
    @Environment(AppModel.self) private var app
    let game: Int64

    var body: some View {
        Group {
            if let w = app.online?.state.watching, w.game == game {
                ScrollView {
                    VStack(spacing: 8) {
                        PlayerBarView(bar: w.top)
                        BoardView(
                            picture: BoardPicture(squares: w.board.squares),
                            board: Themes.board(app.settings?.boardTheme ?? .classic),
                            pieceTheme: Themes.pieces(app.settings?.pieceTheme ?? .classic),
                            describe: L10n.describePiece
                        )
                        .aspectRatio(1, contentMode: .fit)
                        PlayerBarView(bar: w.bottom)
                        Text(
                            [
                                timeControlLabel(control: w.timeControl), L10n.speed(w.speed),
                                w.rated ? tr("online.rated") : tr("online.casual"),
                                tr("online.watchingCount", Int(w.spectators)),
                            ].joined(separator: " · ")
                        )
                        .font(.subheadline)
                        Text(L10n.watchStatus(w)).font(.headline)
                        Text(
                            stride(from: 0, to: w.moves.count, by: 2).map { i in
                                "\(i / 2 + 1). " + w.moves[i..<min(i + 2, w.moves.count)].joined(separator: "  ")
                            }.joined(separator: "   ")
                        )
                        .font(.footnote)
                    }
                    .padding()
                }
                .navigationTitle(tr("online.watchTitle", w.white.nickname, w.black.nickname))
            } else {
                ProgressView()
            }
        }
        .task { app.online?.perform { try $0.watch(game: game) } }
        .onDisappear { app.online?.perform { $0.stopWatching() } }
    }
}
