// Package render holds the pure renderers of bleuscope: functions that turn
// scores, statistics and clip ledgers into styled text. They use lipgloss
// only, keep no state, and show their meaning in text as well as colour, so
// the output stays readable without colour (NO_COLOR, a pipe).
//
// Every renderer takes its [Styles] first. Scores are formatted by
// [model.FormatScore] and [model.FormatDelta] only. What to highlight (matched and clipped tokens, clips
// in ledger order, reference labels) is decided in package model; this
// package only draws it.
package render
