package app.giveaway.ui

import org.junit.After

/**
 * An app test against the test server with other players as plain Kotlin clients ([Friend]): each made with
 * [friend], and every one of them and the app's online session closed after the test.
 */
abstract class OnlineAppTest : AppTest() {
    private val friends = mutableListOf<Friend>()

    @After
    fun closeClients() {
        OnlineUi.close()
        friends.forEach(Friend::close)
    }

    protected fun friend() = Friend(TestServer.url()).also { friends += it }
}
