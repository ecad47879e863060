package scoring_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// diffResult lists every way r differs from e (empty when they agree).
// Signatures are compared with sacrebleu's version in place of ours.
func diffResult(r scoring.Result, st scoring.Stats, e conformance.Expected, opt scoring.Options, nrefs int) []string {
	var d []string
	bad := func(what string, got, want any) {
		d = append(d, what+": got "+jsonString(got)+", want "+jsonString(want))
	}
	if !conformance.CloseTo(r.Score, e.Score) {
		bad("score", r.Score, e.Score)
	}
	if !conformance.AllClose(r.Counts, e.Counts) {
		bad("counts", r.Counts, e.Counts)
	}
	if !conformance.AllClose(r.Totals, e.Totals) {
		bad("totals", r.Totals, e.Totals)
	}
	if !conformance.AllClose(r.Precisions, e.Precisions) {
		bad("precisions", r.Precisions, e.Precisions)
	}
	if !conformance.CloseTo(r.BP, e.BP) {
		bad("bp", r.BP, e.BP)
	}
	if e.Ratio != nil && !conformance.CloseTo(r.Ratio, *e.Ratio) {
		bad("ratio", r.Ratio, *e.Ratio)
	}
	if r.SysLen != e.SysLen || r.RefLen != e.RefLen {
		bad("lengths", []int{r.SysLen, r.RefLen}, []int{e.SysLen, e.RefLen})
	}
	if e.RawCounts != nil {
		for n := range e.RawCounts {
			if st.Matches[n] != e.RawCounts[n] || st.Totals[n] != e.RawTotals[n] {
				bad("raw stats", st, []any{e.RawCounts, e.RawTotals})
				break
			}
		}
	}
	if e.Signature != "" {
		if s := scoring.Signature(opt, nrefs, "2.6.0"); s != e.Signature {
			bad("signature", s, e.Signature)
		}
		if s := scoring.ShortSignature(opt, nrefs, "2.6.0"); s != e.SignatureShort {
			bad("short signature", s, e.SignatureShort)
		}
	}
	if e.Formatted != "" {
		if s := r.Verbose(2); s != e.Formatted {
			bad("formatted", s, e.Formatted)
		}
	}
	if e.FormattedCLIText != "" {
		if s := r.CLIText(e.Signature); s != e.FormattedCLIText {
			bad("cli text", s, e.FormattedCLIText)
		}
	}
	return d
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// agreement counts agreeing cases and reports the first disagreements.
type agreement struct {
	t           *testing.T
	file        string
	agree, seen int
}

func (a *agreement) check(id string, diffs []string) {
	a.seen++
	if len(diffs) == 0 {
		a.agree++
		return
	}
	if a.seen-a.agree <= 10 {
		a.t.Errorf("%s %s: %s", a.file, id, strings.Join(diffs, "; "))
	}
}

func (a *agreement) report() {
	a.t.Logf("%s: %d of %d cases agree", a.file, a.agree, a.seen)
	if a.seen == 0 {
		a.t.Errorf("%s: no cases read", a.file)
	}
}

// sentenceCase is one record of sentence_bleu.jsonl.
type sentenceCase struct {
	ID       string               `json:"id"`
	Hyp      string               `json:"hyp"`
	Refs     []string             `json:"refs"`
	Options  conformance.Options  `json:"options"`
	Expected conformance.Expected `json:"expected"`
}

func TestConformanceSentenceBLEU(t *testing.T) {
	recs := conformance.ReadJSONL[sentenceCase](t, filepath.Join(conformance.Dir(t), "sentence_bleu.jsonl"))
	a := &agreement{t: t, file: "sentence_bleu.jsonl"}
	for _, rec := range recs {
		opt := rec.Options.Scoring()
		st, err := scoring.SentenceStats(rec.Hyp, rec.Refs, opt)
		if err != nil {
			a.check(rec.ID, []string{err.Error()})
			continue
		}
		r := scoring.Compute(st, opt)
		diffs := diffResult(r, st, rec.Expected, opt, len(rec.Refs))
		d, err := scoring.Explain(rec.Hyp, rec.Refs, opt)
		if err != nil || d.Stats != st {
			diffs = append(diffs, "Explain disagrees with Scorer: "+jsonString(d.Stats)+" vs "+jsonString(st))
		}
		a.check(rec.ID, diffs)
	}
	a.report()
}

// corpusCase is one record of corpus_bleu.jsonl; a nil reference is
// skipped for its segment.
type corpusCase struct {
	ID       string               `json:"id"`
	Hyps     []string             `json:"hyps"`
	Refs     [][]*string          `json:"refs"`
	Options  conformance.Options  `json:"options"`
	Expected conformance.Expected `json:"expected"`
}

func TestConformanceCorpusBLEU(t *testing.T) {
	recs := conformance.ReadJSONL[corpusCase](t, filepath.Join(conformance.Dir(t), "corpus_bleu.jsonl"))
	a := &agreement{t: t, file: "corpus_bleu.jsonl"}
recs:
	for _, rec := range recs {
		opt := rec.Options.Scoring()
		nrefs := -2
		var sum scoring.Stats
		for i, hyp := range rec.Hyps {
			var refs []string
			for _, stream := range rec.Refs {
				if stream[i] != nil {
					refs = append(refs, *stream[i])
				}
			}
			if nrefs == -2 {
				nrefs = len(refs)
			} else if nrefs != len(refs) {
				nrefs = scoring.VariableRefs
			}
			st, err := scoring.SentenceStats(hyp, refs, opt)
			if err != nil {
				a.check(rec.ID, []string{err.Error()})
				continue recs
			}
			sum.Add(st)
		}
		diffs := diffResult(scoring.Compute(sum, opt), sum, rec.Expected, opt, nrefs)
		a.check(rec.ID, diffs)
	}
	a.report()
}

// readLines reads a WMT22 text file as sacrebleu's command line does: lines
// end at "\n" only.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSuffix(string(b), "\n")
	return strings.Split(s, "\n")
}

func TestConformanceWMT22Corpus(t *testing.T) {
	recs := conformance.ReadJSONL[conformance.WMT22Corpus](t, filepath.Join(conformance.Dir(t), "wmt22_public.jsonl"))
	txt := conformance.Corpora(t)
	a := &agreement{t: t, file: "wmt22_public.jsonl"}
	for _, rec := range recs {
		opt := rec.Options.Scoring()
		hyps := readLines(t, filepath.Join(txt, rec.HypFile))
		var refs [][]string
		for _, f := range rec.RefFiles {
			refs = append(refs, readLines(t, filepath.Join(txt, f)))
		}
		st, err := scoring.CorpusStats(context.Background(), len(hyps), opt, func(i int, out []string) (string, []string) {
			for _, stream := range refs {
				out = append(out, stream[i])
			}
			return hyps[i], out
		})
		if err != nil {
			a.check(rec.HypFile, []string{err.Error()})
			continue
		}
		a.check(rec.HypFile, diffResult(scoring.Compute(st, opt), st, rec.Expected, opt, len(refs)))
	}
	a.report()
}

func TestConformanceWMT22Sentence(t *testing.T) {
	recs := conformance.ReadJSONL[conformance.WMT22Sentence](t, filepath.Join(conformance.Dir(t), "wmt22_public_sentence.jsonl"))
	txt := conformance.Corpora(t)
	a := &agreement{t: t, file: "wmt22_public_sentence.jsonl"}
	files := map[string][]string{}
	lines := func(f string) []string {
		if _, ok := files[f]; !ok {
			files[f] = readLines(t, filepath.Join(txt, f))
		}
		return files[f]
	}
	for _, rec := range recs {
		opt := rec.Options.Scoring()
		hyp := lines(rec.HypFile)[rec.Line-1]
		var refs []string
		for _, f := range rec.RefFiles {
			refs = append(refs, lines(f)[rec.Line-1])
		}
		st, err := scoring.SentenceStats(hyp, refs, opt)
		if err != nil {
			a.check(rec.HypFile, []string{err.Error()})
			continue
		}
		diffs := diffResult(scoring.Compute(st, opt), st, rec.Expected.Expected, opt, len(refs))
		noEff := opt
		noEff.EffectiveOrder = false
		if s, want := scoring.Compute(st, noEff).Score, rec.Expected.ScoreEffectiveOrderFalse; !conformance.CloseTo(s, want) {
			diffs = append(diffs, "score with effective order off: got "+jsonString(s)+", want "+jsonString(want))
		}
		a.check(rec.HypFile+":"+jsonString(rec.Line), diffs)
	}
	a.report()
}
