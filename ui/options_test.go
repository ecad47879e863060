package ui

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
)

// TestSmoothingSaysCorpusUnchanged: s says, beside the smoothing it
// switches to, when the corpus BLEU reads the same as before (every order
// of the demo corpus has matches, so smoothing leaves it), and says
// nothing of it where the corpus has an order without a match, whose
// score smoothing changes.
func TestSmoothingSaysCorpusUnchanged(t *testing.T) {
	const note = "corpus BLEU unchanged: every order has matches; sentence BLEU changes"
	m := ready(t, demoDataset(t), 100, 30)
	unchanged := 0
	for range 4 { // every smoothing, back to the first
		before := m.c.scored.Systems[m.list.view.System].Corpus.Score
		m = press(t, m, "s")
		after := m.c.scored.Systems[m.list.view.System].Corpus.Score
		same := model.FormatScore(before, false) == model.FormatScore(after, false)
		if same {
			unchanged++
		}
		if said := strings.Contains(m.statusText(), note); said != same {
			t.Errorf("corpus BLEU %v, then %v under %s: the status is %q", before, after, m.c.set.Corpus.Smooth, m.statusText())
		}
	}
	if unchanged < 2 { // exp to floor and none to exp leave it; add-k moves it on so small a corpus
		t.Errorf("%d switches left the corpus BLEU; want two (into floor, into exp)", unchanged)
	}
	// Under a filter the header shows the rows' BLEU, which the corpus's
	// staying says nothing of: the note is left out.
	f := typeText(t, press(t, ready(t, demoDataset(t), 100, 30), "/"), "len>5")
	f = press(t, f, "enter")
	for range 4 {
		if f = press(t, f, "s"); strings.Contains(f.statusText(), "unchanged") {
			t.Errorf("s under a filter: the status is %q; want no word of the corpus BLEU", f.statusText())
		}
	}
	fsys := fstest.MapFS{ // one 4-gram in the corpus, unmatched
		"hyp": {Data: []byte("the cat sat here\nmy dog ran\n")},
		"ref": {Data: []byte("the cat sat there\nmy dog ran fast\n")},
	}
	ds, err := model.Load(model.Input{Systems: []string{"hyp"}, Refs: []string{"ref"}, FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	m = ready(t, ds, 100, 30)
	before := m.c.scored.Systems[0].Corpus.Score
	m = press(t, m, "s")
	if after := m.c.scored.Systems[0].Corpus.Score; after == before {
		t.Fatalf("corpus BLEU %v unchanged by %s with no 4-gram matched", after, m.c.set.Corpus.Smooth)
	}
	if strings.Contains(m.statusText(), "unchanged") || !strings.Contains(m.statusText(), "scoring with") {
		t.Errorf("the status is %q; want the smoothing alone, the corpus BLEU having changed", m.statusText())
	}
}

// TestSmoothingSaysCorpusMovesUnseen: add-k, which adds k to every order's
// counts, moves the corpus BLEU of a larger corpus below the two decimals
// shown: s then says it still reads the same, not that every order has
// matches (the reason exp and floor leave it), which was said of add-k too.
func TestSmoothingSaysCorpusMovesUnseen(t *testing.T) {
	m := ready(t, repeatedDemo(t, 30), 100, 30)
	for m.c.set.Corpus.Smooth != "add-k" {
		before := m.c.scored.Systems[m.list.view.System].Corpus.Score
		if m = press(t, m, "s"); m.c.set.Corpus.Smooth != "add-k" {
			continue
		}
		after := m.c.scored.Systems[m.list.view.System].Corpus.Score
		if after == before || model.FormatScore(after, false) != model.FormatScore(before, false) {
			t.Fatalf("the test's premise: add-k moves the corpus BLEU %v to %v below two decimals", before, after)
		}
		if want := "corpus BLEU still reads " + model.FormatScore(after, false) + " (it moves below 2 decimals)"; !strings.Contains(m.statusText(), want) {
			t.Errorf("s into add-k: the status is %q; want %q", m.statusText(), want)
		}
	}
}
