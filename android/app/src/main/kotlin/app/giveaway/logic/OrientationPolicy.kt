package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.Opponent
import app.giveaway.core.Orientation

/**
 * How the board faces the players. [flipped]: Black's side at the bottom. [topFacesAway]: the top player sits
 * across the table (face-to-face), so the top clock, the top player's controls and Black's kings are drawn
 * turned 180°.
 */
data class BoardOrientation(val flipped: Boolean, val topFacesAway: Boolean)

object OrientationPolicy {
    fun of(opponent: Opponent, mode: Orientation, sideToMove: Color): BoardOrientation = when (opponent) {
        // Against the computer the player always sits at the bottom.
        is Opponent.Computer -> BoardOrientation(flipped = opponent.human == Color.BLACK, topFacesAway = false)
        is Opponent.PassAndPlay -> when (mode) {
            Orientation.FIXED -> BoardOrientation(flipped = false, topFacesAway = false)
            Orientation.FACE_TO_FACE -> BoardOrientation(flipped = false, topFacesAway = true)
            Orientation.FLIP_EACH_MOVE -> BoardOrientation(flipped = sideToMove == Color.BLACK, topFacesAway = false)
        }
    }
}
