package app.giveaway.logic

import app.giveaway.core.GameLibrary
import app.giveaway.core.GameMode
import app.giveaway.core.NewGame
import app.giveaway.core.Opponent
import app.giveaway.core.StartPosition
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files

class SavedGamesTest {
    private fun library(): GameLibrary {
        val base = System.getProperty("giveaway.db.dir")?.let { File(it).apply { mkdirs() } }
        val dir = Files.createTempDirectory(base?.toPath() ?: File(System.getProperty("java.io.tmpdir")).toPath(), "android")
        return GameLibrary.open(dir.resolve("games.db").toString())
    }

    @Test
    fun `a game played through the controller is saved, listed, resumed and replayed with analysis`() = runBlocking {
        library().use { lib ->
            val id: Long
            lib.newGame(GameSetup(versusComputer = false).toNewGame()).use { game ->
                val c = Recorder().controller(game, this)
                c.start()
                for (m in listOf("c3-d4", "f6-g5", "g3-h4", "g7-f6", "b2-c3", "h8-g7")) c.playMove(m)
                id = c.snapshot.gameId!!
                c.close()
            }
            val list = GameListModel(lib, pageSize = 1)
            list.load(ListFilter(mode = GameMode.PASS_AND_PLAY))
            assertEquals(1L, list.total)
            assertEquals(id, list.games.single().id)
            assertEquals(RowResult.IN_PROGRESS, GameListModel.resultOf(list.games.single()))
            list.load(ListFilter(mode = GameMode.VS_COMPUTER))
            assertEquals(0L, list.total)
            list.load(ListFilter(withinDays = 1))
            assertEquals(1L, list.total, "started today")
            assertEquals(0uL, lib.listGames(ListFilter(withinDays = 1).toFilter(System.currentTimeMillis() + 2 * 86_400_000L), null, 10u).total)

            // Process death: a new session from storage continues where the game stopped.
            lib.resume(id).use { again ->
                val c = Recorder().controller(again, this)
                c.start()
                assertEquals(6u, c.snapshot.ply)
                c.resign()
                assertNotNull(c.snapshot.result)
            }
            list.load(ListFilter())
            assertEquals(RowResult.BLACK_WON, GameListModel.resultOf(list.games.single()))

            lib.replay(id).use { replay ->
                val states = mutableListOf<ReplayUiState>()
                val r = ReplayController(replay, this, { states += it }, { throw it })
                r.start()
                assertEquals(6, r.plies)
                assertEquals(0, r.state.ply)
                assertNull(r.state.snapshot.lastMove)
                r.next()
                assertEquals("c3-d4", r.state.snapshot.lastMove!!.text)
                r.last()
                assertEquals(6, r.state.ply)
                assertTrue(r.state.snapshot.squares.none { it.movable }, "a replay is for looking")
                r.goTo(99)
                assertEquals(6, r.state.ply)
                r.analyse()
                assertNotNull(r.state.progress)
                while (r.state.analysis == null && r.state.progress != null) kotlinx.coroutines.delay(20)
                val analysis = r.state.analysis!!
                assertEquals(6, analysis.moves.size)
                assertEquals(7, analysis.whiteChances.size)
                assertNull(r.state.progress)
                assertTrue(states.any { it.progress != null && it.progress!!.first > 0 }, "progress was reported")
                r.goTo(3)
                assertEquals(2u, r.state.review!!.ply, "the review of the move that led here")
                val graph = EvalGraph(analysis, 600f, 200f)
                assertEquals(7, graph.points.size)
                assertEquals(0f, graph.points.first().x)
                assertEquals(600f, graph.points.last().x)
                assertEquals(3, graph.positionAt(290f))
                val mistakes = analysis.moves.filter { it.`class` in MISTAKE_CLASSES }
                assertEquals(mistakes.size, graph.markers(analysis).size)
                if (mistakes.isNotEmpty()) {
                    r.first()
                    assertTrue(r.nextMistake())
                    assertEquals(mistakes.first().ply.toInt() + 1, r.state.ply)
                } else {
                    assertTrue(!r.nextMistake())
                }
                r.close()
            }
        }
    }

    @Test
    fun `home screen setup becomes the core's new game`() {
        val setup = GameSetup(versusComputer = true, level = 5, color = ColorChoice.BLACK, whiteTime = TimePreset(3, 2))
            .toggleMan(sq("a1")).toggleMan(sq("b8")).toggleMan(sq("d4")).toggleMan(sq("b8"))
        val game = setup.toNewGame()
        assertEquals(Opponent.Computer(5u, app.giveaway.core.Color.BLACK), game.opponent)
        assertEquals(StartPosition.RemovedMen(listOf(sq("a1").toUInt())), game.start, "d4 is no start square of a man")
        assertEquals(game.timeControl!!.white, game.timeControl!!.black)
        val odds = GameSetup(versusComputer = false, whiteTime = TimePreset(5, 0), blackTime = TimePreset(1, 0)).toNewGame()
        assertEquals(60_000uL, odds.timeControl!!.black.baseMs)
        val presets = app.giveaway.core.handicapPresets()
        val blackTwo = presets.first { it.side == app.giveaway.core.Color.BLACK && it.men == 2u }
        val handicapped = GameSetup(fen = "W:W21:B1").withHandicap(blackTwo)
        assertNull(handicapped.fen, "a preset replaces an edited position")
        assertEquals(2, handicapped.removedMen.size)
        fun men(start: StartPosition) = (start as StartPosition.RemovedMen).squares.toSet()
        assertEquals(men(blackTwo.start), men(handicapped.toNewGame().start))
        val random = (1..40).map { GameSetup(color = ColorChoice.RANDOM).toNewGame(kotlin.random.Random(it)).opponent }
        assertEquals(2, random.toSet().size, "random colour gives both colours")
        app.giveaway.core.GameSession(NewGame(game.opponent, game.start, game.timeControl)).use { s ->
            assertNull(s.snapshot().at("a1").piece)
        }
    }
}
