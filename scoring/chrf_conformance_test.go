package scoring_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// chrfRecord is one record of chrf.jsonl, sentence or corpus level. Refs
// is a list of strings for a sentence and a list of streams for a corpus,
// so it is decoded once the level is known.
type chrfRecord struct {
	ID       string          `json:"id"`
	Level    string          `json:"level"`
	Hyp      string          `json:"hyp"`
	Hyps     []string        `json:"hyps"`
	Refs     json.RawMessage `json:"refs"`
	HypFile  string          `json:"hyp_file"`
	RefFiles []string        `json:"ref_files"`
	Options  struct {
		CharOrder    int  `json:"char_order"`
		WordOrder    int  `json:"word_order"`
		Beta         int  `json:"beta"`
		Lowercase    bool `json:"lowercase"`
		Whitespace   bool `json:"whitespace"`
		EpsSmoothing bool `json:"eps_smoothing"`
	} `json:"options"`
	Expected struct {
		Score            float64   `json:"score"`
		Name             string    `json:"name"`
		Stats            []int     `json:"stats"`
		Signature        string    `json:"signature"`
		SignatureShort   string    `json:"signature_short"`
		Formatted        string    `json:"formatted"`
		FormattedCLIText string    `json:"formatted_cli_text"`
		PerRefScores     []float64 `json:"per_ref_scores"`
	} `json:"expected"`
}

func (r *chrfRecord) options() scoring.ChrFOptions {
	o := r.Options
	return scoring.ChrFOptions{CharOrder: o.CharOrder, WordOrder: o.WordOrder, Beta: o.Beta,
		Lowercase: o.Lowercase, Whitespace: o.Whitespace, EpsSmoothing: o.EpsSmoothing}
}

// cliLines reads a text file as sacrebleu's command line does: lines end
// at "\n" only and each line is right-stripped.
func cliLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return splitCLILines(string(b))
}

// splitCLILines splits a text as sacrebleu's command line reads a file:
// lines end at "\n" only and each line is right-stripped.
func splitCLILines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = scoring.PyRstrip(l)
	}
	return lines
}

// fileCache reads each WMT22 file once per test.
type fileCache struct {
	t     *testing.T
	dir   string
	files map[string][]string
}

func (c *fileCache) lines(name string) []string {
	if c.dir == "" {
		c.dir = conformance.Corpora(c.t)
		c.files = map[string][]string{}
	}
	if l, ok := c.files[name]; ok {
		return l
	}
	l := cliLines(c.t, filepath.Join(c.dir, name))
	c.files[name] = l
	return l
}

// formatScore is sacrebleu's f"{score:.{width}f}".
func formatScore(x float64, width int) string { return strconv.FormatFloat(x, 'f', width, 64) }

func TestConformanceChrF(t *testing.T) {
	recs := conformance.ReadJSONL[chrfRecord](t, filepath.Join(conformance.Dir(t), "chrf.jsonl"))
	a := &agreement{t: t, file: "chrf.jsonl"}
	files := &fileCache{t: t}
	levels := map[string]int{}
	exact := 0
	for _, rec := range recs {
		o := rec.options()
		e := rec.Expected
		var diffs []string
		bad := func(what string, got, want any) {
			diffs = append(diffs, what+": got "+jsonString(got)+", want "+jsonString(want))
		}
		var stats []int
		var nrefs int
		var err error
		switch rec.Level {
		case "sentence":
			var refs []string
			if err := json.Unmarshal(rec.Refs, &refs); err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			nrefs = len(refs)
			var score float64
			score, stats, err = scoring.SentenceChrF(rec.Hyp, refs, o)
			if err == nil && !conformance.CloseTo(score, scoring.ChrFScore(stats, o)) {
				bad("SentenceChrF score vs ChrFScore", score, scoring.ChrFScore(stats, o))
			}
			for k, want := range e.PerRefScores {
				got, _, _ := scoring.SentenceChrF(rec.Hyp, refs[k:k+1], o)
				if !conformance.CloseTo(got, want) {
					bad("score against reference "+strconv.Itoa(k+1), got, want)
				}
			}
		case "corpus":
			hyps, refs := rec.Hyps, [][]string(nil)
			if rec.HypFile != "" {
				hyps = files.lines(rec.HypFile)
				for _, f := range rec.RefFiles {
					refs = append(refs, files.lines(f))
				}
			} else if err := json.Unmarshal(rec.Refs, &refs); err != nil {
				t.Fatalf("%s: %v", rec.ID, err)
			}
			nrefs = len(refs)
			_, stats, err = scoring.CorpusChrF(hyps, refs, o)
		default:
			t.Fatalf("%s: unknown level %q", rec.ID, rec.Level)
		}
		levels[rec.Level]++
		if err != nil {
			a.check(rec.ID, []string{err.Error()})
			continue
		}
		score := scoring.ChrFScore(stats, o)
		if !conformance.CloseTo(score, e.Score) {
			bad("score", score, e.Score)
		}
		if score == e.Score {
			exact++
		}
		if !slices.Equal(stats, e.Stats) {
			bad("stats", stats, e.Stats)
		}
		if s := o.Name(); s != e.Name {
			bad("name", s, e.Name)
		}
		if s := scoring.ChrFSignature(o, nrefs, "2.6.0"); s != e.Signature {
			bad("signature", s, e.Signature)
		}
		if s := scoring.ChrFShortSignature(o, nrefs, "2.6.0"); s != e.SignatureShort {
			bad("short signature", s, e.SignatureShort)
		}
		if s := o.Name() + " = " + formatScore(score, 2); s != e.Formatted {
			bad("formatted", s, e.Formatted)
		}
		if e.FormattedCLIText != "" {
			if s := o.Name() + "|" + e.Signature + " = " + formatScore(score, 1); s != e.FormattedCLIText {
				bad("cli text", s, e.FormattedCLIText)
			}
		}
		a.check(rec.ID, diffs)
	}
	a.report()
	t.Logf("chrf.jsonl: %d sentence and %d corpus records; %d scores bit-identical", levels["sentence"], levels["corpus"], exact)
}

// TestChrFSegmentsSumToCorpus checks on a WMT22 system that the parallel
// per-segment statistics, summed in any order, equal the corpus statistics
// and that each equals the single-segment computation.
func TestChrFSegmentsSumToCorpus(t *testing.T) {
	files := &fileCache{t: t}
	hyps := files.lines("system-outputs/generaltest2022.en-ja.hyp.AISP-SJTU.ja")
	refs := files.lines("references/generaltest2022.en-ja.ref.A.ja")
	o := scoring.ChrFPlusPlusOptions()
	o.Lowercase = true
	src := func(i int, out []string) (string, []string) { return hyps[i], append(out, refs[i]) }
	per := make([][]int, len(hyps))
	if err := scoring.ChrFSegments(context.Background(), len(hyps), o, src, func(i int, st []int) {
		per[i] = slices.Clone(st)
	}); err != nil {
		t.Fatal(err)
	}
	sum := make([]int, o.Width())
	for i, st := range per {
		if i%97 == 0 {
			_, want, _ := scoring.SentenceChrF(hyps[i], []string{refs[i]}, o)
			if !slices.Equal(st, want) {
				t.Errorf("segment %d: parallel %v, alone %v", i+1, st, want)
			}
		}
		for k, v := range st {
			sum[k] += v
		}
	}
	total, err := scoring.ChrFCorpusStats(context.Background(), len(hyps), o, src)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sum, total) {
		t.Errorf("sum of segments %v, corpus statistics %v", sum, total)
	}
}
