package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// sigPart is the signature on the header's third line, as far as it is
// drawn.
var sigPart = regexp.MustCompile(`(#|nrefs):\S*`)

// TestHeaderCutsSignatureAtField: when the header's third line has no
// room for the whole signature (behind a filter's or a drill-down's
// label), the signature is cut after a field with "|…", never inside one
// (a user test saw "#:2|c:mi…" at 80×24), at every width.
func TestHeaderCutsSignatureAtField(t *testing.T) {
	ds := demoDataset(t)
	cut := 0
	for w := 60; w <= 140; w++ {
		m := filterBy(t, ready(t, ds, w, 24), "the city")
		third := ansi.Strip(strings.Split(m.View(), "\n")[2])
		set := m.c.shown().Corpus
		sig := scoring.ShortSignature(set, ds.NRefs(), scoring.SignatureVersion)
		if w >= 100 {
			sig = scoring.Signature(set, ds.NRefs(), scoring.SignatureVersion)
		}
		got := sigPart.FindString(third)
		switch {
		case got == sig:
		case got != "" && strings.HasSuffix(got, "|…") && strings.HasPrefix(sig, strings.TrimSuffix(got, "…")):
			cut++
		case got == "" && strings.HasSuffix(third, " · …"):
			cut++
		default:
			t.Errorf("%d columns: the signature is cut inside a field: %q (of %q)", w, third, sig)
		}
	}
	if cut == 0 {
		t.Error("the signature was never cut: the test wants a filter label long enough")
	}
	for _, c := range []struct {
		room int
		want string
	}{
		{40, "#:2|c:mixed|e:no|tok:13a|s:exp · N=4"},
		{35, "#:2|c:mixed|e:no|tok:13a|… · N=4"},
		{26, "#:2|c:mixed|e:no|… · N=4"},
		{19, "#:2|c:mixed|… · N=4"},
		{18, "#:2|… · N=4"},
		{12, "#:2|… · N=4"},
		{10, "…"},
		{0, ""},
	} {
		if got := fitOpts("#:2|c:mixed|e:no|tok:13a|s:exp", "N=4", c.room); got != c.want {
			t.Errorf("fitOpts(room %d) = %q; want %q", c.room, got, c.want)
		}
	}
}
