package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// sigRecord is one record of significance.jsonl (the fields read here).
type sigRecord struct {
	ID          string            `json:"id"`
	Files       map[string]string `json:"files"`
	RefFiles    []string          `json:"ref_files"`
	SystemFiles []string          `json:"system_files"`
	Test        string            `json:"test"`
	Metrics     []struct {
		Metric  string              `json:"metric"`
		Options conformance.Options `json:"options"`
	} `json:"metrics"`
	N        int     `json:"n"`
	Seed     *string `json:"seed"`
	RNGSeed  *uint64 `json:"rng_seed"`
	NARConf  *int    `json:"n_ar_confidence"`
	CLICwd   string  `json:"cli_cwd"`
	Expected struct {
		API map[string][]*struct {
			Score  *float64 `json:"score"`
			PValue *float64 `json:"p_value"`
			Mean   *float64 `json:"mean"`
			CI     *float64 `json:"ci"`
		} `json:"api"`
	} `json:"expected"`
}

// sigObject is one object of compare's or score --confidence's JSON.
type sigObject struct {
	System   string      `json:"system"`
	Baseline bool        `json:"baseline"`
	Test     string      `json:"test"`
	N        int         `json:"n"`
	Seed     json.Number `json:"seed"`
	Score    *float64    `json:"score"`
	Mean     *float64    `json:"mean"`
	CI       *float64    `json:"ci"`
	PValue   *float64    `json:"p_value"`
	Wins     *int        `json:"wins"`
	Ties     *int        `json:"ties"`
	Losses   *int        `json:"losses"`
}

// TestCompareConformance runs every BLEU record of significance.jsonl
// through "compare --format json" (paired tests) or "score --confidence
// --format json", with the seed in SACREBLEU_SEED as sacrebleu got it,
// and compares with sacrebleu's API values: p-values exactly, the other
// floats to 1e-12 relative. It counts the bit-identical floats.
func TestCompareConformance(t *testing.T) {
	recs := conformance.ReadJSONL[sigRecord](t, filepath.Join(conformance.Dir(t), "significance.jsonl"))
	txt := conformance.Corpora(t)
	floats, identical, records := 0, 0, 0
	check := func(id, what string, got, want *float64, exact bool) {
		t.Helper()
		switch {
		case want == nil && got == nil:
			return
		case want == nil || got == nil:
			t.Errorf("%s: %s = %v, want %v (null when nil)", id, what, got, want)
			return
		}
		floats++
		if math.Float64bits(*got) == math.Float64bits(*want) {
			identical++
			return
		}
		if exact || math.Abs(*got-*want) > 1e-12*math.Abs(*want) {
			t.Errorf("%s: %s = %v, want %v", id, what, *got, *want)
		}
	}
	for _, rec := range recs {
		want := rec.Expected.API["BLEU"]
		if want == nil {
			continue // chrF/TER only, or a command-line error record
		}
		var opt conformance.Options
		for _, m := range rec.Metrics {
			if m.Metric == "bleu" {
				opt = m.Options
			}
		}
		dir := txt
		if rec.CLICwd == "files" {
			dir = t.TempDir()
			for name, content := range rec.Files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		args := []string{"compare"}
		switch rec.Test {
		case "confidence":
			args = []string{"score", "--confidence", "--confidence-n", strconv.Itoa(rec.N)}
		case "paired-bs":
			args = append(args, "--paired-bs-n", strconv.Itoa(rec.N))
		case "paired-ar":
			args = append(args, "--paired-ar", "--paired-ar-n", strconv.Itoa(rec.N))
		}
		args = append(args, "--format", "json", "-t", opt.Tokenize, "--smooth", opt.SmoothMethod)
		if opt.Lowercase {
			args = append(args, "-l")
		}
		if opt.SmoothValue != nil {
			args = append(args, "--smooth-value", strconv.FormatFloat(*opt.SmoothValue, 'g', -1, 64))
		}
		for _, f := range rec.RefFiles {
			args = append(args, "-r", filepath.Join(dir, f))
		}
		for _, f := range rec.SystemFiles {
			args = append(args, filepath.Join(dir, f))
		}
		unsetSeed(t)
		if rec.Seed != nil {
			t.Setenv("SACREBLEU_SEED", *rec.Seed)
		}
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Errorf("%s: %s: status %d, stderr %q", rec.ID, strings.Join(args[:2], " "), code, stderr)
			continue
		}
		var got []sigObject
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != len(want) {
			t.Errorf("%s: want a JSON array of %d objects (%v): %s", rec.ID, len(want), err, out)
			continue
		}
		records++
		reproducible := rec.RNGSeed != nil // SACREBLEU_SEED=none: OS entropy
		for s, w := range want {
			if w == nil {
				continue // sacrebleu's seed-0 systems drew from OS entropy
			}
			g := got[s]
			id := rec.ID + " system " + strconv.Itoa(s)
			check(id, "score", g.Score, w.Score, false)
			if rec.Test != "confidence" {
				if g.Baseline != (s == 0) || g.Test != rec.Test || (rec.N > 0 && g.N != rec.N) {
					t.Errorf("%s: baseline/test/n = %v/%s/%d", id, g.Baseline, g.Test, g.N)
				}
				check(id, "p_value", g.PValue, w.PValue, true)
				if (s == 0) != (g.Wins == nil) {
					t.Errorf("%s: wins %v: want null exactly for the baseline", id, g.Wins)
				}
				if rec.Test == "paired-ar" && (g.Mean != nil || g.CI != nil) {
					t.Errorf("%s: AR mean/ci %v/%v, want null as in sacrebleu's command line", id, g.Mean, g.CI)
				}
			}
			if !reproducible || rec.NARConf != nil {
				// No seed to reproduce, or an AR CI that only sacrebleu's
				// API computes (the command line never does).
				continue
			}
			check(id, "mean", g.Mean, w.Mean, false)
			check(id, "ci", g.CI, w.CI, false)
			if reproducible && g.Seed.String() != strconv.FormatUint(*rec.RNGSeed, 10) {
				t.Errorf("%s: seed %s, want %d", id, g.Seed, *rec.RNGSeed)
			}
		}
	}
	t.Logf("significance.jsonl through the command line: %d BLEU records, %d of %d floats bit-identical", records, identical, floats)
	if records == 0 {
		t.Error("no BLEU record checked")
	}
}
