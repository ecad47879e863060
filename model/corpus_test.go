package model

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestCorpusScoresAgreesWithScore checks the streaming corpus scores
// against the corpus scores of a full Score, in both compats and for a
// method that needs the last segment's text.
func TestCorpusScoresAgreesWithScore(t *testing.T) {
	ds := exportDataset()
	for name, set := range map[string]Settings{
		"sacrebleu": DefaultSettings(),
		"lowercase": DefaultSettings().WithOption(func(o *scoring.Options) { o.Lowercase, o.MaxOrder = true, 2 }),
		"nltk 1":    nltkSettings(1),
		"nltk 7":    nltkSettings(7),
	} {
		full := mustScore(t, ds, set)
		got, err := CorpusScores(context.Background(), ds, set)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for s := range ds.Systems {
			g, w := got.Systems[s], full.Systems[s]
			if !reflect.DeepEqual(g.Corpus, w.Corpus) || fmt.Sprint(g.CorpusErr) != fmt.Sprint(w.CorpusErr) {
				t.Errorf("%s, system %d: CorpusScores = %+v (%v); Score = %+v (%v)", name, s, g.Corpus, g.CorpusErr, w.Corpus, w.CorpusErr)
			}
		}
	}
}

func TestCorpusScoresCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ds := memDataset(nil, [][]string{make([]string, 10000)}, System{Name: "a", Hyps: make([]string, 10000)})
	if _, err := CorpusScores(ctx, ds, DefaultSettings()); !errors.Is(err, context.Canceled) {
		t.Errorf("CorpusScores with a cancelled context = %v; want context.Canceled", err)
	}
}

// TestCorpusTextNLTK checks that the text line shows NLTK's 0-1 figures
// to four decimals, as the score command always printed them: one decimal,
// sacrebleu's form, would show 0.8 for 0.7661.
func TestCorpusTextNLTK(t *testing.T) {
	ds := exportDataset()
	s := mustScore(t, ds, nltkSettings(1))
	var b strings.Builder
	if err := WriteCorpus(&b, ds, s, FormatText); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(ds.Systems) {
		t.Fatalf("%d lines for %d systems:\n%s", len(lines), len(ds.Systems), b.String())
	}
	for i, l := range lines {
		r := s.Systems[i].Corpus
		_, rest, ok := strings.Cut(l, " = ")
		f := strings.Fields(rest)
		if !ok || len(f) < 2 {
			t.Fatalf("line %q has no score", l)
		}
		score, err := strconv.ParseFloat(f[0], 64)
		if err != nil || len(f[0]) != len("0.0000") || abs(score-r.Score) > 0.5e-4 {
			t.Errorf("line %q: score %q; want %v to four decimals", l, f[0], r.Score)
		}
		ps := strings.Split(f[1], "/")
		if len(ps) != len(r.Precisions) {
			t.Fatalf("line %q: %d precisions; want %d", l, len(ps), len(r.Precisions))
		}
		for k, p := range ps {
			x, err := strconv.ParseFloat(p, 64)
			if err != nil || len(p) != len("0.0000") || abs(x-r.Precisions[k]) > 0.5e-4 {
				t.Errorf("line %q: p%d %q; want %v to four decimals", l, k+1, p, r.Precisions[k])
			}
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
