package annotations

import (
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// formerRows are an MQM file's rows, as read: no id, no time.
func formerRows() []Annotation {
	clean := seg("sys", 4, "r1", "Vier.", "Quelle Vier.")
	clean.Kind = KindNoError
	return []Annotation{
		errAnn("sys", 1, "r1", "Ein Satz.", 0, 3, "Other", "Minor", ""),
		errAnn("sys", 2, "r1", "Zwei Sätze.", 0, 4, "Other", "Major", ""),
		errAnn("sys", 3, "r2", "Drei.", 0, 4, "Other", "Minor", ""),
		clean,
	}
}

// withStore opens the annotation file at path, hands it to f and closes
// it, so that each step reads the file from disk.
func withStore(t *testing.T, path string, f func(s *Store)) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f(s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// lineOf returns the annotation of the store on line.
func lineOf(t *testing.T, s *Store, line int) Annotation {
	t.Helper()
	for _, a := range s.All() {
		if a.Line == line {
			return a
		}
	}
	t.Fatalf("no annotation on line %d in %+v", line, s.All())
	return Annotation{}
}

// TestFormerNotTakenInAgain: an MQM row imported into an annotation file
// and then deleted, edited or replaced there (a no-error mark that an
// error of its rater replaces) is the file's own: Missing leaves it out
// and counts it, and importing the rows again adds none, the file read
// from disk between steps, then compacted; a row the file never held is
// still missing. Before, each came back: shown again beside the file (the
// original beside the edited one) and imported again.
func TestFormerNotTakenInAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.ann")
	rows := formerRows()
	check := func(step string, formerly int) {
		t.Helper()
		withStore(t, path, func(s *Store) {
			if got, n := s.Missing(rows); len(got) != 0 || n != formerly {
				t.Errorf("%s: Missing gave %+v, %d since deleted or edited; want none, %d", step, got, n, formerly)
			}
			other := errAnn("sys", 5, "r1", "Fünf.", 0, 4, "Other", "Minor", "")
			if got, _ := s.Missing(append(slices.Clone(rows), other)); len(got) != 1 || got[0].Line != 5 {
				t.Errorf("%s: Missing of a row never imported gave %+v; want it", step, got)
			}
			if added, n, err := s.Import(rows); err != nil || added != 0 || n != formerly {
				t.Errorf("%s: importing again added %d (%d since deleted or edited), %v; want 0 (%d)", step, added, n, err, formerly)
			}
			if got := len(s.All()); got != 3 {
				t.Errorf("%s: the file holds %d annotations; want 3", step, got)
			}
		})
	}
	withStore(t, path, func(s *Store) {
		if added, _, err := s.Import(rows); err != nil || added != 4 {
			t.Fatalf("import: %d, %v", added, err)
		}
	})
	withStore(t, path, func(s *Store) {
		if err := s.Delete(lineOf(t, s, 1).ID); err != nil {
			t.Fatal(err)
		}
	})
	withStore(t, path, func(s *Store) {
		if got, n := s.Missing(rows); len(got) != 0 || n != 1 {
			t.Fatalf("deleted: Missing gave %+v, %d; want none, 1", got, n)
		}
		// Three now, after a row of a segment it does not hold.
		if err := s.Delete(lineOf(t, s, 3).ID); err != nil {
			t.Fatal(err)
		}
	})
	withStore(t, path, func(s *Store) { // and undone, as u does
		if _, err := s.Add(rows[2]); err != nil {
			t.Fatal(err)
		}
	})
	check("deleted", 1)
	withStore(t, path, func(s *Store) {
		a := lineOf(t, s, 2)
		a.Severity, a.Note = "Minor", "not that bad"
		if err := s.Edit(a); err != nil {
			t.Fatal(err)
		}
	})
	check("edited", 2)
	withStore(t, path, func(s *Store) {
		if _, err := s.Add(errAnn("sys", 4, "r1", "Vier.", 0, 4, "Other", "Minor", "")); err != nil {
			t.Fatal(err)
		}
	})
	check("no-error mark replaced", 3)
	withStore(t, path, func(s *Store) {
		if err := s.Compact(); err != nil {
			t.Fatal(err)
		}
	})
	check("compacted", 3)
	withStore(t, path, func(s *Store) { // compacted again: kept once
		if err := s.Compact(); err != nil {
			t.Fatal(err)
		}
	})
	check("compacted twice", 3)

	// The compacted file's record of them is what keeps them: a file
	// compacted by a bleuscope that did not record them (its history
	// gone, as it was) has the rows come back.
	var kept []string
	for _, line := range fileLines(t, path) {
		if !strings.Contains(line, `"rec":{"former":`) {
			kept = append(kept, line)
		}
	}
	if len(kept) != len(fileLines(t, path))-1 {
		t.Fatalf("the compacted file has not one record of former contents:\n%s", strings.Join(fileLines(t, path), "\n"))
	}
	if err := os.WriteFile(path, []byte(strings.Join(kept, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	withStore(t, path, func(s *Store) {
		if got, n := s.Missing(rows); len(got) != 3 || n != 0 {
			t.Errorf("without the record: Missing gave %+v, %d; want the 3 rows changed, 0", got, n)
		}
	})
}

// TestFormerRecordRead: a record of former contents is read as the
// hashes it holds; one that does not hold 64 hex digits each is a damaged
// record, named by its line, as any other.
func TestFormerRecordRead(t *testing.T) {
	rows := formerRows()
	line, err := encodeLine(record{Former: []contentHash{hashContent(&rows[0]), hashContent(&rows[3])}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := decodeRecord([]byte(strings.TrimSuffix(string(line), "\n")), nil)
	if err != nil || len(rec.Ops) != 0 || rec.Typology != nil || !slices.Equal(rec.Former, []contentHash{hashContent(&rows[0]), hashContent(&rows[3])}) {
		t.Errorf("decoded %s as %+v, %v", line, rec, err)
	}
	path := filepath.Join(t.TempDir(), "a.ann")
	os.WriteFile(path, append([]byte(header), line...), 0o644)
	withStore(t, path, func(s *Store) {
		if got, n := s.Missing(rows); len(got) != 2 || n != 2 || got[0].Line != 2 || got[1].Line != 3 {
			t.Errorf("Missing gave %+v, %d; want lines 2 and 3, 2 left out", got, n)
		}
	})
	for _, bad := range []string{`["abc"]`, `["` + strings.Repeat("g", 64) + `"]`, `[1]`} {
		body := `{"former":` + bad + `}`
		data := header + journalLine(body) + journalLine(`{}`)
		os.WriteFile(path, []byte(data), 0o644)
		if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "a.ann:2: damaged record") {
			t.Errorf("%s: %v; want a damaged record on line 2", body, err)
		}
	}
}

// journalLine is the journal line of the record body, as bleuscope would
// write it.
func journalLine(body string) string {
	return fmt.Sprintf(`{"crc":"%08x","rec":%s}`+"\n", crc32.Checksum([]byte(body), castagnoli), body)
}

// TestCaughtUp: a store counts the times it took in another's saved
// changes, as it wrote a change of its own or read the file again, and
// not its own writes, nor a read that finds nothing new.
func TestCaughtUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.ann")
	rows := formerRows()
	mine, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Close()
	if _, err := mine.Add(rows[0]); err != nil || mine.CaughtUp() != 0 {
		t.Fatalf("its own change: %d, %v; want 0", mine.CaughtUp(), err)
	}
	withStore(t, path, func(s *Store) {
		if _, _, err := s.Import(rows[1:]); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := mine.Add(errAnn("sys", 5, "me", "Fünf.", 0, 4, "Other", "Minor", "")); err != nil || mine.CaughtUp() != 1 || len(mine.All()) != 5 {
		t.Errorf("written after the other's import: caught up %d times, %d annotations, %v; want 1, 5", mine.CaughtUp(), len(mine.All()), err)
	}
	if read, err := mine.Refresh(); read || err != nil || mine.CaughtUp() != 1 {
		t.Errorf("read again with nothing new: %v, %v, caught up %d times; want 1", read, err, mine.CaughtUp())
	}
	withStore(t, path, func(s *Store) {
		if err := s.Delete(lineOf(t, s, 1).ID); err != nil {
			t.Fatal(err)
		}
	})
	if read, err := mine.Refresh(); !read || err != nil || mine.CaughtUp() != 2 {
		t.Errorf("read again after the other's deletion: %v, %v, caught up %d times; want 2", read, err, mine.CaughtUp())
	}
}
