package annotations

import (
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
)

// TestResolveByStableName: an annotation attaches by its system's stable
// name whichever other systems are loaded, and by the short name shown
// beside others (what older files hold), given back as the stable name;
// StoredName says which name the rater's marks there are stored under.
func TestResolveByStableName(t *testing.T) {
	const lt22, jde = "wmt.hyp.LT22.en", "wmt.hyp.JDExploreAcademy.en"
	fsys := fstest.MapFS{
		"ref": {Data: []byte("a b c\n")},
		lt22:  {Data: []byte("a b\n")},
		jde:   {Data: []byte("a c\n")},
	}
	load := func(systems ...string) *model.Dataset {
		ds, err := model.Load(model.Input{Systems: systems, Refs: []string{"ref"}, FS: fsys})
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	alone, both := load(lt22), load(jde, lt22)
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
		{"short name, alone", "LT22", alone, false, lt22},
	} {
		r := Resolve([]Annotation{mark(tt.stored)}, tt.ds)
		if got := r.Segment(lt22, 1); (len(got) == 1) != tt.attach || tt.attach && got[0].System != lt22 {
			t.Errorf("%s: attached %+v, detached %+v", tt.what, got, r.Detached)
		}
		if got := r.StoredName(lt22, 1, "ana"); got != tt.storeAs {
			t.Errorf("%s: StoredName = %q; want %q", tt.what, got, tt.storeAs)
		}
		if got := r.StoredName(lt22, 1, "bo"); got != lt22 {
			t.Errorf("%s: StoredName of another rater = %q; want %q", tt.what, got, lt22)
		}
	}
}
