package annotations

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// majorTen is a custom typology: MQM's severities, Major weighing 10.
func majorTen(t testing.TB) *Preset {
	t.Helper()
	p, err := ParseTypology(strings.NewReader("name | major-10\nseverity | m | Minor | 1\nseverity | M | Major | 10\ncategory | o | Other\n"), "major10.typ")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fileLines returns the lines of the file at path, "\n" dropped.
func fileLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// typologyOf decodes the record of a journal line and returns its
// typology, nil when it records none.
func typologyOf(t *testing.T, line string) *typologyRecord {
	t.Helper()
	rec, err := decodeRecord([]byte(line), nil)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return rec.Typology
}

// TestNewFileRecordsTypology: the first change to a new file writes the
// typology first, in a record of its own, with everything that weighs; a
// second change and a reopened store with the same typology record it no
// more; the typology read back is the one written.
func TestNewFileRecordsTypology(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.SetTypology(MQM())
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("SetTypology made the file: %v", err)
	}
	if _, err := s.Add(errAnn("A", 1, "r", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	lines := fileLines(t, path)
	if len(lines) != 3 {
		t.Fatalf("want the header, the typology and the change, got %q", lines)
	}
	rec := typologyOf(t, lines[1])
	if rec == nil || rec.Name != "mqm" || rec.Kind != kindPreset {
		t.Fatalf("line 2 does not record the mqm preset: %q", lines[1])
	}
	for _, want := range []string{`{"name":"Major","key":"M","weight":5}`, `{"name":"Fluency/Punctuation","keys":"fp","weights":{"Minor":0.1}}`, `"weights":{"*":25}`, `"aliases":{"critical":"Major"}`} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("the typology record lacks %s: %q", want, lines[1])
		}
	}
	if typologyOf(t, lines[2]) != nil {
		t.Errorf("the change's record names a typology: %q", lines[2])
	}
	if _, err := s.Add(errAnn("A", 2, "r", "drei vier", 0, 4, "Other", "Minor", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.SetTypology(MQM())
	if _, err := s.Add(errAnn("A", 3, "r", "fünf sechs", 0, 4, "Other", "Minor", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if n := len(fileLines(t, path)); n != 5 {
		t.Errorf("the same typology was recorded again: %d lines, want 5", n)
	}
	ts := s.Typologies()
	if len(ts) != 1 {
		t.Fatalf("Typologies: %d, want 1", len(ts))
	}
	if !reflect.DeepEqual(ts[0], MQM()) {
		t.Errorf("the typology read back is\n %+v\nwant\n %+v", ts[0], MQM())
	}
	if ts[0].Name != "mqm" || recordOf(ts[0]).Kind != kindPreset {
		t.Errorf("read back as %q, %s", ts[0].Name, recordOf(ts[0]).Kind)
	}
	custom := majorTen(t)
	if k := recordOf(custom).Kind; k != kindCustom {
		t.Errorf("a typology file is recorded as %s", k)
	}
	named := majorTen(t)
	named.Name = "mqm" // a typology file may call itself mqm: its weights say it is not
	if k := recordOf(named).Kind; k != kindCustom {
		t.Errorf("a typology file named mqm is recorded as %s", k)
	}
}

// TestOlderFileOpensUnchanged: a file without a typology record (an older
// bleuscope's) opens as before and is left byte for byte by Open and
// Close, whatever typology is in effect; a store given none writes the
// records an older bleuscope did, and no typology.
func TestOlderFileOpensUnchanged(t *testing.T) {
	path, want := journalWith(t) // made without a typology, as an older bleuscope did
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range fileLines(t, path)[1:] {
		if !strings.HasPrefix(line, `{"crc":"`) || !strings.Contains(line, `"rec":{"ops":[{"op":"put","ann":{`) {
			t.Fatalf("a record is not in the older form: %q", line)
		}
	}
	s := mustReopen(t, path, want)
	s.SetTypology(majorTen(t))
	if ts := s.Typologies(); len(ts) != 0 {
		t.Errorf("an older file records %d typologies", len(ts))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Fatalf("opening and closing changed the file:\n was %q\n now %q", before, after)
	}
	// The first change records it, after the older records.
	s = mustReopen(t, path, want)
	s.SetTypology(majorTen(t))
	if _, err := s.Add(errAnn("A", 9, "r", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	after, _ := os.ReadFile(path)
	if !bytes.HasPrefix(after, before) {
		t.Fatalf("the change rewrote the older records:\n was %q\n now %q", before, after)
	}
	lines := fileLines(t, path)
	if rec := typologyOf(t, lines[len(lines)-2]); rec == nil || rec.Name != "major-10" || rec.Kind != kindCustom {
		t.Errorf("the typology is not recorded before the change: %q", lines[len(lines)-2])
	}
}

// TestOlderReaderSkipsTypologyRecord: an older bleuscope decodes a
// record into {"ops": [...]} alone, ignoring fields it does not know; the
// typology record then reads as a record of no operation, which it
// applies as nothing, without a warning.
func TestOlderReaderSkipsTypologyRecord(t *testing.T) {
	line, err := encodeLine(record{Typology: recordOf(MQM())})
	if err != nil {
		t.Fatal(err)
	}
	var env envelope
	if err := json.Unmarshal(bytes.TrimSuffix(line, []byte("\n")), &env); err != nil {
		t.Fatal(err)
	}
	var older struct {
		Ops []op `json:"ops"`
	}
	if err := json.Unmarshal(env.Rec, &older); err != nil || len(older.Ops) != 0 {
		t.Fatalf("an older reader gets %d operations, %v", len(older.Ops), err)
	}
	if strings.Contains(string(env.Rec), `"ops"`) {
		t.Errorf("the typology record has operations: %s", env.Rec)
	}
}

// TestTypologyMismatchWarned: a file made with mqm, weighed with a
// typology where Major weighs 10, says so; the same typology, or one
// that differs only in name and keys, does not.
func TestTypologyMismatchWarned(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.SetTypology(MQM())
	if _, err := s.Add(errAnn("A", 1, "r", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := s.Typologies()
	if len(ts) != 1 {
		t.Fatalf("Typologies: %d", len(ts))
	}
	w := TypologyWarning(ts[0], majorTen(t))
	for _, want := range []string{`made with mqm, weighed here with "major-10" (a custom typology): Major errors weigh 5 in mqm, 10 in "major-10"`, `Critical errors weigh 5 in mqm, 0 in "major-10", which has no Critical`, `21 of mqm's categories are not in "major-10"`} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning %q lacks %q", w, want)
		}
	}
	// Past maxDifferences the rest is counted, the segments' score first.
	scored := majorTen(t)
	scored.SegmentScore = true
	w = TypologyWarning(ts[0], scored)
	if !strings.Contains(w, `weighed here with "major-10" (a custom typology): segments have no 0-100 score in mqm, one in "major-10"; Major errors`) || !strings.HasSuffix(w, "; 1 more difference") {
		t.Errorf("five differences: %q; want the segments' score first, four named and one counted", w)
	}
	if strings.Contains(w, "Neutral") {
		t.Errorf("the warning names Neutral, which weighs 0 in both: %q", w)
	}
	if w := TypologyWarning(ts[0], MQM()); w != "" {
		t.Errorf("the same typology warns: %q", w)
	}
	rekeyed := MQM()
	rekeyed.Name, rekeyed.Severities[0].Key = "mine", "n"
	if w := TypologyWarning(ts[0], rekeyed); w != "" {
		t.Errorf("a typology differing only in name and keys warns: %q", w)
	}
	punct := MQM()
	punct.Categories[5].Weights = nil // Fluency/Punctuation Minor weighs 1
	if w := TypologyWarning(ts[0], punct); !strings.Contains(w, "Minor Fluency/Punctuation errors weigh 0.1 in the earlier typology, 1 in this one") || strings.Contains(w, "Major") {
		t.Errorf("a category's own weight changed: %q", w)
	}
	if w := TypologyWarning(nil, MQM()); w != "" {
		t.Errorf("no typology recorded warns: %q", w)
	}
}

// TestSwitchedTypologyRecordedAgain: a store whose typology changes
// records the new one before its next change; the file then says it was
// switched, and Compact keeps the last one alone, with the annotations.
func TestSwitchedTypologyRecordedAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.SetTypology(MQM())
	if _, err := s.Add(errAnn("A", 1, "r", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	s.SetTypology(majorTen(t))
	if _, err := s.Add(errAnn("A", 2, "r", "drei vier", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if n := len(fileLines(t, path)); n != 5 {
		t.Fatalf("%d lines, want the header, two typologies and two changes", n)
	}
	want := s.All()
	s = mustReopen(t, path, want)
	ts := s.Typologies()
	if len(ts) != 2 || ts[0].Name != "mqm" || ts[1].Name != "major-10" {
		t.Fatalf("Typologies: %+v", ts)
	}
	w := SwitchedTypologyWarning(ts)
	if !strings.Contains(w, `annotated with mqm, then with "major-10" (a custom typology): the typology was switched`) || !strings.Contains(w, `Major errors weigh 5 in mqm, 10 in "major-10"`) {
		t.Errorf("SwitchedTypologyWarning: %q", w)
	}
	ws := TypologyWarnings("f.ann", ts, majorTen(t), "; FIX")
	if len(ws) != 1 || !strings.HasPrefix(ws[0], "f.ann: annotated with mqm") || !strings.HasSuffix(ws[0], "every error is weighed with the last, those made before the switch too") {
		t.Errorf("weighed with the last: %q", ws)
	}
	ws = TypologyWarnings("f.ann", ts, MQM(), "; FIX")
	if len(ws) != 2 || !strings.HasPrefix(ws[0], `f.ann: made with "major-10" (a custom typology), weighed here with mqm: Major errors weigh 10 in "major-10", 5 in mqm`) || !strings.HasSuffix(ws[0], "; FIX") || strings.Contains(ws[1], "every error") {
		t.Errorf("weighed with the first: %q", ws)
	}
	if w := SwitchedTypologyWarning(ts[:1]); w != "" {
		t.Errorf("one typology warns: %q", w)
	}
	if w := SwitchedTypologyWarning([]*Preset{MQM(), MQM()}); w != "" {
		t.Errorf("the same typology twice warns: %q", w)
	}
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = mustReopen(t, path, want)
	defer s.Close()
	if ts := s.Typologies(); len(ts) != 1 || ts[0].Name != "major-10" {
		t.Fatalf("after Compact: %+v", ts)
	}
	if rec := typologyOf(t, fileLines(t, path)[1]); rec == nil || rec.Name != "major-10" {
		t.Errorf("Compact does not record the typology first")
	}
}

// typologyNames returns the names of the typologies the file at path
// records, in its order.
func typologyNames(t *testing.T, path string) []string {
	t.Helper()
	var out []string
	for _, line := range fileLines(t, path)[1:] {
		if rec := typologyOf(t, line); rec != nil {
			out = append(out, rec.Name)
		}
	}
	return out
}

// TestTwoWritersRecordTypologyOnce: two stores writing one file in turn
// with two typologies (two explorers, one with mqm, one with esa) record
// each typology once, not once before every change; each store's changes
// still follow a record of its own typology, and one the file no longer
// records (another's Compact kept only its own) is recorded again. A
// rater who switches back in a later session records the switch back.
func TestTwoWritersRecordTypologyOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ann.jsonl")
	a, b := openStoreWith(t, path, MQM()), openStoreWith(t, path, ESA())
	for line := 1; line <= 4; line++ {
		if _, err := a.Add(errAnn("A", line, "ana", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Add(errAnn("A", line, "bo", "eins zwei", 0, 4, "Error", "major", "")); err != nil {
			t.Fatal(err)
		}
	}
	if got := typologyNames(t, path); !reflect.DeepEqual(got, []string{"mqm", "esa"}) {
		t.Fatalf("after 8 changes in turn the file records %q; want mqm then esa, once each", got)
	}
	if n := len(fileLines(t, path)); n != 1+2+8 {
		t.Errorf("%d lines; want the header, two typologies and eight changes", n)
	}
	if err := b.Compact(); err != nil { // keeps esa alone: mqm is in the file no more
		t.Fatal(err)
	}
	if _, err := a.Add(errAnn("A", 5, "ana", "eins zwei", 0, 4, "Other", "Major", "")); err != nil {
		t.Fatal(err)
	}
	if got := typologyNames(t, path); !reflect.DeepEqual(got, []string{"esa", "mqm"}) {
		t.Errorf("after esa's Compact and a change with mqm the file records %q; want esa then mqm", got)
	}
	a.Close()
	b.Close()
	// A later session with esa, then one with mqm again: each is a switch.
	for _, p := range []*Preset{ESA(), MQM()} {
		s := openStoreWith(t, path, p)
		if _, err := s.Add(errAnn("A", 6, "ana", "drei vier", 0, 4, p.Categories[0].Name, p.Severities[0].Name, "")); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	if got := typologyNames(t, path); !reflect.DeepEqual(got, []string{"esa", "mqm", "esa", "mqm"}) {
		t.Errorf("after sessions with esa then mqm the file records %q; want each switch", got)
	}
}

// openStoreWith opens the annotation file at path with the typology p,
// as an explorer does, and closes it when the test ends.
func openStoreWith(t *testing.T, path string, p *Preset) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.SetTypology(p)
	t.Cleanup(func() { s.Close() })
	return s
}

// TestDamagedTypologyRecord: a typology record with a good checksum whose
// typology is not one (edited by hand) is damaged, as an annotation that
// fails its check is: dropped when last, refused when followed by more.
func TestDamagedTypologyRecord(t *testing.T) {
	bad := recordOf(MQM())
	bad.Severities[1].Weight = -5
	line, err := encodeLine(record{Typology: bad})
	if err != nil {
		t.Fatal(err)
	}
	clash := recordOf(MQM())
	clash.Categories[1].Keys = "am"
	clashLine, err := encodeLine(record{Typology: clash})
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
		{"last", string(line), `the last change is damaged (typology "mqm" weighs severity "Major" -5, not from 0 to 1000000) and is dropped`},
		{"followed by more", string(line) + string(good), `:5: damaged record (typology "mqm" weighs severity "Major" -5`},
		{"keys", string(clashLine), `both have the keys "am"`},
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
			if ts := s.Typologies(); len(ts) != 0 {
				t.Errorf("a damaged typology was read: %+v", ts)
			}
		})
	}
}

// TestCategoriesNotHereWording: when none of the categories a file was made
// with is in the typology that weighs it (mqm's, weighed with esa, which
// has one category), the warning says so plainly, "none of mqm's 22
// categories is in esa", instead of "all 22 of its categories are not
// here", which reads as "some are"; fewer are counted as before, and
// esa's one category is "esa's one category".
func TestCategoriesNotHereWording(t *testing.T) {
	mqm := MQM()
	w := strings.Join(TypologyDifferences(mqm, ESA()), "; ")
	want := fmt.Sprintf("none of mqm's %d categories is in esa (%s, %s and %d more)", len(mqm.Categories), mqm.Categories[0].Name, mqm.Categories[1].Name, len(mqm.Categories)-2)
	if !strings.Contains(w, want) || strings.Contains(w, "all ") {
		t.Errorf("mqm weighed with esa: %q; want it to hold %q", w, want)
	}
	fewer := MQM()
	fewer.Name = "fewer"
	fewer.Categories = fewer.Categories[:len(fewer.Categories)-1]
	if w := strings.Join(TypologyDifferences(mqm, fewer), "; "); !strings.Contains(w, `1 of mqm's categories is not in "fewer" (`+mqm.Categories[len(mqm.Categories)-1].Name+")") {
		t.Errorf("one category fewer: %q", w)
	}
	if w := strings.Join(TypologyDifferences(ESA(), mqm), "; "); !strings.Contains(w, "esa's one category is not in mqm (Error)") {
		t.Errorf("esa weighed with mqm: %q", w)
	}
}

// TestTypologyWarningSaysOnlyWhatDiffers: between mqm and esa the warning
// names what changes for the annotations made with the first, in words
// that name both: a file made with esa, whose errors are all of esa's one
// category, is not told that mqm weighs a minor Fluency/Punctuation error
// 0.1 (no error of the file is one), nor listed mqm's 22 categories; one
// made with mqm is told that its Critical errors and its minor
// Fluency/Punctuation ones weigh otherwise with esa, which is so. What
// changes how the marks read at all comes first, so that the warning's
// differences it names hold it (a new user's --preset esa on an mqm file
// had the segments' score hidden in "1 more difference").
func TestTypologyWarningSaysOnlyWhatDiffers(t *testing.T) {
	w := TypologyWarning(ESA(), MQM())
	if want := "made with esa, weighed here with mqm: segments have a 0-100 score in esa, none in mqm; esa's one category is not in mqm (Error)"; w != want {
		t.Errorf("esa weighed with mqm:\n got %q\nwant %q", w, want)
	}
	w = TypologyWarning(MQM(), ESA())
	if want := "made with mqm, weighed here with esa: segments have no 0-100 score in mqm, one in esa; Critical errors weigh 5 in mqm, 0 in esa, which has no Critical; Minor Fluency/Punctuation errors weigh 0.1 in mqm, 1 in esa; none of mqm's 22 categories is in esa (Accuracy/Mistranslation, Accuracy/Omission and 20 more)"; w != want {
		t.Errorf("mqm weighed with esa:\n got %q\nwant %q", w, want)
	}
	for _, want := range []string{"Critical errors weigh 5 in mqm, 0 in esa, which has no Critical", "Minor Fluency/Punctuation errors weigh 0.1 in mqm, 1 in esa", "none of mqm's 22 categories is in esa"} {
		w := strings.Join(TypologyDifferences(MQM(), ESA()), "; ")
		if !strings.Contains(w, want) {
			t.Errorf("mqm weighed with esa: %q lacks %q", w, want)
		}
	}
	for _, not := range []string{"only here", "Error", "there", "Neutral", "Non-translation"} {
		if strings.Contains(w, not) {
			t.Errorf("mqm weighed with esa: %q says %q", w, not)
		}
	}
	// A weight of its own for a category the file's typology has: said.
	own := ESA()
	own.Name = "esa-punct"
	own.Categories = append(own.Categories, Category{Name: "Fluency/Punctuation", Keys: "p", Weights: map[string]float64{"minor": 0.5}})
	if w := strings.Join(TypologyDifferences(MQM(), own), "; "); !strings.Contains(w, `Minor Fluency/Punctuation errors weigh 0.1 in mqm, 0.5 in "esa-punct"`) {
		t.Errorf("mqm weighed with esa-punct: %q", w)
	}
	if w := strings.Join(TypologyDifferences(ESA(), own), "; "); strings.Contains(w, "Punctuation") {
		t.Errorf("esa weighed with esa-punct names a category esa has not: %q", w)
	}
}
