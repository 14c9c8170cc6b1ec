// The board, drawn with Canvas from a state the core placed: every square at its column and row, its marks
// (last move, selection, hint, must-capture ring, destination dots), its piece (ghosts translucent), the edge
// labels, a move's animation frame, and the piece being dragged under the finger. Every dark square is also
// an accessibility element where it is drawn, so VoiceOver users explore the board by touch.
import SwiftUI
import GiveawayCore
import GiveawayKit

extension SwiftUI.Color {
    init(rgb: UInt32) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255)
    }
}

/// What a board draws; the game, replay, editor and rules screens fill it in.
struct BoardPicture {
    /// The 32 dark squares in PDN order, each with its column and row for the board's orientation.
    var squares: [SquareView]
    var flipped = false
    /// Face to face: the pieces of the side at the top are turned towards the player across the table.
    var turnedColor: GiveawayCore.Color?
    var coordinates: Coordinates?
    /// The move being animated, drawn over the board after the move.
    var frame: AnimationFrame?
}

struct BoardView: View {
    let picture: BoardPicture
    let board: BoardColors
    let pieceTheme: PieceColors
    /// VoiceOver's words for a square.
    let describe: (SquareView) -> String
    /// Nil for a board that only shows (replay, rules).
    var onGesture: ((DragTracker.Gesture) -> Void)?

    @State private var tracker: DragTracker?

    /// The piece following the finger: a piece the player may move.
    private var dragged: SquareView? {
        guard let t = tracker, t.dragging, let origin = t.origin else { return nil }
        let square = picture.squares[Int(origin) - 1]
        return square.piece != nil && (square.movable || square.selected) ? square : nil
    }

    var body: some View {
        GeometryReader { geo in
            let side = min(geo.size.width, geo.size.height)
            ZStack(alignment: .topLeading) {
                Canvas { ctx, _ in draw(in: &ctx, cell: side / 8) }
                    .frame(width: side, height: side)
                    .gesture(input(side: side))
                    .accessibilityHidden(true)
                accessibilityGrid(cell: side / 8)
            }
            .frame(width: side, height: side)
        }
        .aspectRatio(1, contentMode: .fit)
    }

    // MARK: Drawing

    private func rect(column: Double, row: Double, cell: CGFloat) -> CGRect {
        CGRect(x: CGFloat(column) * cell, y: CGFloat(row) * cell, width: cell, height: cell)
    }

    private func rect(_ square: SquareView, cell: CGFloat) -> CGRect {
        rect(column: Double(square.column), row: Double(square.row), cell: cell)
    }

    private func draw(in ctx: inout GraphicsContext, cell: CGFloat) {
        let side = cell * 8
        ctx.fill(Path(CGRect(x: 0, y: 0, width: side, height: side)), with: .color(SwiftUI.Color(rgb: board.light)))
        let highlight = SwiftUI.Color(rgb: board.highlight)
        let animated = picture.frame
        for square in picture.squares {
            let r = rect(square, cell: cell)
            ctx.fill(Path(r), with: .color(SwiftUI.Color(rgb: board.dark)))
            if square.lastMove || square.selected {
                ctx.fill(Path(r), with: .color(highlight.opacity(square.selected ? 0.7 : 0.4)))
            }
            if square.pending {
                // A premove or a move waiting for Confirm: a red tint, as on lichess.
                ctx.fill(Path(r), with: .color(SwiftUI.Color.red.opacity(0.45)))
            }
            if square.hint {
                ctx.stroke(Path(r.insetBy(dx: 2, dy: 2)), with: .color(.cyan), lineWidth: 3)
            }
            if square.mustCapture {
                ctx.stroke(
                    Path(ellipseIn: r.insetBy(dx: cell * 0.04, dy: cell * 0.04)),
                    with: .color(SwiftUI.Color(rgb: board.capture)), lineWidth: cell * 0.07)
            }
            if picture.coordinates?.squareNumbers == true, square.piece == nil {
                let label = Text("\(square.number)").font(.system(size: cell * 0.2))
                    .foregroundStyle(SwiftUI.Color(rgb: board.light).opacity(0.7))
                ctx.draw(label, at: CGPoint(x: r.midX, y: r.midY))
            }
            // While a move is animated its destination stays empty until the piece arrives.
            if let piece = square.piece, square.number != animated?.destination, square.number != dragged?.number {
                drawPiece(piece, in: r, ghost: square.ghost, ctx: &ctx)
            }
            if square.destination || square.finalDestination {
                let d = cell * (square.finalDestination ? 0.3 : 0.2)
                ctx.fill(
                    Path(ellipseIn: CGRect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d)),
                    with: .color(highlight))
            }
        }
        if let animated {
            for captured in animated.captured {
                drawPiece(
                    captured.piece, in: rect(picture.squares[Int(captured.square) - 1], cell: cell),
                    ghost: captured.ghost, ctx: &ctx)
            }
            let flying = animated.flying
            drawPiece(
                flying.piece, in: rect(column: Double(flying.column), row: Double(flying.row), cell: cell),
                ghost: false, ctx: &ctx)
        }
        if let dragged, let piece = dragged.piece, let t = tracker {
            let r = CGRect(x: t.x - cell / 2, y: t.y - cell / 2, width: cell, height: cell)
            drawPiece(piece, in: r.offsetBy(dx: 0, dy: -cell * 0.3), ghost: false, ctx: &ctx)
        }
        drawEdgeLabels(cell: cell, ctx: &ctx)
    }

    /// File letters along the bottom edge and rank digits along the left, in small type inside the squares.
    private func drawEdgeLabels(cell: CGFloat, ctx: inout GraphicsContext) {
        guard let c = picture.coordinates, !c.squareNumbers else { return }
        let style = { (s: String) in
            Text(s).font(.system(size: cell * 0.16)).foregroundStyle(SwiftUI.Color(rgb: board.dark).opacity(0.9))
        }
        for (i, file) in c.files.enumerated() {
            ctx.draw(style(file), at: CGPoint(x: (CGFloat(i) + 0.92) * cell, y: cell * 7.97), anchor: .bottomTrailing)
        }
        for (i, rank) in c.ranks.enumerated() {
            ctx.draw(style(rank), at: CGPoint(x: cell * 0.05, y: (CGFloat(i) + 0.04) * cell), anchor: .topLeading)
        }
    }

    private func drawPiece(_ piece: PieceView, in r: CGRect, ghost: Bool, ctx: inout GraphicsContext) {
        let fill = SwiftUI.Color(rgb: piece.color == .white ? pieceTheme.white : pieceTheme.black)
        let edge = SwiftUI.Color(rgb: piece.color == .white ? pieceTheme.whiteEdge : pieceTheme.blackEdge)
        let disc = Path(ellipseIn: r.insetBy(dx: r.width * 0.12, dy: r.height * 0.12))
        var layer = ctx
        layer.opacity = ghost ? 0.35 : 1
        layer.fill(disc, with: .color(fill))
        layer.stroke(disc, with: .color(edge), lineWidth: r.width * 0.05)
        layer.stroke(
            Path(ellipseIn: r.insetBy(dx: r.width * 0.25, dy: r.height * 0.25)),
            with: .color(edge.opacity(0.6)), lineWidth: r.width * 0.025)
        if piece.kind == .king {
            var crown = layer
            crown.translateBy(x: r.midX, y: r.midY)
            if piece.color == picture.turnedColor { crown.rotate(by: .degrees(180)) }
            crown.draw(
                Text(Image(systemName: "crown.fill")).font(.system(size: r.width * 0.3)).foregroundStyle(edge),
                at: .zero)
        }
    }

    // MARK: Input

    /// One gesture for all: a touch that stays within a quarter square is a tap; a longer one picks the piece
    /// up, which follows the finger and drops where it is lifted (`DragTracker` reads it).
    private func input(side: CGFloat) -> some Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                guard let onGesture else { return }
                if tracker == nil {
                    var t = DragTracker(side: Double(side), flipped: picture.flipped)
                    t.down(x: value.startLocation.x, y: value.startLocation.y)
                    tracker = t
                }
                if let pickUp = tracker?.move(x: value.location.x, y: value.location.y) { onGesture(pickUp) }
            }
            .onEnded { value in
                guard var t = tracker else { return }
                tracker = nil
                if let gesture = t.up(x: value.location.x, y: value.location.y) { onGesture?(gesture) }
            }
    }

    // MARK: Accessibility

    private func accessibilityGrid(cell: CGFloat) -> some View {
        ForEach(picture.squares, id: \.number) { square in
            let r = rect(square, cell: cell)
            SwiftUI.Color.clear
                .frame(width: cell, height: cell)
                .contentShape(Rectangle())
                .position(x: r.midX, y: r.midY)
                .accessibilityElement()
                .accessibilityLabel(describe(square))
                .accessibilityAddTraits(onGesture == nil ? [] : .isButton)
                .accessibilityAddTraits(square.selected ? .isSelected : [])
                .accessibilityAction { onGesture?(.tap(square.number)) }
                .allowsHitTesting(false)
        }
    }
}
