// What VoiceOver says: each square ("c3, white man, must capture") and each move ("c3 takes e5, g3").
// The words come from the app's String Catalog through `words`, so this logic is tested in English here
// and speaks Russian or Portuguese on a phone set to them.
import GiveawayCore

public enum SpeechWord: Hashable, Sendable {
    case whiteMan, whiteKing, blackMan, blackKing, empty
    case mustCapture, canMove, selected, destination, captured, lastMove
    case to, takes, crowned
    case white, black
}

public struct Speech: Sendable {
    private let words: @Sendable (SpeechWord) -> String
    private let resultText: @Sendable (ResultView) -> String

    /// `result` words the end of a game; the core's English text by default.
    public init(
        words: @escaping @Sendable (SpeechWord) -> String,
        result: @escaping @Sendable (ResultView) -> String = { $0.text }
    ) {
        self.words = words
        self.resultText = result
    }

    /// The end of the game read aloud.
    public func announce(_ result: ResultView) -> String {
        resultText(result)
    }

    /// The accessibility label of a square.
    public func describe(_ square: SquareView) -> String {
        var parts = [square.name]
        if let piece = square.piece {
            switch (piece.color, piece.kind) {
            case (.white, .man): parts.append(words(.whiteMan))
            case (.white, .king): parts.append(words(.whiteKing))
            case (.black, .man): parts.append(words(.blackMan))
            case (.black, .king): parts.append(words(.blackKing))
            }
        } else {
            parts.append(words(.empty))
        }
        if square.ghost { parts.append(words(.captured)) }
        if square.mustCapture {
            parts.append(words(.mustCapture))
        } else if square.movable {
            parts.append(words(.canMove))
        }
        if square.selected { parts.append(words(.selected)) }
        if square.destination || square.finalDestination { parts.append(words(.destination)) }
        if square.lastMove { parts.append(words(.lastMove)) }
        return parts.joined(separator: ", ")
    }

    /// A move read aloud: `c3 to d4`, `c3 takes e5, g3`; squares in algebraic names whatever the notation.
    public func announce(_ move: MoveView) -> String {
        let from = BoardGeometry.name(of: move.from)
        let landings = move.path.map(BoardGeometry.name(of:)).joined(separator: ", ")
        let verb = move.captured.isEmpty ? words(.to) : words(.takes)
        var text = "\(words(move.color == .white ? .white : .black)): \(from) \(verb) \(landings)"
        if move.promotes { text += ", \(words(.crowned))" }
        return text
    }
}
