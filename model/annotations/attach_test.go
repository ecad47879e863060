package annotations

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
)

// TestResolveByStableName: an annotation attaches by its system's stable
// name whichever other systems are loaded, and by the short name shown
// beside others (what older files hold), alone too, given back as the
// stable name; a name that is not a run of whole parts of one system's
// file name, or is of two, stays detached; StoredName says which name the
// rater's marks there are stored under.
func TestResolveByStableName(t *testing.T) {
	const lt22, jde = "wmt.hyp.LT22.en", "wmt.hyp.JDExploreAcademy.en"
	const lt22ref = "wmt.ref.LT22.en" // its file name holds LT22 too
	fsys := fstest.MapFS{
		"ref":   {Data: []byte("a b c\n")},
		lt22:    {Data: []byte("a b\n")},
		jde:     {Data: []byte("a c\n")},
		lt22ref: {Data: []byte("a b\n")},
	}
	load := func(systems ...string) *model.Dataset {
		ds, err := model.Load(model.Input{Systems: systems, Refs: []string{"ref"}, FS: fsys})
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	alone, both, twoLT22 := load(lt22), load(jde, lt22), load(lt22, lt22ref)
	mark := func(system string) Annotation {
		a := Annotation{Kind: KindNoError, System: system, Line: 1, Rater: "ana"}
		a.SetText("a b", "")
		return a
	}
	for _, tt := range []struct {
		what    string
		stored  string
		ds      *model.Dataset
		attach  bool
		storeAs string
	}{
		{"stable name, alone", lt22, alone, true, lt22},
		{"stable name, beside another", lt22, both, true, lt22},
		{"short name, beside another", "LT22", both, true, "LT22"},
		{"short name, alone", "LT22", alone, true, "LT22"},
		{"short name of more parts, alone", "hyp.LT22", alone, true, "hyp.LT22"},
		{"part of a part, alone", "LT2", alone, false, lt22},
		{"parts not in a run, alone", "hyp.en", alone, false, lt22},
		{"short name of two systems' files", "LT22", twoLT22, false, lt22},
	} {
		stored := mark(tt.stored)
		stored.ID = 1 // in the store
		r := Resolve([]Annotation{stored}, tt.ds)
		if got := r.Segment(lt22, 1); (len(got) == 1) != tt.attach || tt.attach && got[0].System != lt22 {
			t.Errorf("%s: attached %+v, detached %+v", tt.what, got, r.Detached)
		}
		if got := r.StoredName(mark(lt22)); got != tt.storeAs {
			t.Errorf("%s: StoredName = %q; want %q", tt.what, got, tt.storeAs)
		}
		other := mark(lt22)
		other.Rater = "bo"
		if got := r.StoredName(other); got != lt22 {
			t.Errorf("%s: StoredName of another rater = %q; want %q", tt.what, got, lt22)
		}
	}
	// Found by its short name, a mark still needs the text it was made on.
	changed := mark("LT22")
	changed.SetText("a c", "")
	r := Resolve([]Annotation{changed}, alone)
	if len(r.Attached) != 0 || len(r.Detached) != 1 || r.Detached[0].Reason != "the hypothesis is not the text it was made on" {
		t.Errorf("a short name's mark made on another text: attached %+v, detached %+v", r.Attached, r.Detached)
	}
	r = Resolve([]Annotation{mark("LT22")}, twoLT22)
	if want := "2 systems' names hold that name, so which it was made on is not clear"; len(r.Detached) != 1 || r.Detached[0].Reason != want {
		t.Errorf("a short name of two systems' files: detached %+v; want the reason %q", r.Detached, want)
	}
}

// TestLoneSystemShortNameAttaches: a system loaded alone beside
// references of its test set is shown by a short name (LT22), yet marks
// stay under its stable name and attach as before: those saved by an
// older bleuscope under the whole file name it then showed, under the
// short name shown beside other systems, and those a new mark is stored
// under (the stable name).
func TestLoneSystemShortNameAttaches(t *testing.T) {
	const lt22, ref = "wmt.de-en.hyp.LT22.en", "wmt.de-en.ref.A.en"
	fsys := fstest.MapFS{ref: {Data: []byte("a b c\n")}, lt22: {Data: []byte("a b\n")}}
	ds, err := model.Load(model.Input{Systems: []string{lt22}, Refs: []string{ref}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.Systems[0].Name; got != "LT22" {
		t.Fatalf("shown as %q; want LT22", got)
	}
	if got := ds.Systems[0].StableName(); got != lt22 {
		t.Fatalf("stable name %q; want %q", got, lt22)
	}
	for _, stored := range []string{lt22, "LT22", "hyp.LT22"} {
		if si, ok := SystemOf(ds, stored); !ok || si != 0 {
			t.Errorf("SystemOf(%q) = %d, %v; want 0", stored, si, ok)
		}
		a := Annotation{Kind: KindNoError, System: stored, Line: 1, Rater: "ana", ID: 1}
		a.SetText("a b", "")
		r := Resolve([]Annotation{a}, ds)
		if got := r.Segment(lt22, 1); len(got) != 1 || got[0].System != lt22 {
			t.Errorf("a mark stored under %q: attached %+v, detached %+v", stored, got, r.Detached)
		}
	}
}

// TestStoredNameKeepsARatersMarksTogether: a mark made or edited on a
// segment goes under the name the rater's other marks there are stored
// under, those the store weighs it against first where they are under two
// names (a score beside its score, an error beside the no-error mark), and
// an edited mark's own name does not count; a mark only shown (ID 0) is
// not the store's and counts for nothing.
func TestStoredNameKeepsARatersMarksTogether(t *testing.T) {
	const lt22, jde = "wmt.hyp.LT22.en", "wmt.hyp.JDExploreAcademy.en"
	fsys := fstest.MapFS{
		"ref": {Data: []byte("a b c\n")},
		lt22:  {Data: []byte("a b\n")},
		jde:   {Data: []byte("a c\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{lt22, jde}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	mark := func(id int, kind Kind, system string) Annotation {
		a := Annotation{ID: id, Kind: kind, System: system, Line: 1, Rater: "ana"}
		if kind == KindError {
			a.Category, a.Severity = "Accuracy/Mistranslation", "Major"
		}
		if kind == KindScore {
			a.Score = new(int)
		}
		a.SetText("a b", "")
		return a
	}
	for _, tt := range []struct {
		what   string
		stored []Annotation
		made   Annotation
		want   string
	}{
		{"a score beside an older error and its stable score", []Annotation{mark(1, KindError, "LT22"), mark(2, KindScore, lt22)}, mark(0, KindScore, lt22), lt22},
		{"an error beside an older error and a stable score", []Annotation{mark(1, KindError, "LT22"), mark(2, KindScore, lt22)}, mark(0, KindError, lt22), "LT22"},
		{"an error beside a stable score and an older no-error mark", []Annotation{mark(1, KindScore, lt22), mark(2, KindNoError, "LT22")}, mark(0, KindError, lt22), "LT22"},
		{"an older error edited beside an older error", []Annotation{mark(1, KindError, "LT22"), mark(2, KindError, "LT22")}, mark(1, KindError, lt22), "LT22"},
		{"an older error edited beside a stable score", []Annotation{mark(1, KindError, "LT22"), mark(2, KindScore, lt22)}, mark(1, KindError, lt22), lt22},
		{"an older error edited alone", []Annotation{mark(1, KindError, "LT22")}, mark(1, KindError, lt22), lt22},
		{"an error beside an older mark only shown", []Annotation{mark(0, KindNoError, "LT22")}, mark(0, KindError, lt22), lt22},
	} {
		if got := Resolve(tt.stored, ds).StoredName(tt.made); got != tt.want {
			t.Errorf("%s: StoredName = %q; want %q", tt.what, got, tt.want)
		}
	}
}

// TestNamesHoldingByteEscapesAttach: marks an older bleuscope stored under
// UTF-8 names that read as bytes that are not UTF-8 (files named
// sys\x41.txt and sys\xe9.txt, as it wrote every name: as it was) attach to
// those systems when the file is opened again, and each mark this one
// stores on two systems whose names differ only there (sys\xe9.txt and
// "sys\xe9.txt", that byte) attaches to its own system, in either order.
func TestNamesHoldingByteEscapesAttach(t *testing.T) {
	const byteName, escName, ascName = "lit\xe9.txt", `lit\xe9.txt`, `lit\x41.txt`
	dir := t.TempDir() // on disk: an fs.FS takes no backslash in a name
	files := map[string]string{"ref": "a b c\n", byteName: "a b\n", escName: "a b\n", ascName: "a b\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	load := func(systems ...string) *model.Dataset {
		var paths []string
		for _, s := range systems {
			paths = append(paths, filepath.Join(dir, s))
		}
		ds, err := model.Load(model.Input{Systems: paths, Refs: []string{filepath.Join(dir, "ref")}})
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	mark := func(id int, system string) Annotation {
		a := Annotation{ID: id, Kind: KindNoError, System: system, Line: 1, Rater: "ana"}
		a.SetText("a b", "")
		return a
	}

	// A file as an older bleuscope wrote it: each name as it is.
	var file bytes.Buffer
	file.WriteString(header)
	for i, name := range []string{escName, ascName} {
		a := mark(i+1, name)
		body, err := json.Marshal(record{Ops: []op{{Op: "put", Ann: &a}}})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&file, `{"crc":"%08x","rec":%s}`+"\n", crc32.Checksum(body, castagnoli), body)
	}
	path := filepath.Join(t.TempDir(), "old.ann")
	if err := os.WriteFile(path, file.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ds := load(escName, ascName)
	r := Resolve(s.All(), ds)
	s.Close()
	for _, name := range []string{escName, ascName} {
		if got := r.Segment(name, 1); len(got) != 1 {
			t.Errorf("the older file's mark on %q: attached %+v, detached %+v", name, got, r.Detached)
		}
	}

	// This bleuscope's marks on the two names that differ only there.
	path = filepath.Join(t.TempDir(), "new.ann")
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{byteName, escName} {
		if _, err := s.MarkNoError(mark(0, name)); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	if s, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// (With sys\xe9.txt alone, both attach to it: an older file stored
	// its name as this one stores that byte's.)
	for _, systems := range [][]string{{byteName, escName}, {escName, byteName}, {byteName}} {
		r := Resolve(s.All(), load(systems...))
		for _, name := range systems {
			if got := r.Segment(name, 1); len(got) != 1 {
				t.Errorf("loaded %q: the mark on %q attached %+v, detached %+v", systems, name, got, r.Detached)
			}
		}
	}
}
