// The board, drawn with Canvas from the controller's state: squares, last-move path, must-capture rings,
// destination dots, hint, pieces (ghosts translucent), and the piece being dragged under the finger.
// Every dark square is also an accessibility element, so VoiceOver users explore the board by touch.
import SwiftUI
import GiveawayCore
import GiveawayKit

extension SwiftUI.Color {
    init(rgb: UInt32) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255)
    }
}

/// What a board draws; the game and the replay screens fill it in.
struct BoardPicture {
    var snapshot: Snapshot
    var pieces: [UInt32: DrawnPiece]
    var orientation: OrientationPolicy
    var hintPiece: UInt32?
    var hintMove: MoveView?
    var showDestinations: Bool
    var notation: Notation
}

struct BoardView: View {
    let picture: BoardPicture
    let board: BoardTheme
    let pieceTheme: PieceTheme
    /// Both nil for a board that only shows (replay).
    var onPickUp: ((UInt32) -> Void)?
    var onGesture: ((DragTracker.Gesture) -> Void)?

    @State private var tracker = DragTracker(slop: 0)
    @State private var touching = false

    /// The piece following the finger: only one the player may move.
    private var dragFrom: UInt32? {
        guard tracker.dragging, let origin = tracker.origin, let square = picture.snapshot.square(origin),
              square.movable || square.selected else { return nil }
        return origin
    }

    var body: some View {
        GeometryReader { geo in
            let side = min(geo.size.width, geo.size.height)
            ZStack(alignment: .topLeading) {
                Canvas { ctx, size in draw(in: &ctx, side: min(size.width, size.height)) }
                    .frame(width: side, height: side)
                    .gesture(input(side: side))
                    .accessibilityHidden(true)
                accessibilityGrid(side: side)
            }
            .frame(width: side, height: side)
        }
        .aspectRatio(1, contentMode: .fit)
    }

    // MARK: Drawing

    private func rect(_ n: UInt32, cell: CGFloat) -> CGRect? {
        guard let c = BoardGeometry.cell(of: n, flipped: picture.orientation.flipped) else { return nil }
        return CGRect(x: CGFloat(c.column) * cell, y: CGFloat(c.row) * cell, width: cell, height: cell)
    }

    private func draw(in ctx: inout GraphicsContext, side: CGFloat) {
        let cell = side / 8
        ctx.fill(Path(CGRect(x: 0, y: 0, width: side, height: side)), with: .color(SwiftUI.Color(rgb: board.light)))
        let highlight = SwiftUI.Color(rgb: board.highlight)
        let hintSquares = Set([picture.hintPiece].compactMap { $0 } + (picture.hintMove.map { [$0.from] + $0.path } ?? []))
        for square in picture.snapshot.squares {
            guard let r = rect(square.number, cell: cell) else { continue }
            ctx.fill(Path(r), with: .color(SwiftUI.Color(rgb: board.dark)))
            if square.lastMove || square.selected {
                ctx.fill(Path(r), with: .color(highlight.opacity(square.selected ? 0.7 : 0.4)))
            }
            if hintSquares.contains(square.number) {
                ctx.stroke(Path(r.insetBy(dx: 2, dy: 2)), with: .color(.cyan), lineWidth: 3)
            }
            if square.mustCapture {
                ctx.stroke(Path(ellipseIn: r.insetBy(dx: cell * 0.04, dy: cell * 0.04)),
                           with: .color(SwiftUI.Color(rgb: board.capture)), lineWidth: cell * 0.07)
            }
            drawCoordinate(square, in: r, ctx: &ctx)
        }
        for (number, drawn) in picture.pieces where number != dragFrom {
            guard let r = rect(number, cell: cell) else { continue }
            drawPiece(drawn.piece, in: r, ghost: drawn.ghost, ctx: &ctx)
        }
        if picture.showDestinations {
            for square in picture.snapshot.squares where square.destination || square.finalDestination {
                guard let r = rect(square.number, cell: cell) else { continue }
                let d = cell * (square.finalDestination ? 0.3 : 0.2)
                ctx.fill(Path(ellipseIn: CGRect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d)),
                         with: .color(highlight))
            }
        }
        if let from = dragFrom, let drawn = picture.pieces[from] {
            let r = CGRect(x: tracker.x - cell / 2, y: tracker.y - cell / 2, width: cell, height: cell)
            drawPiece(drawn.piece, in: r.offsetBy(dx: 0, dy: -cell * 0.3), ghost: false, ctx: &ctx)
        }
    }

    private func drawCoordinate(_ square: SquareView, in r: CGRect, ctx: inout GraphicsContext) {
        let label = picture.notation == .numeric ? "\(square.number)" : square.name
        let text = Text(label).font(.system(size: r.width * 0.16)).foregroundStyle(SwiftUI.Color(rgb: board.light).opacity(0.8))
        ctx.draw(text, at: CGPoint(x: r.minX + r.width * 0.05, y: r.minY + r.height * 0.04), anchor: .topLeading)
    }

    private func drawPiece(_ piece: PieceView, in r: CGRect, ghost: Bool, ctx: inout GraphicsContext) {
        let fill = SwiftUI.Color(rgb: piece.color == .white ? pieceTheme.white : pieceTheme.black)
        let edge = SwiftUI.Color(rgb: piece.color == .white ? pieceTheme.whiteEdge : pieceTheme.blackEdge)
        let disc = Path(ellipseIn: r.insetBy(dx: r.width * 0.12, dy: r.height * 0.12))
        var layer = ctx
        layer.opacity = ghost ? 0.35 : 1
        layer.fill(disc, with: .color(fill))
        layer.stroke(disc, with: .color(edge), lineWidth: r.width * 0.05)
        layer.stroke(Path(ellipseIn: r.insetBy(dx: r.width * 0.25, dy: r.height * 0.25)),
                     with: .color(edge.opacity(0.6)), lineWidth: r.width * 0.025)
        if piece.kind == .king {
            let crown = Image(systemName: "crown.fill")
            var kingLayer = layer
            kingLayer.translateBy(x: r.midX, y: r.midY)
            // Face to face: the pieces of the top player are turned towards them.
            if picture.orientation.topFacesDown, piece.color == picture.orientation.topColor {
                kingLayer.rotate(by: .degrees(180))
            }
            kingLayer.draw(Text(crown).font(.system(size: r.width * 0.3)).foregroundStyle(edge), at: .zero)
        }
    }

    // MARK: Input

    /// One gesture for both: a touch that moves less than a quarter square is a tap; a longer one drags the
    /// piece, which follows the finger and drops where it is lifted (`DragTracker` decides).
    private func input(side: CGFloat) -> some Gesture {
        DragGesture(minimumDistance: 0)
            .onChanged { value in
                guard onGesture != nil else { return }
                let flipped = picture.orientation.flipped
                if !touching {
                    touching = true
                    tracker = DragTracker(slop: Double(side) / 32)
                    tracker.down(x: value.startLocation.x, y: value.startLocation.y, side: Double(side), flipped: flipped)
                }
                if tracker.move(x: value.location.x, y: value.location.y), let from = tracker.origin {
                    onPickUp?(from)
                }
            }
            .onEnded { value in
                guard touching else { return }
                touching = false
                let gesture = tracker.up(x: value.location.x, y: value.location.y, side: Double(side),
                                         flipped: picture.orientation.flipped)
                onGesture?(gesture)
            }
    }

    // MARK: Accessibility

    private func accessibilityGrid(side: CGFloat) -> some View {
        let cell = side / 8
        return ForEach(picture.snapshot.squares, id: \.number) { square in
            if let r = rect(square.number, cell: cell) {
                SwiftUI.Color.clear
                    .frame(width: cell, height: cell)
                    .contentShape(Rectangle())
                    .position(x: r.midX, y: r.midY)
                    .accessibilityElement()
                    .accessibilityLabel(L10n.speech.describe(square))
                    .accessibilityAddTraits(onGesture == nil ? [] : .isButton)
                    .accessibilityAddTraits(square.selected ? .isSelected : [])
                    .accessibilityAction { onGesture?(.tap(square.number)) }
                    .allowsHitTesting(false)
            }
        }
    }
}
