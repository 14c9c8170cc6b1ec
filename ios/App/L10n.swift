// Every string the player reads comes from Localizable.xcstrings (en, ru, pt); `make test` checks that each
// key used here exists in all three languages.
import Foundation
import GiveawayCore
import GiveawayKit

/// The translation of `key`, with `%@`/`%lld` arguments filled in.
func tr(_ key: String, _ args: CVarArg...) -> String {
    let format = String(localized: String.LocalizationValue(key))
    return args.isEmpty ? format : String(format: format, locale: Locale.current, arguments: args)
}

enum L10n {
    static let speech = Speech(words: speechWord, result: { L10n.result($0.outcome, $0.reason) })

    private static func speechWord(_ word: SpeechWord) -> String {
        switch word {
        case .whiteMan: return tr("speech.whiteMan")
        case .whiteKing: return tr("speech.whiteKing")
        case .blackMan: return tr("speech.blackMan")
        case .blackKing: return tr("speech.blackKing")
        case .empty: return tr("speech.empty")
        case .mustCapture: return tr("speech.mustCapture")
        case .canMove: return tr("speech.canMove")
        case .selected: return tr("speech.selected")
        case .destination: return tr("speech.destination")
        case .captured: return tr("speech.captured")
        case .lastMove: return tr("speech.lastMove")
        case .to: return tr("speech.to")
        case .takes: return tr("speech.takes")
        case .crowned: return tr("speech.crowned")
        case .white: return tr("color.white")
        case .black: return tr("color.black")
        }
    }

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

    /// A preset's name (`Blitz 5+3` from the core) with its family translated.
    static func preset(_ preset: TimeControlPreset) -> String {
        let parts = preset.name.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return preset.name }
        let family: String
        switch parts[0] {
        case "Bullet": family = tr("clock.bullet")
        case "Blitz": family = tr("clock.blitz")
        case "Rapid": family = tr("clock.rapid")
        case "Classic": family = tr("clock.classic")
        default: family = parts[0]
        }
        return "\(family) \(parts[1])"
    }

    static func result(_ outcome: Outcome?, _ reason: EndReason?) -> String {
        guard let outcome else { return tr("result.inProgress") }
        let who: String
        switch outcome {
        case .whiteWins: who = tr("result.whiteWins")
        case .blackWins: who = tr("result.blackWins")
        case .draw: who = tr("result.draw")
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
        }
        return "\(who) (\(why))"
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
        return "\(headline): \(m.detail)"
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

    static func mode(_ m: GameMode) -> String {
        switch m {
        case .vsComputer: return tr("mode.vsComputer")
        case .passAndPlay: return tr("mode.passAndPlay")
        case .imported: return tr("mode.imported")
        }
    }
}
