// Package ui is bleuscope's explorer: the Bubble Tea program that browses
// the segments of a scored corpus and shows how each BLEU figure comes
// about.
//
// The root [Model] routes messages and holds only what is shared: common
// (the dataset, the settings, the scores, styles, keys and window size)
// and the job table. Everything else is a component that owns its state
// and has its own Update, View and SetSize: the segment list (view, rows,
// cursor, filter), the segment pane, the header, the help, ledger and
// charts screens, and the walk-through and lessons ([Walkthrough],
// [Lessons]). Components receive common and never call back into the
// root.
//
// Background work runs as jobs in one table (jobs.go): a job has a kind,
// a generation and a cancel, and Update drops a stale result in one place.
// A new screen is a new component; new background work is a new job kind.
package ui
