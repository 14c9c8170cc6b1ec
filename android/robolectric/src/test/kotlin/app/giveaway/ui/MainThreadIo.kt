package app.giveaway.ui

import java.io.File

/**
 * Disk and network on the main thread as the JVM sees them. StrictMode reports what the framework notes (a
 * preferences load, say), but on the JVM plain `java.io` is not instrumented as on a device; so the tests also
 * watch the JVM's own file and socket checks: a read, write or delete under the app's data folder, or a
 * connection, made on the main thread with the app's code on the stack, is recorded. (The core's SQLite works
 * natively, below the JVM: the app keeps the library on its storage thread by construction.)
 */
@Suppress("DEPRECATION", "removal")
class MainThreadIo(private val main: Thread, dataDir: File) : SecurityManager() {
    private val data = dataDir.canonicalPath
    val seen: MutableList<String> = java.util.Collections.synchronizedList(mutableListOf())
    private val inside: ThreadLocal<Boolean> = ThreadLocal.withInitial { false }

    private fun check(what: String, path: String?) {
        if (Thread.currentThread() !== main || inside.get()) return
        if (path != null && !path.startsWith(data)) return
        inside.set(true)
        try {
            val app = StackWalker.getInstance().walk { frames ->
                frames.map { it.className }.filter {
                    it.startsWith("app.giveaway.") &&
                        !it.startsWith("app.giveaway.ui.")
                }.findFirst().orElse(null)
            }
            if (app != null) seen += "$what ${path ?: ""} from $app"
        } finally {
            inside.set(false)
        }
    }

    init {
        // Load every class the check uses now: loading one inside a check is itself a file read, and a class
        // still being loaded there is a circularity error.
        check("read", data)
    }

    override fun checkRead(file: String) = check("read", file)
    override fun checkWrite(file: String) = check("write", file)
    override fun checkDelete(file: String) = check("delete", file)
    override fun checkConnect(host: String, port: Int) = check("connect $host:$port", null)

    // Everything else is allowed, and fast.
    override fun checkPermission(perm: java.security.Permission) = Unit
    override fun checkPermission(perm: java.security.Permission, context: Any?) = Unit
}
