package app.giveaway.app

import android.app.Activity
import android.app.AlertDialog
import android.content.Context
import android.content.Intent
import android.graphics.drawable.GradientDrawable
import android.text.Layout
import android.util.TypedValue
import android.view.View
import android.view.ViewGroup
import android.widget.AdapterView
import android.widget.ArrayAdapter
import android.widget.Button
import android.widget.FrameLayout
import android.widget.LinearLayout
import android.widget.ScrollView
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

/**
 * Small builders for programmatic layouts: every widget is type-checked, every text is a string resource. They
 * are the design system's one place in code: the colours, measures, type and button styles they use are in
 * res/values (colors.xml, dimens.xml, styles.xml) and res/values-night.
 */
fun Context.dp(v: Int): Int = (v * resources.displayMetrics.density).toInt()

/** A measure of the design system (R.dimen.space_m …) in pixels. */
fun Context.px(dimen: Int): Int = resources.getDimensionPixelSize(dimen)

/** Empty space of [size] pixels between a layout's children. */
private fun gapDrawable(size: Int) = GradientDrawable().apply {
    setColor(android.graphics.Color.TRANSPARENT)
    setSize(size, size)
}

private fun LinearLayout.gaps(size: Int) {
    if (size <= 0) return
    dividerDrawable = gapDrawable(size)
    showDividers = LinearLayout.SHOW_DIVIDER_MIDDLE
}

/** Children one below the other, [gap] pixels apart (the design system's small space unless told). */
fun Context.column(vararg children: View, gap: Int = px(R.dimen.space_s)): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.VERTICAL
    gaps(gap)
    children.forEach { addView(it) }
}

/** Children side by side in equal widths and one height (a button whose label wraps sets it for the row). */
fun Context.row(vararg children: View, gap: Int = px(R.dimen.space_s)): LinearLayout = LinearLayout(this).apply {
    orientation = LinearLayout.HORIZONTAL
    // Not aligned by their text's baseline, which pushes a one-line button down beside a two-line one.
    isBaselineAligned = false
    gaps(gap)
    children.forEach { addView(it, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.MATCH_PARENT, 1f)) }
}

/**
 * Lines break only between words: never a word split or hyphenated (Russian words are long). A word too long
 * for the width, or a line cut short, makes the text a little smaller until it fits (down to [MIN_TEXT_SP]).
 */
fun TextView.wholeWords(): TextView = apply {
    breakStrategy = Layout.BREAK_STRATEGY_SIMPLE
    hyphenationFrequency = Layout.HYPHENATION_FREQUENCY_NONE
    removeOnLayoutChangeListener(WordFit)
    addOnLayoutChangeListener(WordFit)
}

private const val MIN_TEXT_SP = 12

private object WordFit : View.OnLayoutChangeListener {
    override fun onLayoutChange(v: View, l: Int, t: Int, r: Int, b: Int, ol: Int, ot: Int, or: Int, ob: Int) {
        val view = v as? TextView ?: return
        val layout = view.layout ?: return
        if (!cutsAWord(layout, view.text)) return
        val metrics = view.resources.displayMetrics
        val smaller = view.textSize - metrics.density
        if (smaller < MIN_TEXT_SP * metrics.scaledDensity) return
        view.post { view.setTextSize(TypedValue.COMPLEX_UNIT_PX, smaller) }
    }
}

/** A line of [layout] ends inside a word, or is cut with an ellipsis. */
fun cutsAWord(layout: Layout, text: CharSequence): Boolean = (0 until layout.lineCount).any { i ->
    val end = layout.getLineEnd(i)
    val inside = i < layout.lineCount - 1 && end in 1 until text.length &&
        !text[end - 1].isWhitespace() && !text[end].isWhitespace() && text[end - 1] !in "-/·–—(" &&
        text[end] !in "·–—)"
    inside || layout.getEllipsisCount(i) > 0
}

fun Context.label(text: Int, style: Int = R.style.TextAppearance_Giveaway_Body): TextView = TextView(this).apply {
    setText(text)
    setTextAppearance(style)
    wholeWords()
    setPadding(0, dp(4), 0, dp(4))
}

/** A screen's or a dialog's heading. */
fun Context.title(text: Int): TextView = label(text, R.style.TextAppearance_Giveaway_Title)

/** A section's heading inside a screen. */
fun Context.section(text: Int): TextView = label(text, R.style.TextAppearance_Giveaway_Section).apply {
    setPadding(0, px(R.dimen.space_s), 0, 0)
}

private fun Context.styledButton(style: Int, text: Int, onClick: () -> Unit): Button =
    Button(this, null, 0, style).apply {
        setText(text)
        wholeWords()
        setOnClickListener { onClick() }
    }

/** A screen's one main action: filled with the accent colour. */
fun Context.primaryButton(text: Int, onClick: () -> Unit): Button =
    styledButton(R.style.Widget_Giveaway_Button_Primary, text, onClick)

/** Any other choice: outlined. */
fun Context.button(text: Int, onClick: () -> Unit): Button =
    styledButton(R.style.Widget_Giveaway_Button_Secondary, text, onClick)

/** A choice inside a form or a dialog: a tinted fill. */
fun Context.tonalButton(text: Int, onClick: () -> Unit): Button =
    styledButton(R.style.Widget_Giveaway_Button_Tonal, text, onClick)

/** A minor action: accent text without a fill. */
fun Context.textButton(text: Int, onClick: () -> Unit): Button =
    styledButton(R.style.Widget_Giveaway_Button_Text, text, onClick)

/** An action bar's button: the vector [icon] above its [text], both in the text's colour (dimmed when off). */
fun Context.iconButton(icon: Int, text: Int, onClick: () -> Unit): Button =
    styledButton(R.style.Widget_Giveaway_Button_Icon, text, onClick).apply {
        setCompoundDrawablesRelativeWithIntrinsicBounds(0, icon, 0, 0)
        compoundDrawableTintList = textColors
    }

/** A card: the surface colour, rounded, its content [padding] pixels in. */
fun Context.card(content: View, padding: Int = px(R.dimen.space_m)): View = FrameLayout(this).apply {
    setBackgroundResource(R.drawable.card)
    setPadding(padding, padding, padding, padding)
    addView(content)
}

/** A screen's scrolling content with the one screen margin around it. */
fun Context.screen(content: View): ScrollView = ScrollView(this).apply {
    val m = px(R.dimen.screen_margin)
    setPadding(m, m, m, m)
    clipToPadding = false
    // The screen takes the first focus, not its first text field: no cursor and no keyboard on opening.
    isFocusableInTouchMode = true
    descendantFocusability = ViewGroup.FOCUS_BEFORE_DESCENDANTS
    addView(content)
}

/** One choice: its name beside its control (a spinner), on one 48 dp line; TalkBack names the control by it. */
fun Context.choice(name: Int, control: View): View = LinearLayout(this).apply {
    orientation = LinearLayout.HORIZONTAL
    gravity = android.view.Gravity.CENTER_VERTICAL
    isBaselineAligned = false
    minimumHeight = px(R.dimen.touch_target)
    val text = label(name, R.style.TextAppearance_Giveaway_Label)
    addView(text, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 0.36f))
    addView(control, LinearLayout.LayoutParams(0, ViewGroup.LayoutParams.WRAP_CONTENT, 0.64f))
    if (control.id == View.NO_ID) control.id = View.generateViewId()
    text.labelFor = control.id
}

/** A spinner over [items] shown by [label]; [onPick] gets the index. */
fun <T> Context.spinner(items: List<T>, selected: Int, label: (T) -> String, onPick: (Int) -> Unit): Spinner =
    Spinner(this).apply {
        adapter = object : ArrayAdapter<String>(
            context,
            android.R.layout.simple_spinner_dropdown_item,
            items.map(label),
        ) {
            override fun getView(position: Int, convertView: View?, parent: ViewGroup): View =
                (super.getView(position, convertView, parent) as TextView).apply {
                    wholeWords()
                    setTextAppearance(R.style.TextAppearance_Giveaway_Body)
                    // Two lines at most, the rest marked as cut: a long choice in a narrow column.
                    isSingleLine = false
                    maxLines = 2
                }

            override fun getDropDownView(position: Int, convertView: View?, parent: ViewGroup): View =
                (super.getDropDownView(position, convertView, parent) as TextView).apply { wholeWords() }
        }
        minimumHeight = px(R.dimen.touch_target)
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
