// Every string the player reads comes from Localizable.xcstrings (en, ru, pt); `make test` checks that each
// key used here exists in all three languages. The core decides what is said (status, events, square
// descriptions, announcements); these functions only choose the words.
import Foundation
import GiveawayCore
import GiveawayKit

/// The translation of `key`, with `%@`/`%lld` arguments filled in.
func tr(_ key: String, _ args: CVarArg...) -> String {
    let format = String(localized: String.LocalizationValue(key))
    return args.isEmpty ? format : String(format: format, locale: Locale.current, arguments: args)
}

enum L10n {
    static func level(_ number: UInt8) -> String {
        switch number {
        case 1: return tr("level.1")
        case 2: return tr("level.2")
        case 3: return tr("level.3")
        case 4: return tr("level.4")
        case 5: return tr("level.5")
        case 6: return tr("level.6")
        case 7: return tr("level.7")
        default: return tr("level.8")
        }
    }

    static func color(_ color: Color) -> String {
        color == .white ? tr("color.white") : tr("color.black")
    }

    /// A palette choice of the position editor.
    static func paletteName(_ piece: PieceView?) -> String {
        switch (piece?.color, piece?.kind) {
        case (.white?, .man?): return tr("editor.whiteMan")
        case (.white?, .king?): return tr("editor.whiteKing")
        case (.black?, .man?): return tr("editor.blackMan")
        case (.black?, .king?): return tr("editor.blackKing")
        default: return tr("editor.eraser")
        }
    }

    /// Why no game can start from the position being set up.
    static func positionProblem(_ p: PositionProblem) -> String {
        switch p {
        case .noPieces(let side): return side == .white ? tr("editor.whiteNoPieces") : tr("editor.blackNoPieces")
        case .noMove(let side): return side == .white ? tr("editor.whiteNoMove") : tr("editor.blackNoMove")
        }
    }

    /// An exact value from the endgame tables.
    static func exact(_ v: ExactValue) -> String {
        switch v.outcome {
        case .win: return v.moves == 0 ? tr("tables.won") : tr("tables.win", Int(v.moves))
        case .loss: return tr("tables.loss", Int(v.moves))
        case .draw: return tr("tables.draw")
        }
    }

    /// The tables' verdict on one move.
    static func verdict(_ v: ExactVerdict) -> String {
        let said: String
        switch v.threwAway {
        case .win: said = tr("tables.thrownWin", exact(v.before))
        case .draw: said = tr("tables.thrownDraw")
        case nil: said = exact(v.before)
        }
        return tr("tables.verdict", said)
    }

    /// A move that threw away a win or a draw the tables prove.
    static func turningPoint(_ t: TurningPoint) -> String {
        switch t.threwAway {
        case .win: return tr("tables.turningWin", color(t.mover), exact(t.before), Int(t.moveNumber), t.played.text)
        case .draw: return tr("tables.turningDraw", color(t.mover), Int(t.moveNumber), t.played.text)
        }
    }

    /// Where the game was lost by force, as the proof search showed, and the move that lost it.
    static func forcedLoss(_ f: ForcedLoss) -> String {
        guard let mistake = f.mistake, let number = f.mistakeMoveNumber else {
            return tr("analysis.forcedLossStart", color(f.loser), Int(f.moves))
        }
        let key = f.proven ? "analysis.forcedLoss" : "analysis.forcedLossMaybe"
        return tr(key, color(f.loser), Int(f.moveNumber), Int(f.moves), mistake.text, Int(number))
    }

    /// What the endgame tables can do now.
    static func tables(_ s: TablesState) -> String {
        if let b = s.building { return tr("tables.building", Int(b.pieces), Int(b.done), Int(b.total)) }
        return s.pieces > 0 ? tr("tables.ready", Int(s.pieces)) : tr("tables.none")
    }

    /// A preset's name (`Blitz 5+3` from the core) with its family translated.
    static func preset(_ preset: TimeControlPreset) -> String {
        let family: String
        switch preset.name.split(separator: " ").first.map(String.init) ?? "" {
        case "Bullet": family = tr("clock.bullet")
        case "Blitz": family = tr("clock.blitz")
        case "Rapid": family = tr("clock.rapid")
        case "Classic": family = tr("clock.classic")
        default: return preset.name
        }
        return "\(family) \(timeControlLabel(control: preset.control))"
    }

    /// How a game ended (or that it goes on), for the player against the computer when `player` is given.
    static func result(_ outcome: Outcome?, _ reason: EndReason?, for player: PlayerOutcome? = nil) -> String {
        guard let outcome else { return tr("result.inProgress") }
        let who: String
        switch (player, outcome) {
        case (.won, _): who = tr("result.youWon")
        case (.lost, _): who = tr("result.youLost")
        case (_, .draw): who = tr("result.draw")
        case (_, .whiteWins): who = tr("result.whiteWins")
        case (_, .blackWins): who = tr("result.blackWins")
        }
        guard let reason else { return who }
        let why: String
        switch reason {
        case .noLegalMove: why = tr("reason.noLegalMove")
        case .resignation: why = tr("reason.resignation")
        case .time: why = tr("reason.time")
        case .repetition: why = tr("reason.repetition")
        case .kingMoveRule: why = tr("reason.kingMoveRule")
        case .agreement: why = tr("reason.agreement")
        case .abandonment: why = tr("reason.abandonment")
        }
        return "\(who) (\(why))"
    }

    static func status(_ status: Status) -> String {
        switch status {
        case .yourMove(let capture): return capture ? tr("status.yourMoveCapture") : tr("status.yourMove")
        case .sideToMove(let side, let capture):
            return capture ? tr("status.toMoveCapture", L10n.color(side)) : tr("status.toMove", L10n.color(side))
        case .capturing(let path): return tr("status.capturing", path.joined(separator: " → "))
        case .chooseCapture: return tr("game.chooseCapture")
        case .drawOffered(let by): return tr("game.drawOffered", L10n.color(by))
        case .computerThinking: return tr("game.thinking")
        case .computerHeld: return tr("status.computerHeld")
        case .over(let r, let player): return result(r.outcome, r.reason, for: player)
        }
    }

    /// `4:59`: how long a link code is still valid.
    static func minutesSeconds(_ ms: UInt64) -> String {
        let s = ms / 1000
        return String(format: "%d:%02d", s / 60, s % 60)
    }

    /// A device of the account as the list names it.
    static func deviceName(_ d: DeviceView) -> String {
        switch (d.thisDevice, d.label.isEmpty) {
        case (true, true): return tr("online.thisDevice")
        case (true, false): return tr("online.thisDeviceNamed", d.label)
        case (false, true): return tr("online.firstDevice")
        case (false, false): return d.label
        }
    }

    /// "5 minutes ago", in the user's language.
    static func lastSeen(_ ms: Int64) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(ms) / 1000)
        return RelativeDateTimeFormatter().localizedString(for: date, relativeTo: Date())
    }

    /// Why a tap on one of the player's own pieces did nothing.
    static func notice(_ notice: Notice) -> String {
        let name = { (n: UInt32) in squareName(square: n, notation: .algebraic) ?? "" }
        switch notice.kind {
        case .mustCaptureElsewhere:
            return tr("notice.mustCaptureElsewhere", notice.capturers.map(name).joined(separator: ", "))
        case .pieceCannotMove: return tr("notice.cannotMove", name(notice.square))
        case .premoveDropped: return tr("notice.premoveDropped")
        }
    }

    /// VoiceOver's words for a square: "c3, white man, must capture".
    static func describe(_ d: SquareDescription) -> String {
        var words = [d.name]
        switch (d.piece?.color, d.piece?.kind) {
        case (.white, .man): words.append(tr("speech.whiteMan"))
        case (.white, .king): words.append(tr("speech.whiteKing"))
        case (.black, .man): words.append(tr("speech.blackMan"))
        case (.black, .king): words.append(tr("speech.blackKing"))
        default: words.append(tr("speech.empty"))
        }
        for state in d.states {
            switch state {
            case .selected: words.append(tr("speech.selected"))
            case .mustCapture: words.append(tr("speech.mustCapture"))
            case .canMove: words.append(tr("speech.canMove"))
            case .destination: words.append(tr("speech.destination"))
            case .captured: words.append(tr("speech.captured"))
            case .hint: words.append(tr("speech.hint"))
            case .lastMove: words.append(tr("speech.lastMove"))
            }
        }
        return words.joined(separator: ", ")
    }

    /// A square of a board nothing is played on (replay, editor, rules): its name, piece and marks.
    static func describePiece(_ square: SquareView) -> String {
        describe(describeSquare(square: square, notation: .algebraic))
    }

    /// What VoiceOver announces for an event: the opponent's move and the end of the game.
    static func announcement(_ event: GameEvent) -> String? {
        switch event {
        case .moved(_, let a, true, _):
            let landings = a.landings.joined(separator: ", ")
            let move =
                a.captures == 0
                ? tr("speech.moveTo", L10n.color(a.side), a.from, landings)
                : tr("speech.moveTakes", L10n.color(a.side), a.from, landings)
            return a.promotes ? "\(move), \(tr("speech.crowned"))" : move
        case .ended(let r, let player, _): return result(r.outcome, r.reason, for: player)
        default: return nil
        }
    }

    static func message(_ m: UserMessage) -> String {
        let headline: String
        switch m.kind {
        case .illegalMove: headline = tr("error.illegalMove")
        case .notYourTurn: headline = tr("error.notYourTurn")
        case .gameOver: headline = tr("error.gameOver")
        case .unavailable: headline = tr("error.unavailable")
        case .busy: headline = tr("error.busy")
        case .storage: headline = tr("error.storage")
        case .badInput: headline = tr("error.badInput")
        case .notFound: headline = tr("error.notFound")
        case .internalError: headline = tr("error.internal")
        }
        return m.detail.isEmpty ? headline : "\(headline): \(m.detail)"
    }

    static func moveClass(_ c: String) -> String {
        switch c {
        case "best": return tr("analysis.best")
        case "good": return tr("analysis.good")
        case "inaccuracy": return tr("analysis.inaccuracy")
        case "mistake": return tr("analysis.mistake")
        case "blunder": return tr("analysis.blunder")
        default: return c
        }
    }

    // MARK: Online

    static func speed(_ s: Speed) -> String {
        switch s {
        case .bullet: return tr("clock.bullet")
        case .blitz: return tr("clock.blitz")
        case .rapid: return tr("clock.rapid")
        case .classic: return tr("clock.classic")
        }
    }

    static func rating(_ r: Double) -> String {
        String(format: "%.0f", locale: Locale.current, r)
    }

    static func ratingDelta(_ d: Double) -> String {
        String(format: "%+.0f", locale: Locale.current, d)
    }

    /// Milliseconds as seconds with one decimal ("2.5").
    static func seconds(_ ms: UInt64) -> String {
        String(format: "%.1f", locale: Locale.current, Double(ms) / 1000)
    }

    /// The connection in one line while nothing is wrong (the screen's `problem` words the rest).
    static func connection(_ state: OnlineScreen) -> String {
        switch (state.connection, state.account) {
        case (.connecting(let attempt), _) where attempt > 1:
            return tr("online.connectingAttempt", state.server, Int(attempt))
        case (.connecting, _): return tr("online.connecting", state.server)
        case (_, .signedIn(let player)): return tr("online.onlineAs", player.nickname)
        default: return tr("online.online")
        }
    }

    /// The first-move countdown: who must move, in whole seconds (in days and hours for correspondence), before
    /// the server aborts the game.
    static func firstMove(side: Color, remainingMs: UInt64, game: OnlineGame) -> String {
        if game.daysPerMove != nil {
            let left = timeLeft(remainingMs)
            return side == game.you
                ? tr("online.firstMoveYoursIn", left) : tr("online.firstMoveTheirsIn", game.opponent.nickname, left)
        }
        let seconds = Int((remainingMs + 999) / 1000)
        return side == game.you
            ? tr("online.firstMoveYours", seconds) : tr("online.firstMoveTheirs", game.opponent.nickname, seconds)
    }

    /// A profile's finished game, seen from the profile's owner.
    static func recentResult(_ game: RecentGame) -> String {
        guard let reason = game.reason else { return tr("online.aborted") }
        let outcome: Outcome = game.winner.map { $0 == .white ? .whiteWins : .blackWins } ?? .draw
        let words = result(outcome, reason)
        return game.ratingChange.map { "\(words) · \(ratingDelta($0))" } ?? words
    }

    /// "5+3 · rated · you play Black · 9:41 left", or "3 days per move · casual · you play White · 6 d 23 h left".
    static func challengeTerms(_ c: ChallengeView) -> String {
        let colour: String
        switch c.color {
        case .white: colour = tr("online.youPlayWhite")
        case .black: colour = tr("online.youPlayBlack")
        case .random: colour = tr("online.coloursDrawn")
        }
        let (terms, left) =
            c.daysPerMove.map { (daysPerMove($0), timeLeft(c.remainingMs)) }
            ?? (timeControlLabel(control: c.timeControl), minutesSeconds(c.remainingMs))
        return [terms, c.rated ? tr("online.rated") : tr("online.casual"), colour, tr("online.timeLeft", left)]
            .joined(separator: " · ")
    }

    /// "3 days per move" (the days are one of 1, 2, 3, 5, 7, 14: one has its own words).
    static func daysPerMove(_ days: UInt32) -> String {
        days == 1 ? tr("online.dayPerMove") : tr("online.daysPerMove", Int(days))
    }

    /// A correspondence move's time left: "2 d 23 h", "5 h 20 min", "20 min" (GiveawayKit's `TimeLeft`).
    static func timeLeft(_ ms: UInt64) -> String {
        switch TimeLeft(ms: ms) {
        case .daysHours(let days, let hours): return tr("online.timeDaysHours", days, hours)
        case .hoursMinutes(let hours, let minutes): return tr("online.timeHoursMinutes", hours, minutes)
        case .minutes(let minutes): return tr("online.minutes", minutes)
        }
    }

    /// "you play White · 3 days per move · rated · last c3-d4" (whose move and the time left are said apart).
    static func correspondenceDetails(_ g: CorrespondenceView) -> String {
        var parts = [
            g.you == .white ? tr("online.youPlayWhite") : tr("online.youPlayBlack"), daysPerMove(g.daysPerMove),
            g.rated ? tr("online.rated") : tr("online.casual"),
        ]
        if let last = g.lastMove { parts.append(tr("online.lastMove", last)) }
        return parts.joined(separator: " · ")
    }

    /// "Anna 1712 – Bob 1650?".
    static func livePlayers(_ white: SeatView, _ black: SeatView) -> String {
        tr("online.livePlayers", white.nickname, rating(white.rating), black.nickname, rating(black.rating))
    }

    /// "3+2 · move 12 · 3 watching · a friend plays".
    static func liveDetails(_ g: LiveGameView) -> String {
        var parts = [
            timeControlLabel(control: g.timeControl), tr("online.moveNumber", Int(g.ply / 2 + 1)),
            tr("online.watchingCount", Int(g.spectators)),
        ]
        if g.friend { parts.append(tr("online.friendPlays")) }
        return parts.joined(separator: " · ")
    }

    /// `12:05`, or `1:02:05` from an hour on.
    private static func countdown(_ ms: UInt64) -> String {
        let s = ms / 1000
        return s >= 3600
            ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// "3+2 Blitz · 35:04 left · 12 players · leader Anna 14 · joined".
    static func arenaDetails(_ a: ArenaView) -> String {
        var parts = ["\(timeControlLabel(control: a.timeControl)) \(speed(a.speed))"]
        switch a.status {
        case .upcoming: parts.append(tr("online.arenaStartsIn", countdown(a.startsInMs)))
        case .running: parts.append(tr("online.arenaLeft", countdown(a.endsInMs)))
        case .finished: parts.append(tr("online.arenaFinished"))
        }
        parts.append(tr("online.arenaPlayers", Int(a.players)))
        if let leader = a.leader {
            let key = a.status == .finished ? "online.arenaWonBy" : "online.arenaLeader"
            parts.append(tr(key, leader, Int(a.leaderScore)))
        }
        if a.joined { parts.append(tr("online.arenaJoined")) }
        return parts.joined(separator: " · ")
    }

    /// The arena's name: the scheduled ones in the app's language, a player's own as they named it.
    static func arenaName(_ a: ArenaView) -> String {
        switch a.scheduled {
        case .hourlyBlitz: return tr("online.arenaHourlyBlitz")
        case .dailyRapid: return tr("online.arenaDailyRapid")
        case nil: return a.name
        }
    }

    /// Who made it and how it scores.
    static func arenaAbout(_ a: ArenaView) -> String {
        ((a.createdBy.map { [tr("online.arenaMadeBy", $0)] } ?? []) + [tr("online.arenaScoring")])
            .joined(separator: " · ")
    }

    /// Whether the player takes part, or the arena is over.
    static func arenaStatus(_ a: ArenaView) -> String {
        if a.status == .finished { return tr("online.arenaOver") }
        return tr(a.joined ? "online.arenaTakePart" : "online.arenaJoinHint")
    }

    /// "1 game, 1 won · on fire · playing".
    static func arenaLineNotes(_ l: ArenaLine) -> String {
        var parts = [tr("online.arenaGames", Int(l.games), Int(l.wins))]
        if l.onFire { parts.append(tr("online.arenaOnFire")) }
        if l.playing {
            parts.append(tr("online.arenaPlaying"))
        } else if !l.active {
            parts.append(tr("online.arenaPaused"))
        }
        return parts.joined(separator: " · ")
    }

    /// "5+3 Blitz · waiting 0:42".
    static func seekDetails(_ s: SeekView) -> String {
        let waited = String(format: "%d:%02d", s.waitedS / 60, s.waitedS % 60)
        return "\(timeControlLabel(control: s.timeControl)) \(speed(s.speed)) · " + tr("online.seekWaiting", waited)
    }

    /// Whose move it is in a watched game, or how it ended.
    static func watchStatus(_ w: WatchScreen) -> String {
        guard let end = w.end else {
            return tr("online.watchToMove", w.moves.count % 2 == 0 ? w.white.nickname : w.black.nickname)
        }
        let outcome: Outcome = end.winner.map { $0 == .white ? .whiteWins : .blackWins } ?? .draw
        guard end.reason != nil else { return tr("online.aborted") }
        return result(outcome, end.reason)
    }

    /// "playing", "online" or "offline".
    static func presence(_ f: FriendView) -> String {
        if f.playing != nil { return tr("online.friendPlaying") }
        return f.online ? tr("online.friendOnline") : tr("online.friendOffline")
    }

    static func onlineMessage(_ m: OnlineModel.Message) -> String {
        switch m {
        case .refused(let code, let detail):
            switch code {
            case .nicknameTaken: return tr("online.refused.nicknameTaken")
            case .nicknameInvalid: return tr("online.refused.nicknameInvalid", detail)
            case .unknownInvite: return tr("online.refused.unknownInvite")
            case .ownInvite: return tr("online.refused.ownInvite")
            case .unknownPlayer: return tr("online.refused.unknownPlayer")
            case .rematchUnavailable: return tr("online.refused.rematchUnavailable")
            case .busy: return tr("online.refused.busy")
            case .rateLimited: return tr("online.refused.rateLimited")
            case .unknownChallenge: return tr("online.refused.unknownChallenge")
            case .unknownSeek: return tr("online.refused.unknownSeek")
            case .unknownArena: return tr("online.refused.unknownArena")
            // The server's own words name the player ("Bob does not take challenges from you").
            case .refused: return detail
            default: return tr("online.refused.other", detail)
            }
        case .moveRefused(let move, let reason): return tr("online.moveRefused", move, reason)
        case .aborted: return tr("online.aborted")
        case .failed(let message): return L10n.message(message)
        }
    }

    static func mode(_ m: GameMode) -> String {
        switch m {
        case .vsComputer: return tr("mode.vsComputer")
        case .passAndPlay: return tr("mode.passAndPlay")
        case .imported: return tr("mode.imported")
        case .online: return tr("mode.online")
        }
    }
}
