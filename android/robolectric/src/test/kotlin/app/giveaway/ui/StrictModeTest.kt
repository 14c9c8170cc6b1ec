package app.giveaway.ui

import android.content.Context
import android.content.Intent
import android.net.Uri
import android.os.strictmode.DiskReadViolation
import android.os.strictmode.DiskWriteViolation
import app.giveaway.app.GamesActivity
import org.junit.Assert.assertTrue
import org.junit.Test
import org.robolectric.RuntimeEnvironment
import java.io.File

/** What the main-thread guards see in this environment. */
class StrictModeTest : AppTest() {
    @Test
    fun aPreferencesLoadOnTheMainThreadIsAStrictModeViolation() {
        RuntimeEnvironment.getApplication().getSharedPreferences("probe", Context.MODE_PRIVATE).getBoolean("k", false)
        // StrictMode hands its findings over once the main thread's current work is done.
        Ui.idle()
        // The file is loaded on a thread of its own: the main thread is flagged for reading when it has to wait
        // for that load, and for writing when it makes the preferences folder. Which of the two it meets depends
        // on how fast the load is (CI saw runs with only the writes), so either counts.
        assertTrue("recorded: $violations", violations.any { it is DiskReadViolation || it is DiskWriteViolation })
        violations.clear()
    }

    @Test
    fun appCodeReadingAFileOnTheMainThreadIsCaught() {
        val a = launch(GamesActivity::class.java).get()
        val file = File(a.filesDir, "probe.pdn").apply { writeText("x") }
        // The activity's copy of a shared document, run here on the main thread (the app runs it on its storage
        // thread).
        val copy = GamesActivity::class.java.getDeclaredMethod("copyToFile", Uri::class.java).apply {
            isAccessible = true
        }
        (copy.invoke(a, Uri.fromFile(file)) as File).delete()
        assertTrue("seen: ${io.seen}", io.seen.any { "read" in it && "probe.pdn" in it && "GamesActivity" in it })
        io.seen.clear()
    }
}
