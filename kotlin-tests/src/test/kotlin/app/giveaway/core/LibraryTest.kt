package app.giveaway.core

import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path

class LibraryTest {
    @TempDir
    lateinit var dir: Path

    private fun open() = GameLibrary.open(dir.resolve("games.db").toString())

    private val all = Filter(null, null, null, null, null, null, null)

    @Test
    fun `save and resume through the library`() {
        val id = open().use { lib ->
            lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.Standard, even(300_000, 2_000))).use { game ->
                game.playMove("c3-d4")
                game.playMove("f6-g5")
                game.react(Color.WHITE, "🔥")
                game.playMove("g3-h4").gameId!!
            }
        }
        open().use { lib ->
            lib.resume(id).use { game ->
                val s = game.snapshot()
                assertEquals(listOf("c3-d4", "f6-g5", "g3-h4"), s.moves())
                assertEquals(listOf(Reaction(2u, Color.WHITE, "🔥")), s.reactions)
                // 5 minutes, two moves with a 2 s increment each, a few milliseconds used.
                assertTrue(s.clocks!!.whiteMs in 300_000uL..304_000uL, "${s.clocks}")
                assertEquals(Color.BLACK, s.clocks!!.running)
                game.undo()
            }
            lib.replay(id).use { replay ->
                assertEquals(2u, replay.plies(), "the undo was saved")
                assertEquals(listOf("c3-d4"), replay.snapshotAt(1u).moves())
            }
            val page = lib.listGames(all, null, 10u)
            assertEquals(1uL, page.total)
            assertEquals(GameMode.PASS_AND_PLAY, page.games[0].mode)
            assertEquals(2u, page.games[0].plies)
            assertNull(page.games[0].outcome)
        }
    }

    @Test
    fun `list filters and pages, PDN export and import, delete, stats, settings`() {
        open().use { lib ->
            repeat(3) {
                lib.newGame(NewGame(Opponent.Computer(2u, Color.WHITE), StartPosition.Standard, null)).use { g ->
                    g.resign(Color.WHITE)
                }
            }
            lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.RemovedMen(listOf(21u)), null)).use { g ->
                g.playMove("c3-d4")
            }
            val first = lib.listGames(all, null, 2u)
            assertEquals(4uL, first.total)
            assertEquals(2, first.games.size)
            val second = lib.listGames(all, first.nextCursor, 2u)
            assertEquals(2, second.games.size)
            assertNull(second.nextCursor)
            val lost = lib.listGames(Filter(null, ResultFilter.LOST, 2u.toUByte(), null, null, null, null), null, 10u)
            assertEquals(3uL, lost.total)
            val inProgress = lib.listGames(Filter(null, null, null, true, null, null, null), null, 10u)
            assertEquals("without a3", inProgress.games.single().handicap)

            val pdn = lib.exportPdn(inProgress.games.single().id)
            assertTrue(pdn.contains("c3-d4"), pdn)
            val imported = lib.importPdn(pdn)
            assertEquals(1uL, imported.count)
            assertEquals(imported.firstId, imported.lastId)
            assertThrows<GiveawayException.BadPdn> { lib.importPdn("1. zz-zz") }

            val stats = lib.stats()
            assertEquals(3uL, stats.byLevel.single { it.level == 2u.toUByte() }.losses)

            lib.deleteGame(imported.firstId!!)
            assertThrows<GiveawayException.NotFound> { lib.deleteGame(imported.firstId!!) }
            assertThrows<GiveawayException.NotFound> { lib.resume(9999) }

            val settings = lib.settings().copy(notation = Notation.NUMERIC, coach = false)
            lib.saveSettings(settings)
            assertEquals(settings, lib.settings())
        }
    }

    @Test
    fun `analysis of a saved game, cancellable`() = runBlocking {
        open().use { lib ->
            val id = lib.newGame(NewGame(Opponent.PassAndPlay, StartPosition.Standard, null)).use { g ->
                g.playMove("c3-d4")
                g.playMove("f6-g5")
                g.playMove("g3-h4")
                g.snapshot().gameId!!
            }
            lib.replay(id).use { replay ->
                val progress = Progress()
                val a = replay.analyse(progress)
                assertEquals(3, a.moves.size)
                assertEquals(4u to 4u, progress.analysis.last())
            }
        }
    }
}
