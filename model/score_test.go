package model

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// corpusDataset is a small two-system corpus with two references and
// segments of every kind: perfect, partial, short, empty.
func corpusDataset() *Dataset {
	return memDataset(
		[]string{"s1", "s2", "s3", "s4", "s5", "s6"},
		[][]string{
			{"The cat sat on the mat.", "It was not unexpected.", "The man bit him first.", "A b c d e f.", "", "Short."},
			{"The dog had bit the man.", "No one was surprised.", "The man had bitten the dog.", "a B c D e F.", "Nothing here", "Short one."},
		},
		System{Name: "one", Hyps: []string{"The cat sat on the mat.", "It wasn't surprising.", "The man had just bitten him.", "a b c", "", "Short."}},
		System{Name: "two", Hyps: []string{"The cat sat on a mat.", "Nobody was surprised.", "The man bit the dog first.", "A b c d e f g h.", "x", "Short one ."}},
	)
}

// settingsChanges are option changes that keep the statistics.
var settingsChanges = []struct {
	name string
	f    func(*scoring.Options)
}{
	{"floor", func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothFloor, 0.2 }},
	{"add-k", func(o *scoring.Options) { o.Smooth, o.SmoothValue = scoring.SmoothAddK, 0.5 }},
	{"none", func(o *scoring.Options) { o.Smooth = scoring.SmoothNone }},
	{"max order 2", func(o *scoring.Options) { o.MaxOrder = 2 }},
	{"max order 6", func(o *scoring.Options) { o.MaxOrder = 6 }},
	{"effective order", func(o *scoring.Options) { o.EffectiveOrder = true }},
}

func TestRecomputeEqualsScore(t *testing.T) {
	ds := corpusDataset()
	sacre := DefaultSettings()
	nltk := nltkSettings(0)
	nltkChanges := []struct {
		name string
		f    func(*scoring.Options)
	}{
		{"method 3", func(o *scoring.Options) { o.NLTK.Smoothing.Method = 3 }},
		{"method 7", func(o *scoring.Options) { o.NLTK.Smoothing.Method = 7 }},
		{"weights", func(o *scoring.Options) { o.MaxOrder, o.NLTK.Weights = 2, scoring.NewWeights([]float64{0.7, 0.3}) }},
	}
	nltkChanges = append(nltkChanges, settingsChanges[3:]...) // max order and effective order
	runRecompute(t, ds, sacre, settingsChanges)
	runRecompute(t, ds, nltk, nltkChanges)
}

func runRecompute(t *testing.T, ds *Dataset, base Settings, changes []struct {
	name string
	f    func(*scoring.Options)
}) {
	s := mustScore(t, ds, base, CountOrders(6))
	for _, c := range changes {
		t.Run(base.Corpus.Compat+" "+c.name, func(t *testing.T) {
			set := base.WithOption(c.f)
			got, ok := s.Recompute(ds, set)
			if !ok {
				t.Fatal("Recompute refused a change that keeps the statistics")
			}
			want := mustScore(t, ds, set, CountOrders(6))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Recompute differs from Score:\n got %+v\nwant %+v", got.Systems[0].Corpus, want.Systems[0].Corpus)
			}
		})
	}
}

func TestRecomputeCorpusOnly(t *testing.T) {
	ds := corpusDataset()
	s := mustScore(t, ds, DefaultSettings())
	set := DefaultSettings()
	set.Corpus.MaxOrder = 2
	got, ok := s.Recompute(ds, set)
	if !ok {
		t.Fatal("Recompute refused a change of the corpus options")
	}
	if want := mustScore(t, ds, set); !reflect.DeepEqual(got, want) {
		t.Errorf("Recompute of the corpus options differs from Score: %+v; want %+v", got.Systems[0].Corpus, want.Systems[0].Corpus)
	}
	if got.Systems[0].Corpus.Score == s.Systems[0].Corpus.Score {
		t.Error("the corpus score did not change with the max order")
	}
	if &got.Systems[0].Sentence[0] != &s.Systems[0].Sentence[0] {
		t.Error("the sentence scores were recomputed for a change of the corpus options alone")
	}
}

func TestRecomputeRefuses(t *testing.T) {
	ds := corpusDataset()
	s := mustScore(t, ds, DefaultSettings())
	for _, c := range []struct {
		name string
		f    func(*scoring.Options)
	}{
		{"tokenizer", func(o *scoring.Options) { o.Tokenize = "char" }},
		{"lowercase", func(o *scoring.Options) { o.Lowercase = true }},
		{"more orders than counted", func(o *scoring.Options) { o.MaxOrder = 5 }},
		{"compat", func(o *scoring.Options) { o.Compat = scoring.CompatNLTK }},
		{"invalid", func(o *scoring.Options) { o.Smooth = "zigzag" }},
	} {
		if got, ok := s.Recompute(ds, DefaultSettings().WithOption(c.f)); ok || got != nil {
			t.Errorf("Recompute after changing %s = %v, %v; want nil, false", c.name, got, ok)
		}
	}
}

func TestSubsetOfAllRowsIsCorpus(t *testing.T) {
	ds := corpusDataset()
	for _, set := range []Settings{DefaultSettings(), nltkSettings(7)} {
		s := mustScore(t, ds, set)
		for sys := range s.Systems {
			// Every segment, in line order (for NLTK's methods 5-7 the
			// last segment matters) and in score order.
			for _, v := range []View{{System: sys, Other: -1, Sort: SortLine}, {System: sys, Other: -1}} {
				if set.Corpus.Compat == scoring.CompatNLTK && v.Sort != SortLine {
					continue
				}
				got, err := s.Subset(ds, sys, s.Rows(ds, v))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, s.Systems[sys].Corpus) {
					t.Errorf("%s system %d: Subset(all rows, %v) = %+v; want the corpus score %+v", set.Corpus.Compat, sys, v.Sort, got, s.Systems[sys].Corpus)
				}
			}
		}
	}
	s := mustScore(t, ds, DefaultSettings())
	one, err := s.Subset(ds, 0, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	want := scoring.Compute(s.Systems[0].Stats.Get(2), s.Settings.Corpus)
	if !reflect.DeepEqual(one, want) {
		t.Errorf("Subset of one row = %+v; want %+v", one, want)
	}
	if _, err := s.Subset(ds, 0, []int{6}); err == nil {
		t.Error("Subset accepted a row out of range")
	}
	if _, err := s.Subset(ds, 2, nil); err == nil {
		t.Error("Subset accepted a system out of range")
	}
}

// TestScoreAgreesWithScoring checks the per-segment and corpus figures
// against the scoring package called directly, in both compats.
func TestScoreAgreesWithScoring(t *testing.T) {
	ds := corpusDataset()
	for _, set := range []Settings{DefaultSettings(), nltkSettings(0), nltkSettings(3), nltkSettings(5)} {
		s := mustScore(t, ds, set)
		for sys, ss := range s.Systems {
			var sum scoring.Stats
			for i := range ds.Len() {
				refs := ds.SegmentRefs(i, nil)
				st, err := scoring.SentenceStats(ds.Systems[sys].Hyps[i], refs, set.Corpus)
				if err != nil {
					t.Fatal(err)
				}
				if got := ss.Stats.Get(i); st != got {
					t.Errorf("%s system %d segment %d: stats %+v; want %+v", set.Corpus.Compat, sys, i, got, st)
				}
				sum.Add(st)
				r, err := scoring.Evaluate(st, set.Sentence, scoring.LastSegment{Hyp: ds.Systems[sys].Hyps[i], Refs: refs})
				want := r.Score
				if err != nil {
					want = math.NaN()
				}
				if got := ss.Sentence[i]; got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Errorf("%s system %d segment %d: sentence score %v; want %v", set.Corpus.Compat, sys, i, got, want)
				}
			}
			last := ds.Len() - 1
			want, werr := scoring.Evaluate(sum, set.Corpus, scoring.LastSegment{Hyp: ds.Systems[sys].Hyps[last], Refs: ds.SegmentRefs(last, nil)})
			if !reflect.DeepEqual(ss.Corpus, want) || (werr == nil) != (ss.CorpusErr == nil) {
				t.Errorf("%s system %d: corpus %+v (%v); want %+v (%v)", set.Corpus.Compat, sys, ss.Corpus, ss.CorpusErr, want, werr)
			}
		}
	}
}

// nltkSettings returns nltk compat with the given smoothing method.
func nltkSettings(method int) Settings {
	return DefaultSettings().WithOption(func(o *scoring.Options) {
		o.Compat = scoring.CompatNLTK
		o.NLTK.Smoothing.Method = method
	})
}

func TestScoreNLTKErrorsAreNaN(t *testing.T) {
	// NLTK's method6 raises when the trigram precision is 0.
	ds := memDataset(nil, [][]string{{"a b c d", "a b"}}, System{Name: "s", Hyps: []string{"a b c d", "a b"}})
	s := mustScore(t, ds, nltkSettings(6))
	if got := s.Systems[0].Sentence; got[0] != 1 || !math.IsNaN(got[1]) {
		t.Errorf("sentence scores = %v; want [1 NaN]", got)
	}
	if _, err := s.SentenceResult(ds, 0, 1); err == nil {
		t.Error("SentenceResult of the short segment gave no error")
	}
	var b strings.Builder
	if err := WriteSegments(&b, ds, s, []int{1}, 0, FormatJSONL); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"score": null`) || !strings.Contains(b.String(), `"error": "AssertionError: `) {
		t.Errorf("jsonl of an NLTK error = %s", b.String())
	}
}

func TestScoreProgressAndCancel(t *testing.T) {
	n := 3*progressEvery + 5
	hyps := make([]string, n)
	for i := range hyps {
		hyps[i] = fmt.Sprintf("segment %d of the test", i)
	}
	ds := memDataset(nil, [][]string{hyps}, System{Name: "a", Hyps: hyps}, System{Name: "b", Hyps: hyps})
	var mu sync.Mutex
	var calls [][2]int
	_, err := Score(context.Background(), ds, DefaultSettings(), func(done, total int) {
		mu.Lock()
		calls = append(calls, [2]int{done, total})
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 5 {
		t.Fatalf("progress called %d times for %d segments; want one call every %d", len(calls), 2*n, progressEvery)
	}
	for i, c := range calls {
		if c[1] != 2*n || (i > 0 && c[0] <= calls[i-1][0]) {
			t.Fatalf("progress calls %v: want increasing done and total %d", calls, 2*n)
		}
	}
	if last := calls[len(calls)-1]; last[0] != 2*n {
		t.Errorf("last progress call %v; want done == total", last)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s, err := Score(ctx, ds, DefaultSettings(), nil); !errors.Is(err, context.Canceled) || s != nil {
		t.Errorf("Score with a cancelled context = %v, %v; want nil, context.Canceled", s, err)
	}

	// Cancelled while it runs (at its first progress report), it stops
	// part way: the check after the work gives the error above whether
	// the work stopped or not. Two cores: at most a chunk of segments each
	// are under way when the cancel lands.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	ctx, cancel = context.WithCancel(context.Background())
	most := 0
	s, err := Score(ctx, ds, DefaultSettings(), func(done, total int) {
		most = max(most, done)
		cancel()
	})
	if !errors.Is(err, context.Canceled) || s != nil {
		t.Errorf("Score cancelled while it runs = %v, %v; want nil, context.Canceled", s, err)
	}
	if most == 0 || most >= n {
		t.Errorf("Score cancelled at its first progress report went on to %d of its %d segment scores; want it stopped part way", most, 2*n)
	}
}

func TestSettings(t *testing.T) {
	set := DefaultSettings()
	if set.Corpus.EffectiveOrder || !set.Sentence.EffectiveOrder {
		t.Error("DefaultSettings: want effective order off for corpus scores and on for sentence scores")
	}
	set = set.WithOption(func(o *scoring.Options) { o.Tokenize = "intl" })
	if set.Corpus.Tokenize != "intl" || set.Sentence.Tokenize != "intl" {
		t.Error("WithOption did not change both kinds of options")
	}
	set.Sentence.Lowercase = true
	if err := set.Validate(); !errors.Is(err, ErrSettingsMismatch) {
		t.Errorf("Validate with different case = %v; want ErrSettingsMismatch", err)
	}
	if _, err := Score(context.Background(), corpusDataset(), set, nil); !errors.Is(err, ErrSettingsMismatch) {
		t.Errorf("Score with different case = %v; want ErrSettingsMismatch", err)
	}
	bad := DefaultSettings().WithOption(func(o *scoring.Options) { o.Tokenize = "x" })
	var oe *scoring.OptionError
	if err := bad.Validate(); !errors.As(err, &oe) || oe.Option != scoring.OptTokenize || !strings.Contains(oe.Msg, `"x"`) {
		t.Errorf("Validate(tokenizer x) = %v; want an *OptionError about the tokenizer", err)
	}
	if o := mustScore(t, corpusDataset(), DefaultSettings(), CountOrders(12)).Orders(); o != scoring.MaxOrderLimit {
		t.Errorf("Orders() = %d after CountOrders(12); want capped at %d", o, scoring.MaxOrderLimit)
	}
}

// TestSegmentsDeltaWhereBaselineRaises: the text table's Δ against a
// baseline NLTK raises on at a segment reads error, never NaN.
func TestSegmentsDeltaWhereBaselineRaises(t *testing.T) {
	ds := memDataset(nil, [][]string{{"the cat sat on the mat", "the cat sat on the mat"}},
		System{Name: "a", Hyps: []string{"the cat sat on a mat", "the cat sat on a mat"}},
		System{Name: "b", Hyps: []string{"the cat sat on a mat", "the"}})
	s := mustScore(t, ds, nltkSettings(6))
	if !math.IsNaN(s.Systems[1].Sentence[1]) || math.IsNaN(s.Systems[0].Sentence[1]) {
		t.Fatalf("the test's premise: b raises on line 2 and a does not (%v, %v)", s.Systems[0].Sentence, s.Systems[1].Sentence)
	}
	var b strings.Builder
	if err := WriteSegmentsMetrics(&b, ds, s, []int{1}, 0, 1, nil, FormatText); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, "NaN") || !strings.Contains(out, "error") {
		t.Errorf("Δ against a baseline that raises:\n%s", out)
	}
}
