package app.giveaway.app.online

import android.app.Activity
import android.os.Build
import android.text.InputType
import android.text.format.DateUtils
import android.view.Gravity
import android.view.View
import android.widget.EditText
import android.widget.LinearLayout
import android.widget.TextView
import app.giveaway.R
import app.giveaway.app.button
import app.giveaway.app.card
import app.giveaway.app.column
import app.giveaway.app.confirm
import app.giveaway.app.dp
import app.giveaway.app.label
import app.giveaway.app.primaryButton
import app.giveaway.app.row
import app.giveaway.app.section
import app.giveaway.app.textButton
import app.giveaway.core.DeviceView
import app.giveaway.core.OnlineClient
import app.giveaway.core.OnlineScreen

/**
 * A second device, both ends: on a signed-in phone the card that shows a one-time link code and lists the
 * account's devices (each can be signed out: a lost phone), and on a new phone the form that takes the code
 * instead of a nickname. What is possible and what the list holds is the client's screen.
 */
class DevicesCard(private val a: Activity, private val request: (OnlineClient.() -> Unit) -> Unit) {
    private val code = TextView(a).apply {
        setTextAppearance(android.R.style.TextAppearance_Material_Display1)
        typeface = android.graphics.Typeface.MONOSPACE
        gravity = Gravity.CENTER
        setTextIsSelectable(true)
        visibility = View.GONE
    }
    private val codeHelp = a.label(R.string.empty).apply { visibility = View.GONE }
    private val list = a.column(gap = 0)
    private var shown: List<DeviceView>? = null

    /** The signed-in phone's card. */
    val card: View = a.card(
        a.column(
            a.section(R.string.devices),
            a.label(R.string.devices_explained),
            code,
            codeHelp,
            a.row(
                a.button(R.string.link_code_show) { request { createLinkCode() } },
                a.button(R.string.my_devices) { request { devices() } },
            ),
            list,
        ),
    )

    private val typed = EditText(a).apply {
        setHint(R.string.link_code)
        inputType = InputType.TYPE_CLASS_TEXT or InputType.TYPE_TEXT_FLAG_CAP_CHARACTERS
        isSingleLine = true
        minHeight = a.dp(48)
    }

    /** The new phone's way in with a code, under the nickname form. */
    val redeem: View = a.column(
        a.label(R.string.link_existing_account),
        a.row(
            typed,
            a.primaryButton(R.string.link_this_device) {
                // The device's model names it in the account's list ("Pixel 8").
                request { redeemLinkCode(typed.text.toString().trim(), Build.MODEL ?: "") }
            },
        ).apply { (typed.layoutParams as LinearLayout.LayoutParams).weight = 1.5f },
    )

    fun show(s: OnlineScreen) {
        card.visibility = if (s.actions.devices) View.VISIBLE else View.GONE
        redeem.visibility = if (s.actions.redeemLinkCode) View.VISIBLE else View.GONE
        val c = s.linkCode
        code.visibility = if (c == null) View.GONE else View.VISIBLE
        codeHelp.visibility = code.visibility
        if (c != null) {
            code.text = c.code
            code.contentDescription = a.getString(R.string.link_code_description, c.code.toList().joinToString(" "))
            val left = c.remainingMs.toLong() / 1000
            codeHelp.text = a.getString(R.string.link_code_help, String.format("%d:%02d", left / 60, left % 60))
        }
        if (s.devices != shown) {
            shown = s.devices
            list.removeAllViews()
            s.devices.forEach { list.addView(deviceRow(it)) }
        }
    }

    private fun name(d: DeviceView): String = when {
        d.thisDevice && d.label.isEmpty() -> a.getString(R.string.this_device)
        d.thisDevice -> a.getString(R.string.this_device_named, d.label)
        d.label.isEmpty() -> a.getString(R.string.first_device)
        else -> d.label
    }

    private fun deviceRow(d: DeviceView): View {
        val now = System.currentTimeMillis()
        val seen = if (now - d.lastSeenMs < DateUtils.MINUTE_IN_MILLIS) {
            a.getString(R.string.seen_just_now)
        } else {
            DateUtils.getRelativeTimeSpanString(d.lastSeenMs, now, DateUtils.MINUTE_IN_MILLIS)
        }
        val words = a.label(R.string.empty).apply { text = a.getString(R.string.device_seen, name(d), seen) }
        val out = a.textButton(R.string.sign_out) {
            val question = if (d.thisDevice) R.string.sign_out_this_device else R.string.sign_out_device
            a.confirm(question, R.string.sign_out) {
                request { signOutDevice(d.id) }
            }
        }
        return LinearLayout(a).apply {
            gravity = Gravity.CENTER_VERTICAL
            addView(words, LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1f))
            addView(out)
        }
    }
}
