package app.giveaway.app

import android.content.Context
import app.giveaway.R

/** The colours one board theme draws with. */
data class BoardColors(
    val light: Int,
    val dark: Int,
    val lastMove: Int,
    val selected: Int,
    val dot: Int,
    val mustCapture: Int,
    val hint: Int,
    /** Coordinates drawn on a light square and on a dark square. */
    val coordinatesOnLight: Int,
    val coordinatesOnDark: Int,
    /** High contrast: thicker outlines and a pattern on the dark squares. */
    val strong: Boolean,
)

/** The colours of one piece theme. */
data class PieceColors(val white: Int, val whiteEdge: Int, val black: Int, val blackEdge: Int, val crown: Int)

/** The themes by the names stored in the core's settings. */
object Themes {
    val boardNames = listOf("classic", "wood", "ocean", "contrast")
    val pieceNames = listOf("classic", "marble", "flat", "contrast")

    fun boardLabel(name: String): Int = when (name) {
        "wood" -> R.string.theme_wood
        "ocean" -> R.string.theme_ocean
        "contrast" -> R.string.theme_contrast
        else -> R.string.theme_classic
    }

    fun pieceLabel(name: String): Int = when (name) {
        "marble" -> R.string.pieces_marble
        "flat" -> R.string.pieces_flat
        "contrast" -> R.string.pieces_contrast
        else -> R.string.pieces_classic
    }

    fun board(context: Context, name: String): BoardColors {
        fun c(id: Int) = context.getColor(id)
        return when (name) {
            "wood" -> BoardColors(c(R.color.wood_light), c(R.color.wood_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.wood_coord_on_light), c(R.color.wood_coord_on_dark), false)
            "ocean" -> BoardColors(c(R.color.ocean_light), c(R.color.ocean_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.ocean_coord_on_light), c(R.color.ocean_coord_on_dark), false)
            "contrast" -> BoardColors(c(R.color.contrast_light), c(R.color.contrast_dark), c(R.color.contrast_last_move),
                c(R.color.contrast_selected), c(R.color.contrast_dot), c(R.color.contrast_must_capture),
                c(R.color.contrast_hint), c(R.color.contrast_dark), c(R.color.contrast_light), true)
            else -> BoardColors(c(R.color.classic_light), c(R.color.classic_dark), c(R.color.last_move), c(R.color.selected),
                c(R.color.dot), c(R.color.must_capture), c(R.color.hint), c(R.color.classic_coord_on_light), c(R.color.classic_coord_on_dark), false)
        }
    }

    fun pieces(context: Context, name: String): PieceColors {
        fun c(id: Int) = context.getColor(id)
        return when (name) {
            "marble" -> PieceColors(c(R.color.marble_white), c(R.color.marble_edge), c(R.color.marble_black),
                c(R.color.marble_edge), c(R.color.crown))
            "flat" -> PieceColors(c(R.color.flat_white), c(R.color.flat_white), c(R.color.flat_black),
                c(R.color.flat_black), c(R.color.crown))
            "contrast" -> PieceColors(c(R.color.contrast_white_piece), c(R.color.contrast_black_piece),
                c(R.color.contrast_black_piece), c(R.color.contrast_white_piece), c(R.color.contrast_crown))
            else -> PieceColors(c(R.color.classic_white), c(R.color.classic_white_edge), c(R.color.classic_black),
                c(R.color.classic_black_edge), c(R.color.crown))
        }
    }
}
