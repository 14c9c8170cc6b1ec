package app.giveaway.core

import org.junit.platform.engine.TestExecutionResult
import org.junit.platform.launcher.TestExecutionListener
import org.junit.platform.launcher.TestIdentifier
import org.junit.platform.launcher.TestPlan
import java.util.concurrent.atomic.AtomicInteger

/** Prints the plain `N passed, N failed` line after all Kotlin tests, besides Surefire's own summary. */
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
        println("kotlin: ${passed.get()} passed, ${failed.get()} failed, ${skipped.get()} skipped")
    }
}
