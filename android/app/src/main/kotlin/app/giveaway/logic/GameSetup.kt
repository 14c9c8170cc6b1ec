package app.giveaway.logic

import app.giveaway.core.Color
import app.giveaway.core.HandicapPreset
import app.giveaway.core.NewGame
import app.giveaway.core.Opponent
import app.giveaway.core.StartPosition
import kotlin.random.Random

enum class ColorChoice { WHITE, BLACK, RANDOM }

/**
 * The home screen's choices for a new game. [whiteTime] null = unlimited; [blackTime] differs for time odds
 * (pass-and-play). [removedMen]: handicap, PDN numbers of men taken off the start (1–12 Black, 21–32 White).
 */
data class GameSetup(
    val versusComputer: Boolean = true,
    val level: Int = 1,
    val color: ColorChoice = ColorChoice.WHITE,
    val whiteTime: TimePreset? = null,
    val blackTime: TimePreset? = null,
    val removedMen: Set<Int> = emptySet(),
    /** A position from the editor (PDN FEN); when set it replaces the standard start and [removedMen]. */
    val fen: String? = null,
) {
    fun toNewGame(random: Random = Random.Default): NewGame {
        val opponent = if (versusComputer) {
            val human = when (color) {
                ColorChoice.WHITE -> Color.WHITE
                ColorChoice.BLACK -> Color.BLACK
                ColorChoice.RANDOM -> if (random.nextBoolean()) Color.WHITE else Color.BLACK
            }
            Opponent.Computer(level.toUByte(), human)
        } else {
            Opponent.PassAndPlay
        }
        val start = when {
            fen != null -> StartPosition.Fen(fen)
            removedMen.isEmpty() -> StartPosition.Standard
            else -> StartPosition.RemovedMen(removedMen.sorted().map { it.toUInt() })
        }
        // Against the computer both sides get the same time; odds are for two players.
        val time = TimeControls.control(whiteTime, if (versusComputer) whiteTime else blackTime ?: whiteTime)
        return NewGame(opponent, start, time)
    }

    /** The setup with the core's handicap preset [preset] (men removed), replacing any other handicap. */
    fun withHandicap(preset: HandicapPreset): GameSetup {
        val squares = (preset.start as? StartPosition.RemovedMen)?.squares ?: return copy(removedMen = emptySet(), fen = null)
        return copy(removedMen = squares.map { it.toInt() }.toSet(), fen = null)
    }

    /** Toggles a man in or out of the handicap set; only start squares of men can be chosen. */
    fun toggleMan(square: Int): GameSetup {
        if (square !in HANDICAP_SQUARES) return this
        return copy(removedMen = if (square in removedMen) removedMen - square else removedMen + square)
    }

    companion object {
        val HANDICAP_SQUARES: Set<Int> = (1..12).toSet() + (21..32).toSet()
    }
}
