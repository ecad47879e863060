package annotations

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// seg returns an annotation on a system's line with its texts set.
func seg(system string, line int, rater, hyp, src string) Annotation {
	a := Annotation{System: system, Line: line, Rater: rater}
	a.SetText(hyp, src)
	return a
}

func errAnn(system string, line int, rater, hyp string, start, end int, cat, sev, note string) Annotation {
	a := seg(system, line, rater, hyp, "Quelle "+hyp)
	a.Kind, a.Category, a.Severity, a.Note = KindError, cat, sev, note
	a.Span = &Span{Side: SideHyp, Start: start, End: end}
	return a
}

// mustReopen opens path again and checks that it holds exactly want.
func mustReopen(t *testing.T, path string, want []Annotation) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	if w := s.Warnings(); len(w) > 0 {
		t.Errorf("reopen warned: %q", w)
	}
	if got := s.All(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after reopen:\n got %+v\nwant %+v", got, want)
	}
	return s
}

func TestStoreEveryOperationSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	step := func(name string, f func() error) {
		t.Helper()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Pending() != 0 {
			t.Fatalf("%s: %d changes pending after a successful call", name, s.Pending())
		}
		mustReopen(t, path, s.All())
	}
	var first, second Annotation
	step("add", func() (err error) {
		first, err = s.Add(errAnn("A", 1, "ann", "Der Hund bellt.", 4, 8, "Accuracy/Mistranslation", "Major", "dog → cat"))
		return err
	})
	if first.ID != 1 || first.Time.IsZero() || first.HypHash != TextHash("Der Hund bellt.") {
		t.Errorf("Add returned %+v; want ID 1, a time and the hypothesis hash", first)
	}
	step("add unicode span", func() (err error) {
		second, err = s.Add(errAnn("A", 2, "ann", "日本語のテキスト", 2, 4, "Fluency/Spelling", "Minor", "tab\there, newline\nthere"))
		return err
	})
	step("edit", func() error {
		e := first
		e.Severity, e.Note = "Minor", "edited"
		return s.Edit(e)
	})
	if got, _ := s.Get(first.ID); got.Severity != "Minor" || got.Note != "edited" || !got.Time.After(first.Time) {
		t.Errorf("after Edit: %+v", got)
	}
	step("delete", func() error { return s.Delete(second.ID) })
	var mark Annotation
	step("mark no-error", func() (err error) {
		mark, err = s.MarkNoError(seg("B", 3, "ann", "Alles gut.", ""))
		return err
	})
	step("mark no-error again", func() error {
		again, err := s.MarkNoError(seg("B", 3, "ann", "Alles gut.", ""))
		if err == nil && again.ID != mark.ID {
			t.Errorf("marking twice gave a new mark %d; want the one there, %d", again.ID, mark.ID)
		}
		return err
	})
	step("set score", func() error { _, err := s.SetScore(seg("B", 3, "ann", "Alles gut.", ""), 80); return err })
	step("replace score", func() error { _, err := s.SetScore(seg("B", 3, "ann", "Alles gut.", ""), 65); return err })
	step("error on a no-error segment drops the mark", func() error {
		_, err := s.Add(errAnn("B", 3, "ann", "Alles gut.", 0, 5, "Style/Awkward", "Minor", ""))
		return err
	})
	var marks, scores int
	for _, a := range s.All() {
		switch a.Kind {
		case KindNoError:
			marks++
		case KindScore:
			scores++
			if *a.Score != 65 {
				t.Errorf("score %d; want the replaced 65", *a.Score)
			}
		}
	}
	if marks != 0 || scores != 1 {
		t.Errorf("%d no-error marks and %d scores; want 0 and 1", marks, scores)
	}
	if _, err := s.MarkNoError(seg("B", 3, "ann", "Alles gut.", "")); !errors.Is(err, ErrHasErrors) {
		t.Errorf("marking a segment with errors as clean: %v; want ErrHasErrors", err)
	}
	batch := []Annotation{
		errAnn("C", 1, "r1", "x y z", 0, 1, "Other", "Minor", ""),
		errAnn("C", 2, "r1", "x y z", 2, 2, "Accuracy/Omission", "Major", ""),
	}
	step("import", func() error {
		n, _, err := s.Import(batch)
		if n != 2 {
			t.Errorf("Import added %d; want 2", n)
		}
		return err
	})
	step("import again", func() error {
		n, _, err := s.Import(batch)
		if n != 0 {
			t.Errorf("importing the same annotations again added %d; want 0", n)
		}
		return err
	})
	if err := s.Edit(Annotation{ID: 999}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Edit of an unknown id: %v; want ErrNotFound", err)
	}
	if err := s.Delete(999); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete of an unknown id: %v; want ErrNotFound", err)
	}
	bad := errAnn("A", 1, "ann", "abc", 2, 9, "Other", "Minor", "")
	if _, err := s.Add(bad); !errors.Is(err, ErrInvalid) {
		t.Errorf("Add of a span beyond the text: %v; want ErrInvalid", err)
	}
	// IDs keep growing after a reopen.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := mustReopen(t, path, s.All())
	a, err := s2.Add(errAnn("A", 5, "ann", "neu", 0, 3, "Other", "Minor", ""))
	if err != nil || a.ID <= first.ID+5 {
		t.Errorf("Add after reopen: id %d, %v; want a fresh id above the earlier ones", a.ID, err)
	}
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
}

// journalWith writes a store with three annotations and returns its path
// and its annotations.
func journalWith(t *testing.T) (string, []Annotation) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if _, err := s.Add(errAnn("A", i, "ann", "eins zwei drei", 0, 4, "Other", "Minor", "")); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	return path, s.All()
}

// journalWithTail is [journalWith]'s file with tail appended to it.
func journalWithTail(t *testing.T, tail string) (string, []Annotation) {
	t.Helper()
	path, anns := journalWith(t)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(tail)
	f.Close()
	return path, anns
}

func TestTornLastRecordIsDropped(t *testing.T) {
	for _, c := range []struct {
		name, tail string
	}{
		{"cut mid-record", `{"crc":"0123abcd","rec":{"ops":[{"op":"put","ann":{"id":4,"kind":"err`},
		{"cut before the newline", "\x00\x00\x00"},
		{"bad checksum", `{"crc":"00000000","rec":{"ops":[{"op":"del","id":1}]}}` + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, want := journalWithTail(t, c.tail)
			s, err := Open(path)
			if err != nil {
				t.Fatalf("a torn last record failed the open: %v", err)
			}
			if w := s.Warnings(); len(w) != 1 || !strings.Contains(w[0], ":5:") || !strings.Contains(w[0], "dropped") {
				t.Errorf("warnings %q; want one naming line 5 and saying it was dropped", w)
			}
			if got := s.All(); !reflect.DeepEqual(got, want) {
				t.Fatalf("state after a torn record: %+v; want the three saved", got)
			}
			// The next change cuts the torn bytes off and the file is clean.
			a, err := s.Add(errAnn("A", 9, "ann", "neu", 0, 3, "Other", "Minor", ""))
			if err != nil {
				t.Fatal(err)
			}
			mustReopen(t, path, append(want, a))
		})
	}
}

func TestDamageBeforeTheEndFailsClearly(t *testing.T) {
	path, _ := journalWith(t)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = strings.Replace(lines[2], `"Minor"`, `"Major"`, 1) // checksum no longer matches
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	_, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), ":3:") || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("Open of a file damaged at line 3: %v; want an error naming line 3 and the checksum", err)
	}
}

func TestNotAnAnnotationFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.tsv")
	os.WriteFile(path, []byte("system\tdoc\n"), 0o644)
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "not a bleuscope annotation file") {
		t.Errorf("Open of a TSV: %v", err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, nil, 0o644)
	if s, err := Open(empty); err != nil || len(s.All()) != 0 {
		t.Errorf("Open of an empty file: %v", err)
	}
}

// TestAnnotationFileWithBOM: an annotation file an editor saved with a
// UTF-8 byte-order mark reads as it was saved; a change is appended after
// its records and a torn one is cut where it starts, the mark kept before
// the header, and Compact writes the file without it. Before, it was "not
// a bleuscope annotation file".
func TestAnnotationFileWithBOM(t *testing.T) {
	path, want := journalWith(t)
	data, _ := os.ReadFile(path)
	os.WriteFile(path, append([]byte("\ufeff"), data...), 0o644)
	s := mustReopen(t, path, want)
	a, err := s.Add(errAnn("A", 4, "ann", "vier", 0, 4, "Other", "Minor", ""))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	want = append(want, a)
	mustReopen(t, path, want).Close()
	after, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(after), "\ufeff"+string(data)) {
		t.Errorf("the change was not appended after the records:\n%s", after)
	}
	// A torn last record is cut where it starts, and another writer's
	// change is read from where it starts.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"crc":"0123abcd","rec":{"ops":[{"op":"put","ann":{"id":9`)
	f.Close()
	s, err = Open(path)
	if err != nil || len(s.Warnings()) != 1 {
		t.Fatalf("a torn record after the mark: %v, warnings %q; want one warning", err, s.Warnings())
	}
	other, _ := Open(path)
	b, err := other.Add(errAnn("A", 5, "other", "fünf", 0, 4, "Other", "Minor", ""))
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	c, err := s.Add(errAnn("A", 6, "ann", "sechs", 0, 5, "Other", "Minor", "")) // catches up with b
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	want = append(want, b, c)
	s = mustReopen(t, path, want)
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	mustReopen(t, path, want).Close()
	if after, _ := os.ReadFile(path); !strings.HasPrefix(string(after), header) {
		t.Errorf("Compact kept the mark: %q", after[:8])
	}
	if !IsAnnotationFile([]byte("\ufeff"+header)) || !IsAnnotationFile([]byte("\ufeff")) || IsAnnotationFile([]byte("\ufeffsystem\tdoc")) {
		t.Error("IsAnnotationFile does not look past the mark")
	}
}

// TestAnnotationFileEncoding: an annotation file saved in UTF-16 or UTF-32
// is refused with the line a system file in that encoding gets, naming the
// encoding and the iconv command, not taken for another kind of file; the
// file is left as it is.
func TestAnnotationFileEncoding(t *testing.T) {
	path, _ := journalWith(t)
	data, _ := os.ReadFile(path)
	for _, c := range []struct{ text, want string }{
		{conformance.UTF16(string(data), binary.LittleEndian), "UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8"},
		{conformance.UTF16("\ufeff"+string(data), binary.BigEndian), "UTF-16 (big-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-16 -t UTF-8"},
		{conformance.UTF32(string(data), binary.LittleEndian), "UTF-32 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-32LE -t UTF-8"},
		{gzipped(data), "gzip-compressed, and an annotation file is appended to as it is; decompress it (gunzip) and give that"},
	} {
		os.WriteFile(path, []byte(c.text), 0o644)
		_, err := Open(path)
		if want := "bleuscope: " + path + " is " + c.want; err == nil || err.Error() != want {
			t.Errorf("Open: %v; want %s", err, want)
		}
		if after, _ := os.ReadFile(path); string(after) != c.text {
			t.Errorf("Open changed the file it refused")
		}
	}
}

// TestAnnotationFileCRLF: an annotation file an editor saved with Windows
// line ends is refused with one line that says so and how to convert it,
// and left as it is; converted as it says, it holds every annotation
// saved. Before, it was "not a bleuscope annotation file", with the advice
// to give a new file name.
func TestAnnotationFileCRLF(t *testing.T) {
	path, want := journalWith(t)
	data, _ := os.ReadFile(path)
	for _, bom := range []string{"", "\ufeff"} {
		crlf := bom + strings.ReplaceAll(string(data), "\n", "\r\n")
		os.WriteFile(path, []byte(crlf), 0o644)
		_, err := Open(path)
		wantErr := "bleuscope: " + path + ` has Windows (CRLF) line ends, as an editor may save it, and an annotation file's lines end in "\n" alone; convert it, e.g. sed -i 's/\r$//' ` + path + " (or dos2unix " + path + "), and open it again"
		if err == nil || err.Error() != wantErr {
			t.Errorf("Open of a CRLF file: %v; want %s", err, wantErr)
		}
		if after, _ := os.ReadFile(path); string(after) != crlf {
			t.Errorf("Open changed the file it refused")
		}
		os.WriteFile(path, []byte(strings.ReplaceAll(crlf, "\r\n", "\n")), 0o644) // what the sed command does
		mustReopen(t, path, want).Close()
	}
}

// gzipped is data compressed with gzip.
func gzipped(data []byte) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.String()
}

func TestUnwritablePathKeepsWorkInMemory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not-yet")
	path := filepath.Join(dir, "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Add(errAnn("A", 1, "ann", "eins", 0, 4, "Other", "Minor", "keep me"))
	var se *SaveError
	if !errors.As(err, &se) || se.Pending != 1 || !strings.Contains(err.Error(), "kept in memory") {
		t.Fatalf("Add to a missing directory: %v; want a *SaveError with 1 change pending", err)
	}
	if _, err := s.MarkNoError(seg("A", 2, "ann", "zwei", "")); !errors.As(err, &se) || se.Pending != 2 {
		t.Fatalf("second change: %v; want 2 pending", err)
	}
	if got := s.All(); len(got) != 2 || got[0].Note != "keep me" || s.Pending() != 2 {
		t.Fatalf("in memory after failed saves: %+v, %d pending", got, s.Pending())
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatalf("Flush once the directory exists: %v", err)
	}
	re := mustReopen(t, path, s.All())
	if got, _ := re.Get(a.ID); got.Note != "keep me" {
		t.Errorf("reopened: %+v", got)
	}
	// A directory is no annotation file: Open says so.
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("Open of a directory succeeded")
	}
	// A directory without write permission (root writes anyway).
	if os.Geteuid() != 0 {
		ro := t.TempDir()
		os.Chmod(ro, 0o555)
		defer os.Chmod(ro, 0o755)
		s3, _ := Open(filepath.Join(ro, "ann.jsonl"))
		if _, err := s3.Add(errAnn("A", 1, "ann", "eins", 0, 1, "Other", "Minor", "")); !errors.As(err, &se) || len(s3.All()) != 1 {
			t.Errorf("Add in a read-only directory: %v; want a *SaveError and the change in memory", err)
		}
	}
}

func TestCompactKeepsStateAndShrinks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, _ := Open(path)
	var keep []int
	for i := 1; i <= 20; i++ {
		a, err := s.Add(errAnn("A", i, "ann", "eins zwei", 0, 4, "Other", "Minor", ""))
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			s.Delete(a.ID)
		} else {
			a.Note = "edited"
			s.Edit(a)
			keep = append(keep, a.ID)
		}
	}
	if n := s.Superseded(); n != 30 {
		t.Errorf("Superseded = %d before compaction; want 30 (10 adds deleted, 10 deletions, 10 adds edited later)", n)
	}
	// The last change is the deletion of line 20's annotation: a person
	// resumes there, in this store and in one that reads the file again.
	if sys, line, ok := s.LastChanged(); !ok || sys != "A" || line != 20 {
		t.Errorf("LastChanged = %q, %d, %v; want A, 20 (the last deletion)", sys, line, ok)
	}
	if again, err := Open(path); err != nil {
		t.Fatal(err)
	} else if sys, line, ok := again.LastChanged(); !ok || sys != "A" || line != 20 {
		t.Errorf("reopened: LastChanged = %q, %d, %v; want A, 20", sys, line, ok)
	}
	before, _ := os.Stat(path)
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	if s.Superseded() != 0 {
		t.Errorf("Superseded = %d after compaction", s.Superseded())
	}
	if after.Size() >= before.Size() {
		t.Errorf("compaction grew the file: %d → %d bytes", before.Size(), after.Size())
	}
	re := mustReopen(t, path, s.All())
	if n := len(re.All()); n != len(keep) {
		t.Errorf("%d annotations after compaction; want %d", n, len(keep))
	}
	// Changes go on after compaction.
	b, err := s.Add(errAnn("A", 30, "ann", "drei", 0, 4, "Other", "Minor", ""))
	if err != nil {
		t.Fatal(err)
	}
	mustReopen(t, path, s.All())
	if b.ID <= 20 {
		t.Errorf("id after compaction %d; want above 20", b.ID)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("files beside the annotation file after compaction: %v", entries)
	}
}

func TestFullDiskKeepsWorkAndCutsPartialWrites(t *testing.T) {
	path, saved := journalWith(t)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	full := func(f *os.File, b []byte, off int64) (int, error) {
		n, _ := f.WriteAt(b[:len(b)/2], off) // half a record reaches the disk
		return n, syscall.ENOSPC
	}
	s.writeAt = full
	a, err := s.Add(errAnn("A", 7, "ann", "sieben", 0, 6, "Other", "Major", "on a full disk"))
	var se *SaveError
	if !errors.As(err, &se) || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("Add on a full disk: %v; want a *SaveError wrapping ENOSPC", err)
	}
	if got, ok := s.Get(a.ID); !ok || got.Note != "on a full disk" {
		t.Fatalf("the change is not kept in memory: %+v", got)
	}
	// What is on disk is what was saved before, whole: the half record
	// was cut off.
	mustReopen(t, path, saved)
	// A second change while the disk is still full: both pending.
	if err := s.Delete(saved[0].ID); !errors.As(err, &se) || se.Pending != 2 {
		t.Fatalf("second change on a full disk: %v; want 2 pending", err)
	}
	s.writeAt = (*os.File).WriteAt
	if err := s.Flush(); err != nil {
		t.Fatalf("Flush once there is space: %v", err)
	}
	mustReopen(t, path, s.All())
	if got := s.All(); len(got) != 3 || got[2].ID != a.ID {
		t.Errorf("after the retry: %+v; want the two saved plus the new one", got)
	}
}

// holdLock takes the lock of the annotation file at path as another
// bleuscope holding it would (one that keeps it while open, or one stuck
// mid-write), with the wait for it shortened, and returns what lets it go.
func holdLock(t *testing.T, path string) (release func()) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("no advisory locks")
	}
	wait := lockWait
	lockWait = 50 * time.Millisecond
	t.Cleanup(func() { lockWait = wait })
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := lockFile(f); err != nil {
		t.Fatal(err)
	}
	return func() { f.Close() }
}

// TestPendingRecordsKeepTheirLines: a change is encoded once, when it is
// made, and the line kept is what is written, however many writes fail
// first; catching up with another writer, which renumbers an annotation
// added here, writes the record with the new id. What was written reads
// back as the store holds it.
func TestPendingRecordsKeepTheirLines(t *testing.T) {
	linesMatch := func(t *testing.T, s *Store) {
		t.Helper()
		for i, rec := range s.pending {
			want, err := encodeRecord(rec.ops)
			if err != nil {
				t.Fatal(err)
			}
			if string(rec.line) != string(want) {
				t.Errorf("pending record %d keeps\n%s\nbut its operations encode as\n%s", i, rec.line, want)
			}
		}
	}
	path, saved := journalWith(t)
	theirs, _ := Open(path)
	mine, _ := Open(path)
	defer mine.Close()
	if _, err := theirs.Add(errAnn("A", 4, "them", "vier", 0, 4, "Other", "Minor", "theirs")); err != nil {
		t.Fatal(err)
	}
	release := holdLock(t, path)
	added, err := mine.Add(errAnn("A", 5, "me", "fünf", 0, 4, "Other", "Minor", "mine"))
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("my change while the lock is held: %v; want ErrInUse", err)
	}
	added.Note = "mine, edited"
	if err := mine.Edit(added); !errors.Is(err, ErrInUse) {
		t.Fatalf("my edit while the lock is held: %v; want ErrInUse", err)
	}
	if err := mine.Delete(saved[0].ID); !errors.Is(err, ErrInUse) {
		t.Fatalf("my deletion while the lock is held: %v; want ErrInUse", err)
	}
	if mine.Pending() != 3 {
		t.Fatalf("%d changes pending; want 3", mine.Pending())
	}
	linesMatch(t, mine)
	release()
	// The disk is full: mine catches up (its annotation takes a new id)
	// but cannot write.
	var written [][]byte
	mine.writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		written = append(written, slices.Clone(b))
		return 0, syscall.ENOSPC
	}
	if err := mine.Flush(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Flush on a full disk: %v; want ENOSPC", err)
	}
	if got, ok := mine.Get(added.ID); ok && got.Note == "mine, edited" {
		t.Fatalf("catching up kept my annotation's id %d, which theirs took", added.ID)
	}
	linesMatch(t, mine)
	var lines []byte
	for _, rec := range mine.pending {
		lines = append(lines, rec.line...)
	}
	mine.writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		written = append(written, slices.Clone(b))
		return f.WriteAt(b, off)
	}
	if err := mine.Flush(); err != nil {
		t.Fatalf("Flush once there is space: %v", err)
	}
	if len(written) != 2 || string(written[0]) != string(lines) || string(written[1]) != string(lines) {
		t.Errorf("written %q; want the pending lines %q, on each try", written, lines)
	}
	mustReopen(t, path, mine.All()).Close()
}

// twoStores opens two stores, as two bleuscopes would, on a journal
// journalWith makes; they are closed when the test ends.
func twoStores(t *testing.T) (path string, a, b *Store) {
	t.Helper()
	path, _ = journalWith(t)
	a, _ = Open(path)
	b, _ = Open(path)
	t.Cleanup(func() { a.Close(); b.Close() })
	return path, a, b
}

// TestTwoWritersInterleave: two stores open on one file save in turn, a,
// b, a again, each change on disk when its call returns; each store finds
// the other's changes at its next write, and the file holds every change
// with ids of its own. Before, the first store to save held the file for
// as long as it was open, and the second kept its changes in memory.
func TestTwoWritersInterleave(t *testing.T) {
	path, a, b := twoStores(t)
	notes := func(s *Store) map[string]int {
		n := map[string]int{}
		for _, x := range s.All() {
			n[x.Note] = x.ID
		}
		return n
	}
	onDisk := func(note string) {
		t.Helper()
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := notes(s)[note]; !ok {
			t.Fatalf("%q was reported saved but the file holds %+v", note, s.All())
		}
	}
	if _, err := a.Add(errAnn("A", 4, "a", "vier", 0, 4, "Other", "Minor", "a1")); err != nil {
		t.Fatal(err)
	}
	onDisk("a1")
	if _, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1")); err != nil {
		t.Fatalf("b while a is open: %v; want it saved", err)
	}
	onDisk("b1")
	if n := notes(b); n["a1"] == 0 || n["a1"] == n["b1"] {
		t.Errorf("b holds %+v after its write; want a's too, with another id", b.All())
	}
	if _, err := a.Add(errAnn("A", 6, "a", "sechs", 0, 4, "Other", "Minor", "a2")); err != nil {
		t.Fatal(err)
	}
	onDisk("a2")
	if n := notes(a); n["b1"] == 0 || len(a.All()) != 6 {
		t.Errorf("a holds %+v after its second write; want the three before, a's two and b's", a.All())
	}
	ids := map[int]bool{}
	for _, x := range a.All() {
		if ids[x.ID] {
			t.Errorf("id %d twice: %+v", x.ID, a.All())
		}
		ids[x.ID] = true
	}
	if b.Pending() != 0 || a.Pending() != 0 || a.Dropped() != 0 || b.Dropped() != 0 {
		t.Errorf("pending %d and %d, dropped %d and %d; want none", a.Pending(), b.Pending(), a.Dropped(), b.Dropped())
	}
	mustReopen(t, path, a.All()).Close()
}

// TestCatchUpKeepsBothWriters: two stores make changes in turn on a file,
// each closing before the other writes (additions, an edit, a deletion of
// the other's annotation, an addition deleted before it was saved): what
// the file holds is what the last writer's view holds, ids unique.
func TestCatchUpKeepsBothWriters(t *testing.T) {
	path, _ := journalWith(t)
	a, _ := Open(path)
	b, _ := Open(path)
	a1, err := a.Add(errAnn("A", 4, "a", "vier", 0, 4, "Other", "Minor", "a1"))
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	b1, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1")) // b catches up with a1
	if err != nil {
		t.Fatal(err)
	}
	if b1.ID == a1.ID {
		t.Fatalf("b's annotation took a's id %d", a1.ID)
	}
	b2, _ := b.Add(errAnn("A", 6, "b", "sechs", 0, 4, "Other", "Minor", "b2"))
	if err := b.Delete(b2.ID); err != nil {
		t.Fatal(err)
	}
	b.Close()
	a, _ = Open(path) // a again, later, deletes b1 and edits a1
	if err := a.Delete(b1.ID); err != nil {
		t.Fatal(err)
	}
	a1.Note = "a1 edited"
	if err := a.Edit(a1); err != nil {
		t.Fatal(err)
	}
	a.Close()
	got := mustReopen(t, path, a.All())
	ids := map[int]bool{}
	for _, x := range got.All() {
		if ids[x.ID] {
			t.Errorf("id %d twice: %+v", x.ID, got.All())
		}
		ids[x.ID] = true
		if x.Note == "b1" || x.Note == "b2" {
			t.Errorf("%s is in the file after its deletion", x.Note)
		}
	}
	got.Close()
}

// TestCatchUpRefusesToUndoSavedWork: a change to an annotation another
// store changed and saved since this one read the file, or a mark on a
// segment it marked too, is refused rather than written over it: at once
// ([ErrChanged], and not counted again by Dropped as an earlier change),
// or, when it was held back by a lock held too long, at the write that
// catches up, counted once by Dropped however many tries that write
// takes; an unrelated change made after it is written after the other's
// all the same.
func TestCatchUpRefusesToUndoSavedWork(t *testing.T) {
	edit := func(s *Store, id int, note string) error {
		a, _ := s.Get(id)
		a.Note = note
		return s.Edit(a)
	}
	cases := []struct {
		name     string
		theirs   func(s *Store) error
		mine     func(s *Store) error
		conflict bool
	}{
		{"both edit one annotation", func(s *Store) error { return edit(s, 1, "theirs") }, func(s *Store) error { return edit(s, 1, "mine") }, true},
		{"they delete what I edit", func(s *Store) error { return s.Delete(2) }, func(s *Store) error { return edit(s, 2, "mine") }, true},
		{"they edit what I delete", func(s *Store) error { return edit(s, 3, "theirs") }, func(s *Store) error { return s.Delete(3) }, true},
		{"they mark an error where I mark none", func(s *Store) error {
			_, err := s.Add(errAnn("A", 9, "ann", "neun", 0, 4, "Other", "Major", ""))
			return err
		}, func(s *Store) error {
			_, err := s.MarkNoError(seg("A", 9, "ann", "neun", "Quelle neun"))
			return err
		}, true},
		{"both score one segment", func(s *Store) error {
			_, err := s.SetScore(seg("A", 9, "ann", "neun", "Quelle neun"), 40)
			return err
		}, func(s *Store) error {
			_, err := s.SetScore(seg("A", 9, "ann", "neun", "Quelle neun"), 70)
			return err
		}, true},
		{"different annotations", func(s *Store) error { return edit(s, 1, "theirs") }, func(s *Store) error { return edit(s, 2, "mine") }, false},
	}
	for _, heldBack := range []bool{false, true} {
		for _, tc := range cases {
			t.Run(fmt.Sprintf("%s held back %v", tc.name, heldBack), func(t *testing.T) {
				path, _ := journalWith(t)
				theirs, _ := Open(path)
				mine, _ := Open(path)
				defer mine.Close()
				if err := tc.theirs(theirs); err != nil {
					t.Fatal(err)
				}
				theirs.Close()
				saved := theirs.All()
				if heldBack {
					release := holdLock(t, path)
					if err := tc.mine(mine); !errors.Is(err, ErrInUse) {
						t.Fatalf("my change while the lock is held: %v; want ErrInUse", err)
					}
					release()
					// The write that catches up fails once: the refusal
					// is still counted once.
					mine.writeAt = func(*os.File, []byte, int64) (int, error) { return 0, syscall.ENOSPC }
					mine.Flush()
					mine.writeAt = (*os.File).WriteAt
				} else if err := tc.mine(mine); tc.conflict != errors.Is(err, ErrChanged) || !tc.conflict && err != nil {
					t.Fatalf("my change after theirs: %v; want ErrChanged %v", err, tc.conflict)
				}
				extra := errAnn("A", 12, "ann", "zwölf", 0, 4, "Other", "Minor", "extra")
				if _, err := mine.Add(extra); err != nil { // written, with or without the one before
					t.Fatalf("an unrelated change after theirs: %v", err)
				}
				// Only a change held back counts: one refused at once said so.
				if d := mine.Dropped(); (tc.conflict && heldBack) != (d == 1) || d > 1 || mine.Pending() != 0 {
					t.Errorf("%d dropped, %d pending; want %v dropped and nothing pending", d, mine.Pending(), tc.conflict && heldBack)
				}
				got, err := Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer got.Close()
				if !reflect.DeepEqual(got.All(), mine.All()) {
					t.Errorf("the file holds %+v; my store shows %+v", got.All(), mine.All())
				}
				notes, scores := map[string]bool{}, 0
				for _, a := range got.All() {
					notes[a.Note] = true
					if a.Kind == KindScore {
						scores++
					}
				}
				if !notes["extra"] || notes["mine"] == tc.conflict || scores > 1 {
					t.Errorf("the file holds %+v; want the extra change, mine only without a conflict, one score at most", got.All())
				}
				if tc.conflict {
					var without []Annotation
					for _, a := range got.All() {
						if a.Note != "extra" {
							without = append(without, a)
						}
					}
					if !reflect.DeepEqual(without, saved) {
						t.Errorf("the file holds %+v besides the extra; want what they saved, %+v", without, saved)
					}
				}
			})
		}
	}
}

// TestFirstSavesAtOnce: stores that make their first change to a new file
// at the same moment never replace one another's file, and each waits its
// turn for the lock: every change is saved, and in the file. Making the
// file by renaming a new one over it lost the first store's saves.
func TestFirstSavesAtOnce(t *testing.T) {
	for range 30 {
		path := filepath.Join(t.TempDir(), "new.ann")
		const n = 4
		stores := make([]*Store, n)
		for i := range stores {
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			stores[i] = s
		}
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := stores[i].Add(errAnn("A", i+1, "r"+strconv.Itoa(i), "x y", 0, 1, "Other", "Minor", "")); err != nil {
					t.Errorf("store %d: %v; want saved", i, err)
				}
			}()
		}
		wg.Wait()
		got, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		raters := map[string]bool{}
		for _, a := range got.All() {
			raters[a.Rater] = true
		}
		if len(got.All()) != n || len(raters) != n {
			t.Fatalf("%d stores saved one change each, but the file holds %+v", n, got.All())
		}
		for _, s := range stores {
			s.Close()
		}
	}
}

// TestCatchUpSkipsWhatTheOtherAdded: the same error marked in two stores
// is in the file once after the second catches up, and the second's Add
// returns it with the other's id.
func TestCatchUpSkipsWhatTheOtherAdded(t *testing.T) {
	path, before := journalWith(t)
	theirs, _ := Open(path)
	mine, _ := Open(path)
	defer mine.Close()
	same := errAnn("A", 9, "ann", "neun", 0, 4, "Accuracy/Mistranslation", "Minor", "")
	added, err := theirs.Add(same)
	if err != nil {
		t.Fatal(err)
	}
	again, err := mine.Add(same)
	if err != nil {
		t.Fatalf("my same mark after theirs: %v; want saved", err)
	}
	if again.ID != added.ID {
		t.Errorf("my Add returned id %d; want theirs, %d", again.ID, added.ID)
	}
	got, _ := Open(path)
	if n := len(got.All()); n != len(before)+1 {
		t.Errorf("the file holds %d annotations; want %d, the mark once", n, len(before)+1)
	}
}

// TestCompactWhileAnotherWrites: a store's Compact takes the lock and
// catches up first, so the other's saved change is in the file it writes;
// the other's next write finds the file replaced, reads it and appends to
// the new file. An id the compaction freed, used again by a third store
// for a no-error mark, still counts as the other's: a stale store's error
// on that segment is refused, instead of both being written.
func TestCompactWhileAnotherWrites(t *testing.T) {
	path, saved := journalWith(t)
	a, _ := Open(path)
	b, _ := Open(path)
	if _, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1")); err != nil {
		t.Fatal(err)
	}
	if err := a.Delete(saved[2].ID); err != nil {
		t.Fatal(err)
	}
	if err := a.Compact(); err != nil {
		t.Fatalf("Compact: %v", err)
	}
	if len(a.All()) != 3 {
		t.Fatalf("a holds %+v after compacting; want two of the three and b's", a.All())
	}
	if _, err := b.Add(errAnn("A", 6, "b", "sechs", 0, 4, "Other", "Minor", "b2")); err != nil {
		t.Fatal(err)
	}
	mustReopen(t, path, b.All()).Close()
	if len(b.All()) != 4 {
		t.Fatalf("b holds %+v; want a's deletion and both of b's", b.All())
	}
}

// TestReusedIDCountsAsTheOthers: after a compaction lowered the next id
// (the highest annotation deleted), a third store's no-error mark takes
// that id again, below what a store that has not read the file since
// knew; that store's error on the same segment by the same rater is
// still refused, instead of being written beside the mark. It slipped
// past when what the other added was told by its id alone.
func TestReusedIDCountsAsTheOthers(t *testing.T) {
	path, saved := journalWith(t)
	stale, _ := Open(path)
	defer stale.Close()
	d, _ := Open(path)
	if err := d.Delete(saved[2].ID); err != nil {
		t.Fatal(err)
	}
	if err := d.Compact(); err != nil {
		t.Fatal(err)
	}
	c, _ := Open(path)
	mark, err := c.MarkNoError(seg("A", 7, "ann", "sieben", "Quelle sieben"))
	if err != nil {
		t.Fatal(err)
	}
	if mark.ID != saved[2].ID {
		t.Fatalf("the mark took id %d; the test needs the freed id %d", mark.ID, saved[2].ID)
	}
	_, err = stale.Add(errAnn("A", 7, "ann", "sieben", 0, 6, "Other", "Major", "stale"))
	if !errors.Is(err, ErrChanged) {
		t.Errorf("an error on the segment the other marked as having none: %v; want ErrChanged", err)
	}
	mustReopen(t, path, c.All()).Close()
	if !reflect.DeepEqual(stale.All(), c.All()) {
		t.Errorf("the stale store shows %+v; want the file's, %+v", stale.All(), c.All())
	}
}

// TestInvalidAnnotationRecord: a record whose checksum is right but whose
// annotation bleuscope would never write (line 0, made by hand) is taken
// as damaged, as a bad checksum is: refused before others, dropped with a
// warning last; it never reaches Resolve, which indexed the line before it.
func TestInvalidAnnotationRecord(t *testing.T) {
	bad := errAnn("A", 1, "ann", "eins zwei drei", 0, 4, "Other", "Minor", "")
	bad.ID, bad.Line = 9, 0
	line, err := encodeRecord([]op{{Op: "put", Ann: &bad}})
	if err != nil {
		t.Fatal(err)
	}
	good, err := encodeRecord([]op{{Op: "del", ID: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, tail, want string
	}{
		{"last", string(line), "the last change is damaged (annotations: invalid annotation: line 0; lines count from 1) and is dropped"},
		{"followed by more", string(line) + string(good), ":5: damaged record (annotations: invalid annotation: line 0; lines count from 1) followed by more"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, _ := journalWithTail(t, c.tail)
			s, err := Open(path)
			if err != nil {
				if !strings.Contains(err.Error(), c.want) {
					t.Fatalf("Open: %v; want %q", err, c.want)
				}
				return
			}
			defer s.Close()
			if w := strings.Join(s.Warnings(), "\n"); !strings.Contains(w, c.want) {
				t.Fatalf("warnings %q; want %q", w, c.want)
			}
			for _, a := range s.All() {
				if a.Line < 1 {
					t.Fatalf("an annotation at line %d was loaded", a.Line)
				}
			}
		})
	}
}

// TestWrongTextHashRecord: a record whose checksum is right but whose
// annotation's text hash is not its text's (made by hand) is taken as
// damaged, however often the file holds that text with its right hash
// (each text is hashed once as a file is read), whether the line is as
// bleuscope writes it or not.
func TestWrongTextHashRecord(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*Annotation)
		want string
	}{
		{"hypothesis", func(a *Annotation) { a.HypHash = TextHash("eins zwei vier") }, "is not the hash of its hypothesis"},
		{"no hypothesis hash", func(a *Annotation) { a.HypHash = "" }, "is not the hash of its hypothesis"},
		{"source", func(a *Annotation) { a.SrcHash = TextHash("Quelle") }, "is not the hash of its source"},
		{"no source hash", func(a *Annotation) { a.SrcHash = "" }, "is not the hash of its source"},
		{"a hash without a source", func(a *Annotation) { a.Src = "" }, "is not the hash of its source"},
	} {
		bad := errAnn("A", 1, "ann", "eins zwei drei", 0, 4, "Other", "Minor", "") // the texts of journalWith's
		bad.ID = 9
		c.edit(&bad)
		line, err := encodeRecord([]op{{Op: "put", Ann: &bad}})
		if err != nil {
			t.Fatal(err)
		}
		spaced := bytes.Replace(line, []byte(`","rec":`), []byte(`", "rec":`), 1) // read as encoding/json reads it
		for _, tail := range [][]byte{line, spaced} {
			path, want := journalWithTail(t, string(tail))
			s, err := Open(path)
			if err != nil {
				t.Fatalf("%s: Open: %v", c.name, err)
			}
			if w := strings.Join(s.Warnings(), "\n"); !strings.Contains(w, c.want) || !strings.Contains(w, "the last change is damaged") {
				t.Errorf("%s: %s: warnings %q; want the change dropped as damaged, its annotation's hash %s", c.name, tail, w, c.want)
			}
			if got := s.All(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s: loaded %+v; want the file's annotations before it, %+v", c.name, tail, got, want)
			}
			s.Close()
		}
	}
}

// TestNewerFormatVersion: a file whose header names a newer format version
// (in any key order, with records this bleuscope cannot read) is refused
// as written by a newer bleuscope, and left as it is; a header naming
// another format, or a version that is not newer, is still not an
// annotation file.
func TestNewerFormatVersion(t *testing.T) {
	for _, c := range []struct{ head, want string }{
		{`{"format":"bleuscope-annotations","version":2}`, "annotation file format version 2; this bleuscope " + scoring.Version + " reads version 1"},
		{`{"version": 17, "format": "bleuscope-annotations"}`, "annotation file format version 17;"},
		{`{"format":"bleuscope-annotations","version":0}`, NotAnnotationFile},
		{`{"format":"bleuscope-annotations","version":"2"}`, NotAnnotationFile},
		{`{"format":"other","version":2}`, NotAnnotationFile},
	} {
		path := filepath.Join(t.TempDir(), "a.ann")
		data := c.head + "\n" + `{"crc":"00000000","rec":{"future":true}}` + "\n"
		os.WriteFile(path, []byte(data), 0o644)
		_, err := Open(path)
		if err == nil || !strings.Contains(err.Error(), path+":1: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open of a file starting %s: %v; want line 1 and %q", c.head, err, c.want)
		}
		if c.want != NotAnnotationFile && !strings.HasSuffix(err.Error(), "open it with a newer bleuscope (it is left as it is)") {
			t.Errorf("Open of a file starting %s: %v; want it to say a newer bleuscope is needed", c.head, err)
		}
		if after, _ := os.ReadFile(path); string(after) != data {
			t.Errorf("Open changed the file it refused: %q", after)
		}
	}
}

// TestWritableChecksTheFolder: a file not created yet is writable only
// where its folder lets one be created, as the command line checks it
// before opening the store, so that every caller of Writable (the
// explorer's read-only mode, its warnings) hears it; the check leaves the
// folder as it was. Before, such a file was writable whatever its folder.
func TestWritableChecksTheFolder(t *testing.T) {
	dir := t.TempDir()
	st, err := Open(filepath.Join(dir, "a.ann"))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Writable(); err != nil {
		t.Errorf("a new file in a writable folder: Writable() = %v; want nil", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("checking left %d files in the folder", len(ents))
	}
	st, err = Open(filepath.Join(dir, "gone", "a.ann"))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Writable(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a new file in a missing folder: Writable() = %v; want it missing", err)
	}
	if w := st.WritableWarning(); !strings.Contains(w, "cannot be written") {
		t.Errorf("a new file in a missing folder: WritableWarning() = %q; want it to say it cannot be written", w)
	}
	if os.Geteuid() == 0 {
		return // root creates files in a read-only folder anyway
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if st, err = Open(filepath.Join(ro, "a.ann")); err != nil {
		t.Fatal(err)
	}
	if why := st.ReadOnly(); !strings.Contains(why, "permission denied") {
		t.Errorf("a new file in a read-only folder: ReadOnly() = %q; want permission denied", why)
	}
}

// TestHeldBackDeletionThenConflict: two changes held back by a held lock,
// a deletion and then a no-error mark on a segment the other has since
// marked an error on, catch up in order: the deletion is written and the
// mark refused, though applying the deletion moved the other's error in
// memory before the mark was weighed against it.
func TestHeldBackDeletionThenConflict(t *testing.T) {
	path, saved := journalWith(t)
	theirs, _ := Open(path)
	mine, _ := Open(path)
	defer mine.Close()
	if _, err := theirs.Add(errAnn("A", 9, "ann", "neun", 0, 4, "Other", "Major", "theirs")); err != nil {
		t.Fatal(err)
	}
	release := holdLock(t, path)
	if err := mine.Delete(saved[0].ID); !errors.Is(err, ErrInUse) {
		t.Fatalf("my deletion while the lock is held: %v; want ErrInUse", err)
	}
	if _, err := mine.MarkNoError(seg("A", 9, "ann", "neun", "Quelle neun")); !errors.Is(err, ErrInUse) {
		t.Fatalf("my mark while the lock is held: %v; want ErrInUse", err)
	}
	release()
	if err := mine.Flush(); err != nil {
		t.Fatal(err)
	}
	if d := mine.Dropped(); d != 1 {
		t.Errorf("%d changes dropped; want the mark", d)
	}
	got := mustReopen(t, path, mine.All())
	defer got.Close()
	for _, a := range got.All() {
		if a.Kind == KindNoError || a.ID == saved[0].ID {
			t.Errorf("the file holds %+v; want the deletion written and the mark refused", got.All())
		}
	}
}

// TestOpenWaitsForAWrite: a file opened while another bleuscope is in the
// middle of appending a record is read once the write is done, not taken
// as one whose last change a crash cut short (with a warning at open).
// The write ends only once Open is seen waiting for it, so that an Open
// that read at once fails here whatever the scheduling (after a sleep, it
// could start after the write and pass without waiting).
func TestOpenWaitsForAWrite(t *testing.T) {
	path, _ := journalWith(t)
	if runtime.GOOS == "windows" {
		t.Skip("no advisory locks")
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		t.Fatal(err)
	}
	a := errAnn("A", 4, "them", "vier", 0, 4, "Other", "Minor", "theirs")
	a.ID = 4
	line, err := encodeRecord([]op{{Op: "put", Ann: &a}})
	if err != nil {
		t.Fatal(err)
	}
	end, _ := f.Seek(0, io.SeekEnd)
	f.WriteAt(line[:len(line)/2], end) // half the record is in the file
	waiting, written := make(chan struct{}), make(chan struct{})
	var seen sync.Once
	onWriterWait(t, func() {
		seen.Do(func() { close(waiting); <-written }) // held until the write is over
	})
	done := make(chan *Store, 1)
	go func() {
		s, err := Open(path)
		if err != nil {
			t.Error(err)
		}
		done <- s
	}()
	select {
	case <-waiting:
	case s := <-done:
		if s != nil {
			t.Fatalf("Open returned in the middle of another's write without waiting for it: warnings %q, %d annotations", s.Warnings(), len(s.All()))
		}
		return
	case <-time.After(10 * time.Second):
		t.Fatal("Open neither waited for the write nor returned within 10 s")
	}
	f.WriteAt(line[len(line)/2:], end+int64(len(line)/2))
	f.Close() // the write is done, and the lock let go
	close(written)
	s := <-done
	if s == nil {
		return
	}
	if w := s.Warnings(); len(w) > 0 || len(s.All()) != 4 {
		t.Errorf("opened in the middle of a write: warnings %q, %d annotations; want none and 4", w, len(s.All()))
	}
}

// onWriterWait makes fn what a read does each time it finds a writer's
// lock on the file (see [keepWritersOut]), until the test ends.
func onWriterWait(t *testing.T, fn func()) {
	t.Helper()
	old := writerWait
	writerWait = func() { fn(); old() }
	t.Cleanup(func() { writerWait = old })
}

// TestDeleteMarkingNoError: the error deleted and the segment marked as
// having no error come in one record; another error of the rater on the
// segment refuses it, changing nothing, as MarkNoError does; a mark there
// already is kept, the error deleted; an ID not there is ErrNotFound.
func TestDeleteMarkingNoError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	at := seg("A", 1, "r", "eins zwei", "Quelle eins zwei")
	e1, err := s.Add(errAnn("A", 1, "r", "eins zwei", 0, 4, "Other", "Major", ""))
	if err != nil {
		t.Fatal(err)
	}
	e2, err := s.Add(errAnn("A", 1, "r", "eins zwei", 5, 9, "Other", "Minor", ""))
	if err != nil {
		t.Fatal(err)
	}
	lines := len(fileLines(t, path))
	if _, err := s.DeleteMarkingNoError(e1.ID, at); !errors.Is(err, ErrHasErrors) || len(s.All()) != 2 || len(fileLines(t, path)) != lines {
		t.Fatalf("with another error there: %v, %d annotations, %d lines; want ErrHasErrors and nothing changed", err, len(s.All()), len(fileLines(t, path)))
	}
	if err := s.Delete(e2.ID); err != nil {
		t.Fatal(err)
	}
	lines++
	mark, err := s.DeleteMarkingNoError(e1.ID, at)
	if err != nil {
		t.Fatal(err)
	}
	got := fileLines(t, path)
	if len(got) != lines+1 || !strings.Contains(got[len(got)-1], `{"op":"del","id":`+strconv.Itoa(e1.ID)+`},{"op":"put"`) {
		t.Fatalf("want one record deleting the error and putting the mark; the file ends %q", got[len(got)-1])
	}
	if all := s.All(); len(all) != 1 || all[0].Kind != KindNoError || all[0].ID != mark.ID {
		t.Errorf("after: %+v; want the mark %d alone", all, mark.ID)
	}
	// An import can hold a rater's error beside the rater's mark: the
	// mark stays, and the error goes.
	other := seg("A", 2, "r", "drei", "Quelle drei")
	other.Kind = KindNoError
	if _, _, err := s.Import([]Annotation{other, errAnn("A", 2, "r", "drei", 0, 4, "Other", "Major", "")}); err != nil {
		t.Fatal(err)
	}
	all := s.All()
	kept, err := s.DeleteMarkingNoError(all[len(all)-1].ID, other)
	if err != nil || kept.ID != all[len(all)-2].ID || len(s.All()) != len(all)-1 {
		t.Errorf("beside a mark: %v, kept %d, %d annotations; want the mark %d kept, the error gone", err, kept.ID, len(s.All()), all[len(all)-2].ID)
	}
	if _, err := s.DeleteMarkingNoError(999, at); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown ID: %v", err)
	}
}

// TestRefreshReadsTheOthersChanges: a store open on a file another store
// writes to holds the other's additions, edits and deletions once it is
// refreshed, without writing anything; refreshing again with nothing new
// reads nothing; changes of its own waiting to be written hold the
// refresh back. Before, a store saw another's changes only at its own
// next write.
func TestRefreshReadsTheOthersChanges(t *testing.T) {
	path, a, b := twoStores(t)
	before := len(a.All())
	if read, err := a.Refresh(); err != nil || read {
		t.Fatalf("Refresh with nothing new = %v, %v; want false, nil", read, err)
	}
	b1, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1"))
	if err != nil {
		t.Fatal(err)
	}
	gone := a.All()[0]
	if err := b.Delete(gone.ID); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)
	read, err := a.Refresh()
	if err != nil || !read {
		t.Fatalf("Refresh after the other's writes = %v, %v; want true, nil", read, err)
	}
	if after, _ := os.Stat(path); after.Size() != info.Size() || !after.ModTime().Equal(info.ModTime()) {
		t.Errorf("Refresh wrote the file: %d bytes, then %d", info.Size(), after.Size())
	}
	if got, ok := a.Get(b1.ID); !ok || got.Note != "b1" {
		t.Errorf("a holds %+v after refreshing; want b's b1 as id %d", a.All(), b1.ID)
	}
	if _, ok := a.Get(gone.ID); ok || len(a.All()) != before {
		t.Errorf("a holds %d annotations, id %d among them; want %d, the one b deleted gone", len(a.All()), gone.ID, before)
	}
	if read, err := a.Refresh(); err != nil || read {
		t.Errorf("second Refresh = %v, %v; want false, nil", read, err)
	}
	// a's own change, saved after the refresh, takes an id of its own and
	// keeps b's.
	a2, err := a.Add(errAnn("A", 6, "a", "sechs", 0, 4, "Other", "Minor", "a2"))
	if err != nil {
		t.Fatal(err)
	}
	if a2.ID == b1.ID {
		t.Errorf("a's addition took b's id %d", b1.ID)
	}
	mustReopen(t, path, a.All()).Close()
}

// TestRefreshWaitsForPendingChanges: with a change not yet on disk (the
// file could not be written), Refresh reads nothing, leaving the catching
// up to the write that saves it.
func TestRefreshWaitsForPendingChanges(t *testing.T) {
	_, a, b := twoStores(t)
	a.writeAt = func(*os.File, []byte, int64) (int, error) { return 0, errors.New("disk full") }
	if _, err := a.Add(errAnn("A", 4, "a", "vier", 0, 4, "Other", "Minor", "a1")); err == nil {
		t.Fatal("the write did not fail")
	}
	if _, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1")); err != nil {
		t.Fatal(err)
	}
	if read, err := a.Refresh(); err != nil || read || a.Pending() != 1 {
		t.Errorf("Refresh with a change pending = %v, %v, %d pending; want false, nil, 1", read, err, a.Pending())
	}
}

// TestRefreshWaitsWithoutTheStoreLock: while Refresh waits for another
// bleuscope's write to end (its lock held), the store's own lock is free,
// so that the explorer drawing the store (Pending) or saving never waits
// for the other; once the other lets go, the refresh takes its changes in.
// Before, Refresh held the store's lock through the wait. The store's lock
// is tried from within the wait itself, so the test never looks before
// Refresh waits (it did after a sleep, and passed whenever Refresh had
// not started yet).
func TestRefreshWaitsWithoutTheStoreLock(t *testing.T) {
	path, a, b := twoStores(t)
	b1, err := b.Add(errAnn("A", 5, "b", "fünf", 0, 4, "Other", "Minor", "b1"))
	if err != nil {
		t.Fatal(err)
	}
	release := holdLock(t, path)
	lockWait = 5 * time.Second // Refresh waits a tenth of it for the lock
	free := make(chan bool, 1)
	var seen sync.Once
	onWriterWait(t, func() {
		seen.Do(func() {
			ok := a.mu.TryLock()
			if ok {
				a.mu.Unlock()
			}
			free <- ok
		})
	})
	type result struct {
		read bool
		err  error
	}
	done := make(chan result, 1)
	go func() {
		read, err := a.Refresh()
		done <- result{read, err}
	}()
	select {
	case ok := <-free:
		if !ok {
			t.Error("the store's lock is held while Refresh waits for another's write")
		}
	case r := <-done:
		t.Fatalf("Refresh = %v, %v without waiting for the other's lock; want it to wait", r.read, r.err)
	}
	release()
	if r := <-done; r.err != nil || !r.read {
		t.Fatalf("Refresh once the other let go = %v, %v; want true, nil", r.read, r.err)
	}
	if got, ok := a.Get(b1.ID); !ok || got.Note != "b1" {
		t.Errorf("a holds %+v after refreshing; want b's b1", a.All())
	}
}

// TestParseReadsAsOpen: Parse of a file's bytes gives what Open of the
// file gives: its annotations, the typologies it records and what reading
// it dropped (a torn last record here); and refuses what Open refuses,
// naming the file as it is told.
func TestParseReadsAsOpen(t *testing.T) {
	path, _ := journalWithTail(t, `{"crc":"0123abcd","rec":{"ops":[{"op":"put","ann":{"id":4,"kind":"err`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	anns, made, warnings, err := Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(anns, s.All()) || !reflect.DeepEqual(made, s.Typologies()) || !reflect.DeepEqual(warnings, s.Warnings()) || len(warnings) != 1 {
		t.Errorf("Parse = %+v, %v, %q; want Open's %+v, %v, %q", anns, made, warnings, s.All(), s.Typologies(), s.Warnings())
	}
	if _, _, _, err := Parse([]byte("system\tdoc\n"), "pipe"); err == nil || !strings.HasPrefix(err.Error(), "bleuscope: pipe:1: "+NotAnnotationFile) {
		t.Errorf("Parse of a TSV: %v", err)
	}
}

// TestStoreKeepsNamesThatAreNotUTF8: two systems whose names differ only
// in bytes that are not UTF-8 (files named in Latin-1) keep their names in
// the file, where encoding/json's U+FFFD made them one name that was
// neither; a name that reads as such a byte stays itself too, and the
// same mark on the two is two marks.
func TestStoreKeepsNamesThatAreNotUTF8(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sys\xe8", "sys\xe9", `sys\xe8`} {
		a := seg(name, 1, "ann", "Der Hund bellt.", "")
		if _, err := s.MarkNoError(a); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
	}
	if n := len(s.All()); n != 3 {
		t.Fatalf("%d annotations stored; want 3, one per system", n)
	}
	// An import finds what is there already by content, the system's
	// name included.
	for _, name := range []string{"sys\xe8", "sys\xe9"} {
		row := errAnn(name, 2, "mqm", "Der Hund bellt.", 4, 8, "Accuracy/Mistranslation", "Major", "")
		if added, _, err := s.Import([]Annotation{row}); err != nil || added != 1 {
			t.Fatalf("Import on %q added %d (%v); want 1", name, added, err)
		}
	}
	want := s.All()
	s.Close()
	mustReopen(t, path, want).Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(data) {
		t.Errorf("the file is not UTF-8:\n%s", data)
	}
}

// TestImportWrittenAsEncoded: an import of more operations than a line
// kept ([lineOps]) is encoded as it is written, through a buffer smaller
// than its record, and the file then holds the bytes encoding the record
// whole gives (a name that is not UTF-8, "<" and "&" kept as they are);
// a write failing halfway leaves the file as it was, and the next write
// puts the same bytes there.
func TestImportWrittenAsEncoded(t *testing.T) {
	was := journalBuffer
	journalBuffer = 512
	t.Cleanup(func() { journalBuffer = was })
	path, saved := journalWith(t)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []Annotation
	for i := range 3 * lineOps {
		rows = append(rows, errAnn("sys\xff<&>", i+1, "r", fmt.Sprintf("Satz <%d> & mehr", i), 0, 4, "Other", "Minor", "a \"note\"\n"))
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	writes := 0
	s.writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		if writes++; writes == 3 {
			return 0, syscall.ENOSPC
		}
		return f.WriteAt(b, off)
	}
	if _, _, err := s.Import(rows); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("import on a disk filling up: %v; want ENOSPC", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatalf("a failed import left the file changed:\n%s", after)
	}
	if writes < 3 {
		t.Fatalf("the record went in %d writes; want it cut in several by the buffer", writes)
	}
	var ops []op
	for i := range s.pending[0].ops {
		ops = append(ops, op{Op: "put", Ann: new(s.pending[0].ops[i].Ann.clone())})
	}
	want, err := encodeRecord(ops)
	if err != nil {
		t.Fatal(err)
	}
	s.writeAt = (*os.File).WriteAt
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := after[len(before):]; string(got) != string(want) {
		t.Errorf("the import's record is written\n%s\nwhere encoding it whole gives\n%s", got, want)
	}
	// A record the buffer holds whole gets its checksum there.
	journalBuffer = was
	rows = rows[:lineOps+1]
	for i := range rows {
		rows[i].Note = "again"
	}
	if _, _, err := s.Import(rows); err != nil {
		t.Fatal(err)
	}
	last, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ops = ops[:0]
	for _, a := range s.All()[len(s.All())-len(rows):] {
		ops = append(ops, op{Op: "put", Ann: &a})
	}
	if want, _ := encodeRecord(ops); string(last[len(after):]) != string(want) {
		t.Errorf("the import's record is written\n%s\nwhere encoding it whole gives\n%s", last[len(after):], want)
	}
	mustReopen(t, path, s.All()).Close()
	if got := len(s.All()); got != len(saved)+3*lineOps+len(rows) {
		t.Errorf("%d annotations; want %d", got, len(saved)+3*lineOps+len(rows))
	}
}

// TestDecodeAsJSONReads: a journal line is decoded as reading it with
// encoding/json gives, its envelope, then its record, whether it is as
// bleuscope writes it (read without copying its record, an operation at a
// time) or not (spaces, keys in another order or spelled in capitals, a
// key twice, more after the operations), and a damaged one is refused in
// the same words.
func TestDecodeAsJSONReads(t *testing.T) {
	asJSON := func(line []byte) (record, error) {
		var env envelope
		if err := json.Unmarshal(line, &env); err != nil {
			return record{}, fmt.Errorf("not a record: %w", err)
		}
		want, err := strconv.ParseUint(env.CRC, 16, 32)
		if err != nil || len(env.CRC) != 8 {
			return record{}, fmt.Errorf("bad checksum field %s", model.Quote(env.CRC))
		}
		if got := crc32.Checksum(env.Rec, castagnoli); uint32(want) != got {
			return record{}, fmt.Errorf("checksum %08x does not match the record's %08x", want, got)
		}
		var rec record
		if err := json.Unmarshal(env.Rec, &rec); err != nil {
			return record{}, fmt.Errorf("bad record: %w", err)
		}
		for _, o := range rec.Ops {
			if o.Ann != nil {
				o.Ann.System = model.ParseJSONName(o.Ann.System)
			}
		}
		return rec, nil
	}
	a := errAnn("sys\xff", 2, "r", "zwei <b> & drei", 0, 4, "Other", "Minor", "note")
	b := seg("B", 3, "r", "drei", "")
	b.Kind = KindNoError
	written, err := encodeRecord([]op{{Op: "put", Ann: &a}, {Op: "del", ID: 4}, {Op: "put", Ann: &b}})
	if err != nil {
		t.Fatal(err)
	}
	written = bytes.TrimSuffix(written, []byte("\n"))
	body := written[len(`{"crc":"00000000","rec":`) : len(written)-1]
	line := func(body string) []byte {
		return fmt.Appendf(nil, `{"crc":"%08x","rec":%s}`, crc32.Checksum([]byte(body), castagnoli), body)
	}
	ops := strings.TrimSuffix(strings.TrimPrefix(string(body), `{"ops":[`), `]}`)
	lines := [][]byte{
		written,
		[]byte(strings.ToUpper(string(written[:16])) + string(written[16:])), // the checksum's digits in capitals
		line(string(body)),
		line(`{"ops":[` + ops + `],"typology":null}`),
		line(`{"ops":[],"ops":[` + ops + `]}`),
		line(`{"ops":[` + ops + `],"ops":[]}`),
		line(`{"OPS":[` + ops + `]}`),
		line(`{"ops":[ ` + ops + ` ]}`),
		line(`{"ops":[]}`),
		line(`{"ops":[` + ops + `]} `),
		[]byte(`{"rec":` + string(body) + `,"crc":"` + string(written[8:16]) + `"}`),
		[]byte(`{"crc":"` + string(written[8:16]) + `", "rec":` + string(body) + `}`),
		line(`{"ops":[` + ops + `}`),
		line(`{"ops":[` + ops + `]}}`),
		line(`{"ops":[{"op":"put","ann":{"id":"x"}}]}`),
		line(`{"ops":[` + ops + `],}`),
		append(slices.Clone(written[:len(written)-1]), []byte(`,"x":1}`)...),
		[]byte(`{"crc":"zzzzzzzz","rec":` + string(body) + `}`),
		[]byte(`{"crc":"0000000","rec":` + string(body) + `}`),
		[]byte(`{"crc":"00000000","rec":` + string(body) + `}`),
		// written's form, but for a record that is not JSON: the first a
		// line that is, whose record is {}, the second none at all
		fmt.Appendf(nil, `{"crc":"%08x","rec":{},"x":{"y":1}}`, crc32.Checksum([]byte(`{}`), castagnoli)),
		[]byte(`{"crc":"00000000","rec":{"ops":[` + ops + `]}}}`),
	}
	for _, l := range lines {
		got, err := decodeRecord(l, nil)
		want, wantErr := asJSON(l)
		if wantErr == nil {
			for _, o := range want.Ops { // as decodeRecord checks them
				if o.Op == "put" && o.Ann != nil {
					wantErr = o.Ann.check()
				}
			}
		}
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Errorf("%s:\n got error %v\nwant %v", l, err, wantErr)
			continue
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", l, got, want)
		}
	}
}

// TestStoreMissing: Missing keeps, in order, the annotations whose
// content the store does not hold, however they were marked or numbered
// (an MQM file's rows beside the file they were imported into), and
// returns the slice itself when none is there.
func TestStoreMissing(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "a.ann"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows := []Annotation{
		errAnn("sys", 1, "r1", "Ein Satz.", 0, 3, "Other", "Minor", ""),
		errAnn("sys", 2, "r1", "Zwei Sätze.", 0, 4, "Other", "Major", ""),
		errAnn("sys", 3, "r2", "Drei.", 0, 4, "Other", "Minor", ""),
	}
	if got, _ := s.Missing(rows); &got[0] != &rows[0] || len(got) != 3 {
		t.Fatalf("an empty store: Missing gave %+v, want rows itself", got)
	}
	if _, _, err := s.Import(rows[1:2]); err != nil {
		t.Fatal(err)
	}
	again := slices.Clone(rows)
	again[1].ID, again[1].Marked = 7, Marked{Target: "Zwei <v>Sätze</v>."}
	got, _ := s.Missing(again)
	if len(got) != 2 || got[0].Line != 1 || got[1].Line != 3 {
		t.Errorf("Missing gave %+v; want lines 1 and 3", got)
	}
	none := []Annotation{rows[0], rows[2]}
	if got, _ := s.Missing(none); &got[0] != &none[0] {
		t.Errorf("none there: Missing gave a copy, %+v", got)
	}
}

// TestStoreFileDeletedOrEmptiedWhileOpen: a file deleted, or emptied,
// while a store holds its annotations is written back whole by the next
// change, the annotations shown as saved kept, and Restored says how
// many; another store of the file then catches up with it as usual.
// Before, the write took the empty file for one another bleuscope had
// made, dropped every annotation it held and wrote the new change alone.
func TestStoreFileDeletedOrEmptiedWhileOpen(t *testing.T) {
	for _, how := range []string{"deleted", "emptied"} {
		t.Run(how, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ann.jsonl")
			s := mustOpen(t, path)
			if _, err := s.Add(errAnn("A", 1, "ana", "the cat sat", 4, 7, "Accuracy/Mistranslation", "Major", "")); err != nil {
				t.Fatal(err)
			}
			mustMark(t, s, seg("A", 2, "ana", "a dog", "ein Hund"))
			if got := s.Restored(); got != 0 {
				t.Errorf("a new file: Restored %d; want 0", got)
			}
			other := mustOpen(t, path)
			gone(t, path, how)
			mustMark(t, s, seg("A", 3, "ana", "a bird", "ein Vogel"))
			if got := s.Restored(); got != 3 {
				t.Errorf("Restored %d; want 3, the two saved before and the new one", got)
			}
			want := s.All()
			if len(want) != 3 {
				t.Fatalf("the store holds %d annotations; want 3", len(want))
			}
			mustReopen(t, path, want).Close()
			mustMark(t, other, seg("A", 4, "bo", "a fish", "ein Fisch"))
			if got := other.Restored(); got != 0 || len(other.All()) != 4 {
				t.Errorf("the other store: Restored %d, %d annotations; want 0 and 4, caught up", got, len(other.All()))
			}
			mustReopen(t, path, other.All()).Close()
		})
	}
}

// TestStoreRefreshKeepsAnnotationsOfAFileGone: reading again a file
// deleted or emptied after it held the store's annotations returns
// ErrGone and keeps them, so that the next write puts them back; before,
// an emptied file was read as one holding nothing, the store emptied with
// it, and the next write had nothing to put back.
func TestStoreRefreshKeepsAnnotationsOfAFileGone(t *testing.T) {
	for _, how := range []string{"deleted", "emptied"} {
		t.Run(how, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ann.jsonl")
			s := mustOpen(t, path)
			mustMark(t, s, seg("A", 2, "ana", "a dog", "ein Hund"))
			gone(t, path, how)
			if read, err := s.Refresh(); read || !errors.Is(err, ErrGone) || len(s.All()) != 1 {
				t.Fatalf("Refresh: %v, %v, %d annotations; want false, ErrGone, 1 kept", read, err, len(s.All()))
			}
			mustMark(t, s, seg("A", 3, "ana", "a bird", "ein Vogel"))
			mustReopen(t, path, s.All()).Close()
			if len(s.All()) != 2 {
				t.Errorf("%d annotations after the next change; want 2", len(s.All()))
			}
		})
	}
}

// TestStoreFileDeletedThenMadeAnew: a file deleted while a store holds
// its annotations, then made anew by another bleuscope's change before
// this store's next, keeps both: the next change here, or reading the
// file again (Refresh, which saves at once), puts the annotations saved
// here after the new file's, and Restored counts them. Before, the new
// file was read as the old one changed by the other bleuscope: every
// annotation saved here vanished from the store and the file, without a
// word.
func TestStoreFileDeletedThenMadeAnew(t *testing.T) {
	for _, refresh := range []bool{false, true} {
		t.Run(fmt.Sprintf("refresh=%v", refresh), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ann.jsonl")
			s := mustOpen(t, path)
			if _, err := s.Add(errAnn("A", 1, "ana", "the cat sat", 4, 7, "Accuracy/Mistranslation", "Major", "")); err != nil {
				t.Fatal(err)
			}
			mustMark(t, s, seg("A", 2, "ana", "a dog", "ein Hund"))
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			fresh := mustOpen(t, path)
			mustMark(t, fresh, seg("A", 4, "bo", "a fish", "ein Fisch"))
			if refresh {
				if read, err := s.Refresh(); !read || err != nil {
					t.Fatalf("Refresh: %v, %v; want true, nil", read, err)
				}
				if got := linesOf(s); !slices.Equal(got, []int{4, 1, 2}) {
					t.Fatalf("read again, the store holds the annotations of lines %v; want [4 1 2], the new file's then those saved here", got)
				}
				if got := s.Restored(); got != 2 {
					t.Errorf("Refresh: Restored %d; want 2", got)
				}
				mustReopen(t, path, s.All()).Close() // saved at once
			}
			mustMark(t, s, seg("A", 3, "ana", "a bird", "ein Vogel"))
			if got, want := s.Restored(), map[bool]int{false: 2, true: 0}[refresh]; got != want {
				t.Errorf("Restored %d; want %d", got, want)
			}
			// The new file's (4), then the new change (3) and those saved
			// here (1, 2), in the order they were put in the file.
			if got, want := linesOf(s), map[bool][]int{false: {4, 3, 1, 2}, true: {4, 1, 2, 3}}[refresh]; !slices.Equal(got, want) {
				t.Fatalf("the store holds the annotations of lines %v; want %v", got, want)
			}
			mustReopen(t, path, s.All()).Close()
			mustMark(t, fresh, seg("A", 5, "bo", "a cow", "eine Kuh"))
			if got := len(fresh.All()); got != 5 {
				t.Errorf("the other store holds %d annotations; want 5, caught up", got)
			}
			mustReopen(t, path, fresh.All()).Close()
		})
	}
}

// TestStoreEmptiedUnderTwoStores: two stores of a file emptied while
// both are open, one holding an annotation saved after the other last
// read the file: the other's next change writes the file back whole
// without it, and the first one's next change puts it back. Before, it
// took the other's new annotation, under the same id, for an edit of
// its own and dropped it from the store and the file without a word.
func TestStoreEmptiedUnderTwoStores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	a := mustOpen(t, path)
	mustMark(t, a, seg("A", 1, "ana", "one", "eins"))
	b := mustOpen(t, path)
	mustMark(t, b, seg("A", 2, "bo", "two", "zwei"))
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	mustMark(t, a, seg("A", 3, "ana", "three", "drei"))
	mustMark(t, b, seg("A", 4, "bo", "four", "vier"))
	if got := b.Restored(); got != 1 {
		t.Errorf("Restored %d; want 1, line 2's mark", got)
	}
	lines := linesOf(b)
	slices.Sort(lines)
	if !slices.Equal(lines, []int{1, 2, 3, 4}) {
		t.Fatalf("the store holds the annotations of lines %v; want [1 2 3 4]", lines)
	}
	mustReopen(t, path, b.All()).Close()
}

// TestStoreCompactedByAnotherIsNotMadeAnew: a file another bleuscope
// deleted every annotation of this store's from and then compacted is
// not taken for one made anew after a deletion: the next change here
// leaves the deletions be, as the compacted file keeps their former
// contents.
func TestStoreCompactedByAnotherIsNotMadeAnew(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s := mustOpen(t, path)
	a, err := s.MarkNoError(seg("A", 2, "ana", "a dog", "ein Hund"))
	if err != nil {
		t.Fatal(err)
	}
	other := mustOpen(t, path)
	mustMark(t, other, seg("A", 4, "bo", "a fish", "ein Fisch"))
	if err := other.Delete(a.ID); err != nil {
		t.Fatal(err)
	}
	if err := other.Compact(); err != nil {
		t.Fatal(err)
	}
	mustMark(t, s, seg("A", 3, "ana", "a bird", "ein Vogel"))
	if got := s.Restored(); got != 0 {
		t.Errorf("Restored %d; want 0", got)
	}
	if lines := linesOf(s); !slices.Equal(lines, []int{4, 3}) {
		t.Errorf("the store holds the annotations of lines %v; want [4 3], the deleted one left out", lines)
	}
	mustReopen(t, path, s.All()).Close()
}

// mustOpen opens the annotation file at path, closed when the test ends.
func mustOpen(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// mustMark marks a segment as having no error in s, saved.
func mustMark(t *testing.T, s *Store, a Annotation) {
	t.Helper()
	if _, err := s.MarkNoError(a); err != nil {
		t.Fatal(err)
	}
}

// linesOf returns the lines of the annotations s holds, in its order.
func linesOf(s *Store) []int {
	var lines []int
	for _, a := range s.All() {
		lines = append(lines, a.Line)
	}
	return lines
}

// gone deletes the file at path, or empties it when how is "emptied", as
// a person or another program does while a store holds its annotations.
func gone(t *testing.T, path, how string) {
	t.Helper()
	remove := os.Remove
	if how == "emptied" {
		remove = func(path string) error { return os.Truncate(path, 0) }
	}
	if err := remove(path); err != nil {
		t.Fatal(err)
	}
}
