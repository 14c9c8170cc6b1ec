package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.Intent
import android.view.View
import android.view.ViewGroup
import android.widget.AdapterView
import android.widget.ArrayAdapter
import android.widget.Button
import android.widget.LinearLayout
import android.widget.Spinner
import android.widget.TextView
import app.giveaway.R
import app.giveaway.core.Color
import app.giveaway.core.EndReason
import app.giveaway.core.GiveawayException
import app.giveaway.core.LevelView
import app.giveaway.core.Outcome
import app.giveaway.core.ResultView
import app.giveaway.core.Settings

/** Small builders for programmatic layouts: every widget is type-checked, every text is a string resource. */
fun Context.dp(v: Int): Int = (v * resources.displayMetrics.density).toInt()

fun Context.column(vararg children: View): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.VERTICAL
    children.forEach { addView(it) }
}

/** Children side by side in equal widths and one height (a button whose label wraps sets it for the row). */
fun Context.row(vararg children: View): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.HORIZONTAL
    // Not aligned by their text's baseline, which pushes a one-line button down beside a two-line one.
    isBaselineAligned = false
    children.forEach { addView(it, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f)) }
}

fun Context.label(text: Int, style: Int = android.R.style.TextAppearance_Material_Body1): TextView =
    TextView(this).apply {
        setText(text)
        setTextAppearance(style)
        setPadding(dp(8), dp(6), dp(8), dp(6))
    }

fun Context.button(text: Int, onClick: () -> Unit): Button = Button(this).apply {
    setText(text)
    setOnClickListener { onClick() }
}

/** A spinner over [items] shown by [label]; [onPick] gets the index. */
fun <T> Context.spinner(items: List<T>, selected: Int, label: (T) -> String, onPick: (Int) -> Unit): Spinner =
    Spinner(this).apply {
        adapter = ArrayAdapter(context, android.R.layout.simple_spinner_dropdown_item, items.map(label))
        setSelection(selected.coerceIn(0, maxOf(0, items.size - 1)))
        onItemSelectedListener = object : AdapterView.OnItemSelectedListener {
            override fun onItemSelected(
                parent: AdapterView<*>?,
                view: View?,
                position: Int,
                id: Long,
            ) = onPick(position)
            override fun onNothingSelected(parent: AdapterView<*>?) = Unit
        }
    }

/** Offers a PDN text to other apps through the share sheet. */
fun Activity.sharePdn(pdn: String) {
    val send = Intent(Intent.ACTION_SEND).apply {
        type = "application/x-chess-pdn"
        putExtra(Intent.EXTRA_TEXT, pdn)
    }
    startActivity(Intent.createChooser(send, getString(R.string.share_pdn)))
}

fun Activity.confirm(message: Int, yes: Int, onYes: () -> Unit) {
    AlertDialog.Builder(this)
        .setMessage(message)
        .setPositiveButton(yes) { _, _ -> onYes() }
        .setNegativeButton(R.string.cancel, null)
        .show()
}

fun Context.colorName(c: Color): String = getString(if (c == Color.WHITE) R.string.white else R.string.black)

/** "White wins: no legal move left", in the app's language. */
fun Context.resultText(r: ResultView): String {
    val who = getString(
        when (r.outcome) {
            Outcome.WHITE_WINS -> R.string.result_white_wins
            Outcome.BLACK_WINS -> R.string.result_black_wins
            Outcome.DRAW -> R.string.result_draw
        },
    )
    return getString(R.string.result_format, who, reasonText(r.reason))
}

/** Why a game ended ("on time"), in the app's language. */
fun Context.reasonText(r: EndReason): String = getString(
    when (r) {
        EndReason.NO_LEGAL_MOVE -> R.string.reason_no_legal_move
        EndReason.RESIGNATION -> R.string.reason_resignation
        EndReason.TIME -> R.string.reason_time
        EndReason.REPETITION -> R.string.reason_repetition
        EndReason.KING_MOVE_RULE -> R.string.reason_king_move_rule
        EndReason.AGREEMENT -> R.string.reason_agreement
        EndReason.ABANDONMENT -> R.string.reason_abandonment
    },
)

/** A refusal from the core, in the app's language. */
fun Context.errorText(e: GiveawayException): String = getString(
    when (e) {
        is GiveawayException.IllegalMove -> R.string.error_illegal_move
        is GiveawayException.NotYourTurn -> R.string.error_not_your_turn
        is GiveawayException.GameOver -> R.string.error_game_over
        is GiveawayException.Busy -> R.string.error_busy
        is GiveawayException.Storage -> R.string.error_storage
        is GiveawayException.BadPdn -> R.string.error_bad_pdn
        is GiveawayException.NotFound -> R.string.error_not_found
        else -> R.string.error_unavailable
    },
)

/** A level's name in the app's language with the core's approximate rating ("Expert · 1600"). */
fun Context.levelLabel(level: LevelView): String {
    val names = resources.getStringArray(R.array.level_names)
    val name = names.getOrNull(level.number.toInt() - 1) ?: level.name
    return getString(R.string.level_format, name, level.rating.toInt())
}

/** The high-contrast window theme goes with the high-contrast board. Call before creating views. */
fun Activity.applyAppTheme(settings: Settings) {
    if (settings.boardTheme == app.giveaway.core.BoardTheme.CONTRAST) setTheme(R.style.Theme_Giveaway_HighContrast)
}

/**
 * Builds the screen once the app's settings are at hand (the library opens on the storage thread at process
 * start): at once normally, a moment later on a cold start.
 */
fun Activity.whenReady(build: (Settings) -> Unit) {
    (application as GiveawayApp).whenReady { s ->
        if (isFinishing || isDestroyed) return@whenReady
        applyAppTheme(s)
        build(s)
    }
}
