package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
	"github.com/bleuscope/bleuscope/ui/render"
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
		case got == "" && (strings.HasSuffix(third, " · …") || strings.HasSuffix(third, " · … · N=4")):
			cut++
		default:
			t.Errorf("%d columns: the signature is cut inside a field: %q (of %q)", w, third, sig)
		}
	}
	if cut == 0 {
		t.Error("the signature was never cut: the test wants a filter label long enough")
	}
	for _, c := range []struct {
		room, keep int
		want       string
	}{
		{40, 0, "#:2|c:mixed|e:no|tok:13a|s:exp · N=4"},
		{35, 0, "#:2|c:mixed|e:no|tok:13a|… · N=4"},
		{26, 0, "#:2|c:mixed|e:no|… · N=4"},
		{19, 0, "#:2|c:mixed|… · N=4"},
		{18, 0, "#:2|… · N=4"},
		{12, 0, "#:2|… · N=4"},
		{10, 0, "…"},
		{0, 0, ""},
		{40, 2, "#:2|c:mixed|e:no|tok:13a|s:exp · N=4"},
		{19, 2, "#:2|c:mixed|… · N=4"},
		{18, 2, ""},
		{18, 1, "#:2|… · N=4"},
		{10, 1, ""},
	} {
		if got := fitOpts("#:2|c:mixed|e:no|tok:13a|s:exp", "N=4", c.room, c.keep); got != c.want {
			t.Errorf("fitOpts(room %d, keep %d) = %q; want %q", c.room, c.keep, got, c.want)
		}
	}
}

// TestDrillHeaderKeepsSignature: in an analysis drill-down the header's
// third line keeps the drill's label and the subset's score whole, and
// from 90 columns the signature's first fields ("#:2|c:mixed|… · N=4")
// unless the Δ on the subset needs their room: the subset's words give
// way first ("on them", "match"), where the signature shrank to "…" at
// 80 columns; and once they give way, the signature does not take back
// more than those fields. (At 80 columns the longest label, a salient
// n-gram's, and its count worded "6 of 70" leave the signature "#:2|…"
// beside them.) TestDrillHeaderKeepsDelta checks the Δ.
func TestDrillHeaderKeepsSignature(t *testing.T) {
	ds := demoDataset(t)
	lead := regexp.MustCompile(`(#:2|nrefs:2)\|(c|case):mixed\|`)
	for w := 60; w <= 130; w += 10 {
		m := openAnalysisScreen(t, ready(t, ds, w, 16))
		for _, keys := range [][]string{{"enter"}, {"right", "enter"}, {"right", "right", "enter"}, {"m", "m", "m", "enter"}} {
			d := press(t, m, keys...)
			if d.list.only == nil || d.list.subset == nil || d.list.subset.err != nil {
				t.Fatalf("%v at %d columns: no drill-down with a subset score", keys, w)
			}
			line := strings.Split(d.View(), "\n")[2]
			third := ansi.Strip(line)
			label, score := d.list.drillLabel(d.c.shortName)[0], "BLEU "+d.c.score(d.list.subset.res.Score)
			if !strings.Contains(third, label) || !strings.Contains(third, score+" ") && !strings.HasSuffix(third, score) {
				t.Errorf("%v at %d columns: %q lacks the label %q or %q whole", keys, w, third, label, score)
			}
			if w >= 90 && !lead.MatchString(third) && !strings.Contains(third, " · Δ ") {
				t.Errorf("%v at %d columns: %q lacks the signature's first fields", keys, w, third)
			}
			if gave := !strings.Contains(third, " on them "); gave && strings.Count(sigPart.FindString(third), "|") > 2 {
				t.Errorf("%v at %d columns: %q: the subset's words gave way to more of the signature", keys, w, third)
			}
			if cells := render.Cells(line); cells > w {
				t.Errorf("%v at %d columns: the line is %d cells: %q", keys, w, cells, third)
			}
		}
	}
}

// TestDrillHeaderKeepsDelta: in an analysis drill-down the header's third
// line gives the Δ on the subset wherever it fits with the signature cut
// to "…": the Δ is what the drill-down is opened for, and the signature
// is on the main screen (a user saw "Δ +4.54 on them" left out beside
// "#:2|c:mixed|… · N=4" at 80 columns).
func TestDrillHeaderKeepsDelta(t *testing.T) {
	ds := longNames(t)
	for w := 60; w <= 130; w += 5 {
		m := openAnalysisScreen(t, ready(t, ds, w, 16))
		for _, keys := range [][]string{{"enter"}, {"down", "enter"}, {"right", "enter"}, {"m", "m", "enter"}} {
			d := press(t, m, keys...)
			if d.list.subset == nil || !d.list.subset.hasBase {
				t.Fatalf("%v at %d columns: no drill-down with a Δ", keys, w)
			}
			third := ansi.Strip(strings.Split(d.View(), "\n")[2])
			// The shortest wording with the Δ: the count, the label, the
			// score and the Δ.
			delta := "Δ " + d.c.delta(d.list.subset.res.Score-d.list.subset.base.Score)
			shortest := fmt.Sprintf("%d of %d: %s · BLEU %s · %s · … · N=4", len(d.list.rows), ds.Len(),
				d.list.drillLabel(d.c.shortName)[0], d.c.score(d.list.subset.res.Score), delta)
			if render.Fits(shortest, w) && !strings.Contains(third, " · "+delta) {
				t.Errorf("%v at %d columns: %q leaves out %q, where %q fits", keys, w, third, delta, shortest)
			}
		}
	}
}

// TestFilterHeaderWideLabel: a filter with emoji or Devanagari, which
// terminals draw in different widths, leaves the header's third line its
// max order whole at its end, at every width from 60 columns: the
// signature was given room by the widest count, and a line that filled
// the window on some terminals lost its last cell to Clip ("… · N…").
func TestFilterHeaderWideLabel(t *testing.T) {
	ds := demoDataset(t)
	for _, n := range wideNames {
		q := n.name + " or the"
		for w := 60; w <= 140; w++ {
			m := filterBy(t, ready(t, ds, w, 16), q)
			third := strings.TrimRight(ansi.Strip(strings.Split(m.View(), "\n")[2]), " ")
			if !strings.HasSuffix(third, " · N=4") {
				t.Errorf("filter %q at %d columns: the third line does not end in the max order: %q", q, w, third)
			}
		}
	}
}

// trailingCut is text the edge cut off: "len 737/7…", "43…", "rati…",
// "43.13 …".
var trailingCut = regexp.MustCompile(`…$`)

// TestHeaderFiguresGiveWayWhole: the header's first two lines never end
// in a figure or a word cut by the edge; what has no room gives way
// whole: on the second, the lengths, then the ratio (a user test at 60
// to 98 columns with chrF and TER saw "ratio 0.965 len 34257/355…" and
// "rati…"); on the first, the baseline's score, then "bleuscope", then
// "baseline" (it saw "vs baseline JDExploreAcademy 49…" at 100 columns
// and "49.33 …" at 80).
func TestHeaderFiguresGiveWayWhole(t *testing.T) {
	ds := longNames(t) // LT22, with JDExploreAcademy its baseline
	figures := regexp.MustCompile(`(^| )p(1\.\.p4)? \S+ (· )?BP \d\.\d{3}( |$)`)
	for _, metrics := range []string{"M", "M M"} {
		for w := 60; w <= 130; w++ {
			m := press(t, ready(t, ds, w, 24), strings.Fields(metrics)...)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			for i, l := range lines[:2] {
				if trailingCut.MatchString(l) {
					t.Errorf("%s, %d columns: header line %d is cut: %q", metrics, w, i+1, l)
				}
			}
			if !figures.MatchString(lines[1]) {
				t.Errorf("%s, %d columns: the second line lost the precisions or BP: %q", metrics, w, lines[1])
			}
			if !strings.Contains(lines[0], "Δ ") {
				t.Errorf("%s, %d columns: the first line lost the Δ to the baseline: %q", metrics, w, lines[0])
			}
		}
	}
}

// TestDrillLabelShortName: a drill-down's label names a system as the
// rest of the frame does, and gives way a wording at a time, so with a
// 60-character name the header's third line keeps a whole wording of the
// label and the subset's BLEU at 60, 80 and 100 columns, and the name
// takes one form per frame; the label held the full name, which pushed
// both out at 60 columns beside the header's short form, and a salient
// row's label, naming both systems, still cut its BLEU there ("BLEU 8…").
func TestDrillLabelShortName(t *testing.T) {
	ds := demoDataset(t)
	name := strings.Repeat("Abcdefghij", 6)
	ds.Systems[0].Name = name
	for _, size := range [][2]int{{60, 16}, {80, 24}, {100, 16}} {
		w, h := size[0], size[1]
		m := openAnalysisScreen(t, ready(t, ds, w, h))
		for _, keys := range [][]string{{"enter"}, {"right", "enter"}, {"right", "right", "enter"}, {"m", "m", "m", "enter"}, {"m", "m", "m", "G", "enter"}} {
			d := press(t, m, keys...)
			if d.list.only == nil || d.list.subset == nil || d.list.subset.err != nil {
				t.Fatalf("%v at %d columns: no drill-down with a subset score", keys, w)
			}
			frame := ansi.Strip(d.View())
			third := strings.Split(frame, "\n")[2]
			labels, score := d.list.drillLabel(d.c.shortName), "BLEU "+d.c.score(d.list.subset.res.Score)
			whole := slices.ContainsFunc(labels, func(label string) bool { return strings.Contains(third, " "+label+" · ") })
			if !whole || !strings.Contains(third, score+" ") && !strings.HasSuffix(third, score) {
				t.Errorf("%v at %d columns: %q lacks a wording of the label %q or %q whole", keys, w, third, labels, score)
			}
			if forms := everyNameForm(frame, name); len(forms) > 1 {
				t.Errorf("%v at %d columns: the name is shown as %v:\n%s", keys, w, forms, frame)
			}
		}
	}
}

// TestDrillLabelWordingsElsewhere: the charts' title and the
// significance screen's scope give a drill-down's label in the first of
// its wordings that fits, as the header does, whole or not at all, with a
// 60-character system name from 60×16 up; they gave its fullest wording
// only, so where that did not fit (at 120 columns) the label went though
// a shorter one fitted.
func TestDrillLabelWordingsElsewhere(t *testing.T) {
	ds := demoDataset(t)
	name := strings.Repeat("Abcdefghij", 6)
	ds.Systems[0].Name = name
	for _, w := range []int{60, 80, 100, 120} {
		m := openAnalysisScreen(t, ready(t, ds, w, 16))
		for _, keys := range [][]string{{"enter"}, {"m", "m", "m", "enter"}, {"m", "m", "m", "G", "enter"}} {
			d := press(t, m, keys...)
			if d.list.only == nil {
				t.Fatalf("%v at %d columns: no drill-down", keys, w)
			}
			for _, screen := range []string{"h", "B"} {
				s := press(t, d, screen)
				v := s.View()
				checkFit(t, screen, v, w, 16)
				frame := ansi.Strip(v)
				title := strings.TrimRight(strings.Split(frame, "\n")[0], " ")
				labels, whole := s.list.filterLabels(s.c.shortName), func(l string) bool { return strings.Contains(title, "match "+l+")") }
				if screen == "B" {
					cols := s.sig.columns(s.c)
					labels = s.list.filterLabels(func(i int) string { return cols.nameOf(s.c, i) })
					whole = func(l string) bool { return strings.HasSuffix(title, "match "+l) }
				}
				shown := slices.ContainsFunc(labels, whole)
				if !shown && (w >= 120 || strings.Contains(title, "match ") && !strings.HasSuffix(title, "match")) {
					t.Errorf("%s after %v at %d columns: the title %q holds no whole wording of %q", screen, keys, w, title, labels)
				}
				if forms := everyNameForm(frame, name); len(forms) > 1 {
					t.Errorf("%s after %v at %d columns: the name is shown as %v:\n%s", screen, keys, w, forms, frame)
				}
			}
		}
	}
}

// TestDrillLabelCutBeforeScore: a drill-down's label too long in every
// wording (an n-gram of one long token) is cut, and the subset's BLEU
// after it stays whole at 60 columns.
func TestDrillLabelCutBeforeScore(t *testing.T) {
	long := strings.Repeat("Donaudampfschifffahrt", 3)
	ds := loadJSONL(t,
		`{"refs": ["the `+long+` sat"], "hyps": {"a": "the `+long+` sat", "b": "the cat sat"}}`,
		`{"refs": ["a dog ran"], "hyps": {"a": "a dog ran", "b": "a dog ran"}}`,
	)
	m := openAnalysisScreen(t, ready(t, ds, 60, 16))
	m = press(t, m, "m", "m", "m", "1")
	items := m.ana.ngramItems(m.anaCtx())
	at := slices.IndexFunc(items, func(it anaNGramItem) bool { return it.sal != nil && it.sal.NGram == long })
	if at < 0 {
		t.Fatalf("no salient row of %q", long)
	}
	for range at {
		m = press(t, m, "down")
	}
	d := press(t, m, "enter")
	if d.list.only == nil || d.list.subset == nil || d.list.subset.err != nil {
		t.Fatal("no drill-down with a subset score")
	}
	line := strings.Split(d.View(), "\n")[2]
	third := ansi.Strip(line)
	score := "BLEU " + d.c.score(d.list.subset.res.Score)
	if !strings.Contains(third, "…") || !strings.Contains(third, score+" ") && !strings.HasSuffix(third, score) {
		t.Errorf("%q: the label is not cut or %q is not whole", third, score)
	}
	if cells := render.Cells(line); cells > 60 {
		t.Errorf("the line is %d cells: %q", cells, third)
	}
}

// TestNLTKHeaderGivesWayAsSacrebleu: in NLTK mode at 100 columns, with
// two systems and chrF (and TER) shown, the header keeps the baseline's score and
// the count of segments, as sacrebleu mode does: chrF moves to the
// figures and the signature gives way from its end (NLTK's scores and
// signature are wider, and the header dropped those two first).
func TestNLTKHeaderGivesWayAsSacrebleu(t *testing.T) {
	ds := longNames(t)
	ds.Systems = ds.Systems[:2]
	for _, keys := range [][]string{{"M"}, {"c", "M"}, {"M", "M"}, {"c", "M", "M"}} {
		for _, w := range []int{100, 110, 120} {
			m := press(t, ready(t, ds, w, 30), keys...)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			base := m.c.scored.Systems[m.list.view.Other].Corpus.Score
			if want := "JDExploreAcademy " + m.c.score(base); !strings.Contains(lines[0], want) {
				t.Errorf("%v at %d columns: the first line %q lacks %q", keys, w, lines[0], want)
			}
			if want := "chrF2"; !strings.Contains(lines[0]+lines[1], want) {
				t.Errorf("%v at %d columns: the header lacks %q:\n%s\n%s", keys, w, want, lines[0], lines[1])
			}
			if want := fmt.Sprintf("%d of %d segments", ds.Len(), ds.Len()); !strings.Contains(lines[2], want) {
				t.Errorf("%v at %d columns: the third line %q lacks %q", keys, w, lines[2], want)
			}
		}
	}
}

// TestPendingLabelGivesWay: while a drill-down's rows wait for chrF
// scores or are being filtered in a job, the header's third line says so
// with the fullest wording of the drill's label that fits, the query and
// what it waits for whole (it took the fullest, and was cut: "“chrf<80
// the city” waits for…" at 60 columns).
func TestPendingLabelGivesWay(t *testing.T) {
	ds := longNames(t)
	for _, w := range []int{60, 70, 80} {
		m := press(t, openAnalysisScreen(t, press(t, ready(t, ds, w, 16), "tab")), "enter")
		next, _ := press(t, m, append([]string{"/"}, strings.Split("chrf<80 the city", "")...)...).Update(keyMsg("enter"))
		third := strings.Split(next.View(), "\n")[2]
		if want := "“chrf<80 the city” waits for chrF scores…"; !strings.Contains(ansi.Strip(third), want) || render.Cells(third) > w {
			t.Errorf("%d columns: the third line %q lacks %q whole, or is wider", w, ansi.Strip(third), want)
		}
	}
	big := synthDataset(t, syncRows+500)
	big.Systems[0].Name = "JDExploreAcademy"
	m := press(t, openAnalysisScreen(t, ready(t, big, 60, 16)), "enter")
	next, _ := press(t, m, append([]string{"/"}, strings.Split("because of all this", "")...)...).Update(keyMsg("enter"))
	third := strings.Split(next.View(), "\n")[2]
	if want := "“because of all this”…"; !strings.Contains(ansi.Strip(third), "filtering") || !strings.Contains(ansi.Strip(third), want) || render.Cells(third) > 60 {
		t.Errorf("60 columns: the third line %q lacks %q whole, or is wider", ansi.Strip(third), want)
	}
}

// TestBusyHeaderGivesWayWhole: beside a job's progress the first line's
// wording gives way a word at a time ("(auto)", then the baseline's name),
// never cut inside one; at 60 columns with chrF and TER being computed it
// read "Δ -8.98 vs JDExploreAc… (au… ⣾ TER…".
func TestBusyHeaderGivesWayWhole(t *testing.T) {
	ds := longNames(t) // LT22, with JDExploreAcademy its baseline
	for w := 60; w <= 130; w++ {
		m := ready(t, ds, w, 24)
		busy, _ := m.Update(keyMsg("M")) // the metrics' jobs stay in flight
		line := ansi.Strip(strings.Split(busy.(Model).View(), "\n")[0])
		spin := ansi.Strip(m.c.spinner.View())
		left, _, ok := strings.Cut(line, spin)
		if !ok {
			t.Fatalf("%d columns: no job's progress on the first line: %q", w, line)
		}
		// Names are cut as names are, and a score being computed is "…".
		left = strings.NewReplacer(m.c.shortName(1), "", "chrF2 …", "", "TER …", "").Replace(left)
		if strings.Contains(left, "…") || !strings.Contains(left, "Δ ") {
			t.Errorf("%d columns: the first line beside the job is cut or lost its Δ: %q", w, line)
		}
	}
}

// TestHelpExplainsShortSignature: every key of the signature's short form,
// which the header shows at 60×16 ("#:2|c:mixed|e:no|…"), is given in the
// help beside the long name it stands for, as is where to read the whole
// signature, and the help still fits 60 columns (a new user found the
// abbreviations explained nowhere).
func TestHelpExplainsShortSignature(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 16)
	set, nrefs := m.c.shown().Corpus, m.c.ds.NRefs()
	short := strings.Split(scoring.ShortSignature(set, nrefs, scoring.SignatureVersion), "|")
	long := strings.Split(scoring.Signature(set, nrefs, scoring.SignatureVersion), "|")
	help := ansi.Strip(helpContent(m.c, 60))
	flat := strings.Join(strings.Fields(help), " ")
	for i, f := range short {
		s, _, _ := strings.Cut(f, ":")
		l, _, _ := strings.Cut(long[i], ":")
		if want := s + ": " + l; !strings.Contains(flat, want) {
			t.Errorf("the help lacks %q, what %s: in the header's signature stands for", want, s)
		}
	}
	if !strings.Contains(flat, "bleuscope score") {
		t.Errorf("the help does not say where to read the whole signature")
	}
	for i, l := range strings.Split(help, "\n") {
		if w := render.Cells(l); w > 60 {
			t.Errorf("help line %d is %d cells wide: %q", i+1, w, l)
		}
	}
}

// TestHelpSignatureKeysKeepTheirNames: in the help's section on the
// signature, no line ends in a key of the short form ("v:") with its name
// on the next line, at any width from 60 to 200 columns (at 60, "v:" ended
// a line and "version" began the next).
func TestHelpSignatureKeysKeepTheirNames(t *testing.T) {
	m := ready(t, demoDataset(t), 60, 16)
	keys := []string{"#:", "c:", "e:", "tok:", "s:", "v:"}
	for w := 60; w <= 200; w++ {
		lines := strings.Split(ansi.Strip(signatureHelp(m.c, w)), "\n")
		for i, l := range lines {
			fields := strings.Fields(l)
			if len(fields) > 0 && slices.Contains(keys, fields[len(fields)-1]) {
				t.Errorf("%d columns: line %d ends in %q, its name on the next line: %q", w, i+1, fields[len(fields)-1], l)
			}
			if c := render.Cells(strings.TrimRight(l, " ")); c > w {
				t.Errorf("%d columns: line %d is %d cells wide: %q", w, i+1, c, l)
			}
		}
	}
}

// TestFilterHeaderStubBeforeMatch: a filter's "match" outlasts the
// signature's stub "#:2|…", which says nothing: wherever the header's third
// line shows the stub without "match", the line with "match" and "…" in the
// stub's place would not fit. At 60 columns on WMT22 de-en it read
// `181 of 1984 len>30 hyp:"the" · BLEU 40.67 · #:2|… · N=4`.
func TestFilterHeaderStubBeforeMatch(t *testing.T) {
	ds := demoDataset(t)
	stubs := 0
	for _, q := range []string{`len>5 hyp:"the" ref:"the"`, `hyp:"the city"`, `len>10 hyp:"a"`, "the"} {
		for w := 60; w <= 100; w++ {
			m := filterBy(t, ready(t, ds, w, 24), q)
			third := ansi.Strip(strings.Split(m.View(), "\n")[2])
			if !strings.Contains(third, " #:2|… · ") || strings.Contains(third, " match ") {
				continue
			}
			stubs++
			count := strconv.Itoa(len(m.list.rows)) + " of 70 "
			with := strings.Replace(strings.Replace(third, count, count+"match ", 1), "#:2|…", "…", 1)
			if render.Cells(with) <= w {
				t.Errorf("%q at %d columns: %q; want %q", q, w, third, with)
			}
		}
	}
	if stubs == 0 {
		t.Error("no header showed the stub: the test wants longer filters")
	}
}
