// Package annotations holds manual error annotations of machine
// translation output: error spans with a category, a severity and a note,
// "no error" marks and ESA segment scores ([Annotation]); the typologies
// they use ([Preset]: WMT's MQM, ESA, or a custom file read by
// [ParseTypology]); a crash-safe file that keeps them ([Store], an
// append-only journal with a checksum per record, compacted atomically,
// which records the typology its annotations were made with,
// [Store.Typologies], and [TypologyWarnings] says when another weighs
// them);
// the exchange formats (WMT's MQM TSV with [ReadMQM] and [WriteMQM], CSV
// and JSONL); a WMT MQM TSV opened as a corpus ([OpenMQM]); and what they
// add up to ([Summarize], [Agree]).
//
// Spans are offsets in Unicode code points (Python's string indices) into
// the text the annotation was made on, which the annotation keeps with a
// hash of it, so that an annotation whose text changed is reported as
// detached ([Resolve]) rather than shown on another segment.
//
// The package uses the standard library and package model only; it never
// imports the user interface.
package annotations
