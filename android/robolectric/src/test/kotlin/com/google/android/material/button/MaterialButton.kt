package com.google.android.material.button

import android.content.Context
import android.widget.Button

/**
 * The one Material Components class the Accessibility Test Framework touches: it asks every view whether it is a
 * MaterialButton (to read isCheckable) and fails without the class. Material is not on Maven Central and this app
 * has no Material button, so the answer is always no; this stand-in only lets the question be asked.
 */
open class MaterialButton(context: Context) : Button(context) {
    open fun isCheckable(): Boolean = false
}
