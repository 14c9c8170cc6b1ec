package app.giveaway.app

import android.app.Activity
import android.os.Bundle
import android.widget.LinearLayout
import android.widget.ScrollView
import app.giveaway.R
import app.giveaway.core.GameSession
import app.giveaway.core.NewGame
import app.giveaway.core.Opponent
import app.giveaway.core.StartPosition
import app.giveaway.logic.BoardOrientation
import app.giveaway.logic.GameUiState
import app.giveaway.logic.HintState
import app.giveaway.logic.RulesExamples

/**
 * The rules in short, illustrated with boards the core draws: the start, a forced capture (the capturing piece
 * highlighted), and a multi-capture with promotion on the way.
 */
class RulesActivity : Activity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady { build() }
    }

    private fun build() {
        val content = column(
            label(R.string.rules_title, android.R.style.TextAppearance_Material_Headline),
            label(R.string.rules_goal),
            illustration(null),
            label(R.string.rules_moves),
            label(R.string.rules_forced_capture),
            illustration(RulesExamples.FORCED_CAPTURE_FEN),
            label(R.string.rules_multi_capture),
            illustration(RulesExamples.MULTI_CAPTURE_FEN, play = RulesExamples.MULTI_CAPTURE_MOVE),
            label(R.string.rules_draws),
        ).apply { setPadding(dp(16), dp(16), dp(16), dp(16)) }
        setContentView(ScrollView(this).apply { addView(content) })
    }

    /**
     * A small read-only board showing [fen] (or the start) as a pass-and-play session sees it, after the move
     * [play] when given (its path and captures highlighted).
     */
    private fun illustration(fen: String?, play: String? = null): BoardView {
        val start = if (fen == null) StartPosition.Standard else StartPosition.Fen(fen)
        val snapshot = GameSession(NewGame(Opponent.PassAndPlay, start, null)).use { s ->
            if (play != null) s.playMove(play) else s.snapshot()
        }
        return BoardView(this).apply {
            interactive = false
            show(GameUiState(snapshot, BoardOrientation(false, false), HintState(), null, 0L, false, true))
            layoutParams = LinearLayout.LayoutParams(dp(260), dp(260))
        }
    }
}
