package render

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// bigOrder is a synthetic 2-gram ledger of n distinct n-grams with
// matches and clipping spread at random, many ties included.
func bigOrder(n int) scoring.OrderDetail {
	rng := rand.New(rand.NewPCG(7, 11))
	od := scoring.OrderDetail{N: 2, Clips: make([]scoring.Clip, n)}
	for i := range od.Clips {
		hyp := 1 + rng.IntN(4)
		ref := rng.IntN(3)
		if rng.IntN(10) > 0 {
			ref = 0 // most n-grams are in no reference, as in a long random text
		}
		matched := min(hyp, ref)
		maxRef := -1
		if ref > 0 {
			maxRef = 0
		}
		od.Clips[i] = scoring.Clip{NGram: fmt.Sprintf("w%d x%d", i, i%97), HypCount: hyp, RefCounts: []int{ref},
			RefMax: ref, MaxRef: maxRef, Matched: matched, Clipped: hyp - matched}
		od.Matches += matched
		od.Total += hyp
	}
	return od
}

func TestTopClipsIsSortedPrefix(t *testing.T) {
	od := bigOrder(100_000)
	all := model.SortedClips(od)
	for _, k := range []int{1, 12, 500, 5000, 99_999, 100_000, 0} {
		got := model.TopClips(od, k)
		want := all
		if k > 0 && k < len(all) {
			want = all[:k]
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("model.TopClips(k=%d) differs from the first %d rows of model.SortedClips", k, len(want))
		}
	}
}

func TestLedgerCapped(t *testing.T) {
	od := bigOrder(100_000)
	all := model.SortedClips(od)
	out := Ledger(PlainStyles(), od, []string{""}, 120, 0)
	lines := strings.Split(out, "\n")
	// header, LedgerCap rows, the "more" line, the footer
	if len(lines) != 1+LedgerCap+2 {
		t.Fatalf("capped ledger has %d lines; want %d", len(lines), 1+LedgerCap+2)
	}
	for i, c := range all[:LedgerCap] {
		if f := strings.Fields(lines[1+i]); !strings.Contains(lines[1+i], c.NGram+" ") || len(f) == 0 {
			t.Fatalf("row %d = %q; want the n-gram %q (the full sort's row %d)", i, lines[1+i], c.NGram, i)
		}
	}
	matched, clipped := 0, 0
	for _, c := range all[LedgerCap:] {
		matched += c.Matched
		if c.RefMax > 0 {
			clipped += c.Clipped // cut by clipping; the rest are in no reference
		}
	}
	// Counts in groups of three digits, as every count a person reads.
	want := fmt.Sprintf("… %s more n-grams (%s matched, %s clipped) not shown", model.Thousands(100_000-LedgerCap), model.Thousands(matched), model.Thousands(clipped))
	if lines[1+LedgerCap] != want {
		t.Errorf("more line = %q; want %q", lines[1+LedgerCap], want)
	}
	if foot := lines[len(lines)-1]; !strings.HasPrefix(foot, model.Thousands(od.Matches)+" of "+model.Thousands(od.Total)+" 2-grams matched") {
		t.Errorf("footer = %q; want the order's totals", foot)
	}
	// A row limit keeps the footer's count and no "more" line.
	out = Ledger(PlainStyles(), od, []string{""}, 120, 12)
	if lines := strings.Split(out, "\n"); len(lines) != 14 || !strings.HasSuffix(lines[13], " · "+model.Thousands(100_000-12)+" more rows") {
		t.Errorf("ledger of 12 rows ends %q", lines[len(lines)-1])
	}
}

func TestWalkthroughClipTableCapped(t *testing.T) {
	words := make([]string, 300)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	hyp := strings.Join(words, " ")
	ref := strings.Join(words[:100], " ")
	opt := scoring.DefaultOptions()
	d, err := scoring.Explain(hyp, []string{ref}, opt)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := scoring.Evaluate(d.Stats, opt, scoring.LastSegment{})
	steps := WalkthroughSteps(PlainStyles(), d, res, opt, 100)
	body := steps[1].Body // 2.1 unigrams
	shown := d.Orders[0].Clips[:WalkClipRows]
	want := fmt.Sprintf("… %d more n-grams (%d matched, %d clipped) not shown", 300-WalkClipRows, 100-WalkClipRows, 0)
	if !strings.Contains(body, want) {
		t.Errorf("the unigram step lacks %q:\n%s", want, body)
	}
	row := regexp.MustCompile(`^[\^~ ] (w\d+) +1 +\d+ +\d+ +\d+ +\d+$`)
	var names []string
	for _, l := range strings.Split(body, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			names = append(names, m[1])
		}
	}
	if len(names) != WalkClipRows {
		t.Fatalf("the clip table draws %d rows; want %d", len(names), WalkClipRows)
	}
	for i, c := range shown {
		if names[i] != c.NGram {
			t.Errorf("row %d is %q; want %q (first occurrence order)", i, names[i], c.NGram)
		}
	}
	if !strings.Contains(body, "total") {
		t.Errorf("the clip table lost its total row:\n%s", body)
	}
}

// TestTruncateWhole: a cut inside a number drops the whole number and
// what joins it; other cuts are Truncate's.
func TestTruncateWhole(t *testing.T) {
	for _, c := range []struct {
		s    string
		w    int
		want string
	}{
		{"mqm.tsv:9622: a span", 11, "mqm.tsv…"},      // Truncate: "mqm.tsv:96…"
		{"mqm.tsv:9622: a span", 13, "mqm.tsv:9622…"}, // the number whole
		{"BLEU 27.69 on them", 9, "BLEU…"},            // Truncate: "BLEU 27.…"
		{"rows 1,234,567 in all", 11, "rows…"},
		{"mqm_ted_zhen.tsv", 8, "mqm_ted…"}, // no number: as Truncate
		{"short", 10, "short"},
	} {
		if got := TruncateWhole(c.s, c.w); got != c.want {
			t.Errorf("TruncateWhole(%q, %d) = %q; want %q", c.s, c.w, got, c.want)
		}
	}
}

// TestLedgerFooterOne checks the clip table's footer where a count is 1:
// one row left out is "1 more row", and an empty hypothesis has "no
// tokens", where they read "1 more rows" and "fewer than 1 tokens".
func TestLedgerFooterOne(t *testing.T) {
	d := explain(t, "a b c", "a b c")
	foot := func(out string) string { lines := strings.Split(out, "\n"); return lines[len(lines)-1] }
	if got := foot(Ledger(PlainStyles(), d.Orders[0], []string{""}, 120, 2)); !strings.HasSuffix(got, " · 1 more row") {
		t.Errorf("footer with one row left out = %q; want it to end \" · 1 more row\"", got)
	}
	d = explain(t, "", "a b c")
	if got, want := foot(Ledger(PlainStyles(), d.Orders[0], []string{""}, 120, 0)), "no 1-grams: the hypothesis has no tokens"; got != want {
		t.Errorf("unigram footer of an empty hypothesis = %q; want %q", got, want)
	}
	if got, want := foot(Ledger(PlainStyles(), d.Orders[1], []string{""}, 120, 0)), "no 2-grams: the hypothesis has fewer than 2 tokens"; got != want {
		t.Errorf("bigram footer of an empty hypothesis = %q; want %q", got, want)
	}
}
