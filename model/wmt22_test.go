package model

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// loadWMT loads a WMT22 system output and its references through Load,
// as the command line would; the paths are relative to txt.
func loadWMT(t *testing.T, txt, hypFile string, refFiles []string) *Dataset {
	t.Helper()
	in := Input{Systems: []string{filepath.Join(txt, hypFile)}}
	for _, r := range refFiles {
		in.Refs = append(in.Refs, filepath.Join(txt, r))
	}
	return mustLoad(t, in)
}

// settingsFor returns the default settings with a record's options in
// place of sacrebleu's, except that corpus and sentence scores keep their
// own default effective order (the tests set the one they check).
func settingsFor(o conformance.Options) Settings {
	return DefaultSettings().WithOption(func(s *scoring.Options) {
		eff := s.EffectiveOrder
		*s = o.Scoring()
		s.EffectiveOrder = eff
	})
}

// diffResult lists the figures of r that differ from e.
func diffResult(r scoring.Result, e conformance.Expected, withRatio bool) []string {
	var d []string
	check := func(ok bool, name string, got, want any) {
		if !ok {
			d = append(d, fmt.Sprintf("%s = %v; want %v", name, got, want))
		}
	}
	check(conformance.CloseTo(r.Score, e.Score), "score", r.Score, e.Score)
	check(conformance.AllClose(r.Counts, e.Counts), "counts", r.Counts, e.Counts)
	check(conformance.AllClose(r.Totals, e.Totals), "totals", r.Totals, e.Totals)
	check(conformance.AllClose(r.Precisions, e.Precisions), "precisions", r.Precisions, e.Precisions)
	check(conformance.CloseTo(r.BP, e.BP), "bp", r.BP, e.BP)
	if withRatio {
		check(conformance.CloseTo(r.Ratio, *e.Ratio), "ratio", r.Ratio, *e.Ratio)
	}
	check(r.SysLen == e.SysLen, "sys_len", r.SysLen, e.SysLen)
	check(r.RefLen == e.RefLen, "ref_len", r.RefLen, e.RefLen)
	return d
}

func TestConformanceWMT22Corpus(t *testing.T) {
	recs := conformance.ReadJSONL[conformance.WMT22Corpus](t, filepath.Join(conformance.Dir(t), "wmt22_public.jsonl"))
	txt := conformance.Corpora(t)
	agree, total := 0, 0
	for _, rec := range recs {
		total++
		ds := loadWMT(t, txt, rec.HypFile, rec.RefFiles)
		set := settingsFor(rec.Options)
		set.Corpus.EffectiveOrder = rec.Options.EffectiveOrder
		s, err := Score(context.Background(), ds, set, nil)
		if err != nil {
			t.Fatal(err)
		}
		d := diffResult(s.Systems[0].Corpus, rec.Expected, true)
		if sig := conformance.SacreBLEUVersion(s.CorpusSignature(ds)); sig != rec.Expected.Signature {
			d = append(d, fmt.Sprintf("signature = %s; want %s", sig, rec.Expected.Signature))
		}
		if d != nil {
			t.Errorf("%s %s ref %s: %s", rec.Pair, rec.System, rec.RefSet, strings.Join(d, "; "))
			continue
		}
		agree++
	}
	t.Logf("wmt22_public.jsonl: %d of %d corpus scores agree with sacrebleu 2.6.0", agree, total)
}

func TestConformanceWMT22Sentence(t *testing.T) {
	recs := conformance.ReadJSONL[conformance.WMT22Sentence](t, filepath.Join(conformance.Dir(t), "wmt22_public_sentence.jsonl"))
	txt := conformance.Corpora(t)
	type run struct {
		ds            *Dataset
		scored, noEff *Scored
	}
	runs := map[string]*run{}
	agree, total := 0, 0
	for _, rec := range recs {
		total++
		key := rec.HypFile + "|" + strings.Join(rec.RefFiles, "|")
		r := runs[key]
		if r == nil {
			r = &run{ds: loadWMT(t, txt, rec.HypFile, rec.RefFiles)}
			set := settingsFor(rec.Options)
			set.Sentence.EffectiveOrder = rec.Options.EffectiveOrder
			var err error
			if r.scored, err = Score(context.Background(), r.ds, set, nil); err != nil {
				t.Fatal(err)
			}
			// The score with effective order off comes from the same
			// statistics.
			set.Sentence.EffectiveOrder = false
			var ok bool
			if r.noEff, ok = r.scored.Recompute(r.ds, set); !ok {
				t.Fatal("Recompute refused a change of effective order")
			}
			runs[key] = r
		}
		i := rec.Line - 1
		res, err := r.scored.SentenceResult(r.ds, 0, i)
		if err != nil {
			t.Fatal(err)
		}
		d := diffResult(res, rec.Expected.Expected, false)
		if got := r.scored.Systems[0].Sentence[i]; got != res.Score {
			d = append(d, fmt.Sprintf("Sentence[%d] = %v but SentenceResult gives %v", i, got, res.Score))
		}
		if got, want := r.noEff.Systems[0].Sentence[i], rec.Expected.ScoreEffectiveOrderFalse; !conformance.CloseTo(got, want) {
			d = append(d, fmt.Sprintf("score without effective order = %v; want %v", got, want))
		}
		st := r.scored.Systems[0].Stats.Get(i)
		if st.HypLen != rec.Expected.SysLen || st.RefLen != rec.Expected.RefLen {
			d = append(d, fmt.Sprintf("stats lengths %d/%d; want %d/%d", st.HypLen, st.RefLen, rec.Expected.SysLen, rec.Expected.RefLen))
		}
		if d != nil {
			t.Errorf("%s %s refs %s line %d: %s", rec.Pair, rec.System, rec.RefSet, rec.Line, strings.Join(d, "; "))
			continue
		}
		agree++
	}
	t.Logf("wmt22_public_sentence.jsonl: %d of %d sentence scores agree with sacrebleu 2.6.0 (%d system/reference runs)", agree, total, len(runs))
}
