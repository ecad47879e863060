package model

import (
	"fmt"
	"strings"
)

// tableParser turns a whole TSV or JSONL file into a Dataset (with no
// warnings but those of the text its format escapes); path is the file as
// given.
type tableParser func(f *file, path string) (*Dataset, error)

// loadTable loads a file that holds every stream, plus the -s file when
// the table has no source of its own. header is the number of lines
// before the first segment's (a TSV's header), so that warnings name
// lines of the file; emptyRefFix is what the warning about empty
// references asks a person to check, in the table's terms.
func (r *reader) loadTable(arg string, parse tableParser, header int, emptyRefFix string) (*Dataset, error) {
	f, err := r.read(arg)
	if err != nil {
		return nil, err
	}
	ds, err := parse(f, arg)
	if err != nil {
		return nil, err
	}
	if f.nul { // the parser kept no lines
		_, heads := ds.tableRefWords()
		ds.Warnings = append(ds.Warnings, nulWarning(f, nil, header, ds.nulPlaces(heads)...)...)
	}
	if r.in.Src != "" {
		if ds.Src != nil {
			return nil, inputErr(f.label, "has its own source; drop -s, or drop the src column")
		}
		sf, err := r.read(r.in.Src)
		if err != nil {
			return nil, err
		}
		src := sf.lines(true)
		if len(src) != ds.Len() {
			return nil, inputErr(sf.label, fmt.Sprintf("has %s but %s has %s; every file must have one segment per line",
				plural(len(src), "line"), f.label, plural(ds.Len(), "segment")))
		}
		ds.Src = src
		ds.Warnings = append(ds.Warnings, nulWarning(sf, src, 0)...)
	}
	ds.countRefs()
	refs, heads := ds.tableRefWords()
	for _, s := range ds.Systems {
		ds.Warnings = append(ds.Warnings, ds.hypWarnings(f.label+" system "+s.Name, s.Hyps, refs, header)...)
	}
	for k, ref := range ds.Refs {
		var absent []bool
		if ds.RefAbsent != nil {
			absent = ds.RefAbsent[k]
		}
		ds.Warnings = append(ds.Warnings, emptyRefWarning(f.label+" "+heads[k], ref, absent, emptyRefFix, header)...)
	}
	return ds, nil
}

// tableLines splits a table file into its lines (without stripping them)
// after dropping a byte-order mark, which precedes the header or first
// record rather than any segment. It rejects empty lines, naming a
// trailing one for what it is.
func tableLines(f *file, what string) ([]string, error) {
	lines := Lines(TrimChunksPrefix(f.chunks, BOM), f.stdin, false)
	if len(lines) == 0 {
		return nil, inputErr(f.label, "is empty; give "+what)
	}
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			continue
		}
		if allBlank(lines[i:]) {
			return nil, lineErr(f.label, i+1, "the file ends with an empty line; remove the trailing blank line")
		}
		return nil, lineErr(f.label, i+1, "empty line; every line must hold "+what)
	}
	return lines, nil
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// column kinds of a TSV header.
const (
	colSystem = iota
	colRef
	colSrc
)

// parseTSV reads a table whose header row names its columns: src (or
// source), ref, ref1, ref2 … and one column per system.
func parseTSV(f *file, path string) (*Dataset, error) {
	lines, err := tableLines(f, "one tab-separated segment")
	if err != nil {
		return nil, err
	}
	header := strings.Split(strings.TrimRight(lines[0], "\r"), "\t")
	kinds := make([]int, len(header))
	seen := make(map[string]bool, len(header))
	ds := &Dataset{}
	nsrc := 0
	for c, h := range header {
		h = strings.TrimSpace(h)
		header[c] = h
		low := strings.ToLower(h)
		switch {
		case h == "":
			return nil, lineErr(f.label, 1, fmt.Sprintf("column %d of the header has no name; name every column (src, ref, ref2 …, or a system name)", c+1))
		case seen[low]:
			return nil, lineErr(f.label, 1, fmt.Sprintf("column %q appears twice in the header; give every column its own name", h))
		case low == "src" || low == "source":
			kinds[c] = colSrc
			nsrc++
		case isRefColumn(low):
			kinds[c] = colRef
			ds.RefNames = append(ds.RefNames, h)
		default:
			ds.Systems = append(ds.Systems, System{Name: h, Path: path})
		}
		seen[low] = true
	}
	switch {
	case nsrc > 1:
		return nil, lineErr(f.label, 1, "the header has two source columns; keep one, named src")
	case len(ds.RefNames) == 0:
		return nil, lineErr(f.label, 1, "the header names no reference column; name it ref (ref2, ref3 … for more references)")
	case len(ds.Systems) == 0:
		return nil, lineErr(f.label, 1, "the header names no system column; add one column per system, named after the system")
	case len(lines) == 1:
		return nil, inputErr(f.label, "has a header but no rows; add one row per segment")
	}

	rows := lines[1:]
	cols := make([][]string, len(header))
	for c := range cols {
		cols[c] = make([]string, len(rows))
	}
	for i, row := range rows {
		if n := strings.Count(row, "\t") + 1; n != len(header) {
			return nil, lineErr(f.label, i+2, fmt.Sprintf("%s but the header has %d (%s); give every row one field per column, separated by tabs",
				plural(n, "field"), len(header), strings.Join(header, ", ")))
		}
		for c := range header {
			field := row
			if j := strings.IndexByte(row, '\t'); j >= 0 {
				field, row = row[:j], row[j+1:]
			}
			cols[c][i] = trim(field, true)
		}
	}
	for c, k := range kinds {
		switch k {
		case colSrc:
			ds.Src = cols[c]
		case colRef:
			ds.Refs = append(ds.Refs, cols[c])
		}
	}
	s := 0
	for c, k := range kinds {
		if k == colSystem {
			ds.Systems[s].Hyps = cols[c]
			s++
		}
	}
	return ds, nil
}

// isRefColumn reports whether a lower-cased header names a reference:
// ref followed by nothing or by digits.
func isRefColumn(h string) bool {
	rest, ok := strings.CutPrefix(h, "ref")
	if !ok {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
