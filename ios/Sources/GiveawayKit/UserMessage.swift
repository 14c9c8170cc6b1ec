// What the app tells the player after a refused call: a kind it words in the player's language and the core's
// detail (English).
import GiveawayCore

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

    public init(_ error: Error) {
        guard let e = error as? GiveawayError else {
            self.init(kind: .internalError, detail: String(describing: error))
            return
        }
        switch e {
        case .IllegalMove(let reason): self.init(kind: .illegalMove, detail: reason)
        case .AmbiguousMove(let choices): self.init(kind: .illegalMove, detail: choices.joined(separator: " / "))
        case .NotYourTurn(let reason): self.init(kind: .notYourTurn, detail: reason)
        case .GameOver(let result): self.init(kind: .gameOver, detail: result)
        case .Unavailable(let reason): self.init(kind: .unavailable, detail: reason)
        case .Cancelled: self.init(kind: .unavailable, detail: "cancelled")
        case .Busy: self.init(kind: .busy, detail: "")
        case .Storage(let reason): self.init(kind: .storage, detail: reason)
        case .BadNotation(let reason), .BadFen(let reason), .BadSetup(let reason), .BadPdn(let reason):
            self.init(kind: .badInput, detail: reason)
        case .NotFound(let id): self.init(kind: .notFound, detail: "#\(id)")
        case .Internal(let reason): self.init(kind: .internalError, detail: reason)
        }
    }
}
