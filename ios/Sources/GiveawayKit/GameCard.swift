// A saved game as its card says it: how it went for the player (or who won between two players), and its length.
import GiveawayCore

/// The result a saved game's card shows, and colours: won and lost stand out, the rest is neutral.
public enum CardResult: Equatable, Sendable {
    case won, lost, drawn, inProgress, whiteWins, blackWins

    /// The result of `game`: for the player where there is one, else who won.
    public init(_ game: GameSummaryView) {
        switch (game.forPlayer, game.outcome) {
        case (.won?, _): self = .won
        case (.lost?, _): self = .lost
        case (.drawn?, _), (nil, .draw?): self = .drawn
        case (nil, nil): self = .inProgress
        case (nil, .whiteWins?): self = .whiteWins
        case (nil, .blackWins?): self = .blackWins
        }
    }

    /// Moves as players count them: a move each is one move.
    public static func moves(plies: UInt32) -> Int { Int(plies + 1) / 2 }
}
