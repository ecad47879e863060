package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// jsonlShape is the record format quoted in JSONL error messages.
const jsonlShape = `one JSON record like {"src": "…", "refs": ["…", null], "hyps": {"system": "…"}}`

// jsonRecord is one JSONL line before validation.
type jsonRecord struct {
	Src, Refs, Hyps json.RawMessage
}

// decodeRecord splits a JSONL line into its fields. Keys are matched
// exactly (encoding/json alone would take "REFS" for "refs"): another case
// of a known key and a repeated key are errors, other keys are ignored.
func decodeRecord(line string) (jsonRecord, error) {
	var rec jsonRecord
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		return rec, fmt.Errorf("bad JSON (%s); every line must be %s", jsonProblem(err), jsonlShape)
	}
	keys, values, dup, _ := objectFields(json.RawMessage(line))
	if dup != "" {
		return rec, fmt.Errorf(`key %q appears twice in the record; give each of "src", "refs" and "hyps" once`, dup)
	}
	for k, key := range keys {
		switch key {
		case "src":
			rec.Src = values[k]
		case "refs":
			rec.Refs = values[k]
		case "hyps":
			rec.Hyps = values[k]
		default:
			if low := strings.ToLower(key); low == "src" || low == "refs" || low == "hyps" {
				return rec, fmt.Errorf(`key %q is not %q; keys are matched exactly, in lower case`, key, low)
			}
			continue
		}
		if esc := loneSurrogate(values[k]); esc != "" {
			return rec, fmt.Errorf(`%q holds %s, half of a UTF-16 surrogate pair, which is no character (Python's surrogateescape writes one for each byte it could not decode); write the file from text decoded as UTF-8`, key, esc)
		}
	}
	return rec, nil
}

// loneSurrogate returns the first escape in raw, valid JSON, that is a
// UTF-16 surrogate without its other half ("\udce9"), or "". encoding/json
// would read it as U+FFFD, so that two different undecodable bytes would
// become the same character and match.
func loneSurrogate(raw json.RawMessage) string {
	s := string(raw)
	for i := strings.IndexByte(s, '\\'); i >= 0; {
		if s[i+1] != 'u' {
			i = nextBackslash(s, i+2)
			continue
		}
		r, _ := strconv.ParseUint(s[i+2:i+6], 16, 32)
		switch {
		case r >= 0xD800 && r < 0xDC00 && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u':
			if lo, err := strconv.ParseUint(s[i+8:i+12], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
				i = nextBackslash(s, i+12)
				continue
			}
			return s[i : i+6]
		case r >= 0xD800 && r < 0xE000:
			return s[i : i+6]
		}
		i = nextBackslash(s, i+6)
	}
	return ""
}

// nextBackslash is the index of the first backslash of s at or after from,
// or -1.
func nextBackslash(s string, from int) int {
	if j := strings.IndexByte(s[from:], '\\'); j >= 0 {
		return from + j
	}
	return -1
}

// parseJSONL reads one record per line; a null reference means that the
// segment has no such reference (sacrebleu's variable number of
// references). The systems are those of the first record, in its order.
// Its one warning is [NULWarning], for the NULs its texts write as
// "\u0000".
func parseJSONL(f *file, path string) (*Dataset, error) {
	lines, err := tableLines(f, jsonlShape)
	if err != nil {
		return nil, err
	}
	n := len(lines)
	ds := &Dataset{}
	var sysIndex map[string]int
	var nul LineTally
	for i, line := range lines {
		at := func(msg string) error { return lineErr(f.label, i+1, msg) }
		rec, err := decodeRecord(line)
		if err != nil {
			return nil, at(err.Error())
		}

		held := false // a text of the record holds a NUL

		// References.
		var refs []*string
		if isNull(rec.Refs) {
			return nil, at(`the record has no "refs"; give a list of reference strings (null for a missing one)`)
		}
		if err := json.Unmarshal(rec.Refs, &refs); err != nil {
			return nil, at(`"refs" must be a list of strings (null for a missing reference)`)
		}
		if i == 0 {
			if len(refs) == 0 {
				return nil, at(`"refs" is empty; give at least one reference`)
			}
			ds.Refs = make([][]string, len(refs))
			for k := range refs {
				ds.Refs[k] = make([]string, n)
				ds.RefNames = append(ds.RefNames, refName(k, len(refs)))
			}
		} else if len(refs) != len(ds.Refs) {
			return nil, at(fmt.Sprintf("the record has %s but the first record has %d; keep the count and use null for a missing reference",
				plural(len(refs), "reference"), len(ds.Refs)))
		}
		present := 0
		for k, r := range refs {
			if r == nil {
				if ds.RefAbsent == nil {
					ds.RefAbsent = make([][]bool, len(ds.Refs))
					for k := range ds.RefAbsent {
						ds.RefAbsent[k] = make([]bool, n)
					}
				}
				ds.RefAbsent[k][i] = true
				continue
			}
			present++
			ds.Refs[k][i] = trim(*r, true)
			held = held || HasNUL(*r)
		}
		if present == 0 {
			return nil, at("every reference is null; each segment needs at least one reference")
		}

		// Hypotheses.
		if isNull(rec.Hyps) {
			return nil, at(`the record has no "hyps"; give an object of system name → hypothesis`)
		}
		names, values, dup, ok := objectFields(rec.Hyps)
		switch {
		case !ok:
			return nil, at(`"hyps" must be an object mapping each system name to its hypothesis`)
		case dup != "":
			return nil, at(fmt.Sprintf(`system %q appears twice in "hyps"; give every system its own name`, dup))
		case slices.Contains(names, ""):
			return nil, at(`a system in "hyps" has an empty name; give every system a name`)
		}
		if i == 0 {
			if len(names) == 0 {
				return nil, at(`"hyps" is empty; give at least one system`)
			}
			sysIndex = make(map[string]int, len(names))
			for s, name := range names {
				sysIndex[name] = s
				ds.Systems = append(ds.Systems, System{Name: name, Path: path, Hyps: make([]string, n)})
			}
		}
		if err := sameSystems(names, ds.Systems); err != nil {
			return nil, at(err.Error())
		}
		for k, name := range names {
			var h *string
			if err := json.Unmarshal(values[k], &h); err != nil {
				return nil, at(fmt.Sprintf(`the hypothesis of system %q must be a string`, name))
			}
			if h == nil {
				return nil, at(fmt.Sprintf(`the hypothesis of system %q is null; give a string ("" for no output)`, name))
			}
			ds.Systems[sysIndex[name]].Hyps[i] = trim(*h, true)
			held = held || HasNUL(*h)
		}

		// Source: all records or none.
		switch {
		case i == 0 && !isNull(rec.Src):
			ds.Src = make([]string, n)
		case ds.Src == nil && !isNull(rec.Src):
			return nil, at(`the record has "src" but the first record has none; give a source in every record or in none`)
		case ds.Src != nil && isNull(rec.Src):
			return nil, at(`the record has no "src" but the first record has one; give a source in every record or in none`)
		}
		if ds.Src != nil {
			var s string
			if err := json.Unmarshal(rec.Src, &s); err != nil {
				return nil, at(`"src" must be a string`)
			}
			ds.Src[i] = trim(s, true)
			held = held || HasNUL(s)
		}
		if held {
			nul.Add(i + 1)
		}
	}
	if nul.N > 0 {
		_, heads := ds.tableRefWords()
		ds.Warnings = NULWarning(f.label, nul, ds.nulPlaces(heads)...)
	}
	return ds, nil
}

// refName names reference k of count: "ref" alone, else ref1, ref2 ….
func refName(k, count int) string {
	if count == 1 {
		return "ref"
	}
	return "ref" + strconv.Itoa(k+1)
}

// isNull reports whether a field was missing or JSON null.
func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// jsonProblem describes a decoding error without Go type names.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("%v at byte %d", syn, syn.Offset)
	case errors.As(err, &typ):
		return "the line is a JSON " + typ.Value + ", not an object"
	}
	return err.Error()
}

// objectFields returns the keys of a JSON object in the order written
// and their raw values, stopping at the first repeated key, dup. ok is
// false when raw is not a JSON object.
func objectFields(raw json.RawMessage) (keys []string, values []json.RawMessage, dup string, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, "", false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, "", false
		}
		k := t.(string)
		if slices.Contains(keys, k) {
			return keys, values, k, true
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, "", false
		}
		keys = append(keys, k)
		values = append(values, v)
	}
	return keys, values, "", true
}

// sameSystems checks that a record has exactly the first record's systems.
func sameSystems(hyps []string, systems []System) error {
	var missing, extra []string
	names := make(map[string]bool, len(systems))
	for _, s := range systems {
		names[s.Name] = true
		if !slices.Contains(hyps, s.Name) {
			missing = append(missing, strconv.Quote(s.Name))
		}
	}
	for _, name := range hyps {
		if !names[name] {
			extra = append(extra, strconv.Quote(name))
		}
	}
	if missing == nil && extra == nil {
		return nil
	}
	slices.Sort(extra)
	var parts []string
	if missing != nil {
		parts = append(parts, "missing "+strings.Join(missing, ", "))
	}
	if extra != nil {
		parts = append(parts, "unexpected "+strings.Join(extra, ", "))
	}
	return fmt.Errorf("the systems differ from the first record's (%s); give every record the same systems", strings.Join(parts, "; "))
}
