package model

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// wmtRecord is one record of wmt22_public.jsonl or
// wmt22_public_sentence.jsonl.
type wmtRecord struct {
	Pair     string      `json:"pair"`
	System   string      `json:"system"`
	HypFile  string      `json:"hyp_file"`
	RefSet   string      `json:"ref_set"`
	RefFiles []string    `json:"ref_files"`
	Line     int         `json:"line"`
	Options  confOptions `json:"options"`
	Expected struct {
		Score                    float64   `json:"score"`
		Counts                   []float64 `json:"counts"`
		Totals                   []float64 `json:"totals"`
		Precisions               []float64 `json:"precisions"`
		BP                       float64   `json:"bp"`
		Ratio                    float64   `json:"ratio"`
		SysLen                   int       `json:"sys_len"`
		RefLen                   int       `json:"ref_len"`
		Signature                string    `json:"signature"`
		ScoreEffectiveOrderFalse float64   `json:"score_effective_order_false"`
	} `json:"expected"`
}

// loadWMT loads a WMT22 system output and its references through Load,
// as the command line would.
func loadWMT(t *testing.T, txt string, rec *wmtRecord) *Dataset {
	t.Helper()
	in := Input{Systems: []string{filepath.Join(txt, rec.HypFile)}}
	for _, r := range rec.RefFiles {
		in.Refs = append(in.Refs, filepath.Join(txt, r))
	}
	return mustLoad(t, in)
}

// diffResult lists the figures of r that differ from the expectation.
func diffResult(r scoring.Result, rec *wmtRecord, withRatio bool) []string {
	e := rec.Expected
	var d []string
	check := func(ok bool, name string, got, want any) {
		if !ok {
			d = append(d, fmt.Sprintf("%s = %v; want %v", name, got, want))
		}
	}
	check(closeTo(r.Score, e.Score), "score", r.Score, e.Score)
	check(allClose(r.Counts, e.Counts), "counts", r.Counts, e.Counts)
	check(allClose(r.Totals, e.Totals), "totals", r.Totals, e.Totals)
	check(allClose(r.Precisions, e.Precisions), "precisions", r.Precisions, e.Precisions)
	check(closeTo(r.BP, e.BP), "bp", r.BP, e.BP)
	if withRatio {
		check(closeTo(r.Ratio, e.Ratio), "ratio", r.Ratio, e.Ratio)
	}
	check(r.SysLen == e.SysLen, "sys_len", r.SysLen, e.SysLen)
	check(r.RefLen == e.RefLen, "ref_len", r.RefLen, e.RefLen)
	return d
}

func TestConformanceWMT22Corpus(t *testing.T) {
	path := sharedDir(t, "conformance", "wmt22_public.jsonl")
	txt := sharedDir(t, "corpora", "wmt22", "txt")
	agree, total := 0, 0
	readJSONL(t, path, func(rec *wmtRecord) {
		total++
		ds := loadWMT(t, txt, rec)
		set := DefaultSettings().WithOption(rec.Options.apply)
		set.Corpus.EffectiveOrder = rec.Options.EffectiveOrder
		s, err := Score(context.Background(), ds, set, nil)
		if err != nil {
			t.Fatal(err)
		}
		d := diffResult(s.Systems[0].Corpus, rec, true)
		if sig := with260(s.CorpusSignature(ds)); sig != rec.Expected.Signature {
			d = append(d, fmt.Sprintf("signature = %s; want %s", sig, rec.Expected.Signature))
		}
		if d != nil {
			t.Errorf("%s %s ref %s: %s", rec.Pair, rec.System, rec.RefSet, strings.Join(d, "; "))
			return
		}
		agree++
	})
	t.Logf("wmt22_public.jsonl: %d of %d corpus scores agree with sacrebleu 2.6.0", agree, total)
}

func TestConformanceWMT22Sentence(t *testing.T) {
	path := sharedDir(t, "conformance", "wmt22_public_sentence.jsonl")
	txt := sharedDir(t, "corpora", "wmt22", "txt")
	type run struct {
		ds            *Dataset
		scored, noEff *Scored
	}
	runs := map[string]*run{}
	agree, total := 0, 0
	readJSONL(t, path, func(rec *wmtRecord) {
		total++
		key := rec.HypFile + "|" + strings.Join(rec.RefFiles, "|")
		r := runs[key]
		if r == nil {
			r = &run{ds: loadWMT(t, txt, rec)}
			set := DefaultSettings().WithOption(rec.Options.apply)
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
		d := diffResult(res, rec, false)
		if got := r.scored.Systems[0].Sentence[i]; got != res.Score {
			d = append(d, fmt.Sprintf("Sentence[%d] = %v but SentenceResult gives %v", i, got, res.Score))
		}
		if got, want := r.noEff.Systems[0].Sentence[i], rec.Expected.ScoreEffectiveOrderFalse; !closeTo(got, want) {
			d = append(d, fmt.Sprintf("score without effective order = %v; want %v", got, want))
		}
		st := r.scored.Systems[0].Stats.Get(i)
		if st.HypLen != rec.Expected.SysLen || st.RefLen != rec.Expected.RefLen {
			d = append(d, fmt.Sprintf("stats lengths %d/%d; want %d/%d", st.HypLen, st.RefLen, rec.Expected.SysLen, rec.Expected.RefLen))
		}
		if d != nil {
			t.Errorf("%s %s refs %s line %d: %s", rec.Pair, rec.System, rec.RefSet, rec.Line, strings.Join(d, "; "))
			return
		}
		agree++
	})
	t.Logf("wmt22_public_sentence.jsonl: %d of %d sentence scores agree with sacrebleu 2.6.0 (%d system/reference runs)", agree, total, len(runs))
}
