package app.giveaway.app

import android.content.Context
import android.content.Intent
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.MoveFeedback
import app.giveaway.core.PuzzleEnd
import app.giveaway.core.PuzzleGoal
import app.giveaway.core.PuzzleInfo
import app.giveaway.core.PuzzleState
import app.giveaway.core.PuzzleStatus
import app.giveaway.core.TrainerMode
import app.giveaway.core.squareName

// The trainer's snapshot in the app's language: the core says where the trainer is (status, goal, verdict, hint,
// solution); these only choose the words for it.

/** A theme's name (the core's `run-out`, `only-move` …) in the app's language. */
fun Context.themeName(theme: String): String = when (theme) {
    "win" -> getString(R.string.theme_win)
    "draw" -> getString(R.string.theme_draw)
    "only-move" -> getString(R.string.theme_only_move)
    "run-out" -> getString(R.string.theme_run_out)
    "blocked" -> getString(R.string.theme_blocked)
    "capture-chain" -> getString(R.string.theme_capture_chain)
    "endgame" -> getString(R.string.theme_endgame)
    "opening-trap" -> getString(R.string.theme_opening_trap)
    "one-move" -> getString(R.string.theme_one_move)
    "short" -> getString(R.string.theme_short)
    "long" -> getString(R.string.theme_long)
    else -> theme
}

/** What the player is asked ("White to play and win"; a mistake: the move played and what it was). */
fun Context.goalText(p: PuzzleInfo): String {
    val white = p.solver == Color.WHITE
    return when (p.goal) {
        PuzzleGoal.WIN -> getString(if (white) R.string.goal_win_white else R.string.goal_win_black)

        PuzzleGoal.DRAW -> getString(if (white) R.string.goal_draw_white else R.string.goal_draw_black)

        PuzzleGoal.ONLY_MOVE -> getString(if (white) R.string.goal_only_move_white else R.string.goal_only_move_black)

        PuzzleGoal.BETTER_MOVE -> p.mistake?.let { m ->
            val kind = getString(if (m.`class` == "blunder") R.string.class_blunder else R.string.class_mistake)
            getString(R.string.goal_better_move, m.played.text, kind)
        } ?: getString(R.string.learn_from_mistakes)
    }
}

/** The trainer's status line: the task, the verdict on the last move, solved or not, or why nothing is left. */
fun Context.puzzleStatusText(s: PuzzleState): String = when (s.status) {
    PuzzleStatus.LOADING -> getString(R.string.puzzle_loading)

    PuzzleStatus.CHECKING -> getString(R.string.puzzle_checking)

    PuzzleStatus.SOLVED -> getString(
        when {
            !s.countedSolved -> R.string.puzzle_solved_after_wrong
            s.feedback == MoveFeedback.AS_GOOD -> R.string.puzzle_solved_as_good
            else -> R.string.puzzle_solved
        },
    )

    PuzzleStatus.FAILED -> getString(R.string.puzzle_failed)

    PuzzleStatus.FINISHED -> when (val end = s.end) {
        PuzzleEnd.StreakOver -> getString(R.string.puzzle_streak_over, s.streak.toInt())
        PuzzleEnd.MistakesDone -> getString(R.string.puzzle_mistakes_done)
        PuzzleEnd.MinedDone -> getString(R.string.puzzle_mined_done)
        PuzzleEnd.NoMinedPuzzles -> getString(R.string.puzzle_no_mined)
        PuzzleEnd.NoMistakes -> getString(R.string.puzzle_no_mistakes)
        PuzzleEnd.NoPuzzle -> getString(R.string.puzzle_no_puzzle)
        is PuzzleEnd.Unavailable -> getString(R.string.puzzle_unavailable, end.reason)
        PuzzleEnd.Done, null -> getString(R.string.puzzle_finished)
    }

    PuzzleStatus.YOUR_MOVE -> when (s.feedback) {
        MoveFeedback.WRONG -> s.wrongMove?.let { getString(R.string.puzzle_wrong, it.text) }
        MoveFeedback.CORRECT -> getString(R.string.puzzle_correct)
        MoveFeedback.AS_GOOD -> getString(R.string.puzzle_as_good)
        null -> null
    } ?: s.puzzle?.let(::goalText).orEmpty()
}

/** The exercise's heading: its number and rating, or where it comes from. */
fun Context.puzzleTitle(p: PuzzleInfo): String = when (p.source) {
    "mistake" -> getString(R.string.puzzle_mistake_title, p.mistake?.moveNumber?.toInt() ?: 0)
    "mined" -> getString(R.string.puzzle_mined_title)
    else -> getString(R.string.puzzle_title, p.id.toInt(), p.rating?.toInt() ?: 0)
}

/** The lines under the status: hint, solution and what follows, moves found, progress, rating, streak. */
fun Context.puzzleDetails(s: PuzzleState): List<String> {
    val notation = s.snapshot?.notation ?: app.giveaway.core.Notation.ALGEBRAIC
    val lines = mutableListOf<String>()
    s.hint?.let { h ->
        lines += h.mv?.let { getString(R.string.puzzle_hint_move, it.text) }
            ?: getString(R.string.puzzle_hint_piece, squareName(h.piece, notation) ?: h.piece.toString())
    }
    if (s.solution.isNotEmpty()) lines += getString(R.string.puzzle_solution, s.solution.joinToString(" ") { it.text })
    if (s.follow.isNotEmpty()) lines += getString(R.string.puzzle_follow, s.follow.joinToString(" ") { it.text })
    val p = s.puzzle
    if (p != null && p.solverMoves > 1u && s.status == PuzzleStatus.YOUR_MOVE) {
        lines += getString(R.string.puzzle_found, s.movesFound.toInt(), p.solverMoves.toInt())
    }
    s.progress?.let {
        lines +=
            getString(R.string.puzzle_progress, it.index.toInt(), it.total.toInt(), it.solved.toInt())
    }
    s.rating?.let { r ->
        val rating = Math.round(r.rating).toInt()
        lines += r.change?.let { getString(R.string.puzzle_your_rating_change, rating, "%+d".format(Math.round(it))) }
            ?: getString(R.string.puzzle_your_rating, rating)
    }
    if (s.mode == TrainerMode.Streak) lines += getString(R.string.puzzle_streak, s.streak.toInt())
    return lines
}

/** A trainer mode in an Intent's extras and back (a screen recreated after process death starts it again). */
object TrainerModes {
    private const val MODE = "trainer_mode"
    private const val THEME = "trainer_theme"
    private const val ID = "trainer_id"

    fun put(intent: Intent, mode: TrainerMode): Intent = when (mode) {
        TrainerMode.Rated -> intent.putExtra(MODE, "rated")
        TrainerMode.Streak -> intent.putExtra(MODE, "streak")
        TrainerMode.Daily -> intent.putExtra(MODE, "daily")
        TrainerMode.Mined -> intent.putExtra(MODE, "mined")
        is TrainerMode.Theme -> intent.putExtra(MODE, "theme").putExtra(THEME, mode.theme)
        is TrainerMode.Puzzle -> intent.putExtra(MODE, "puzzle").putExtra(ID, mode.id.toLong())
        is TrainerMode.Mistakes -> intent.putExtra(MODE, "mistakes").putExtra(ID, mode.gameId)
    }

    fun get(intent: Intent): TrainerMode = when (intent.getStringExtra(MODE)) {
        "streak" -> TrainerMode.Streak
        "daily" -> TrainerMode.Daily
        "mined" -> TrainerMode.Mined
        "theme" -> TrainerMode.Theme(intent.getStringExtra(THEME).orEmpty())
        "puzzle" -> TrainerMode.Puzzle(intent.getLongExtra(ID, 0).toUInt())
        "mistakes" -> TrainerMode.Mistakes(intent.getLongExtra(ID, 0))
        else -> TrainerMode.Rated
    }
}
