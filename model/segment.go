package model

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// Segment is one segment of one system as scoring sees it: the
// hypothesis with the references present for that line (and the source
// when there is one), their short labels beside them.
type Segment struct {
	// System and Line are the system's index and the 0-based line.
	System, Line int
	// Src is the source text ("" without a source stream).
	Src string
	// Hyp is the system's hypothesis.
	Hyp string
	// Refs are the references present for the line, in stream order.
	Refs []string
	// RefNames are the names of the reference streams of Refs, and
	// RefLabels their short labels ([RefLabels]).
	RefNames, RefLabels []string
}

// RefPresent reports whether reference stream k has a reference for
// segment i (a JSONL reference can be null). It is the one test of
// presence: everything that lists a segment's references goes through it.
func (d *Dataset) RefPresent(k, i int) bool {
	return d.RefAbsent == nil || k >= len(d.RefAbsent) || !d.RefAbsent[k][i]
}

// Segment returns line i (0-based) of system sys with its present
// references.
func (d *Dataset) Segment(sys, i int) Segment {
	labels := d.ReferenceLabels()
	s := Segment{System: sys, Line: i, Hyp: d.Systems[sys].Hyps[i]}
	if d.Src != nil {
		s.Src = d.Src[i]
	}
	for k, stream := range d.Refs {
		if d.RefPresent(k, i) {
			s.Refs = append(s.Refs, stream[i])
			s.RefNames = append(s.RefNames, d.RefNames[k])
			s.RefLabels = append(s.RefLabels, labels[k])
		}
	}
	return s
}

// Bytes is the size of the segment's hypothesis and references, which
// bounds the work of explaining it.
func (s Segment) Bytes() int {
	n := len(s.Hyp)
	for _, r := range s.Refs {
		n += len(r)
	}
	return n
}

// Explained is the whole computation of one segment: its text, the
// per-order clip detail and the sentence score under some options.
type Explained struct {
	Segment
	// Opt are the options it was explained under.
	Opt scoring.Options
	// Detail is [scoring.Explain]'s account of the n-grams.
	Detail scoring.Detail
	// Result is the sentence score.
	Result scoring.Result
	// Err is set when the options are not valid (nothing else is then).
	Err error
	// EvalErr is set when NLTK raises for this segment (Result is then
	// the zero value).
	EvalErr error
}

// Explain explains seg under opt. It is the one place a segment's
// computation is assembled: the explorer's segment pane and walk-through
// and the explain command all call it. It costs the segment's length,
// and reads only seg.
func Explain(seg Segment, opt scoring.Options) Explained {
	e := Explained{Segment: seg, Opt: opt}
	e.Detail, e.Err = scoring.Explain(seg.Hyp, seg.Refs, opt)
	if e.Err == nil {
		e.Result, e.EvalErr = scoring.Evaluate(e.Detail.Stats, opt, scoring.LastSegment{Hyp: seg.Hyp, Refs: seg.Refs})
	}
	return e
}

// RefLabels returns short display names for references: for several, the
// numbers of a table's reference columns (ref, ref2, REF3: "1", "2", "3";
// [refColumnLabels]), else what sets their names apart (the part between
// their common prefix and suffix, as "A" and "B" of ref.A.en and ref.B.en,
// a word or number in it kept whole, as "01" and "02" of ref01.txt and
// ref02.txt, "google" and "gold" of ref_google.txt and ref_gold.txt),
// else the names when short, else their numbers from 1; for a single
// reference "" (it is just "ref"), or its name when that is a bare name
// such as an MQM file's refB (not a file name), since such a file may also
// hold a system called ref. The names come out printable ([Printable], tabs
// as spaces).
func RefLabels(names []string) []string {
	out := make([]string, len(names))
	if len(names) == 1 {
		if bareName(names[0]) {
			out[0] = names[0]
		}
		return out
	}
	if labels, ok := refColumnLabels(names); ok {
		return labels
	}
	for i, n := range names {
		out[i] = strings.ReplaceAll(Printable(n), "\t", " ")
	}
	if len(out) > 1 {
		pre, suf := commonAffixes(out)
		pre, suf = wholeWords(out, pre, suf)
		ok := true
		trimmed := make([]string, len(out))
		for i, n := range out {
			r := []rune(n)
			if pre+suf >= len(r) {
				ok = false
				break
			}
			trimmed[i] = strings.Trim(string(r[pre:len(r)-suf]), ".-_ ")
			ok = ok && trimmed[i] != "" && len([]rune(trimmed[i])) <= 8
		}
		if ok {
			return trimmed
		}
	}
	short := true
	for _, n := range out {
		short = short && len([]rune(n)) <= 8
	}
	if short {
		return out
	}
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// refColumnLabels labels references named as a table's reference
// columns ([isRefColumn], in any case) by their numbers, so that none is
// named "ref ref2": "2" for ref2, "1" for a bare ref; or, when two would
// share a number (ref beside ref1), by their places from 1. ok is false
// when some name is not such a column's.
func refColumnLabels(names []string) (labels []string, ok bool) {
	labels = make([]string, len(names))
	seen := make(map[string]bool, len(names))
	for k, n := range names {
		low := strings.ToLower(n)
		if !isRefColumn(low) {
			return nil, false
		}
		labels[k] = strings.TrimPrefix(low, "ref")
		if labels[k] == "" {
			labels[k] = "1"
		}
		if seen[labels[k]] {
			return NumberedRefLabels(len(names)), true
		}
		seen[labels[k]] = true
	}
	return labels, true
}

// bareName reports whether name is a short plain name (letters, digits,
// - and _; at most 8 of them) other than a table's reference column's
// (ref, ref1, REF: [isRefColumn]): not a file name.
func bareName(name string) bool {
	if name == "" || isRefColumn(strings.ToLower(name)) || utf8.RuneCountInString(name) > 8 {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return true
}

// RefLabel is how a reference is named, everywhere bleuscope names one:
// "ref " and its label from [RefLabels] ("ref A", "ref 2"), or "ref" for
// the only one.
func RefLabel(label string) string {
	if label == "" {
		return "ref"
	}
	return "ref " + label
}

// RefColumn is a reference's label as a table's column header: the label
// ("A", "2"), or "ref" for the only one.
func RefColumn(label string) string {
	if label == "" {
		return "ref"
	}
	return label
}

// LetteredRefLabels are the labels of n references a lesson names: "A",
// "B", …, "Z", then "27", "28", …, or "" for a single one, as [RefLabels]
// labels the demo corpus's ref.A.en and ref.B.en, so that a lesson names
// its references as the explorer names the demo's.
func LetteredRefLabels(n int) []string {
	out := NumberedRefLabels(n)
	if n > 1 {
		for i := range min(n, 26) {
			out[i] = string(rune('A' + i))
		}
	}
	return out
}

// NumberedRefLabels are the labels of n references known by number only
// (texts given on the command line; a lesson's are lettered,
// [LetteredRefLabels]): "1", "2", …, or "" for a
// single one, as [RefLabels] labels them when their names do not tell them
// apart.
func NumberedRefLabels(n int) []string {
	out := make([]string, n)
	if n == 1 {
		return out
	}
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// wholeWords moves the cuts of names' common prefix and suffix (pre and
// suf runes, from [commonAffixes]) off the inside of a word or a number,
// so that what sets the names apart is whole: 12 and 13 of ref12.txt and
// ref13.txt, not 2 and 3; google and gold of ref_google.txt and
// ref_gold.txt, not ogle and ld. An uppercase letter after a lowercase one
// starts a word (refA and refB: A and B).
func wholeWords(names []string, pre, suf int) (int, int) {
	runes := make([][]rune, len(names))
	for i, n := range names {
		runes[i] = []rune(n)
	}
	first := runes[0]
	at := func(r []rune, i int) rune {
		if i < 0 || i >= len(r) {
			return 0
		}
		return r[i]
	}
	// Before the cut every name has first's runes (the prefix), after it
	// each its own.
	for pre > 0 && slices.ContainsFunc(runes, func(r []rune) bool { return splitsWord(first[pre-1], at(r, pre)) }) {
		pre--
	}
	// After the cut every name ends as first does (the suffix).
	for suf > 0 && slices.ContainsFunc(runes, func(r []rune) bool { return splitsWord(at(r, len(r)-suf-1), first[len(first)-suf]) }) {
		suf--
	}
	return pre, suf
}

// splitsWord reports whether a cut between the runes a and b falls inside
// a word or a number: two digits, or two letters but for a lowercase
// letter followed by an uppercase one.
func splitsWord(a, b rune) bool {
	switch {
	case a >= '0' && a <= '9' && b >= '0' && b <= '9':
		return true
	case unicode.IsLetter(a) && unicode.IsLetter(b):
		return !unicode.IsUpper(b) || unicode.IsUpper(a)
	}
	return false
}

// commonAffixes returns the lengths in runes of the longest prefix and
// suffix all names share.
func commonAffixes(names []string) (pre, suf int) {
	first := []rune(names[0])
	pre, suf = len(first), len(first)
	for _, n := range names[1:] {
		r := []rune(n)
		p := 0
		for p < pre && p < len(r) && r[p] == first[p] {
			p++
		}
		pre = p
		s := 0
		for s < suf && s < len(r) && r[len(r)-1-s] == first[len(first)-1-s] {
			s++
		}
		suf = s
	}
	return pre, suf
}
