// Package model holds the data bleuscope works on: the segments of one or
// more systems with their references and optional source, loaded and
// validated from plain text, TSV or JSONL files ([Load]); their scores
// ([Score], [Scored.Recompute], [Scored.Subset]); views of them sorted and
// filtered ([Scored.Rows]); and export in machine-readable and human forms
// ([WriteCorpus], [WriteSegments]). One segment's whole computation is
// [Explain] of [Dataset.Segment]; which of its tokens are matched or
// clipped, and its clips in ledger order, are [SegmentMarks] and
// [TopClips], for any renderer.
//
// Plain text is read the way sacrebleu's command line reads it: UTF-8, a
// line ends at "\n" only, trailing whitespace is stripped with Python's
// rstrip semantics and leading whitespace and byte-order marks are kept.
// Every problem with the input is reported as an [*InputError] before any
// scoring starts, and suspicious but valid input produces
// [Dataset.Warnings].
//
// A [Dataset] is read-only once loaded and a [Scored] is never changed
// after it is returned, so both can be shared between goroutines freely.
// The package never imports the user interface.
package model
