package model

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

func mustAnalyze(t testing.TB, ds *Dataset, set Settings) *Analysis {
	t.Helper()
	a, err := Analyze(context.Background(), ds, set, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestRankHandChecked(t *testing.T) {
	// Line 1: seven "the" against two: over 5. Line 2: "the" once against
	// once: matched. Line 3: "dog" and "cat" each over-produced once (a
	// tie broken by bytes: cat before dog), "the" over once more.
	ds := memDataset(nil, [][]string{{"the cat sat on the mat", "the", "a bird"}},
		System{Name: "A", Hyps: []string{"the the the the the the the", "the", "the cat dog"}})
	a := mustAnalyze(t, ds, DefaultSettings())
	got, err := rankAll(a, 0, []scoring.Kind{scoring.Over}, []int{1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		ngram    string
		count    int64
		segments int
		lines    []int
	}
	want := []row{{"the", 6, 2, []int{1, 3}}, {"cat", 1, 1, []int{3}}, {"dog", 1, 1, []int{3}}}
	var rows []row
	for _, r := range got {
		rows = append(rows, row{r.NGram, r.Count, r.Segments, r.Lines})
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("Rank(over, 1) = %v; want %v", rows, want)
	}
	// Missed unigrams: "cat", "sat", "on", "mat" on line 1; "a", "bird" on
	// line 3. All count 1 in one segment: byte order.
	got, _ = rankAll(a, 0, []scoring.Kind{scoring.Missed}, []int{1}, 3)
	var names []string
	for _, r := range got {
		names = append(names, r.NGram)
	}
	if want := []string{"a", "bird", "cat"}; !reflect.DeepEqual(names, want) {
		t.Errorf("Rank(missed, 1, top 3) = %v; want %v", names, want)
	}
	if _, err := rankAll(a, 0, []scoring.Kind{scoring.Missed}, []int{5}, 3); err == nil {
		t.Error("Rank of order 5 with max order 4: no error")
	}
}

func TestSalientHandComputed(t *testing.T) {
	// Reference "a b c" twice. A says "a b" and "a b", B says "a c" and
	// "x". Matched unigrams: A a=2 b=2; B a=1 c=1. With α = 1:
	//   s(a) = (2+1)/(2+1+2) = 3/5, s(b) = (2+1)/(2+0+2) = 3/4,
	//   s(c) = (0+1)/(0+1+2) = 1/3.
	ds := memDataset(nil, [][]string{{"a b c", "a b c"}},
		System{Name: "A", Hyps: []string{"a b", "a b"}},
		System{Name: "B", Hyps: []string{"a c", "x"}})
	a := mustAnalyze(t, ds, DefaultSettings())
	rows, err := a.Salient(0, 1, scoring.Matched, 1, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		ngram  string
		ca, cb int64
		s      float64
	}
	// A's side: b, then a; B's side: c alone (a, which A has more often,
	// is not in B's favour, however short the list).
	want := []row{{"b", 2, 0, 3.0 / 4}, {"a", 2, 1, 3.0 / 5}, {"c", 0, 1, 1.0 / 3}}
	var got []row
	for _, r := range rows {
		got = append(got, row{r.NGram, r.CountA, r.CountB, r.Score})
	}
	if len(got) != len(want) {
		t.Fatalf("Salient = %v; want %v", got, want)
	}
	for j := range want {
		if got[j].ngram != want[j].ngram || got[j].ca != want[j].ca || got[j].cb != want[j].cb || math.Abs(got[j].s-want[j].s) > 1e-15 {
			t.Errorf("row %d = %v; want %v", j, got[j], want[j])
		}
	}
	for _, alpha := range []float64{0, -1, math.NaN(), 1.0000001e300, math.Inf(1)} {
		const want = "model: salient alpha must be a number above 0 and at most 1e300, not "
		if SalientAlphaOK(alpha) {
			t.Errorf("SalientAlphaOK(%v) = true; want false", alpha)
		}
		if _, err := a.Salient(0, 1, scoring.Matched, 1, 2, alpha); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("alpha %v: error %v; want one starting %q", alpha, err, want)
		}
		if _, err := salientEvery(a, context.Background(), 0, 1, scoring.Matched, []int{1}, 2, alpha, nil); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("SalientEvery, alpha %v: error %v; want one starting %q", alpha, err, want)
		}
	}
	if !SalientAlphaOK(MaxSalientAlpha) {
		t.Errorf("SalientAlphaOK(%v) = false; want true", MaxSalientAlpha)
	}
	if _, err := a.Salient(0, 1, scoring.Matched, 1, 2, MaxSalientAlpha); err != nil {
		t.Errorf("alpha %v: %v", MaxSalientAlpha, err)
	}
}

func TestSalientTies(t *testing.T) {
	// Over-produced unigrams of A and B against "z": A says "p q", B
	// says "r s s". s(p) = s(q) = 2/3 (count 1 each), s(r) = 1/3 and
	// s(s) = 1/4. In A's favour, p and q tie on score and on cA + cB:
	// byte order.
	ds := memDataset(nil, [][]string{{"z"}}, System{Name: "A", Hyps: []string{"q p"}}, System{Name: "B", Hyps: []string{"r s s"}})
	a := mustAnalyze(t, ds, DefaultSettings())
	rows, err := a.Salient(0, 1, scoring.Over, 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].NGram != "p" || rows[1].NGram != "s" {
		t.Errorf("Salient(top 1) = %+v; want p then s", rows)
	}
}

// wmtAnalysisCases are WMT22 pairs with two systems and both references.
var wmtAnalysisCases = []struct {
	pair    string
	systems []string
}{
	{"de-en", []string{"JDExploreAcademy", "LT22"}},
	{"zh-en", []string{"JDExploreAcademy", "Online-A"}},
}

// loadWMTPair loads two systems of a WMT22 pair with both references.
func loadWMTPair(t *testing.T, pair string, systems []string) *Dataset {
	txt := conformance.Corpora(t)
	in := Input{Refs: []string{
		filepath.Join(txt, "references", "generaltest2022."+pair+".ref.A.en"),
		filepath.Join(txt, "references", "generaltest2022."+pair+".ref.B.en"),
	}}
	for _, s := range systems {
		in.Systems = append(in.Systems, filepath.Join(txt, "system-outputs", "generaltest2022."+pair+".hyp."+s+".en"))
	}
	return mustLoad(t, in)
}

func TestAnalysisWMT22Statistics(t *testing.T) {
	for _, tc := range wmtAnalysisCases {
		t.Run(tc.pair, func(t *testing.T) {
			ds := loadWMTPair(t, tc.pair, tc.systems)
			for _, lc := range []bool{false, true} {
				set := DefaultSettings().WithOption(func(o *scoring.Options) { o.Lowercase = lc })
				s := mustScore(t, ds, set)
				a := mustAnalyze(t, ds, set)
				for sys := range ds.Systems {
					var sum scoring.Stats
					for i := range ds.Len() {
						sum.Add(s.Systems[sys].Stats.Get(i))
					}
					matched, over := a.Counts.Totals(sys, scoring.Matched), a.Counts.Totals(sys, scoring.Over)
					for n := range set.Corpus.MaxOrder {
						if matched[n] != int64(sum.Matches[n]) || matched[n]+over[n] != int64(sum.Totals[n]) {
							t.Errorf("%s lc=%v order %d: matched %d, matched+over %d; statistics %d/%d",
								ds.Systems[sys].Name, lc, n+1, matched[n], matched[n]+over[n], sum.Matches[n], sum.Totals[n])
						}
					}
				}
			}
		})
	}
}

func TestBucketsWMT22(t *testing.T) {
	for _, tc := range wmtAnalysisCases {
		t.Run(tc.pair, func(t *testing.T) {
			ds := loadWMTPair(t, tc.pair, tc.systems)
			set := DefaultSettings()
			s := mustScore(t, ds, set)
			for sys := range ds.Systems {
				for _, by := range BucketBys {
					buckets, err := s.Buckets(ds, sys, by, BucketOptions{})
					if err != nil {
						t.Fatal(err)
					}
					total := 0
					for _, b := range buckets {
						total += len(b.Rows)
						if len(b.Rows) == 0 {
							continue
						}
						// Score the bucket's lines as a corpus of their own.
						sub := subDataset(ds, sys, b.Rows)
						want := mustScore(t, sub, set).Systems[0].Corpus
						if b.Result.Score != want.Score || !reflect.DeepEqual(b.Result.Counts, want.Counts) {
							t.Errorf("%s %s %s: bucket score %v; scoring its %d lines gives %v",
								ds.Systems[sys].Name, by, b.Label, b.Result.Score, len(b.Rows), want.Score)
						}
					}
					if total != ds.Len() {
						t.Errorf("%s %s: buckets hold %d segments of %d", ds.Systems[sys].Name, by, total, ds.Len())
					}
				}
			}
		})
	}
}

// subDataset keeps the given lines of one system and the references.
func subDataset(ds *Dataset, sys int, rows []int) *Dataset {
	refs := make([][]string, len(ds.Refs))
	var hyps []string
	for _, i := range rows {
		hyps = append(hyps, ds.Systems[sys].Hyps[i])
		for k := range ds.Refs {
			refs[k] = append(refs[k], ds.Refs[k][i])
		}
	}
	return memDataset(nil, refs, System{Name: "sub", Hyps: hyps})
}

// TestAnalyzeLimit: an analysis that would hold more n-grams than
// --max-ngrams allows stops with one line that names the limit and the
// flag; the limit given is the limit used, the default one is set by the
// machine's memory (a positive number the ids can hold).
func TestAnalyzeLimit(t *testing.T) {
	ds := memDataset(nil, [][]string{{"the cat sat on the mat"}}, System{Name: "A", Hyps: []string{"a dog sat on a mat"}})
	whole := mustAnalyze(t, ds, DefaultSettings())
	n := whole.Counts.Len()
	if _, err := Analyze(context.Background(), ds, DefaultSettings(), n, nil); err != nil {
		t.Errorf("limit %d, the n-grams held: %v", n, err)
	}
	_, err := Analyze(context.Background(), ds, DefaultSettings(), n-1, nil)
	var in *InputError
	var lim *NGramLimitError
	want := "bleuscope: the n-gram analysis passed " + strconv.Itoa(n-1) + " n-grams held, the limit --max-ngrams sets (about 170 bytes each); analyse fewer lines or a lower --max-order, or raise --max-ngrams if the memory is there"
	if !errors.As(err, &in) || !errors.As(err, &lim) || lim.Limit != n-1 || err.Error() != want {
		t.Errorf("limit %d: %v; want %q, an InputError", n-1, err, want)
	}
	if _, err := Analyze(context.Background(), ds, DefaultSettings(), 1, nil); err == nil || !strings.Contains(err.Error(), "passed 1 n-gram held, ") {
		t.Errorf("limit 1: %v; want one n-gram, not one n-grams", err)
	}
	if d := DefaultMaxNGrams(); d <= 0 || d > scoring.MaxNGramLimit {
		t.Errorf("DefaultMaxNGrams() = %d; want 1..%d", d, scoring.MaxNGramLimit)
	}
	// The default's words only when no limit was given: a limit given
	// that happens to equal the default is --max-ngrams's.
	saved := defaultMaxNGrams
	defer func() { defaultMaxNGrams = saved }()
	defaultMaxNGrams = func() int { return n - 1 }
	for _, c := range []struct {
		limit int
		want  string
	}{{0, "the limit that half this machine's memory sets"}, {n - 1, "the limit --max-ngrams sets"}} {
		if _, err := Analyze(context.Background(), ds, DefaultSettings(), c.limit, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("limit %d with a default of %d: %v; want %q", c.limit, n-1, err, c.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1841633: "1,841,633", -1234567: "-1,234,567", 100000: "100,000"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q; want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{12: "12", -999: "-999", 1000: "1,000", -1000: "-1,000", 123456789: "123,456,789", math.MinInt64: "-9,223,372,036,854,775,808", math.MaxInt64: "9,223,372,036,854,775,807"} {
		if got := string(AppendThousands([]byte("x"), n)); got != "x"+want {
			t.Errorf("AppendThousands(x, %d) = %q; want %q", n, got, "x"+want)
		}
		// Both take an int64 (an n-gram's count) and an int alike.
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(int64(%d)) = %q; want %q", n, got, want)
		}
		if got := string(AppendThousands(nil, int(n))); int64(int(n)) == n && got != want {
			t.Errorf("AppendThousands(nil, int(%d)) = %q; want %q", n, got, want)
		}
	}
}
