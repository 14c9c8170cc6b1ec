package app.giveaway.logic

/** The positions the rules screen draws; the texts beside them (string resources) describe exactly these. */
object RulesExamples {
    /** White must take: only the man on c3 may move. */
    const val FORCED_CAPTURE_FEN = "W:Wc3,g3,a1:Bd4,f6,h8"

    /** h6 takes g7, becomes a king on f8 and goes on taking as a king. */
    const val MULTI_CAPTURE_FEN = "W:Wh6:Bg7,c5,d2,a7"
    const val MULTI_CAPTURE_MOVE = "h6:f8:b4:e1"
}
