package app.giveaway.core

import org.junit.platform.engine.TestExecutionResult
import org.junit.platform.launcher.TestExecutionListener
import org.junit.platform.launcher.TestIdentifier
import org.junit.platform.launcher.TestPlan
import java.util.concurrent.atomic.AtomicInteger

/**
 * Prints the plain `N passed, N failed` line after all Kotlin tests, besides Surefire's own summary, and writes
 * it to the file named by the `giveaway.summary.file` property, which the Makefile prints as the last line
 * (Maven itself ends its output with terminal escape codes).
 */
class SummaryListener : TestExecutionListener {
    private val passed = AtomicInteger()
    private val failed = AtomicInteger()
    private val skipped = AtomicInteger()

    override fun executionFinished(id: TestIdentifier, result: TestExecutionResult) {
        if (!id.isTest) return
        when (result.status) {
            TestExecutionResult.Status.SUCCESSFUL -> passed.incrementAndGet()
            else -> failed.incrementAndGet()
        }
    }

    override fun executionSkipped(id: TestIdentifier, reason: String) {
        if (id.isTest) skipped.incrementAndGet()
    }

    override fun testPlanExecutionFinished(plan: TestPlan) {
        val line = "kotlin: ${passed.get()} passed, ${failed.get()} failed, ${skipped.get()} skipped"
        println(line)
        System.getProperty("giveaway.summary.file")?.let { java.io.File(it).writeText(line + "\n") }
    }
}
