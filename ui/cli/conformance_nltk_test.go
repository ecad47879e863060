package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// nltkCorpusCase is a corpus_bleu record of nltk.jsonl.
type nltkCorpusCase struct {
	ID       string `json:"id"`
	Function string `json:"function"`
	Args     struct {
		Refs     [][][]string    `json:"list_of_references"`
		Hyps     [][]string      `json:"hypotheses"`
		Weights  json.RawMessage `json:"weights"`
		Function string          `json:"smoothing_function"`
		Params   struct {
			Epsilon, Alpha, K float64
		} `json:"smoothing_params"`
		AutoReweigh bool `json:"auto_reweigh"`
	} `json:"args"`
	Expected json.RawMessage `json:"expected"`
}

// TestScoreConformanceNLTK runs "score --compat nltk -t none" on every
// single-weight-vector corpus_bleu record of nltk.jsonl, written as a JSONL
// input (tokens joined by spaces, missing references as null), and compares
// the score with NLTK 3.8's, or checks that a case where NLTK raises is
// reported as bad input.
func TestScoreConformanceNLTK(t *testing.T) {
	records := conformance.ReadJSONL[nltkCorpusCase](t, filepath.Join(conformance.Dir(t), "nltk.jsonl"))
	writeFiles(t, nil)
	checked, raised := 0, 0
	for _, r := range records {
		if r.Function != "corpus_bleu" {
			continue
		}
		var weights []float64
		if json.Unmarshal(r.Args.Weights, &weights) != nil {
			continue // several weight vectors at once: not a command-line case
		}
		var in strings.Builder
		nrefs := 0
		for _, refs := range r.Args.Refs {
			nrefs = max(nrefs, len(refs))
		}
		for i, hyp := range r.Args.Hyps {
			var refs []*string
			for k := range nrefs {
				if k < len(r.Args.Refs[i]) {
					s := strings.Join(r.Args.Refs[i][k], " ")
					refs = append(refs, &s)
				} else {
					refs = append(refs, nil)
				}
			}
			rec, err := json.Marshal(map[string]any{"refs": refs, "hyps": map[string]string{"A": strings.Join(hyp, " ")}})
			if err != nil {
				t.Fatal(err)
			}
			in.Write(rec)
			in.WriteByte('\n')
		}
		if err := os.WriteFile("case.jsonl", []byte(in.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		w := make([]string, len(weights))
		for i, x := range weights {
			w[i] = strconv.FormatFloat(x, 'g', -1, 64)
		}
		args := []string{"score", "--format", "json", "--compat", "nltk", "-t", "none",
			"--nltk-smoothing", strings.TrimPrefix(r.Args.Function, "method"),
			"--nltk-epsilon", fmt.Sprint(r.Args.Params.Epsilon), "--nltk-alpha", fmt.Sprint(r.Args.Params.Alpha),
			"--nltk-k", fmt.Sprint(r.Args.Params.K), "--weights", strings.Join(w, ","),
			fmt.Sprintf("--auto-reweigh=%v", r.Args.AutoReweigh), "case.jsonl"}
		code, out, stderr := runCLI(t, "", args...)

		var want float64
		if json.Unmarshal(r.Expected, &want) != nil {
			raised++
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if code != exitUsage || out != "" || !strings.HasPrefix(lines[len(lines)-1], "bleuscope: NLTK's corpus_bleu fails on A: ") {
				t.Errorf("%s: NLTK raises %s; got status %d, stdout %q, stderr %q", r.ID, r.Expected, code, out, stderr)
			}
			continue
		}
		var got []conformance.CorpusObject
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got) != 1 {
			t.Errorf("%s: status %d, stdout %q, stderr %q", r.ID, code, out, stderr)
			continue
		}
		if !conformance.CloseTo(got[0].Score, want) {
			t.Errorf("%s: score %v; want %v", r.ID, got[0].Score, want)
		}
		checked++
	}
	if checked+raised < 1000 || raised == 0 {
		t.Errorf("checked %d scores and %d errors; want every single-weight record", checked, raised)
	}
	t.Logf("%d NLTK corpus scores and %d NLTK errors checked", checked, raised)
}
