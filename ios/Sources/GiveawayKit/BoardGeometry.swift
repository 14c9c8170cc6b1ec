// Where each dark square is drawn and which square a touch lands on. Pure arithmetic, so it is tested on any
// machine with Swift; the SwiftUI board only multiplies by the cell size.

/// A cell of the 8x8 grid as drawn: column 0 is the left edge, row 0 the top edge.
public struct BoardCell: Equatable, Hashable, Sendable {
    public let column: Int
    public let row: Int

    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

public enum BoardGeometry {
    /// PDN number (1–32) of the dark square on `file` (0 = a) and `rank` (0 = rank 1), or nil for a light
    /// square or a square off the board. 1 = b8, 4 = h8, 29 = a1, 32 = g1.
    public static func number(file: Int, rank: Int) -> UInt32? {
        guard (0..<8).contains(file), (0..<8).contains(rank), (file + rank) % 2 == 0 else { return nil }
        return UInt32((7 - rank) * 4 + file / 2 + 1)
    }

    /// File and rank of the dark square with PDN number `number`, or nil outside 1–32.
    public static func fileRank(of number: UInt32) -> (file: Int, rank: Int)? {
        guard (1...32).contains(number) else { return nil }
        let index = Int(number) - 1
        let rank = 7 - index / 4
        // On even ranks (counting rank 1 as 0) the dark squares are files a, c, e, g; on odd ranks b, d, f, h.
        let file = (index % 4) * 2 + (rank % 2 == 0 ? 0 : 1)
        return (file, rank)
    }

    /// The cell a square is drawn in; `flipped` puts Black's side (rank 8) at the bottom.
    public static func cell(of number: UInt32, flipped: Bool) -> BoardCell? {
        guard let (file, rank) = fileRank(of: number) else { return nil }
        return flipped ? BoardCell(column: 7 - file, row: rank) : BoardCell(column: file, row: 7 - rank)
    }

    /// The square under a point of a board `side` points wide, or nil for a light square or outside.
    public static func square(atX x: Double, y: Double, side: Double, flipped: Bool) -> UInt32? {
        guard side > 0, x >= 0, y >= 0, x < side, y < side else { return nil }
        let column = Int(x / side * 8)
        let row = Int(y / side * 8)
        let file = flipped ? 7 - column : column
        let rank = flipped ? row : 7 - row
        return number(file: file, rank: rank)
    }

    /// Algebraic name of a square, `c3`.
    public static func name(of number: UInt32) -> String {
        guard let (file, rank) = fileRank(of: number) else { return "?" }
        let letters = Array("abcdefgh")
        return "\(letters[file])\(rank + 1)"
    }

    /// The square a capture from `from` to `to` jumps over: the one diagonal neighbour of `to` on the way back
    /// to `from` that a piece could stand on (a king may fly, so the captured piece sits next to the landing
    /// square or further back; `occupied` says which squares hold pieces).
    public static func jumpedSquare(from: UInt32, to: UInt32, occupied: Set<UInt32>) -> UInt32? {
        guard let a = fileRank(of: from), let b = fileRank(of: to) else { return nil }
        let df = b.file > a.file ? 1 : -1
        let dr = b.rank > a.rank ? 1 : -1
        guard abs(b.file - a.file) == abs(b.rank - a.rank), b.file != a.file else { return nil }
        var file = a.file + df
        var rank = a.rank + dr
        while file != b.file {
            if let n = number(file: file, rank: rank), occupied.contains(n) { return n }
            file += df
            rank += dr
        }
        return nil
    }
}
