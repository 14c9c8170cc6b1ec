package app.giveaway.ui

import android.app.Activity
import android.app.Dialog
import android.graphics.Bitmap
import android.graphics.Canvas
import android.graphics.Color
import android.os.Looper
import android.view.View
import app.giveaway.app.GameActivity
import app.giveaway.app.GamesActivity
import app.giveaway.app.HomeActivity
import app.giveaway.app.ReplayActivity
import app.giveaway.app.RulesActivity
import app.giveaway.app.SettingsActivity
import org.junit.Assume.assumeTrue
import org.junit.Before
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import org.robolectric.Shadows.shadowOf
import java.io.File
import java.time.Duration

/**
 * Every screen drawn by its real Views with Robolectric's native graphics, in portrait and landscape, light and
 * dark, English and Russian, written as PNG (half size) into the folder given as -Dscreenshots.dir by
 * `make android-screenshots`. Not named *Test, so `make test` leaves it out; skipped without the folder.
 */
abstract class Shots : AppTest() {
    protected val dir = System.getProperty("screenshots.dir").orEmpty()

    @Before
    fun wanted() = assumeTrue("no -Dscreenshots.dir", dir.isNotEmpty())

    protected data class Variant(val language: String, val land: Boolean, val night: Boolean) {
        val name get() = "$language-${if (land) "land" else "port"}-${if (night) "dark" else "light"}"
        val qualifiers get() = if (land) {
            "$language-w640dp-h360dp-land-${if (night) "night" else "notnight"}-xhdpi"
        } else {
            "$language-w360dp-h640dp-port-${if (night) "night" else "notnight"}-xhdpi"
        }
    }

    protected val variants = listOf("en", "ru").flatMap { l ->
        listOf(false, true).flatMap { land -> listOf(false, true).map { night -> Variant(l, land, night) } }
    }

    /** Runs [screen] once per variant; it returns the activity (and dialog) to draw. */
    protected fun each(name: String, screen: () -> Pair<Activity, Dialog?>) {
        for (v in variants) {
            RuntimeEnvironment.setQualifiers(v.qualifiers)
            val (activity, dialog) = screen()
            save(File(dir, "$name-${v.name}.png"), draw(activity, dialog))
        }
    }

    protected fun draw(activity: Activity, dialog: Dialog?): Bitmap {
        val root = activity.window.decorView
        // Robolectric's clock stands still between tasks: a second on it lets the last move's animation end.
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofSeconds(1))
        val bitmap = Bitmap.createBitmap(root.width, root.height, Bitmap.Config.ARGB_8888)
        val canvas = Canvas(bitmap)
        root.draw(canvas)
        if (dialog != null) {
            // A dialog is a window of its own: drawn over the dimmed screen, centred, as the system would.
            canvas.drawColor(Color.argb(150, 0, 0, 0))
            val d = dialog.window!!.decorView
            canvas.save()
            canvas.translate((root.width - d.width) / 2f, (root.height - d.height) / 2f)
            d.draw(canvas)
            canvas.restore()
        }
        return bitmap
    }

    protected fun save(file: File, bitmap: Bitmap) {
        val half = Bitmap.createScaledBitmap(bitmap, bitmap.width / 2, bitmap.height / 2, true)
        file.parentFile?.mkdirs()
        file.outputStream().use { half.compress(Bitmap.CompressFormat.PNG, 100, it) }
    }

    /** [newGame] by the current language's words. */
    protected fun startGame(setup: (Activity) -> Unit = {}): Activity {
        val h = home()
        setup(h)
        Ui.click(h, h.getString(app.giveaway.R.string.start))
        return follow(h, GameActivity::class.java).get()
    }
}

/** The offline screens. */
class Screenshots : Shots() {
    @Test
    fun homeScreen() = each("home") { home() to null }

    @Test
    fun gameAgainstTheComputer() = each("game-computer") {
        val g = startGame()
        val b = board(g)
        b.tap("c3")
        b.tap("d4")
        awaitEngine(g)
        b.tap("b2")
        g to null
    }

    @Test
    fun gamePassAndPlayWithClocks() = each("game-clocks") {
        val g = startGame { home ->
            val r = home.resources
            val mode = app.giveaway.R.string.versus_computer
            Ui.pick(root(home), r.getString(mode), r.getString(app.giveaway.R.string.pass_and_play))
            // The home screen offers the last game's choices: from the second variant on, 5+3 already.
            if (!shows(home, "5+3")) Ui.pick(root(home), r.getString(app.giveaway.R.string.time_unlimited), "5+3")
        }
        board(g).play("c3", "d4")
        g to null
    }

    @Test
    fun rules() = each("rules") { launch(RulesActivity::class.java).get() to null }

    @Test
    fun settings() = each("settings") { launch(SettingsActivity::class.java).get() to null }

    @Test
    fun savedGames() = each("games") {
        val g = startGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        launch(GamesActivity::class.java).get() to null
    }

    @Test
    fun replay() = each("replay") {
        val g = startGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        val id = g.intent.getLongExtra(GameActivity.EXTRA_GAME_ID, 0)
        val r = launch(ReplayActivity::class.java, ReplayActivity.intent(g, id)).get()
        Ui.click(r, r.getString(app.giveaway.R.string.analyse))
        Ui.until(what = "the analysis") {
            shows(r, r.getString(app.giveaway.R.string.accuracy, 0, 0).substringBefore(" "))
        }
        r to null
    }

    /** Pass-and-play chosen on home (the home screen remembers it from the previous variant). */
    private fun twoPlayers(home: Activity) {
        val r = home.resources
        val friend = r.getString(app.giveaway.R.string.pass_and_play)
        if (!shows(home, friend)) Ui.pick(root(home), r.getString(app.giveaway.R.string.versus_computer), friend)
    }

    /** The "Capturing is compulsory" explanation, shown once ever: closed if it shows. */
    private fun closeExplanation() {
        if (Ui.dialog() != null) Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
    }

    @Test
    fun kings() = each("game-kings") {
        val g = startGame { h ->
            twoPlayers(h as app.giveaway.app.HomeActivity)
            val men = listOf("a3", "e3", "g3")
            editPosition(h, men, black = listOf("b6", "h6"), whiteKings = listOf("d8"), blackKings = listOf("c1"))
        }
        closeExplanation()
        g to null
    }

    @Test
    fun captureInProgress() = each("game-capture") {
        val g = startGame { h ->
            twoPlayers(h as app.giveaway.app.HomeActivity)
            editPosition(h, white = listOf("c3", "g3"), black = listOf("b4", "d4", "b6", "f6", "h6"))
        }
        closeExplanation()
        // The first hop of c3:a5:c7: the man on a5, the man it took still on b4 (faded) until the move ends.
        board(g).play("c3", "a5")
        g to null
    }

    @Test
    fun win() = each("game-win") {
        val g =
            startGame { h ->
                editPosition(h as app.giveaway.app.HomeActivity, white = listOf("c3"), black = listOf("e5"))
            }
        // White gives its last man away: the computer must take it, and White has nothing left.
        board(g).play("c3", "d4")
        Ui.until(what = "the result") { Ui.dialog() != null }
        Ui.until(timeoutMs = 5000, what = "the reply on the board: ${moveList(g)}") { moveList(g).contains("e5:c3") }
        g to Ui.dialog()
    }

    @Test
    fun loss() = each("game-loss") {
        val g = startGame()
        board(g).play("c3", "d4")
        awaitEngine(g)
        more(g, g.getString(app.giveaway.R.string.resign))
        Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
        g to Ui.dialog()
    }

    @Test
    fun draw() = each("game-draw") {
        val g = startGame { h -> twoPlayers(h) }
        board(g).play("c3", "d4")
        more(g, g.getString(app.giveaway.R.string.offer_draw))
        Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
        Ui.dialogButton(android.content.DialogInterface.BUTTON_POSITIVE)
        g to Ui.dialog()
    }

    /** A 7-inch tablet (sw600dp) in both orientations, light and dark: its own game layout. */
    @Test
    fun tablet() {
        for ((name, qualifiers) in listOf(
            "en-land-light" to "en-w960dp-h600dp-land-notnight-xhdpi",
            "en-port-dark" to "en-w600dp-h960dp-port-night-xhdpi",
            "ru-land-dark" to "ru-w960dp-h600dp-land-night-xhdpi",
        )) {
            RuntimeEnvironment.setQualifiers(qualifiers)
            val g = startGame()
            board(g).play("c3", "d4")
            awaitEngine(g)
            save(File(dir, "tablet-game-$name.png"), draw(g, null))
        }
    }

    @Test
    fun positionEditor() = each("editor") {
        val h = home()
        Ui.click(h, h.getString(app.giveaway.R.string.set_up_position))
        h to Ui.dialog()
    }
}
