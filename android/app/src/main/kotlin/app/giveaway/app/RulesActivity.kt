package app.giveaway.app

import android.app.Activity
import android.os.Bundle
import android.view.View
import android.widget.LinearLayout
import app.giveaway.R
import app.giveaway.core.RulesExample
import app.giveaway.core.RulesExampleKind
import app.giveaway.core.rulesExamples

/**
 * The rules in short, illustrated with the core's diagrams: the start, a forced capture (the capturing piece
 * marked), and a multi-capture with promotion on the way (its path marked, the pieces it takes faded).
 */
class RulesActivity : Activity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        whenReady { build() }
    }

    private fun build() {
        val examples = rulesExamples().associateBy { it.kind }
        fun diagram(kind: RulesExampleKind): List<View> = listOfNotNull(examples[kind]?.let(::illustration))
        val views =
            listOf(label(R.string.rules_title, R.style.TextAppearance_Giveaway_Headline)) +
                listOf(label(R.string.rules_goal)) +
                diagram(RulesExampleKind.START) +
                listOf(label(R.string.rules_moves), label(R.string.rules_forced_capture)) +
                diagram(RulesExampleKind.FORCED_CAPTURE) +
                label(R.string.rules_multi_capture) +
                diagram(RulesExampleKind.MULTI_CAPTURE) +
                label(R.string.rules_draws)
        setContentView(screen(column(*views.toTypedArray())))
    }

    /** A small read-only board of the diagram. */
    private fun illustration(example: RulesExample): BoardView = BoardView(this).apply {
        interactive = false
        show(example.squares)
        layoutParams = LinearLayout.LayoutParams(dp(260), dp(260))
    }
}
