package model

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// Load reads and validates everything in, before any scoring: every file
// must be readable UTF-8 text, every stream must have one segment per
// line, system names must differ and there must be a reference. Plain text
// is read the way sacrebleu's command line reads it (see the package
// documentation). A single .tsv or .jsonl SYSTEM (also .tsv.gz,
// .jsonl.gz) with no references holds every stream itself: a TSV has a
// header row naming its columns (src, ref, ref2 …, and one column per
// system), a JSONL file has one record per line,
// {"src": …, "refs": [… or null], "hyps": {"name": …}}.
//
// Reading stops at the limits of in.Limits. Every failure is an
// [*InputError]; suspicious input that can still be scored goes into
// [Dataset.Warnings].
func Load(in Input) (*Dataset, error) {
	ds, err := load(in)
	if err != nil {
		return nil, err
	}
	// File and system names in warnings come from the user.
	for i, w := range ds.Warnings {
		ds.Warnings[i] = Printable(w)
	}
	return ds, nil
}

func load(in Input) (*Dataset, error) {
	r := newReader(in)
	if len(in.Systems) == 0 {
		return nil, &InputError{Msg: "no system given; name at least one file of hypotheses (SYSTEM)"}
	}
	if len(in.Refs) == 0 && len(in.Systems) == 1 {
		// A table names its systems itself: a NAME= prefix is ignored.
		sys, err := r.parseSystems(in.Systems)
		if err != nil {
			return nil, err
		}
		switch tableKind(sys[0].path) {
		case "tsv":
			return r.loadTable(sys[0].path, parseTSV, 1, "check that the cell is meant to be empty")
		case "jsonl":
			return r.loadTable(sys[0].path, parseJSONL, 0, "give null for a reference the segment does not have")
		}
	}
	if len(in.Refs) == 0 {
		msg := "no reference given; add -r REF, once per reference translation"
		for _, s := range in.Systems {
			if tableKind(s) != "" {
				msg += " (a .tsv or .jsonl file holds every stream only when it is the only SYSTEM and no -r is given)"
				break
			}
		}
		if s, ok := refFlagAsSystem(in.Systems); ok {
			msg += " (" + Quote(s) + " " + afterDashes + ")"
		}
		return nil, &InputError{Msg: msg}
	}
	return r.loadText()
}

// refFlagAsSystem returns the first of systems that is written as the
// reference flag (-r, --ref, -r=REF, --ref=REF): a SYSTEM only after
// "--", which ends the flags.
func refFlagAsSystem(systems []string) (string, bool) {
	for _, s := range systems {
		if name, _, _ := strings.Cut(s, "="); isRefFlag(name) {
			return s, true
		}
	}
	return "", false
}

// isRefFlag reports whether s is the reference flag, as a user writes it.
func isRefFlag(s string) bool { return s == "-r" || s == "--ref" || s == "-ref" }

// afterDashes is what an error about a SYSTEM written as the reference
// flag adds.
const afterDashes = `comes after "--", after which every argument is a SYSTEM file: give -r REF before "--"`

// tableKind returns "tsv" or "jsonl" when arg names such a file (also
// gzipped), else "".
func tableKind(arg string) string {
	p := strings.TrimSuffix(strings.ToLower(arg), ".gz")
	switch {
	case strings.HasSuffix(p, ".tsv"):
		return "tsv"
	case strings.HasSuffix(p, ".jsonl"):
		return "jsonl"
	}
	return ""
}

// systemArg is one parsed SYSTEM argument: its display name, its path,
// and the file's base name when the display name shortens it.
type systemArg struct{ name, path, fileName string }

// parseSystems splits NAME=PATH arguments and checks that names differ. An
// argument that contains "=" but is itself an existing file stays a path;
// one that starts with "=" and is not a file lacks its name.
// The systems not named so are named after their files by [shortNames].
func (r *reader) parseSystems(args []string) ([]systemArg, error) {
	out := make([]systemArg, 0, len(args))
	seen := make(map[string]string, len(args))
	given := make(map[string]bool, len(args)) // the names given with NAME=
	var derived []int                         // the systems named after their files
	for _, a := range args {
		if a == "" {
			return nil, &InputError{Msg: emptyName("a SYSTEM argument") + "; name a file of hypotheses, or - for standard input"}
		}
		s := systemArg{name: baseName(a), path: a}
		named := false
		if i := strings.IndexByte(a, '='); i > 0 && !strings.ContainsAny(a[:i], `/\`) && !r.exists(a) {
			s.name, s.path, named = a[:i], a[i+1:], true
			if strings.TrimSpace(s.name) == "" {
				return nil, &InputError{Msg: fmt.Sprintf("system %q has a blank name; write NAME=PATH with a name, or the path alone", a)}
			}
			if s.path == "" {
				return nil, &InputError{Msg: fmt.Sprintf("system %q has a name but no file; write NAME=PATH", a)}
			}
		} else if i > 0 && errors.Is(r.stat(a), fs.ErrNotExist) {
			// Read as a path, since a name may not hold a folder's
			// separator: say so, for a NAME=PATH meant.
			sep := string(a[strings.IndexAny(a[:i], `/\`)])
			return nil, inputErr(a, fmt.Sprintf("does not exist; check the path (it is read as one, not as NAME=PATH, since a name may not hold \"%s\")", sep))
		} else if isRefFlag(a) && errors.Is(r.stat(a), fs.ErrNotExist) {
			return nil, inputErr(a, "does not exist; check the path (it "+afterDashes+")")
		} else if a == "=" && !r.exists(a) {
			return nil, &InputError{Msg: `system "=" has neither a name nor a file; write NAME=PATH`}
		} else if a[0] == '=' && !r.exists(a) {
			return nil, &InputError{Msg: fmt.Sprintf("system %q has a file but no name; write NAME=PATH, or the path alone", a)}
		} else if a != "-" {
			derived = append(derived, len(out))
		}
		if prev, ok := seen[s.name]; ok && prev == s.path && s.path == "-" {
			return nil, inputErr(stdinLabel, `is named twice ("-"); it can be read only once: save it to a file and name the file instead`)
		} else if ok && prev == s.path {
			return nil, inputErr(s.path, "is given twice as a system; give each file once (a shell pattern may match a file also named before it)")
		} else if ok {
			return nil, nameClash(s.name, prev, s.path, given[s.name], named)
		}
		seen[s.name], given[s.name] = s.path, named
		out = append(out, s)
	}
	names := make([]string, len(derived))
	for k, i := range derived {
		names[k] = out[i].name
		delete(seen, names[k])
	}
	refs := make([]string, 0, len(r.in.Refs))
	for _, p := range r.in.Refs {
		if p != "-" {
			refs = append(refs, baseName(p))
		}
	}
	short := shortNames(names, seen, refs)
	for k, i := range derived {
		if short[k] != out[i].name {
			out[i].name, out[i].fileName = short[k], out[i].name
		}
	}
	return out, nil
}

// shortNames names systems after their files the way a person tells them
// apart: base names (without .gz) are split into dot-separated parts, and
// the leading and trailing parts that every name shares are dropped, so
// generaltest2022.de-en.hyp.JDExploreAcademy.en and
// generaltest2022.de-en.hyp.LT22.en become JDExploreAcademy and LT22, and
// so do all of them when dropping the shared parts would leave a name
// empty. A single system is shortened against the reference files' base
// names, refs, instead ([loneName]). NAME=PATH chooses a name instead: a
// short name that another
// system has (a key of taken: a NAME given, standard input's), or that
// another file's whole base name then is, keeps its whole base name, and
// only those do, so every name stays unique.
// These names are for a person to read: [System.StableName] keeps the
// whole base name for output that scripts read.
func shortNames(names []string, taken map[string]string, refs []string) []string {
	short := withoutSharedParts(names)
	if len(names) == 1 {
		short[0] = loneName(names[0], refs)
	}
	for lengthened := true; lengthened; {
		lengthened = false
		count := make(map[string]int, len(short))
		for _, n := range short {
			count[n]++
		}
		for k, n := range short {
			if _, other := taken[n]; (other || count[n] > 1) && n != names[k] {
				short[k], lengthened = names[k], true
			}
		}
	}
	return short
}

// loneName shortens the base name of a system loaded alone as
// [withoutSharedParts] shortens several, against the reference files' base
// names, refs: when name begins with dot-separated parts that every one of
// them begins with (the test set's, as WMT names its files), it drops
// those, the trailing parts they all share too, and then a part "hyp" that
// leads what is left, so generaltest2022.zh-en.hyp.HuaweiTSC.en beside
// generaltest2022.zh-en.ref.A.en becomes HuaweiTSC. Otherwise, or when
// nothing but "hyp" would be left, it returns name (hyp.txt beside
// ref.txt stays).
func loneName(name string, refs []string) string {
	if len(refs) == 0 {
		return name
	}
	parts := strings.Split(name, ".")
	lead, trail := len(parts), len(parts)
	for _, r := range refs {
		rp := strings.Split(r, ".")
		n := min(len(parts), len(rp))
		l, t := 0, 0
		for l < n && parts[l] == rp[l] {
			l++
		}
		for t < n && parts[len(parts)-1-t] == rp[len(rp)-1-t] {
			t++
		}
		lead, trail = min(lead, l), min(trail, t)
	}
	if lead == 0 || lead+trail >= len(parts) {
		return name
	}
	rest := parts[lead : len(parts)-trail]
	if rest[0] == "hyp" {
		if len(rest) == 1 {
			return name
		}
		rest = rest[1:]
	}
	return strings.Join(rest, ".")
}

// withoutSharedParts returns names without the leading and trailing
// dot-separated parts they all share (a copy of names when there are
// fewer than two, or when a name would be left empty).
func withoutSharedParts(names []string) []string {
	if len(names) < 2 {
		return slices.Clone(names)
	}
	parts := make([][]string, len(names))
	shortest := -1
	for i, n := range names {
		parts[i] = strings.Split(n, ".")
		if shortest < 0 || len(parts[i]) < shortest {
			shortest = len(parts[i])
		}
	}
	same := func(at func(p []string) string) bool {
		for _, p := range parts[1:] {
			if at(p) != at(parts[0]) {
				return false
			}
		}
		return true
	}
	lead := 0
	for lead < shortest && same(func(p []string) string { return p[lead] }) {
		lead++
	}
	trail := 0
	for lead+trail < shortest && same(func(p []string) string { return p[len(p)-1-trail] }) {
		trail++
	}
	if lead+trail >= shortest {
		return slices.Clone(names) // some name would be left empty
	}
	out := make([]string, len(names))
	for i, p := range parts {
		out[i] = strings.Join(p[lead:len(p)-trail], ".")
	}
	return out
}

// loadText loads one plain-text file per system, per reference and for
// the source.
func (r *reader) loadText() (*Dataset, error) {
	sys, err := r.parseSystems(r.in.Systems)
	if err != nil {
		return nil, err
	}
	var files []*file
	var streams [][]string
	add := func(p string) error {
		f, err := r.read(p)
		if err != nil {
			return err
		}
		files = append(files, f)
		streams = append(streams, f.lines(true))
		return nil
	}
	for _, s := range sys {
		if err := add(s.path); err != nil {
			return nil, err
		}
	}
	for _, p := range r.in.Refs {
		if err := add(p); err != nil {
			return nil, err
		}
	}
	if r.in.Src != "" {
		if err := add(r.in.Src); err != nil {
			return nil, err
		}
	}
	if err := checkCounts(files, streams); err != nil {
		return nil, err
	}

	ds := &Dataset{RefNames: refNames(r.in.Refs)}
	for i, s := range sys {
		ds.Systems = append(ds.Systems, System{Name: s.name, Path: s.path, Hyps: streams[i], fileName: s.fileName})
	}
	ds.Refs = streams[len(sys) : len(sys)+len(r.in.Refs)]
	if r.in.Src != "" {
		ds.Src = streams[len(streams)-1]
	}
	ds.countRefs()
	scored := files[:len(sys)+len(r.in.Refs)]
	for _, f := range scored {
		ds.Warnings = append(ds.Warnings, bomWarning(f)...)
	}
	for i, f := range files {
		ds.Warnings = append(ds.Warnings, nulWarning(f, streams[i], 0)...)
	}
	ds.Warnings = append(ds.Warnings, repeatedRefs(r.in.Refs)...)
	refs := make([]string, len(ds.Refs))
	for k := range refs {
		refs[k] = files[len(sys)+k].label
	}
	refs = refWords(refs)
	for i, s := range ds.Systems {
		label := files[i].label
		if s.Name != baseName(s.Path) {
			label = "system " + s.Name + " (" + label + ")"
		}
		ds.Warnings = append(ds.Warnings, ds.hypWarnings(label, s.Hyps, refs, 0)...)
	}
	for k, ref := range ds.Refs {
		ds.Warnings = append(ds.Warnings, emptyRefWarning(files[len(sys)+k].label, ref, nil, "check that the file is aligned with the systems", 0)...)
	}
	return ds, nil
}

// repeatedRefs warns about a reference file given more than once: each
// copy counts as a reference of its own.
func repeatedRefs(paths []string) []string {
	var out []string
	seen := make(map[string]int, len(paths))
	for _, p := range paths {
		if seen[p]++; seen[p] == 2 {
			out = append(out, Printable(p)+" is given more than once as a reference (-r); each copy counts as a reference of its own, as in sacrebleu")
		}
	}
	return out
}

// refNames gives each reference file a display name: its base name, or
// the path as given when two base names are the same.
func refNames(paths []string) []string {
	names := make([]string, len(paths))
	seen := make(map[string]bool, len(paths))
	dup := false
	for i, p := range paths {
		names[i] = baseName(p)
		dup = dup || seen[names[i]]
		seen[names[i]] = true
	}
	if dup {
		copy(names, paths)
	}
	return names
}

// checkCounts makes sure every stream has as many lines as the others, and
// explains the difference when not: a trailing blank line, or else every
// file's count.
func checkCounts(files []*file, streams [][]string) error {
	counts := make([]int, len(streams))
	low, high := -1, -1
	for i, s := range streams {
		counts[i] = len(s)
		if low < 0 || counts[i] < low {
			low = counts[i]
		}
		high = max(high, counts[i])
	}
	if low == high {
		if low == 0 {
			return inputErr(files[0].label, "is empty; give one segment per line")
		}
		return nil
	}
	if low == 0 { // an empty file among others: say so, not "0 lines"
		return inputErr(files[indexOf(counts, 0)].label, fmt.Sprintf("is empty, but %s has %s; give one segment per line", files[indexOf(counts, high)].label, plural(high, "line")))
	}
	// Are all the extra lines empty lines at the end of the longer files?
	blank, onlyBlank := -1, true
	for i, st := range streams {
		if len(st) == low {
			continue
		}
		if !allEmpty(st[low:]) {
			onlyBlank = false
			break
		}
		if blank < 0 {
			blank = i
		}
	}
	short := files[indexOf(counts, low)].label
	if onlyBlank && blank >= 0 {
		extra := counts[blank] - low
		what := "an empty line"
		if extra > 1 {
			what = strconv.Itoa(extra) + " empty lines"
		}
		return lineErr(files[blank].label, low+1, fmt.Sprintf("the file ends with %s, so it has %s but %s has %d; remove the trailing blank line%s",
			what, plural(counts[blank], "line"), short, low, PluralS(extra)))
	}
	mode := modeCount(counts)
	odd, odds := 0, 0
	for i, c := range counts {
		if c != mode {
			if odds == 0 {
				odd = i
			}
			odds++
		}
	}
	msg := fmt.Sprintf("has %s but %s has %d", plural(counts[odd], "line"), files[indexOf(counts, mode)].label, mode)
	if odds > 1 { // the first sentence does not say it all
		parts := make([]string, len(files))
		for i, f := range files {
			parts[i] = fmt.Sprintf("%s: %d", f.label, counts[i])
		}
		msg += " (" + strings.Join(parts, ", ") + ")"
	}
	fix := "every file must have one segment per line"
	for i, st := range streams { // the short one may be taken as right (one system, one reference)
		if counts[i] < high && hasCR(st) {
			fix = files[i].label + `'s lines seem to end in CR alone, which ends no line here (nor in sacrebleu); convert them, e.g. tr '\r' '\n'`
			break
		}
	}
	return inputErr(files[odd].label, msg+"; "+fix)
}

// hasCR reports whether a line holds a carriage return: lines end at
// \n only, so a file whose lines end in \r alone is read as one long line
// with them inside.
func hasCR(lines []string) bool {
	for _, l := range lines {
		if strings.IndexByte(l, '\r') >= 0 {
			return true
		}
	}
	return false
}

// modeCount returns the most common line count. On a tie the count of the
// later file wins, so that with one system and one reference the reference
// is taken as right.
func modeCount(counts []int) int {
	freq := make(map[int]int, len(counts))
	for _, c := range counts {
		freq[c]++
	}
	best, bestN := counts[len(counts)-1], 0
	for i := len(counts) - 1; i >= 0; i-- {
		if n := freq[counts[i]]; n > bestN {
			best, bestN = counts[i], n
		}
	}
	return best
}

func indexOf(xs []int, x int) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// plural returns "1 line" or "n lines", n written plainly as an error
// message gives a file's line count ("has 1998 lines"); [Counted] writes
// it in groups of three digits, as text output counts for a person.
func plural(n int, what string) string {
	return strconv.Itoa(n) + " " + what + PluralS(n)
}

func allEmpty(lines []string) bool {
	for _, l := range lines {
		if l != "" {
			return false
		}
	}
	return true
}
