package scoring

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir returns the shared folder beside the repository, or skips the
// test when it is absent.
func sharedDir(t testing.TB, parts ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{"..", "..", "shared"}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s not found: conformance data is not available on this machine, test skipped", filepath.Join(parts...))
	}
	return p
}

// readJSONL calls fn with every record of a JSON Lines file.
func readJSONL(t *testing.T, path string, fn func(line int, raw []byte)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if len(strings.TrimSpace(string(b))) > 0 {
			fn(line, b)
		}
		if err != nil {
			return
		}
	}
}

// confOptions is the options object of the conformance files.
type confOptions struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	SmoothMethod   string   `json:"smooth_method"`
	SmoothValue    *float64 `json:"smooth_value"`
	MaxNgramOrder  int      `json:"max_ngram_order"`
	EffectiveOrder bool     `json:"effective_order"`
}

func (c confOptions) options() Options {
	o := DefaultOptions()
	o.Tokenize, o.Lowercase, o.Smooth = c.Tokenize, c.Lowercase, c.SmoothMethod
	o.SmoothValue = DefaultSmoothValue(c.SmoothMethod)
	if c.SmoothValue != nil {
		o.SmoothValue = *c.SmoothValue
	}
	o.MaxOrder, o.EffectiveOrder = c.MaxNgramOrder, c.EffectiveOrder
	return o
}

// confExpected is the expected BLEUScore of the conformance files.
type confExpected struct {
	Score           float64   `json:"score"`
	Counts          []float64 `json:"counts"`
	Totals          []float64 `json:"totals"`
	Precisions      []float64 `json:"precisions"`
	BP              float64   `json:"bp"`
	Ratio           *float64  `json:"ratio"`
	SysLen          int       `json:"sys_len"`
	RefLen          int       `json:"ref_len"`
	Signature       string    `json:"signature"`
	SignatureShort  string    `json:"signature_short"`
	Formatted       string    `json:"formatted"`
	FormattedCLI    string    `json:"formatted_cli_text"`
	RawCounts       []int     `json:"raw_counts"`
	RawTotals       []int     `json:"raw_totals"`
	ScoreEffOrderNo *float64  `json:"score_effective_order_false"`
}

// closeTo compares floats as the conformance README asks: 1e-12 relative,
// 1e-12 absolute near 0.
func closeTo(got, want float64) bool {
	if got == want {
		return true
	}
	d := math.Abs(got - want)
	return d <= 1e-12 || d <= 1e-12*math.Abs(want)
}

// diffResult lists every way r differs from e (empty when they agree).
// Signatures are compared with sacrebleu's version in place of ours.
func diffResult(r Result, st Stats, e confExpected, opt Options, nrefs int) []string {
	var d []string
	bad := func(what string, got, want any) {
		d = append(d, what+": got "+jsonString(got)+", want "+jsonString(want))
	}
	if !closeTo(r.Score, e.Score) {
		bad("score", r.Score, e.Score)
	}
	if !floatsClose(r.Counts, e.Counts) {
		bad("counts", r.Counts, e.Counts)
	}
	if !floatsClose(r.Totals, e.Totals) {
		bad("totals", r.Totals, e.Totals)
	}
	if !floatsClose(r.Precisions, e.Precisions) {
		bad("precisions", r.Precisions, e.Precisions)
	}
	if !closeTo(r.BP, e.BP) {
		bad("bp", r.BP, e.BP)
	}
	if e.Ratio != nil && !closeTo(r.Ratio, *e.Ratio) {
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
		if s := Signature(opt, nrefs, "2.6.0"); s != e.Signature {
			bad("signature", s, e.Signature)
		}
		if s := ShortSignature(opt, nrefs, "2.6.0"); s != e.SignatureShort {
			bad("short signature", s, e.SignatureShort)
		}
	}
	if e.Formatted != "" {
		if s := r.Verbose(2); s != e.Formatted {
			bad("formatted", s, e.Formatted)
		}
	}
	if e.FormattedCLI != "" {
		if s := r.CLIText(e.Signature); s != e.FormattedCLI {
			bad("cli text", s, e.FormattedCLI)
		}
	}
	return d
}

func floatsClose(got, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !closeTo(got[i], want[i]) {
			return false
		}
	}
	return true
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

func TestConformanceSentenceBLEU(t *testing.T) {
	path := filepath.Join(sharedDir(t, "conformance"), "sentence_bleu.jsonl")
	a := &agreement{t: t, file: "sentence_bleu.jsonl"}
	readJSONL(t, path, func(line int, raw []byte) {
		var rec struct {
			ID       string       `json:"id"`
			Hyp      string       `json:"hyp"`
			Refs     []string     `json:"refs"`
			Options  confOptions  `json:"options"`
			Expected confExpected `json:"expected"`
		}
		if err := json.Unmarshal(raw, &rec); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		opt := rec.Options.options()
		st, err := SentenceStats(rec.Hyp, rec.Refs, opt)
		if err != nil {
			a.check(rec.ID, []string{err.Error()})
			return
		}
		r := Compute(st, opt)
		diffs := diffResult(r, st, rec.Expected, opt, len(rec.Refs))
		d, err := Explain(rec.Hyp, rec.Refs, opt)
		if err != nil || d.Stats != st {
			diffs = append(diffs, "Explain disagrees with Scorer: "+jsonString(d.Stats)+" vs "+jsonString(st))
		}
		a.check(rec.ID, diffs)
	})
	a.report()
}

func TestConformanceCorpusBLEU(t *testing.T) {
	path := filepath.Join(sharedDir(t, "conformance"), "corpus_bleu.jsonl")
	a := &agreement{t: t, file: "corpus_bleu.jsonl"}
	readJSONL(t, path, func(line int, raw []byte) {
		var rec struct {
			ID       string       `json:"id"`
			Hyps     []string     `json:"hyps"`
			Refs     [][]*string  `json:"refs"`
			Options  confOptions  `json:"options"`
			Expected confExpected `json:"expected"`
		}
		if err := json.Unmarshal(raw, &rec); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		opt := rec.Options.options()
		nrefs := -2
		var sum Stats
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
				nrefs = VariableRefs
			}
			st, err := SentenceStats(hyp, refs, opt)
			if err != nil {
				a.check(rec.ID, []string{err.Error()})
				return
			}
			sum.Add(st)
		}
		diffs := diffResult(Compute(sum, opt), sum, rec.Expected, opt, nrefs)
		a.check(rec.ID, diffs)
	})
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
	path := filepath.Join(sharedDir(t, "conformance"), "wmt22_public.jsonl")
	txt := sharedDir(t, "corpora", "wmt22", "txt")
	a := &agreement{t: t, file: "wmt22_public.jsonl"}
	readJSONL(t, path, func(line int, raw []byte) {
		var rec struct {
			System   string       `json:"system"`
			HypFile  string       `json:"hyp_file"`
			RefFiles []string     `json:"ref_files"`
			Options  confOptions  `json:"options"`
			Expected confExpected `json:"expected"`
		}
		if err := json.Unmarshal(raw, &rec); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		opt := rec.Options.options()
		hyps := readLines(t, filepath.Join(txt, rec.HypFile))
		var refs [][]string
		for _, f := range rec.RefFiles {
			refs = append(refs, readLines(t, filepath.Join(txt, f)))
		}
		st, err := CorpusStats(context.Background(), len(hyps), opt, func(i int, out []string) (string, []string) {
			for _, stream := range refs {
				out = append(out, stream[i])
			}
			return hyps[i], out
		})
		if err != nil {
			a.check(rec.HypFile, []string{err.Error()})
			return
		}
		a.check(rec.HypFile, diffResult(Compute(st, opt), st, rec.Expected, opt, len(refs)))
	})
	a.report()
}

func TestConformanceWMT22Sentence(t *testing.T) {
	path := filepath.Join(sharedDir(t, "conformance"), "wmt22_public_sentence.jsonl")
	txt := sharedDir(t, "corpora", "wmt22", "txt")
	a := &agreement{t: t, file: "wmt22_public_sentence.jsonl"}
	files := map[string][]string{}
	lines := func(f string) []string {
		if _, ok := files[f]; !ok {
			files[f] = readLines(t, filepath.Join(txt, f))
		}
		return files[f]
	}
	readJSONL(t, path, func(line int, raw []byte) {
		var rec struct {
			HypFile  string       `json:"hyp_file"`
			RefFiles []string     `json:"ref_files"`
			Line     int          `json:"line"`
			Options  confOptions  `json:"options"`
			Expected confExpected `json:"expected"`
		}
		if err := json.Unmarshal(raw, &rec); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		opt := rec.Options.options()
		hyp := lines(rec.HypFile)[rec.Line-1]
		var refs []string
		for _, f := range rec.RefFiles {
			refs = append(refs, lines(f)[rec.Line-1])
		}
		st, err := SentenceStats(hyp, refs, opt)
		if err != nil {
			a.check(rec.HypFile, []string{err.Error()})
			return
		}
		diffs := diffResult(Compute(st, opt), st, rec.Expected, opt, len(refs))
		noEff := opt
		noEff.EffectiveOrder = false
		if s := Compute(st, noEff).Score; rec.Expected.ScoreEffOrderNo != nil && !closeTo(s, *rec.Expected.ScoreEffOrderNo) {
			diffs = append(diffs, "score with effective order off: got "+jsonString(s)+", want "+jsonString(*rec.Expected.ScoreEffOrderNo))
		}
		a.check(rec.HypFile+":"+jsonString(rec.Line), diffs)
	})
	a.report()
}
