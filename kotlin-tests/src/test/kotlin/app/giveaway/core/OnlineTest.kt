package app.giveaway.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.atomic.AtomicInteger

/**
 * The online client through the generated bindings against a real game server (`make test-kotlin` starts one
 * with server/tools/test-server.sh on a fresh database and passes its URL as `giveaway.server.url`). Each
 * device is its own games file and its own [OnlineClient], as two phones would be.
 */
class OnlineTest {
    @TempDir
    lateinit var dir: Path

    private val devices = mutableListOf<Device>()

    @AfterEach
    fun close() = devices.forEach(Device::close)

    private val server: String by lazy {
        System.getProperty("giveaway.server.url")?.takeIf { it.isNotBlank() }
            ?: error("no game server: run through `make test-kotlin`, which starts one and sets giveaway.server.url")
    }

    /** One phone: its library, its client, the events it was told so far. */
    inner class Device(name: String, url: String = server) : AutoCloseable {
        private val wakes = Wakes()
        val library = GameLibrary.open(dir.resolve("$name.db").toString())
        val client = OnlineClient.connect(url, library, wakes)
        val events = mutableListOf<OnlineEvent>()

        init {
            devices += this
        }

        /** Waits until [done] holds of the client's screen state, collecting its events meanwhile. */
        fun until(what: String, done: (OnlineScreen) -> Boolean): OnlineScreen = try {
            wakes.until(read = {
                events += client.takeEvents()
                client.screen()
            }, done = done)
        } catch (e: IllegalStateException) {
            throw AssertionError("$what: ${e.message}; events $events", e)
        }

        fun online() = until("connected") { it.connection == Connection.Online }

        fun signUp(nickname: String): OnlinePlayer {
            online()
            client.createAccount(nickname)
            return (
                until("the account") {
                    it.account is AccountState.SignedIn
                }.account as AccountState.SignedIn
                ).player
        }

        /** The game's board, once the client has one that is at [ply]. */
        fun board(ply: UInt): GameController = until("ply $ply") { s ->
            s.game != null && client.game()?.state()?.snapshot?.ply == ply
        }.let { client.game()!! }

        override fun close() {
            client.disconnect()
            client.close()
            library.close()
        }
    }

    private fun nick(base: String) = "$base${serial.incrementAndGet()}"

    /** Plays a legal move as a player would: touches a piece that can move, then its landing squares in turn. */
    private fun playByTouch(game: GameController) {
        val ply = game.state().snapshot.ply
        var s = game.tap(game.state().snapshot.squares.first { it.movable }.number)
        while (s.snapshot.ply == ply) s = game.tap(s.snapshot.squares.first { it.destination }.number)
    }

    @Test
    fun `an invited game is played through each device's board and ends rated in both libraries`() {
        val anna = Device("anna")
        val boris = Device("boris")
        val annaName = nick("Anna")
        val borisName = nick("Boris")
        assertEquals(annaName, anna.signUp(annaName).nickname)
        boris.signUp(borisName)
        assertTrue(anna.events.any { it is OnlineEvent.AccountCreated })

        val blitz = anna.client.screen().presets.first {
            it.white.baseMs == 300_000uL && it.white.incrementMs == 3_000uL
        }
        anna.client.createInvite(blitz, true)
        val code = (anna.until("the invite code") { it.lobby is Lobby.Inviting }.lobby as Lobby.Inviting).code
        boris.client.acceptInvite(code)
        val seen = anna.until("the game") { it.game != null }.game!!
        val other = boris.until("the game") { it.game != null }.game!!
        assertEquals(seen.game, other.game)
        assertNotEquals(seen.you, other.you)
        // The invite is used up once the game has started.
        anna.until("the invite used") { it.lobby == Lobby.Idle }
        // The screen says who is who: the player's own seat and the opponent's.
        assertEquals(annaName, seen.player.nickname)
        assertEquals(borisName, other.player.nickname)
        assertEquals(seen.player, other.opponent)
        val whiteName = if (seen.you == Color.WHITE) seen.player.nickname else seen.opponent.nickname
        val blackName = if (seen.you == Color.WHITE) seen.opponent.nickname else seen.player.nickname
        assertTrue(seen.rated)
        // Nobody has moved: White has 30 s for the first move, and the screen says so instead of a running clock.
        val first =
            seen.status as? OnlineGameStatus.FirstMove ?: throw AssertionError("not counting down: ${seen.status}")
        assertEquals(Color.WHITE, first.side)
        assertTrue(first.remainingMs in 1uL..30_000uL, "${first.remainingMs}")
        val (white, black) = if (seen.you == Color.WHITE) anna to boris else boris to anna

        // The board is the offline one: the opponent's names in the snapshot, no undo or hint online.
        val whiteBoard = white.board(0u)
        val start = whiteBoard.start()
        val opponent = start.snapshot.opponent as Opponent.Online
        assertEquals(Color.WHITE, opponent.human)
        assertEquals(whiteName, opponent.white)
        assertTrue(start.actions.draws)
        assertTrue(!start.actions.undo && !start.actions.hint)

        whiteBoard.playMove("c3-d4")
        black.board(1u).playMove("f6-g5")
        white.board(2u).playMove("g3-h4")
        // Each side in turn, by touch, for a few more moves.
        for (ply in 3u until 8u) playByTouch((if (ply % 2u == 1u) black else white).board(ply))
        val moves = white.board(8u).state().snapshot.moveList
        assertEquals(listOf("c3-d4", "f6-g5", "g3-h4"), moves.flatMap { listOfNotNull(it.white, it.black) }.take(3))

        // A reaction crosses to the other device.
        val emoji = reactionEmojis().last()
        black.client.game()!!.react(Color.BLACK, emoji)
        white.until("the reaction") {
            white.client.game()!!.state().snapshot.reactions.any {
                it.emoji == emoji &&
                    it.side == Color.BLACK
            }
        }

        white.client.game()!!.resign()
        for (d in listOf(white, black)) {
            val over = d.until("the end") { it.game?.status is OnlineGameStatus.Over }.game!!
            val end = (over.status as OnlineGameStatus.Over).end
            assertEquals(RematchState.CAN_OFFER, over.rematch)
            assertTrue(over.actions.offerRematch && over.actions.backToLobby && !over.actions.inGame)
            assertEquals(Color.BLACK, end.winner)
            assertEquals(EndReason.RESIGNATION, end.reason)
            val rating = end.rating ?: throw AssertionError("no rating change: $end")
            if (d === black) {
                assertTrue(rating.after > rating.before, "the winner gains: $rating")
            } else {
                assertTrue(rating.after < rating.before, "the loser loses: $rating")
            }
            // `until` takes the events before it reads the state: an end that came between the two is read now.
            d.events += d.client.takeEvents()
            assertTrue(d.events.any { it is OnlineEvent.GameEnded })

            // In the library as an online game, and it replays move by move.
            val id = end.savedId ?: throw AssertionError("not saved: $end")
            val listed = d.library.gameList(ListFilter(GameMode.ONLINE, null, null, null, null), 10u).use {
                it.state().games
            }
            assertEquals(listOf(id), listed.map { it.id })
            assertEquals(false, listed.single().resumable)
            assertEquals(listOf(whiteName, blackName), listOf(listed.single().white, listed.single().black))
            d.library.replay(id).use { replay ->
                assertEquals(8u, replay.plies())
                assertEquals(listOf("c3-d4"), replay.snapshotAt(1u).moveList.map { it.white })
            }
        }
    }

    @Test
    fun `two players seeking the same time control are paired`() {
        val (a, b) = listOf(Device("a"), Device("b"))
        a.signUp(nick("Seeker"))
        b.signUp(nick("Seeker"))
        val preset = a.client.screen().presets.first()
        a.client.seek(preset)
        assertEquals(Lobby.Seeking(preset), a.until("seeking") { it.lobby is Lobby.Seeking }.lobby)
        b.client.seek(preset)
        val games = listOf(a, b).map { d -> d.until("paired") { it.game != null }.game!! }
        assertEquals(games[0].game, games[1].game)
        assertEquals(setOf(Color.WHITE, Color.BLACK), games.map { it.you }.toSet())
        assertEquals(preset.white.baseMs, games[0].timeControl.white.baseMs)
        // `until` takes the events before it reads the state: the ones that came with the game are read now.
        listOf(a, b).forEach { d -> d.events += d.client.takeEvents() }
        assertTrue(listOf(a, b).all { d -> d.events.any { it is OnlineEvent.GameStarted } })
    }

    @Test
    fun `bad input is refused with a typed answer`() {
        val d = Device("short")
        d.online()
        d.client.createAccount("ab")
        d.until("the refusal") { d.events.any { it is OnlineEvent.Refused } }
        val refused = d.events.filterIsInstance<OnlineEvent.Refused>().single()
        assertEquals(ErrorCode.NICKNAME_INVALID, refused.code)
        assertEquals(AccountState.Needed, d.client.screen().account)

        // A server that is not there: offline with its reason, and requests that need it are refused at once.
        val lost = Device("lost", "ws://127.0.0.1:9/ws")
        val offline = lost.until("offline") { it.problem is OnlineProblem.Offline }
        assertTrue((offline.problem as OnlineProblem.Offline).reason.isNotBlank())
        assertTrue(offline.actions.tryNow && !offline.actions.seek)
        assertThrows<GiveawayException.Unavailable> { lost.client.seek(d.client.screen().presets.first()) }
        assertThrows<GiveawayException.Unavailable> { lost.client.createAccount("Nobody") }
    }

    private companion object {
        /** Nicknames are unique on the server: one count for the whole run. */
        val serial = AtomicInteger()
    }
}
