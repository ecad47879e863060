package render

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/x/ansi"
)

// reportFixture loads files (name → content) from memory with the given
// system and reference arguments and scores them under set.
func reportFixture(t *testing.T, files map[string]string, in model.Input, set model.Settings) (*model.Dataset, *model.Scored) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, content := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(content)}
	}
	in.FS = fsys
	ds, err := model.Load(in)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	s, err := model.Score(context.Background(), ds, set, nil)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	return ds, s
}

// reportLines numbers n lines "w1 w2 … wk" of varying lengths.
func reportLines(n int, f func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(f(i) + "\n")
	}
	return b.String()
}

func TestReportContents(t *testing.T) {
	files := map[string]string{
		"a.txt":   "the cat sat on the mat\n\x1b]2;pwned\x07 a dog\nit rained all day long\n",
		"b.txt":   "the cat sat on a mat\na dog barked\nrain\n",
		"r1.txt":  "the cat sat on the mat\nthe dog barked loudly\nit was raining all day\n",
		"r2.txt":  "a cat was on the mat\na dog was barking\nit rained all day\n",
		"src.txt": "die Katze\nder Hund\nder Regen \u202eevil\n",
	}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{"A=a.txt", "B=b.txt"}, Refs: []string{"r1.txt", "r2.txt"}, Src: "src.txt"}, model.DefaultSettings())
	out := Report(ds, s, 0)

	want := []string{
		"bleuscope " + scoring.Version + " report: 3 segments, 2 references, 2 systems",
		"Corpus BLEU  " + scoring.Signature(s.Settings.Corpus, 2, scoring.SignatureVersion),
		"  A  " + s.Systems[0].Corpus.Verbose(2),
		"  B  " + s.Systems[1].Corpus.Verbose(2),
		"Sentence BLEU  " + scoring.Signature(s.Settings.Sentence, 2, scoring.SignatureVersion),
		"Worst 3 segments of A",
		`    hyp    ␛]2;pwned\x07 a dog`,
		`    src    der Regen \u202eevil`,
		"    ref 2  a dog was barking",
	}
	for _, w := range want {
		if !strings.Contains(out, w+"\n") {
			t.Errorf("report lacks the line %q:\n%s", w, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\x07\u202e") {
		t.Errorf("report passes control characters through raw:\n%q", out)
	}

	// Each system's segments are listed worst first, as Rows orders them.
	for i, name := range []string{"A", "B"} {
		_, section, _ := strings.Cut(out, "Worst 3 segments of "+name+"\n")
		section, _, _ = strings.Cut(section, "Worst ")
		var got []int
		for _, m := range regexp.MustCompile(`(?m)^  line (\d+) +BLEU (\S+)$`).FindAllStringSubmatch(section, -1) {
			n, _ := strconv.Atoi(m[1])
			got = append(got, n-1)
			if want := fmt.Sprintf("%.2f", s.Systems[i].Sentence[n-1]); m[2] != want {
				t.Errorf("%s line %d: score %s; want %s", name, n, m[2], want)
			}
		}
		rows := s.Rows(ds, model.View{System: i, Other: -1, Sort: model.SortScore, Worst: ReportWorst})
		if !slices.Equal(got, rows) {
			t.Errorf("%s: segments %v; want %v worst first", name, got, rows)
		}
	}
}

func TestReportListsTenWorst(t *testing.T) {
	hyp := reportLines(25, func(i int) string { return strings.Repeat("w ", i%7+1) + "end" })
	ref := reportLines(25, func(i int) string { return "w w w end" })
	ds, s := reportFixture(t, map[string]string{"h.txt": hyp, "r.txt": ref}, model.Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, model.DefaultSettings())
	out := Report(ds, s, 0)
	if n := strings.Count(out, "\n  line "); n != ReportWorst {
		t.Errorf("%d segments listed; want %d", n, ReportWorst)
	}
	if !strings.Contains(out, "\n    ref    w w w end\n") {
		t.Errorf("a single reference is not labelled ref:\n%s", out)
	}
}

func TestReportFitsWidth(t *testing.T) {
	long := strings.Repeat("überlange Wörter 漢字 ", 20)
	files := map[string]string{"h.txt": long + "\nshort\n", "r.txt": "x\ny\n"}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, model.DefaultSettings())
	for _, width := range []int{40, 60, 120} {
		out := Report(ds, s, width)
		for _, l := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(l); w > width {
				t.Errorf("width %d: line of %d cells: %q", width, w, l)
			}
		}
		if !strings.Contains(out, "…") {
			t.Errorf("width %d: nothing was cut", width)
		}
	}
	if out := Report(ds, s, 0); !strings.Contains(out, strings.TrimRight(long, " ")) {
		t.Error("width 0 cut a line")
	}
}

func TestReportNLTK(t *testing.T) {
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = 6 // raises when the trigram precision is 0
	})
	files := map[string]string{"h.txt": "a b\nc d e f g\n", "r.txt": "a x\nc d e f g\n"}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, set)
	out := Report(ds, s, 0)
	if s.Systems[0].CorpusErr != nil {
		t.Fatalf("corpus error %v; want a score", s.Systems[0].CorpusErr)
	}
	for _, want := range []string{
		fmt.Sprintf("  h.txt  BLEU = %.4f ", s.Systems[0].Corpus.Score),
		"  line 1      BLEU n/a (NLTK raises on this segment)\n",
		"  line 2      BLEU 1.0000\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}

	files = map[string]string{"h.txt": "a b\nc d\n", "r.txt": "a b\nc d\n"}
	ds, s = reportFixture(t, files, model.Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, set)
	if s.Systems[0].CorpusErr == nil {
		t.Fatal("no corpus error; want NLTK's method6 to raise without trigrams")
	}
	if out := Report(ds, s, 0); !strings.Contains(out, "  h.txt  NLTK raises: ") {
		t.Errorf("corpus error not shown:\n%s", out)
	} else if want := "NLTK raises: " + scoring.NLTKErrorText(s.Systems[0].CorpusErr) + "\n"; !strings.Contains(out, want) || strings.Contains(out, "nltk: ") {
		t.Errorf("corpus error not worded as the other screens word it, %q:\n%s", want, out)
	}
}

// TestReportOneSegment: a corpus of one segment is counted in the
// singular.
func TestReportOneSegment(t *testing.T) {
	ds, s := reportFixture(t, map[string]string{"h.txt": "a b\n", "r.txt": "a b\n"}, model.Input{Systems: []string{"h.txt"}, Refs: []string{"r.txt"}}, model.DefaultSettings())
	if out := Report(ds, s, 0); !strings.Contains(out, "Worst 1 segment of ") {
		t.Errorf("the report does not say 1 segment:\n%s", out)
	}
}

// TestReportPadsInCells: the corpus table pads system names, and the
// worst segments the reference tags, to one width as [Cells] counts it,
// so that an emoji sequence with joiners (two cells where graphemes are
// counted, six where a terminal draws its emoji one by one) keeps the
// scores in one column, as the explorer's tables do; a line cut to a
// width fits it on every terminal.
func TestReportPadsInCells(t *testing.T) {
	family := "\U0001F469\u200d\U0001F469\u200d\U0001F467"
	files := map[string]string{"a.txt": "a b c\n", "b.txt": "a b\n", "r" + family + ".txt": "a b c\n", "rx.txt": "a b d\n"}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{family + "=a.txt", "B=b.txt"}, Refs: []string{"r" + family + ".txt", "rx.txt"}}, model.DefaultSettings())
	out := Report(ds, s, 0)
	columns := func(prefix, mark string) []int {
		var at []int
		for _, l := range strings.Split(out, "\n") {
			if i := strings.Index(l, mark); strings.HasPrefix(l, prefix) && i >= 0 {
				at = append(at, Cells(l[:i]))
			}
		}
		return at
	}
	if at := columns("  ", "BLEU = "); len(at) != 2 || at[0] != at[1] {
		t.Errorf("the corpus scores start at cells %v; want one column:\n%s", at, out)
	}
	if at := columns("    ref ", " a b "); len(at) != 4 || slices.Min(at) != slices.Max(at) {
		t.Errorf("the references start at cells %v; want one column:\n%s", at, out)
	}
	for _, l := range strings.Split(Report(ds, s, 22), "\n") {
		if !Fits(l, 22) {
			t.Errorf("width 22: %q takes %d cells", l, Cells(l))
		}
	}
}

// TestReportLongName: the corpus scores' column of names is padded to at
// most model.ColumnCells cells, a longer name overflowing it; every
// system's line was padded to the longest name.
func TestReportLongName(t *testing.T) {
	long := strings.Repeat("n", 100_000)
	files := map[string]string{"a.txt": "a b c\n", "b.txt": "a b\n", "r.txt": "a b c\n"}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{long + "=a.txt", "B=b.txt"}, Refs: []string{"r.txt"}}, model.DefaultSettings())
	out := Report(ds, s, 0)
	if strings.Count(out, long) != 2 || len(out) > 2*len(long)+3000 {
		t.Errorf("the report is %d bytes, with the name %d times; want it twice (its score, its worst segments) and little more", len(out), strings.Count(out, long))
	}
	if !strings.Contains(out, "\n  "+long+"  BLEU = ") || !strings.Contains(out, "\n  B"+strings.Repeat(" ", model.ColumnCells-1+2)+"BLEU = ") {
		t.Errorf("the names are not padded to %d cells, a longer one overflowing:\n%.500s", model.ColumnCells, out)
	}
}

// TestReportShowsTabs: a tab in a system's name or a segment shows as \t,
// as in the command line's text tables; the report turned it into a
// space, so "a\tb" read as the two words "a b".
func TestReportShowsTabs(t *testing.T) {
	files := map[string]string{"a.txt": "x\ty z\n", "r.txt": "x y z\n"}
	ds, s := reportFixture(t, files, model.Input{Systems: []string{"a\tb=a.txt"}, Refs: []string{"r.txt"}}, model.DefaultSettings())
	out := Report(ds, s, 0)
	if strings.Contains(out, "\t") || !strings.Contains(out, `a\tb`) || !strings.Contains(out, `x\ty z`) {
		t.Errorf("the report does not show the tabs as \\t:\n%s", out)
	}
}
