package render

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

func explain(t *testing.T, hyp string, refs ...string) scoring.Detail {
	t.Helper()
	d, err := scoring.Explain(hyp, refs, scoring.SentenceOptions())
	if err != nil {
		t.Fatalf("Explain(%q): %v", hyp, err)
	}
	return d
}

// runes spells marks as their marker characters, '.' for none, so that
// tables of expectations stay readable.
func runes(marks []model.Mark) string {
	var b strings.Builder
	for _, m := range marks {
		switch {
		case m == model.MarkNone:
			b.WriteByte('.')
		case m == model.MarkUnmatched:
			b.WriteByte('u')
		case m == model.MarkSupplied:
			b.WriteByte('s')
		default:
			b.WriteRune(m.Rune())
		}
	}
	return b.String()
}

func TestSegmentMarks(t *testing.T) {
	tests := []struct {
		name     string
		hyp      string
		refs     []string
		order    int
		wantHyp  string
		wantRefs []string
	}{
		{"clipped repeats", "the the the the", []string{"the cat"}, 1, "^~~~", []string{"s."}},
		{"clip to the max over refs", "the the the", []string{"the cat", "the the"}, 1, "^^~", []string{"-.", "ss"}},
		{"each unigram from the ref with its most: the from the second, cat from the first on a tie", "the cat the", []string{"the cat sat", "the mat and the cat"}, 1, "^^^", []string{"-s.", "s..s-"}},
		{"a tie: the first ref supplies", "a b", []string{"a b", "b a"}, 1, "^^", []string{"ss", "--"}},
		{"a tie of a bigram: the first ref supplies", "a b c", []string{"x a b", "a b y"}, 2, "^^u", []string{".ss", "--."}},
		{"bigram counted from the second ref", "a b a b", []string{"a b x", "a b a b"}, 2, "^^^^", []string{"--.", "ssss"}},
		{"bigram islands", "a b c d", []string{"x b c y"}, 2, "u^^u", []string{".ss."}},
		{"clipped bigram", "a b a b", []string{"a b x"}, 2, "^^~~", []string{"ss."}},
		{"no overlap", "p q", []string{"x y"}, 1, "uu", []string{".."}},
		{"all orders: longest wins", "a b c d", []string{"a b c x"}, 0, "333.", []string{"333."}},
		{"all orders: unigram only", "c a", []string{"a b c"}, 0, "11", []string{"1.1"}},
		{"all orders: clipped repeats", "the the the the", []string{"the cat"}, 0, "1~~~", []string{"1."}},
		{"all orders: clipped repeats of a bigram", "a b a b x", []string{"a b"}, 0, "22~~.", []string{"22"}},
		{"all orders: a match outranks a clip", "a a b", []string{"a b"}, 0, "122", []string{"22"}},
		{"all orders: another ref's match is also-marked", "a b c", []string{"a b c", "x a b"}, 0, "333", []string{"333", ".--"}},
		{"all orders: each ref shows what it supplied", "a b c", []string{"a b", "c a b c"}, 0, "333", []string{"22", "1333"}},
		{"order beyond tokens", "a", []string{"a"}, 2, ".", []string{"."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := explain(t, tt.hyp, tt.refs...)
			m := model.SegmentMarks(d, tt.order)
			if got := runes(m.Hyp); got != tt.wantHyp {
				t.Errorf("hyp marks of %q at order %d = %q; want %q", tt.hyp, tt.order, got, tt.wantHyp)
			}
			for k, want := range tt.wantRefs {
				if got := runes(m.Refs[k]); got != want {
					t.Errorf("ref %d marks at order %d = %q; want %q", k, tt.order, got, want)
				}
			}
		})
	}
}

// TestAllOrdersKeepsClipped: in the all-orders view a hypothesis token
// shows a digit exactly when some order marks it matched, and otherwise
// shows what the unigram view shows when that is clipped, so repeated
// words clipping removed stay visible.
func TestAllOrdersKeepsClipped(t *testing.T) {
	for _, c := range []struct{ hyp, ref string }{
		{"the the the the the the the the", "The children played in the garden all afternoon ."},
		{"the cat the cat the cat sat", "the cat sat on the mat"},
		{"a a a b b c", "a b a b"},
		{"a a b", "a b"},
	} {
		d := explain(t, c.hyp, c.ref)
		all := model.SegmentMarks(d, 0).Hyp
		uni := model.SegmentMarks(d, 1).Hyp
		for i := range all {
			matched := false
			for _, od := range d.Orders {
				matched = matched || model.SegmentMarks(d, od.N).Hyp[i] == model.MarkMatched
			}
			want := model.MarkNone
			switch {
			case matched:
				if all[i].Order() == 0 {
					t.Errorf("%q token %d: matched at some order but shows %q", c.hyp, i, all[i].Rune())
				}
				continue
			case uni[i] == model.MarkClipped:
				want = model.MarkClipped
			}
			if all[i] != want {
				t.Errorf("%q token %d: all-orders mark %q; want %q", c.hyp, i, all[i].Rune(), want.Rune())
			}
		}
	}
}

// TestMarksAgreeWithLedger checks, for every order of a few segments, that
// the matched tokens are exactly covered by the ledger's matched
// occurrences: the number of hyp occurrences marked matched equals the
// order's Matches.
func TestMarksAgreeWithLedger(t *testing.T) {
	for _, c := range []struct{ hyp, ref string }{
		{"the cat sat on the mat the cat", "the cat sat on a mat"},
		{"a a a b b", "a b a b"},
	} {
		d := explain(t, c.hyp, c.ref)
		for _, od := range d.Orders {
			m := model.SegmentMarks(d, od.N)
			matched := 0
			for _, cl := range od.Clips {
				for j, p := range cl.Positions {
					if j < cl.Matched && m.Hyp[p] != model.MarkMatched {
						t.Errorf("%q order %d: occurrence at %d is matched but its first token is marked %q", c.hyp, od.N, p, m.Hyp[p].Rune())
					}
				}
				matched += cl.Matched
			}
			if matched != od.Matches {
				t.Errorf("%q order %d: ledger matches %d, order says %d", c.hyp, od.N, matched, od.Matches)
			}
		}
	}
}

func TestTokenLinesFitAndAlign(t *testing.T) {
	st := DefaultStyles()
	toks := strings.Fields("a considerably long sentence with some tokens that will certainly wrap around the edge supercalifragilisticexpialidocious-and-more-than-forty-cells")
	marks := make([]model.Mark, len(toks))
	for i := range marks {
		marks[i] = model.MarkMatched + model.Mark(i%2) // matched and clipped in turn
	}
	for _, w := range []int{12, 30, 60} {
		lines := TokenLines(st, "hyp", 5, toks, marks, w)
		if len(lines)%2 != 0 {
			t.Fatalf("width %d: %d lines; want token lines each followed by a marker row", w, len(lines))
		}
		for i, l := range lines {
			if lw := lipgloss.Width(l); lw > w {
				t.Errorf("width %d: line %d is %d cells: %q", w, i, lw, l)
			}
		}
		// Under every cell of a matched token sits '^'.
		for i := 0; i < len(lines); i += 2 {
			text, mark := []rune(lines[i]), []rune(lines[i+1])
			for j, r := range mark {
				if r == '^' && (j >= len(text) || text[j] == ' ') {
					t.Errorf("width %d: marker '^' at column %d stands under no token: %q / %q", w, j, lines[i], lines[i+1])
				}
			}
		}
	}
	if !strings.HasPrefix(TokenLines(st, "hyp", 5, toks, marks, 60)[0], "hyp  a ") {
		t.Errorf("first line does not start with the label and the first token")
	}
	if got := TokenLines(st, "hyp", 5, []string{"no", "match"}, []model.Mark{model.MarkNone, model.MarkUnmatched}, 60); len(got) != 1 {
		t.Errorf("a line without any marker got a marker row: %q", got)
	}
}

// A runaway segment (a 10 MB line) is drawn up to maxTokenRows lines of
// tokens and a line counting the rest, not as hundreds of thousands of
// lines.
func TestTokenLinesCapsHugeText(t *testing.T) {
	st := DefaultStyles()
	toks := strings.Fields(strings.Repeat("the cat sat on the mat ", 20000)) // 120,000 tokens
	marks := make([]model.Mark, len(toks))
	for i := range marks {
		marks[i] = model.MarkMatched
	}
	lines := TokenLines(st, "hyp", 5, toks, marks, 60)
	if len(lines) != 2*maxTokenRows+1 {
		t.Fatalf("%d lines; want %d lines of tokens, each with its marker row, and one more", len(lines), maxTokenRows)
	}
	shown := 0
	for i := 0; i < 2*maxTokenRows; i += 2 {
		shown += len(strings.Fields(strings.TrimPrefix(lines[i], "hyp")))
	}
	want := fmt.Sprintf("     … %d more tokens not shown", len(toks)-shown)
	if last := lines[len(lines)-1]; last != want {
		t.Errorf("last line %q; want %q", last, want)
	}
	if got := TokenLines(st, "hyp", 5, toks[:50], marks[:50], 60); strings.Contains(strings.Join(got, "\n"), "not shown") {
		t.Errorf("a short text was cut: %q", got)
	}
}

func TestSafeEscapesControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain":           "plain",
		"a\x1b]2;pwned\a": `a␛]2;pwned\x07`,
		"tab\there":       "tab here",
		"bidi\u202eevil":  `bidi\u202eevil`,
	} {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q; want %q", in, got, want)
		}
	}
}

// FuzzSafeIdempotent checks that Safe changes nothing it made: a text
// escaped twice (a name escaped to be measured, then in the line that
// quotes it) shows as once, never as an escape of an escape.
func FuzzSafeIdempotent(f *testing.F) {
	for _, s := range []string{"", "plain", "a\x1b]2;pwned\a", "tab\there", "bidi\u202eevil", "soft\u00adhyphen", "\xff\u2028\u0085", `\x07 \u202e ␛`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if once := Safe(s); Safe(once) != once {
			t.Fatalf("Safe(Safe(%q)) = %q; want %q", s, Safe(once), once)
		}
	})
}

func TestSortedClipsCostlyFirst(t *testing.T) {
	d := explain(t, "the the the cat dog", "the cat sat")
	cs := model.SortedClips(d.Orders[0])
	if cs[0].NGram != "the" || cs[0].Clipped != 2 {
		t.Fatalf("first row = %q (excess %d); want \"the\" with excess 2", cs[0].NGram, cs[0].Clipped)
	}
	if cs[1].NGram != "dog" || cs[1].Matched != 0 {
		t.Errorf("second row = %q; want the unmatched \"dog\"", cs[1].NGram)
	}
	if cs[len(cs)-1].NGram != "cat" {
		t.Errorf("last row = %q; want the fully matched \"cat\"", cs[len(cs)-1].NGram)
	}
}

func TestBarText(t *testing.T) {
	for _, tt := range []struct {
		frac  float64
		width int
		want  string
	}{
		{0, 4, "    "}, {1, 4, "████"}, {0.5, 4, "██  "}, {2, 3, "███"}, {-1, 2, "  "}, {0.0625, 2, "▏ "},
		{math.Inf(1), 3, "   "}, {math.Inf(-1), 3, "   "}, {math.NaN(), 3, "   "},
	} {
		f, e := BarText(tt.frac, tt.width)
		if f+e != tt.want {
			t.Errorf("BarText(%v, %d) = %q; want %q", tt.frac, tt.width, f+e, tt.want)
		}
	}
	// Bar draws the empty track of a bar, but nothing for a figure that is
	// not finite (an infinite score drew a full bar).
	if got := Bar(DefaultStyles(), 0, 3); got != "···" {
		t.Errorf("Bar(0, 3) = %q; want the empty track", got)
	}
	for _, x := range []float64{math.Inf(1), math.NaN()} {
		if got := Bar(DefaultStyles(), x, 3); got != "   " {
			t.Errorf("Bar(%v, 3) = %q; want nothing drawn", x, got)
		}
	}
}

// segmentCase is the segment every golden below renders: a clipped
// repeat, a bigram island, a short hypothesis against two references.
func segmentCase(t *testing.T) (scoring.Detail, scoring.Result) {
	d := explain(t, "the the cat sat on the mat .", "the cat sat on the red mat .", "a cat was sitting on the mat .")
	res, err := scoring.Evaluate(d.Stats, scoring.SentenceOptions(), scoring.LastSegment{})
	if err != nil {
		t.Fatal(err)
	}
	return d, res
}

func TestGoldenSegment(t *testing.T) {
	d, _ := segmentCase(t)
	for _, w := range []int{60, 120} {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			out := Segment(DefaultStyles(), SegmentView{
				Src: "die Katze saß auf der Matte .", HasSrc: true,
				Hyps: []Hyp{{Label: "sys", Detail: d}}, RefNames: []string{"A", "B"}, Order: 1,
			}, w)
			checkWidth(t, out, w)
			hypMarkers := strings.Split(out, "\n")[2]
			if strings.Trim(hypMarkers, " ^~") != "" || !strings.Contains(hypMarkers, "^") || !strings.Contains(hypMarkers, "~") {
				t.Errorf("the hypothesis' marker row = %q; want ^ and ~ markers without colour", hypMarkers)
			}
			teatest.RequireEqualOutput(t, []byte(out))
		})
	}
}

func TestGoldenLedger(t *testing.T) {
	d, _ := segmentCase(t)
	for _, w := range []int{60, 120} {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			out := Ledger(DefaultStyles(), d.Orders[0], []string{"A", "B"}, w, 0)
			checkWidth(t, out, w)
			teatest.RequireEqualOutput(t, []byte(out))
		})
	}
}

func TestGoldenMath(t *testing.T) {
	d, res := segmentCase(t)
	for _, w := range []int{60, 120} {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			out := Math(DefaultStyles(), MathView{Result: res, Opt: scoring.SentenceOptions(), Stats: d.Stats, RefName: "ref A"}, w)
			checkWidth(t, out, w)
			teatest.RequireEqualOutput(t, []byte(out))
		})
	}
}

func checkWidth(t *testing.T, s string, w int) {
	t.Helper()
	for i, l := range strings.Split(s, "\n") {
		if lw := lipgloss.Width(l); lw > w {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, lw, w, l)
		}
	}
}

// TestFocusLineNamesEveryReference: a missed n-gram that two references
// have once each is said to be in both (a new user saw only ref A named).
func TestFocusLineNamesEveryReference(t *testing.T) {
	d, err := scoring.Explain("a dog", []string{"a thing of the past", "made of the wood"}, scoring.SentenceOptions())
	if err != nil {
		t.Fatal(err)
	}
	f := model.NewFocus(scoring.Missed, "of the")
	got := FocusLine(DefaultStyles(), f, f.Marks(d), []string{"A", "B"}, 200)
	want := `* missed "of the" ×1 here: the hypothesis has it 0×, ref A 1×, ref B 1×`
	if got != want {
		t.Errorf("FocusLine = %q; want %q", got, want)
	}
}

// TestFocusLineShortensBeforeCutting: where the drill-down's focus line
// has no room, "the hypothesis has it" becomes "hyp", so that every
// reference's count stays (a new user saw `…, ref A 0×…` at 60 columns,
// ref B's count cut off).
func TestFocusLineShortensBeforeCutting(t *testing.T) {
	d, err := scoring.Explain("Aid at the top of the Campaign", []string{"Help with my very first campaign", "Help for a first own campaign"}, scoring.SentenceOptions())
	if err != nil {
		t.Fatal(err)
	}
	f := model.NewFocus(scoring.Over, "of the")
	got := FocusLine(DefaultStyles(), f, f.Marks(d), []string{"A", "B"}, 54)
	want := `* over "of the" ×1 here: hyp 1×, ref A 0×, ref B 0×`
	if got != want {
		t.Errorf("FocusLine at 54 cells = %q; want %q", got, want)
	}
}

// TestSmoothNoteNLTKMethod0: NLTK's method0 is "no smoothing", though it
// takes a zero precision as the smallest float; the pane said "method0
// smoothed".
func TestSmoothNoteNLTKMethod0(t *testing.T) {
	opt := scoring.DefaultOptions()
	opt.Compat = scoring.CompatNLTK
	v := MathView{Opt: opt, Result: scoring.Result{Smoothed: []bool{false, true}}}
	if got := smoothNote(v, 1); got != "method0: no smoothing, 0 taken as the smallest float" {
		t.Errorf("method0: %q", got)
	}
	v.Opt.NLTK.Smoothing.Method = 1
	if got := smoothNote(v, 1); got != "method1 smoothed" {
		t.Errorf("method1: %q", got)
	}
}

// TestSmoothedPNeverReadsZero: a precision NLTK's method 0 turned into
// 2.225e-308 is not written 0.0000 in the formula, whose log is finite.
func TestSmoothedPNeverReadsZero(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{0.25, "0.2500"}, {2.2250738585072014e-308, "2.23e-308"}, {0, "0.0000"}, {0.00012, "0.0001"}} {
		if got := smoothedP(c.p); got != c.want {
			t.Errorf("smoothedP(%v) = %q; want %q", c.p, got, c.want)
		}
	}
}

// TestSegmentHypLabelWhole: a hypothesis's label, which the explorer
// abbreviates as its header does, is drawn whole up to a third of the
// width, not cut again to the label column's own budget (a user saw
// "JDExp…ademy" in the pane under "JDExp…cademy" in the header), and cut
// as names are past that ([CutName]).
func TestSegmentHypLabelWhole(t *testing.T) {
	d := explain(t, "the cat sat", "the cat sat down")
	for _, c := range []struct {
		label string
		width int
		want  string
	}{
		{"JDExp…cademy", 58, "JDExp…cademy the cat"},
		{"Online-W-submission-2022", 120, "Online-W-submission-2022 the cat"},
		{"Online-W-submission-2022", 60, "Online-W-submissio… the cat"},
	} {
		out := Segment(DefaultStyles(), SegmentView{Hyps: []Hyp{{Label: c.label, Detail: d}}, RefNames: []string{"A"}}, c.width)
		if !strings.Contains(out, c.want) {
			t.Errorf("%q at %d: want a line with %q:\n%s", c.label, c.width, c.want, out)
		}
	}
}

// TestOrderSummaryGivesWay: the counts line under a hypothesis drops the
// token count, then the total (the counts add up to it), then the order's
// name for a " …", rather than cutting them, and fits every width; its
// counts stay whole down to 40 cells, and the order's name or the " …"
// after them (it ended "11 unmatched of 14" at 47, dropping "2-grams ·
// 15 tokens" with no sign).
func TestOrderSummaryGivesWay(t *testing.T) {
	st := DefaultStyles()
	d := explain(t, "the the cat sat on the mat .", "the cat sat on the red mat .")
	long := explain(t, "the the cat sat on the mat near the old red door of the house", "a dog sat on a rug by the sea at noon with a cat in the sun")
	for order := 0; order <= 4; order++ {
		for w := 40; w <= 100; w++ {
			s := OrderSummary(st, d, order, w)
			if Cells(s) > w {
				t.Errorf("order %d at %d cells: %q is wider", order, w, s)
			}
			if strings.Contains(strings.TrimSuffix(s, " …"), "…") {
				t.Errorf("order %d at %d cells: %q is cut", order, w, s)
			}
			s = OrderSummary(st, long, order, w)
			if order > 0 && !strings.Contains(s, fmt.Sprintf("%d-grams", order)) && !strings.HasSuffix(s, "unmatched …") || Cells(s) > w {
				t.Errorf("order %d at %d cells: %q lacks the order's name and a sign of it, or is wider", order, w, s)
			}
		}
	}
}

// TestOrderSummaryOfNoNGrams: an order the hypothesis is too short for
// says it has none, "3-grams: none in 2 tokens", instead of four zeros,
// "^ 0 matched ~ 0 clipped 0 unmatched, 0 in all".
func TestOrderSummaryOfNoNGrams(t *testing.T) {
	st := DefaultStyles()
	d := explain(t, "Hi there", "Hello there")
	if s := OrderSummary(st, d, 2, 100); !strings.HasPrefix(s, "2-grams: ^ 0 matched") {
		t.Errorf("order 2, one bigram: %q", s)
	}
	for order := 3; order <= 4; order++ {
		want := fmt.Sprintf("%d-grams: none in 2 tokens", order)
		if s := OrderSummary(st, d, order, 100); s != want {
			t.Errorf("order %d: %q; want %q", order, s, want)
		}
		if s := OrderSummary(st, d, order, 20); s != fmt.Sprintf("%d-grams: none", order) {
			t.Errorf("order %d at 20 cells: %q", order, s)
		}
	}
}

// TestOrderSummaryNamesTheOrderFirst: the counts line names the order
// before its counts and gives the total as "N in all", so that no count
// stands beside the order's name ("12 unmatched of 14 2-grams" read as two
// numbers side by side).
func TestOrderSummaryNamesTheOrderFirst(t *testing.T) {
	st := DefaultStyles()
	d := explain(t, "the the cat sat on the mat .", "the cat sat on the red mat .")
	side := regexp.MustCompile(`[0-9] [0-9]+-gram`)
	for order := 1; order <= 4; order++ {
		want := regexp.MustCompile(fmt.Sprintf(`^%d-grams: \^ [0-9]+ matched ~ [0-9]+ clipped [0-9]+ unmatched, [0-9]+ in all · 8 tokens$`, order))
		if s := OrderSummary(st, d, order, 100); !want.MatchString(s) {
			t.Errorf("order %d: %q, want the form %s", order, s, want)
		}
		for w := 40; w <= 100; w++ {
			if s := OrderSummary(st, d, order, w); side.MatchString(s) {
				t.Errorf("order %d at %d cells: %q puts a count beside the order's name", order, w, s)
			}
		}
	}
}
