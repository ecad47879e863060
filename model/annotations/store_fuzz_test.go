package annotations

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzOpen opens annotation files made of any records: each line of recs
// is a record's body, written with its right checksum (so that what is in
// the records is explored, not only checksums that fail), then tail as it
// is. Open never panics; a file it refuses is left as it was, with a one
// line reason; a file it opens holds annotations that pass their checks
// and typologies that pass theirs, is left as it was by Open and Close,
// and takes a new annotation, made with a typology of its own, that a new
// Open reads back with the others, that typology last, and compacted
// holds them and the contents its history edited or deleted as before.
func FuzzOpen(f *testing.F) {
	recs := storeRecords(f)
	f.Add(recs, "")
	f.Add(recs, `{"crc":"00`)
	f.Add(recs, `{"crc":"00000000","rec":{}}`+"\n")
	f.Add(strings.Replace(recs, `"end":4`, `"end":99`, 1), "\x00\x00")
	f.Add(`{"ops":[{"op":"del","id":7}]}`, "")
	f.Add(`{"ops":[]}`, "")
	f.Add(`{"former":["0ad439cfeb21d7882b955503df0ac9c65085b65b7b6bc5b37cbc62695bb95de1"]}`, "")
	f.Add(`{"former":["0AD439CFEB21D7882B955503DF0AC9C65085B65B7B6BC5B37CBC62695BB95DE1"],"ops":[{"op":"del","id":1}]}`, "")
	f.Add(`{"former":["0ad4"]}`, "")
	f.Add(`{"typology":{"name":"t","kind":"custom","severities":[{"name":"Minor","key":"m","weight":1}],"categories":[{"name":"Other","keys":"o","weights":{"*":2}}]}}`, "")
	f.Add(`{"typology":{"name":"t","kind":"preset","severities":[],"categories":[]}}`, "")
	f.Add(`{"typology":{"name":"t","kind":"custom","severities":[{"name":"Minor","key":"m","weight":1e300}],"categories":[{"name":"Other","keys":"o"}]},"ops":[{"op":"del","id":1}]}`, "")
	f.Fuzz(func(t *testing.T, recs, tail string) {
		var file bytes.Buffer
		file.WriteString(header)
		for _, body := range strings.Split(recs, "\n") {
			if body == "" {
				continue
			}
			fmt.Fprintf(&file, `{"crc":"%08x","rec":%s}`+"\n", crc32.Checksum([]byte(body), castagnoli), body)
		}
		file.WriteString(tail)
		path := filepath.Join(t.TempDir(), "ann.jsonl")
		if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		unchanged := func(when string) {
			t.Helper()
			if got, _ := os.ReadFile(path); !bytes.Equal(got, file.Bytes()) {
				t.Fatalf("%s the file changed:\n was %q\n now %q", when, file.Bytes(), got)
			}
		}
		s, err := Open(path)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the refusal is more than one line: %q", err)
			}
			unchanged("after a refused Open")
			return
		}
		saved := s.All()
		for _, a := range saved {
			if err := a.check(); err != nil {
				t.Errorf("Open gave an annotation that fails its check (%v): %+v", err, a)
			}
		}
		for _, p := range s.Typologies() {
			if err := p.Validate(); err != nil {
				t.Errorf("Open gave a typology that fails its check (%v): %+v", err, p)
			}
		}
		s.SetTypology(MQM()) // nothing written without a change
		s.Close()
		unchanged("after Open and Close")

		s, err = Open(path)
		if err != nil {
			t.Fatalf("a second Open refused what the first opened: %v", err)
		}
		s.SetTypology(ESA())
		added, err := s.Add(errAnn("Z", 1, "fuzz", "eins zwei", 0, 4, "Other", "Minor", ""))
		want := s.All()
		s.Close()
		if err != nil {
			return // refused (say, a clash with what is there): nothing to read back
		}
		again, err := Open(path)
		if err != nil {
			t.Fatalf("the file does not open after adding %+v: %v", added, err)
		}
		defer again.Close()
		if got := again.All(); !reflect.DeepEqual(got, want) {
			t.Fatalf("after adding %+v a new Open reads\n %+v\nwant\n %+v", added, got, want)
		}
		if ts := again.Typologies(); len(ts) == 0 || !reflect.DeepEqual(ts[len(ts)-1], ESA()) {
			t.Fatalf("after adding with the esa typology a new Open reads the typologies %+v", ts)
		}
		// Compacted, it holds the same annotations and former contents.
		if err := again.Compact(); err != nil {
			t.Fatalf("Compact: %v", err)
		}
		compacted, err := Open(path)
		if err != nil {
			t.Fatalf("the compacted file does not open: %v", err)
		}
		defer compacted.Close()
		if got := compacted.All(); !reflect.DeepEqual(got, want) {
			t.Fatalf("compacted, a new Open reads\n %+v\nwant\n %+v", got, want)
		}
		if !maps.Equal(compacted.former, again.former) {
			t.Fatalf("compacted, the former contents are\n %x\nwant\n %x", slices.Collect(maps.Keys(compacted.former)), slices.Collect(maps.Keys(again.former)))
		}
	})
}

// storeRecords returns the bodies of the records a store writes for its
// typology, an error, a second error, a no-error mark, a score, an edit
// and a deletion, one a line.
func storeRecords(f *testing.F) string {
	path := filepath.Join(f.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		f.Fatal(err)
	}
	s.SetTypology(MQM())
	a, err := s.Add(errAnn("A", 1, "r", "eins zwei drei", 0, 4, "Other", "Minor", "note"))
	if err != nil {
		f.Fatal(err)
	}
	b, err := s.Add(errAnn("A", 2, "r", "vier fünf", 5, 9, "Accuracy/Omission", "Major", ""))
	if err != nil {
		f.Fatal(err)
	}
	if _, err := s.MarkNoError(seg("B", 1, "r", "eins", "Quelle eins")); err != nil {
		f.Fatal(err)
	}
	if _, err := s.SetScore(seg("B", 2, "r", "zwei", "Quelle zwei"), 70); err != nil {
		f.Fatal(err)
	}
	a.Severity = "Major"
	if err := s.Edit(a); err != nil {
		f.Fatal(err)
	}
	if err := s.Delete(b.ID); err != nil {
		f.Fatal(err)
	}
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	var bodies []string
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:] {
		line = strings.TrimSuffix(line[strings.Index(line, `"rec":`)+len(`"rec":`):], "}")
		bodies = append(bodies, line)
	}
	return strings.Join(bodies, "\n")
}
