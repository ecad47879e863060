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
	Src  json.RawMessage `json:"src"`
	Refs json.RawMessage `json:"refs"`
	Hyps json.RawMessage `json:"hyps"`
}

// parseJSONL reads one record per line; a null reference means that the
// segment has no such reference (sacrebleu's variable number of
// references). The systems are those of the first record, in its order.
func parseJSONL(f *file, path string) (*Dataset, error) {
	lines, err := tableLines(f, jsonlShape)
	if err != nil {
		return nil, err
	}
	n := len(lines)
	ds := &Dataset{}
	var sysIndex map[string]int
	var hypBuf map[string]*string
	for i, line := range lines {
		at := func(msg string) error { return lineErr(f.label, i+1, msg) }
		var rec jsonRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return nil, at(fmt.Sprintf("bad JSON (%s); every line must be %s", jsonProblem(err), jsonlShape))
		}

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
		}
		if present == 0 {
			return nil, at("every reference is null; each segment needs at least one reference")
		}

		// Hypotheses.
		if isNull(rec.Hyps) {
			return nil, at(`the record has no "hyps"; give an object of system name → hypothesis`)
		}
		if i == 0 {
			names, err := objectKeys(rec.Hyps)
			if err != nil {
				return nil, at(err.Error())
			}
			if len(names) == 0 {
				return nil, at(`"hyps" is empty; give at least one system`)
			}
			sysIndex = make(map[string]int, len(names))
			for s, name := range names {
				sysIndex[name] = s
				ds.Systems = append(ds.Systems, System{Name: name, Path: path, Hyps: make([]string, n)})
			}
			hypBuf = make(map[string]*string, len(names))
		}
		clear(hypBuf)
		if err := json.Unmarshal(rec.Hyps, &hypBuf); err != nil {
			return nil, at(`"hyps" must map each system name to its hypothesis string`)
		}
		if err := sameSystems(hypBuf, ds.Systems); err != nil {
			return nil, at(err.Error())
		}
		for name, h := range hypBuf {
			if h == nil {
				return nil, at(fmt.Sprintf(`the hypothesis of system %q is null; give a string ("" for no output)`, name))
			}
			ds.Systems[sysIndex[name]].Hyps[i] = trim(*h, true)
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
		}
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

// objectKeys returns the keys of a JSON object in the order written,
// rejecting repeated keys.
func objectKeys(raw json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf(`"hyps" must be an object mapping each system name to its hypothesis`)
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf(`"hyps" is not valid JSON`)
		}
		k := t.(string)
		if slices.Contains(keys, k) {
			return nil, fmt.Errorf(`system %q appears twice in "hyps"; give every system its own name`, k)
		}
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, fmt.Errorf(`"hyps" is not valid JSON`)
		}
	}
	return keys, nil
}

// sameSystems checks that a record has exactly the first record's systems.
func sameSystems(hyps map[string]*string, systems []System) error {
	var missing, extra []string
	names := make(map[string]bool, len(systems))
	for _, s := range systems {
		names[s.Name] = true
		if _, ok := hyps[s.Name]; !ok {
			missing = append(missing, strconv.Quote(s.Name))
		}
	}
	for name := range hyps {
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
