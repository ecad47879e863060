package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestSegmentWording: counts agree with their number ("1 token"), the
// closest reference is said to give r, and a reference's matched tokens
// are "N tokens matched", those of matches counted from another reference
// (the first on a tie) "N tokens -".
func TestSegmentWording(t *testing.T) {
	d := explain(t, "cat", "cat", "the cat sat down")
	v := SegmentView{Hyps: []Hyp{{Label: "sys", Detail: d}}, Order: 1}
	out := ansi.Strip(Segment(DefaultStyles(), v, 100))
	for _, want := range []string{"1 token · closest length → r · 1 token matched", "4 tokens · 1 token - (counted from another ref)", "1-grams: ^ 1 matched ~ 0 clipped 0 unmatched, 1 in all · 1 token"} {
		if !strings.Contains(out, want) {
			t.Errorf("the segment lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"1 tokens", "supplied", "sets r"} {
		if strings.Contains(out, bad) {
			t.Errorf("the segment says %q:\n%s", bad, out)
		}
	}
	d2 := explain(t, "the cat sat on the mat", "the cat is on the mat")
	out = ansi.Strip(Segment(DefaultStyles(), SegmentView{Hyps: []Hyp{{Label: "sys", Detail: d2}}, Order: 1}, 100))
	if !strings.Contains(out, "5 tokens matched") {
		t.Errorf("the segment lacks %q:\n%s", "5 tokens matched", out)
	}
}

// TestClipVocabulary: the clip ledger, the walk-through's and the lessons'
// clip tables and the segment pane name clipping with SPEC's words: the
// columns max, clip and over (clipped or unmatched), the footer's "over",
// the markers' legend "^ matched ~ clipped (blank) unmatched"; never
// "cut", "excess" or "lost".
func TestClipVocabulary(t *testing.T) {
	const hyp, ref = "the the the cat", "the cat"
	st := DefaultStyles()
	d := explain(t, hyp, ref)
	ledger := ansi.Strip(Ledger(st, d.Orders[0], []string{""}, 100, 0) + "\n" + LedgerKey(st, 100))
	walk := ansi.Strip(walkText(t, wtCase{hyp, []string{ref}, wtOpt(nil)}, 100))
	lessons := ansi.Strip(Lessons(100))
	var pane strings.Builder
	for n := 0; n <= len(d.Orders); n++ {
		pane.WriteString(ansi.Strip(Segment(st, SegmentView{Hyps: []Hyp{{Label: "sys", Detail: d}}, Order: n}, 100)))
	}
	columns := func(name, s string) []string {
		for _, l := range strings.Split(s, "\n") {
			if f := strings.Fields(l); len(f) > 3 && f[len(f)-3] == "max" {
				return f[len(f)-3:]
			}
		}
		t.Fatalf("%s has no clip table:\n%s", name, s)
		return nil
	}
	want := columns("the ledger", ledger)
	if strings.Join(want, " ") != "max clip over" {
		t.Errorf("the ledger's clip table ends in %q; want max clip over", want)
	}
	if !strings.Contains(ledger, "2 of 4 1-grams matched · 2 over") {
		t.Errorf("the ledger's footer does not count the 2 occurrences over:\n%s", ledger)
	}
	for name, s := range map[string]string{"the walk-through": walk, "the lessons": lessons} {
		if got := columns(name, s); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s's clip table ends in %q; the ledger's in %q", name, got, want)
		}
	}
	legend := ansi.Strip(st.Legend())
	for name, s := range map[string]string{"the ledger": ledger, "the walk-through": walk, "the lessons": lessons} {
		if !strings.Contains(s, legend) {
			t.Errorf("%s lacks the legend %q", name, legend)
		}
	}
	for name, s := range map[string]string{"the ledger": ledger, "the walk-through": walk, "the lessons": lessons, "the pane": pane.String()} {
		for _, bad := range []string{"excess", " lost", "some clipped", "partly clipped"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s says %q", name, bad)
			}
		}
		if cut := regexp.MustCompile(`\bcut\b`).FindString(s); cut != "" {
			t.Errorf("%s says %q for what does not count; SPEC's word is over", name, cut)
		}
	}
}

// TestRefNoteGivesWayWhole: the note under a reference says less a word
// at a time in a narrow pane, never cut inside one; beside a long system
// name at 60 columns it read "closest length → r · 3 token…".
func TestRefNoteGivesWayWhole(t *testing.T) {
	hyp := "one two three four five six seven eight nine ten eleven twelve"
	v := SegmentView{Hyps: []Hyp{{Label: "Online-W-submission-2022", Detail: explain(t, hyp, hyp)}}, Order: 1}
	for w := 40; w <= 120; w++ {
		var note string
		for _, l := range strings.Split(ansi.Strip(Segment(DefaultStyles(), v, w)), "\n") {
			if strings.Contains(l, "12 tokens") {
				note = strings.TrimSpace(l)
			}
		}
		if !strings.HasPrefix(note, "12 tokens") || strings.Contains(note, "…") || !strings.Contains(note, "→ r") {
			t.Errorf("%d columns: the reference's note is cut or lost its closest length: %q", w, note)
		}
	}
	// The second reference's tokens are of matches counted from the first
	// (a tie): its note says so in as many words as fit.
	two := SegmentView{Hyps: []Hyp{{Label: "Online-W-submission-2022", Detail: explain(t, "a b c", "a b c", "x a b c y")}}, Order: 1}
	for w := 40; w <= 120; w++ {
		lines := strings.Split(ansi.Strip(Segment(DefaultStyles(), two, w)), "\n")
		note := strings.TrimSpace(lines[len(lines)-1])
		if !strings.HasPrefix(note, "5 tokens") || strings.Contains(note, "…") || !strings.Contains(note, "3 ") || !strings.HasSuffix(strings.TrimSuffix(note, " (counted from another ref)"), "-") {
			t.Errorf("%d columns: the second reference's note is cut or lost its count of - tokens: %q", w, note)
		}
	}
}
