package app.giveaway.core

/** Square numbers by algebraic name, so tests read like the game. */
fun sq(name: String): UInt {
    val file = name[0] - 'a'
    val rank = name[1] - '1'
    require((file + rank) % 2 == 0) { "$name is a light square" }
    return ((7 - rank) * 4 + file / 2 + 1).toUInt()
}

fun Snapshot.square(name: String): SquareView = squares[sq(name).toInt() - 1]

fun Snapshot.moves(): List<String> = moveList.flatMap { listOfNotNull(it.white, it.black) }

fun passAndPlay(fen: String? = null, clock: TimeControl? = null) = GameSession(
    NewGame(
        Opponent.PassAndPlay,
        if (fen == null) StartPosition.Standard else StartPosition.Fen(fen),
        clock,
    ),
)

fun versusComputer(level: Int, human: Color = Color.WHITE, fen: String? = null) = GameSession(
    NewGame(
        Opponent.Computer(level.toUByte(), human),
        if (fen == null) StartPosition.Standard else StartPosition.Fen(fen),
        null,
    ),
)

fun even(minutesMs: Long, incrementMs: Long = 0): TimeControl {
    val side = SideTime(minutesMs.toULong(), incrementMs.toULong())
    return TimeControl(side, side)
}
