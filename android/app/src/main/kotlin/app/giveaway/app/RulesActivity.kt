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

/**
 * The rules in short, illustrated with boards the core draws: the start, a forced capture (the capturing piece
 * highlighted), and a multi-capture with promotion on the way.
 */
class RulesActivity : Activity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        applyAppTheme(application as GiveawayApp)
        super.onCreate(savedInstanceState)
        val content = column(
            label(R.string.rules_title, android.R.style.TextAppearance_Material_Headline),
            label(R.string.rules_goal),
            illustration(null),
            label(R.string.rules_moves),
            label(R.string.rules_forced_capture),
            illustration(FORCED),
            label(R.string.rules_multi_capture),
            illustration(MULTI, selectAndFinish = true),
            label(R.string.rules_draws),
        ).apply { setPadding(dp(16), dp(16), dp(16), dp(16)) }
        setContentView(ScrollView(this).apply { addView(content) })
    }

    /** A small read-only board showing [fen] (or the start) as a pass-and-play session sees it. */
    private fun illustration(fen: String?, selectAndFinish: Boolean = false): BoardView {
        val start = if (fen == null) StartPosition.Standard else StartPosition.Fen(fen)
        val snapshot = GameSession(NewGame(Opponent.PassAndPlay, start, null)).use { s ->
            if (selectAndFinish) {
                s.playMove("h6:f8:b4:e1")
            } else {
                s.snapshot()
            }
        }
        return BoardView(this).apply {
            interactive = false
            show(GameUiState(snapshot, BoardOrientation(false, false), HintState(), null, 0L, false, true))
            layoutParams = LinearLayout.LayoutParams(dp(260), dp(260))
        }
    }

    private companion object {
        /** White must take: only the man on c3 may move. */
        const val FORCED = "W:Wc3,g3,a1:Bd4,f6,h8"
        /** h6 takes g7, becomes a king on f8 and goes on taking as a king. */
        const val MULTI = "W:Wh6:Bg7,c5,d2,a7"
    }
}
