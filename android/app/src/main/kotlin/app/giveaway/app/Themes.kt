package app.giveaway.app

import android.content.Context
import app.giveaway.R
import app.giveaway.core.BoardTheme
import app.giveaway.core.PieceTheme
import app.giveaway.core.boardThemes
import app.giveaway.core.pieceThemes

/** The colours one board theme draws with. */
data class BoardColors(
    val light: Int,
    val dark: Int,
    val lastMove: Int,
    val selected: Int,
    val dot: Int,
    val mustCapture: Int,
    val hint: Int,
    /** The squares of a premove or of a move waiting for Confirm. */
    val pending: Int,
    /** Coordinates drawn on a light square and on a dark square. */
    val coordinatesOnLight: Int,
    val coordinatesOnDark: Int,
    /** High contrast: thicker outlines and a pattern on the dark squares. */
    val strong: Boolean,
)

/** The colours of one piece theme. */
data class PieceColors(val white: Int, val whiteEdge: Int, val black: Int, val blackEdge: Int, val crown: Int)

/** The colours and words of the core's theme catalog (its names and order are the core's). */
object Themes {
    val boards: List<BoardTheme> by lazy { boardThemes() }
    val pieces: List<PieceTheme> by lazy { pieceThemes() }

    fun boardLabel(t: BoardTheme): Int = when (t) {
        BoardTheme.CLASSIC -> R.string.theme_classic
        BoardTheme.WOOD -> R.string.theme_wood
        BoardTheme.OCEAN -> R.string.theme_ocean
        BoardTheme.CONTRAST -> R.string.theme_contrast
    }

    fun pieceLabel(t: PieceTheme): Int = when (t) {
        PieceTheme.CLASSIC -> R.string.pieces_classic
        PieceTheme.MARBLE -> R.string.pieces_marble
        PieceTheme.FLAT -> R.string.pieces_flat
        PieceTheme.CONTRAST -> R.string.pieces_contrast
    }

    fun board(context: Context, t: BoardTheme): BoardColors {
        fun c(id: Int) = context.getColor(id)
        return when (t) {
            BoardTheme.WOOD -> BoardColors(
                c(R.color.wood_light), c(R.color.wood_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.pending),
                c(R.color.wood_coord_on_light), c(R.color.wood_coord_on_dark), false,
            )

            BoardTheme.OCEAN -> BoardColors(
                c(R.color.ocean_light), c(R.color.ocean_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.pending),
                c(R.color.ocean_coord_on_light), c(R.color.ocean_coord_on_dark), false,
            )

            BoardTheme.CONTRAST -> BoardColors(
                c(R.color.contrast_light), c(R.color.contrast_dark), c(R.color.contrast_last_move),
                c(R.color.contrast_selected), c(R.color.contrast_dot), c(R.color.contrast_must_capture),
                c(R.color.contrast_hint), c(R.color.contrast_pending), c(R.color.contrast_dark),
                c(R.color.contrast_light), true,
            )

            BoardTheme.CLASSIC -> BoardColors(
                c(R.color.classic_light), c(R.color.classic_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.pending),
                c(R.color.classic_coord_on_light), c(R.color.classic_coord_on_dark), false,
            )
        }
    }

    fun pieces(context: Context, t: PieceTheme): PieceColors {
        fun c(id: Int) = context.getColor(id)
        return when (t) {
            PieceTheme.MARBLE -> PieceColors(
                c(R.color.marble_white), c(R.color.marble_edge), c(R.color.marble_black),
                c(R.color.marble_edge), c(R.color.crown),
            )

            PieceTheme.FLAT -> PieceColors(
                c(R.color.flat_white), c(R.color.flat_white), c(R.color.flat_black),
                c(R.color.flat_black), c(R.color.crown),
            )

            PieceTheme.CONTRAST -> PieceColors(
                c(R.color.contrast_white_piece), c(R.color.contrast_black_piece),
                c(R.color.contrast_black_piece), c(R.color.contrast_white_piece), c(R.color.contrast_crown),
            )

            PieceTheme.CLASSIC -> PieceColors(
                c(R.color.classic_white), c(R.color.classic_white_edge), c(R.color.classic_black),
                c(R.color.classic_black_edge), c(R.color.crown),
            )
        }
    }
}
