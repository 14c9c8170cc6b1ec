// Small conveniences on the generated binding types. Nothing here decides the game: that is the core's job.
import GiveawayCore

extension Color {
    public var opposite: Color { self == .white ? .black : .white }
}

extension Snapshot {
    /// The square with PDN number `number` (the snapshot lists the 32 squares in PDN order).
    public func square(_ number: UInt32) -> SquareView? {
        guard number >= 1, Int(number) <= squares.count else { return nil }
        return squares[Int(number) - 1]
    }

    /// The player's colour against the computer; nil in pass-and-play.
    public var humanColor: Color? {
        if case .computer(_, let human) = opponent { return human }
        return nil
    }

    public var isPassAndPlay: Bool { opponent == .passAndPlay }

    /// Who acts for "resign", "react" and "offer draw" now: the player against the computer, else the side to move.
    public var actingSide: Color { humanColor ?? sideToMove }
}

extension GiveawayError {
    /// The reason the core gave, in its words (English); the app shows it under a translated headline.
    public var reasonText: String {
        switch self {
        case .IllegalMove(let reason), .BadNotation(let reason), .BadFen(let reason), .BadSetup(let reason),
             .NotYourTurn(let reason), .Unavailable(let reason), .Storage(let reason), .BadPdn(let reason),
             .Internal(let reason):
            return reason
        case .AmbiguousMove(let choices): return choices.joined(separator: " / ")
        case .GameOver(let result): return result
        case .Busy: return "busy"
        case .Cancelled: return "cancelled"
        case .NotFound(let id): return "#\(id)"
        }
    }

    /// A search stopped on purpose (view gone, undo, new request): not worth telling the player.
    public var isCancellation: Bool { self == .Cancelled }
}

/// Everything the app tells the player after a failed call: a kind it can translate and the core's detail.
public struct UserMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case illegalMove, notYourTurn, gameOver, unavailable, busy, storage, badInput, notFound, internalError
    }

    public let kind: Kind
    public let detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// Why a tap on an own piece did nothing, worded as a refused move.
    public init(_ notice: Notice) {
        self.init(kind: .illegalMove, detail: notice.message)
    }

    public init(_ error: Error) {
        guard let e = error as? GiveawayError else {
            self.init(kind: .internalError, detail: String(describing: error))
            return
        }
        let kind: Kind
        switch e {
        case .IllegalMove, .AmbiguousMove: kind = .illegalMove
        case .NotYourTurn: kind = .notYourTurn
        case .GameOver: kind = .gameOver
        case .Unavailable, .Cancelled: kind = .unavailable
        case .Busy: kind = .busy
        case .Storage: kind = .storage
        case .BadNotation, .BadFen, .BadSetup, .BadPdn: kind = .badInput
        case .NotFound: kind = .notFound
        case .Internal: kind = .internalError
        }
        self.init(kind: kind, detail: e.reasonText)
    }
}
