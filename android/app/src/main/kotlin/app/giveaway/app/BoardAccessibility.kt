package app.giveaway.app

import android.os.Bundle
import android.view.MotionEvent
import android.view.View
import android.view.accessibility.AccessibilityEvent
import android.view.accessibility.AccessibilityManager
import android.view.accessibility.AccessibilityNodeInfo
import android.view.accessibility.AccessibilityNodeProvider

/**
 * The 32 dark squares as virtual views, so TalkBack can explore the board by touch, read each square's
 * description and select it with a double tap (which arrives as ACTION_CLICK). Virtual view id = square number.
 */
class BoardAccessibility(private val board: BoardView) : AccessibilityNodeProvider() {
    private var focused: Int? = null
    private var hovered: Int? = null
    private val manager = board.context.getSystemService(AccessibilityManager::class.java)

    override fun createAccessibilityNodeInfo(virtualViewId: Int): AccessibilityNodeInfo? {
        if (virtualViewId == View.NO_ID) {
            @Suppress("DEPRECATION")
            val info = AccessibilityNodeInfo.obtain(board)
            board.onInitializeAccessibilityNodeInfo(info)
            for (n in board.squareNumbers) info.addChild(board, n)
            return info
        }
        val bounds = board.bounds(virtualViewId) ?: return null

        @Suppress("DEPRECATION")
        val info = AccessibilityNodeInfo.obtain(board, virtualViewId)
        info.setParent(board)
        info.setSource(board, virtualViewId)
        info.packageName = board.context.packageName
        info.className = android.widget.Button::class.java.name
        info.contentDescription = board.describe(virtualViewId)
        @Suppress("DEPRECATION")
        info.setBoundsInParent(bounds)
        val location = IntArray(2)
        board.getLocationOnScreen(location)
        bounds.offset(location[0], location[1])
        info.setBoundsInScreen(bounds)
        info.isEnabled = board.interactive
        info.isFocusable = true
        info.isClickable = board.interactive
        info.isVisibleToUser = true
        info.isAccessibilityFocused = focused == virtualViewId
        if (board.interactive) info.addAction(AccessibilityNodeInfo.AccessibilityAction.ACTION_CLICK)
        info.addAction(
            if (focused == virtualViewId) {
                AccessibilityNodeInfo.AccessibilityAction.ACTION_CLEAR_ACCESSIBILITY_FOCUS
            } else {
                AccessibilityNodeInfo.AccessibilityAction.ACTION_ACCESSIBILITY_FOCUS
            },
        )
        return info
    }

    override fun performAction(virtualViewId: Int, action: Int, arguments: Bundle?): Boolean {
        if (virtualViewId == View.NO_ID) return board.performAccessibilityAction(action, arguments)
        if (virtualViewId !in board.squareNumbers) return false
        return when (action) {
            AccessibilityNodeInfo.ACTION_ACCESSIBILITY_FOCUS -> {
                if (focused == virtualViewId) return false
                focused?.let { send(it, AccessibilityEvent.TYPE_VIEW_ACCESSIBILITY_FOCUS_CLEARED) }
                focused = virtualViewId
                board.invalidate()
                send(virtualViewId, AccessibilityEvent.TYPE_VIEW_ACCESSIBILITY_FOCUSED)
                true
            }

            AccessibilityNodeInfo.ACTION_CLEAR_ACCESSIBILITY_FOCUS -> {
                if (focused != virtualViewId) return false
                focused = null
                board.invalidate()
                send(virtualViewId, AccessibilityEvent.TYPE_VIEW_ACCESSIBILITY_FOCUS_CLEARED)
                true
            }

            AccessibilityNodeInfo.ACTION_CLICK -> {
                if (!board.interactive) return false
                board.onTap(virtualViewId)
                send(virtualViewId, AccessibilityEvent.TYPE_VIEW_CLICKED)
                true
            }

            else -> false
        }
    }

    /** Touch exploration: hovering a square announces it. */
    fun hover(event: MotionEvent): Boolean {
        if (manager == null || !manager.isEnabled || !manager.isTouchExplorationEnabled) return false
        val square = board.squareAt(event.x, event.y)
        when (event.action) {
            MotionEvent.ACTION_HOVER_ENTER, MotionEvent.ACTION_HOVER_MOVE -> setHovered(square)
            MotionEvent.ACTION_HOVER_EXIT -> setHovered(null)
            else -> return false
        }
        return square != null
    }

    /** The board changed: the descriptions are new. */
    fun contentChanged() {
        if (manager == null || !manager.isEnabled) return
        @Suppress("DEPRECATION")
        val event = AccessibilityEvent.obtain(AccessibilityEvent.TYPE_WINDOW_CONTENT_CHANGED)
        event.contentChangeTypes = AccessibilityEvent.CONTENT_CHANGE_TYPE_SUBTREE
        event.setSource(board)
        event.packageName = board.context.packageName
        board.parent?.requestSendAccessibilityEvent(board, event)
        focused?.let { send(it, AccessibilityEvent.TYPE_WINDOW_CONTENT_CHANGED) }
    }

    private fun setHovered(square: Int?) {
        if (square == hovered) return
        val old = hovered
        hovered = square
        if (square != null) send(square, AccessibilityEvent.TYPE_VIEW_HOVER_ENTER)
        if (old != null) send(old, AccessibilityEvent.TYPE_VIEW_HOVER_EXIT)
    }

    private fun send(square: Int, type: Int) {
        if (manager == null || !manager.isEnabled) return
        @Suppress("DEPRECATION")
        val event = AccessibilityEvent.obtain(type)
        event.setSource(board, square)
        event.packageName = board.context.packageName
        event.className = android.widget.Button::class.java.name
        event.contentDescription = board.describe(square)
        event.isEnabled = board.interactive
        board.parent?.requestSendAccessibilityEvent(board, event)
    }
}
