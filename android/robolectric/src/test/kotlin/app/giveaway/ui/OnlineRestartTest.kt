package app.giveaway.ui

import org.junit.After
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * What the lobby says when the game server goes away (test-server.sh stop) and how it finds it again. Run in a
 * JVM of its own (pom.xml): see android/README.md, "Known limits".
 */
class OnlineRestartTest : AppTest() {
    @After
    fun closeClient() = OnlineUi.close()

    @Test
    fun `the lobby says when the server is gone and finds it again`() {
        OnlineUi.lobby(this).get().let { lobby ->
            TestServer.stop()
            Ui.until(what = "the offline message") { shows(lobby, "Offline: ") && shows(lobby, "Trying again in") }
            // "Try now" makes the next attempt at once, which fails as long as the server is away.
            Ui.click(lobby, "Try now")
            Ui.until(what = "another attempt") { shows(lobby, "(attempt ") || shows(lobby, "Offline: ") }
            TestServer.start()
            // A restarted test server listens on another port, on a fresh database: the address is typed again,
            // and the server no longer knows this device's account.
            OnlineUi.useServer(this, TestServer.url())
            Ui.until(what = "the lobby online again") { shows(lobby, "Connected to the game server") }
            assertTrue(shows(lobby, "Choose a nickname"))
        }
    }
}
