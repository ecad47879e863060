package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// metricObject is the "chrf" or "ter" member of a JSON object.
type metricObject struct {
	Score     *float64 `json:"score"`
	Signature string   `json:"signature"`
	Mean      *float64 `json:"mean"`
	CI        *float64 `json:"ci"`
}

// metricsOutput is what --metrics adds to the objects of score and
// segments.
type metricsOutput struct {
	System string        `json:"system"`
	Line   int           `json:"line"`
	ChrF   *metricObject `json:"chrf"`
	TER    *metricObject `json:"ter"`
}

// wmtCorpusRecord is a corpus record of chrf.jsonl or ter.jsonl that
// names WMT22 files.
type wmtCorpusRecord struct {
	ID       string          `json:"id"`
	Level    string          `json:"level"`
	System   string          `json:"system"`
	HypFile  string          `json:"hyp_file"`
	RefFiles []string        `json:"ref_files"`
	Lines    []int           `json:"lines"`
	Options  map[string]any  `json:"options"`
	Expected json.RawMessage `json:"expected"`
}

// metricArgs turns a record's options into bleuscope flags, --metrics
// included.
func metricArgs(metric string, opts map[string]any) []string {
	return append(optionArgs(opts), "--metrics", "bleu,"+metric)
}

// optionArgs turns chrF or TER options of a record into bleuscope flags.
func optionArgs(opts map[string]any) []string {
	var args []string
	for k, v := range opts {
		switch v := v.(type) {
		case bool:
			if !v {
				continue
			}
			flag := map[string]string{"lowercase": "-l", "whitespace": "--chrf-whitespace", "eps_smoothing": "--chrf-eps-smoothing",
				"case_sensitive": "--ter-case-sensitive", "normalized": "--ter-normalized", "no_punct": "--ter-no-punct",
				"asian_support": "--ter-asian-support"}[k]
			args = append(args, flag)
		case float64:
			flag := map[string]string{"char_order": "--chrf-char-order", "word_order": "--chrf-word-order", "beta": "--chrf-beta"}[k]
			args = append(args, flag, strconv.Itoa(int(v)))
		}
	}
	return args
}

// TestScoreMetricsConformance runs "score --format json --metrics" on the
// WMT22 corpus records of chrf.jsonl and ter.jsonl (files read by the
// command line as sacrebleu's reads them) and compares the chrf and ter
// members with sacrebleu's scores and signatures.
func TestScoreMetricsConformance(t *testing.T) {
	dir := conformance.Dir(t)
	txt := conformance.Corpora(t)
	tmp := t.TempDir()
	checked := 0
	for _, c := range []struct{ file, metric string }{{"chrf.jsonl", "chrf"}, {"ter.jsonl", "ter"}} {
		for _, r := range conformance.ReadJSONL[wmtCorpusRecord](t, filepath.Join(dir, c.file)) {
			if r.Level != "corpus" || r.HypFile == "" {
				continue
			}
			var e struct {
				Score     float64 `json:"score"`
				Signature string  `json:"signature"`
			}
			if err := json.Unmarshal(r.Expected, &e); err != nil {
				t.Fatal(err)
			}
			files := append([]string{r.HypFile}, r.RefFiles...)
			paths := make([]string, len(files))
			for k, f := range files {
				paths[k] = filepath.Join(txt, f)
				if r.Lines != nil { // a subset: write the lines used
					data, err := os.ReadFile(paths[k])
					if err != nil {
						t.Fatal(err)
					}
					all := strings.Split(string(data), "\n")
					var b strings.Builder
					for _, l := range r.Lines {
						b.WriteString(all[l-1] + "\n")
					}
					paths[k] = filepath.Join(tmp, r.ID+"."+strconv.Itoa(k))
					if err := os.WriteFile(paths[k], []byte(b.String()), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			args := append([]string{"score", "--format", "json", r.System + "=" + paths[0]}, metricArgs(c.metric, r.Options)...)
			for _, p := range paths[1:] {
				args = append(args, "-r", p)
			}
			code, out, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("%s: status %d, stderr %q", r.ID, code, stderr)
			}
			var got []metricsOutput
			if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
				t.Fatalf("%s: output %q (%v)", r.ID, out, err)
			}
			m := got[0].ChrF
			if c.metric == "ter" {
				m = got[0].TER
			}
			if m == nil || m.Score == nil || !conformance.CloseTo(*m.Score, e.Score) || conformance.SacreBLEUVersion(m.Signature) != e.Signature {
				t.Errorf("%s (%v): %s = %+v; want %v %q", r.ID, args, c.metric, m, e.Score, e.Signature)
			}
			checked++
		}
	}
	t.Logf("%d WMT22 corpus records checked through score --metrics", checked)
	if checked < 60 {
		t.Errorf("checked %d records; want every WMT22 corpus record of chrf.jsonl and ter.jsonl", checked)
	}
}

// TestSegmentsMetrics checks the chrf and ter members of segments' JSONL
// against the scoring package's sentence scores, and the tsv columns.
func TestSegmentsMetrics(t *testing.T) {
	writeFiles(t, basicFiles())
	code, out, stderr := runCLI(t, "", "segments", "--format", "jsonl", "--metrics", "chrf,ter",
		"--chrf-word-order", "2", "-l", "--ter-normalized", "hyp.txt", "-r", "ref.txt", "-r", "ref2.txt")
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	hyps := strings.Split(strings.TrimSuffix(hyp3, "\n"), "\n")
	refA := strings.Split(strings.TrimSuffix(ref3, "\n"), "\n")
	refB := strings.Split(strings.TrimSuffix(basicFiles()["ref2.txt"], "\n"), "\n")
	chrf := scoring.ChrFPlusPlusOptions()
	chrf.Lowercase = true
	ter := scoring.TEROptions{Normalized: true}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(hyps) {
		t.Fatalf("%d lines; want %d", len(lines), len(hyps))
	}
	for i, l := range lines {
		var g metricsOutput
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		refs := []string{refA[i], refB[i]}
		wantC, _, _ := scoring.SentenceChrF(hyps[i], refs, chrf)
		wantT, _, _ := scoring.SentenceTER(hyps[i], refs, ter)
		if g.Line != i+1 || g.ChrF == nil || g.TER == nil || *g.ChrF.Score != wantC || *g.TER.Score != wantT || g.ChrF.Signature != "" {
			t.Errorf("line %d: %s; want chrf %v, ter %v", i+1, l, wantC, wantT)
		}
	}
	code, out, _ = runCLI(t, "", "segments", "--format", "tsv", "--metrics", "ter,chrf", "hyp.txt", "-r", "ref.txt")
	head := strings.SplitN(out, "\n", 2)[0]
	if code != 0 || !strings.HasSuffix(head, "\tp4\tchrf\tter\thyp") {
		t.Errorf("tsv header %q (status %d); want chrf and ter columns before hyp", head, code)
	}
}

// TestScoreMetricsText checks the text lines: one per metric, in the
// order asked, each sacrebleu's -f text line.
func TestScoreMetricsText(t *testing.T) {
	writeFiles(t, basicFiles())
	code, out, stderr := runCLI(t, "", "score", "--metrics", "ter,bleu,chrf", "--chrf-word-order", "2", "hyp.txt", "-r", "ref.txt")
	if code != 0 {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	hyps := strings.Split(strings.TrimSuffix(hyp3, "\n"), "\n")
	refs := [][]string{strings.Split(strings.TrimSuffix(ref3, "\n"), "\n")}
	ter, _, _ := scoring.CorpusTER(hyps, refs, scoring.TEROptions{})
	chrf, _, _ := scoring.CorpusChrF(hyps, refs, scoring.ChrFPlusPlusOptions())
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("score text %q; want three lines", out)
	}
	bleuSig, _, _ := strings.Cut(lines[1], " = ")
	version := bleuSig[strings.LastIndex(bleuSig, ":")+1:] // the same version field as BLEU's
	want0 := "TER|" + scoring.TERSignature(scoring.TEROptions{}, 1, version) + " = " + strconv.FormatFloat(ter, 'f', 1, 64)
	want2 := "chrF2++|" + scoring.ChrFSignature(scoring.ChrFPlusPlusOptions(), 1, version) + " = " + strconv.FormatFloat(chrf, 'f', 1, 64)
	if len(lines) != 3 || lines[0] != want0 || !strings.HasPrefix(lines[1], "BLEU|") || lines[2] != want2 {
		t.Errorf("score text %q; want %q, a BLEU line, %q", lines, want0, want2)
	}
}

func TestMetricsFlagErrors(t *testing.T) {
	writeFiles(t, basicFiles())
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--metrics", "bleu, Meteor"}, `--metrics: "Meteor" is not bleu, chrf or ter (list any of them, comma-separated); see 'bleuscope `},
		{[]string{"--chrf-beta", "3"}, "--chrf-beta applies only when --metrics includes chrf"},
		{[]string{"--metrics", "chrf", "--ter-normalized"}, "--ter-normalized applies only when --metrics includes ter"},
		{[]string{"--metrics", "chrf", "--chrf-char-order", "-1"}, "--chrf-char-order: -1 is not between 0 and 32; see 'bleuscope "},
		{[]string{"--metrics", "chrf", "--chrf-word-order", "x"}, "--chrf-word-order"},
	} {
		for _, cmd := range []string{"score", "segments"} {
			args := append(append([]string{cmd}, c.args...), "hyp.txt", "-r", "ref.txt")
			code, out, stderr := runCLI(t, "", args...)
			if code != 2 || out != "" || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: status %d, stdout %q, stderr %q; want 2 and one line naming %q", args, code, out, stderr, c.msg)
			}
		}
	}
}

// TestScoreConfidenceMetricsConformance runs "score --confidence --format
// json --metrics" on the WMT22 confidence records of significance.jsonl
// and compares the chrf and ter members (score, mean, ci) with sacrebleu's.
func TestScoreConfidenceMetricsConformance(t *testing.T) {
	type record struct {
		ID          string   `json:"id"`
		Test        string   `json:"test"`
		CLICwd      string   `json:"cli_cwd"`
		RefFiles    []string `json:"ref_files"`
		SystemFiles []string `json:"system_files"`
		N           int      `json:"n"`
		RNGSeed     *uint64  `json:"rng_seed"`
		Metrics     []struct {
			Metric  string         `json:"metric"`
			Options map[string]any `json:"options"`
		} `json:"metrics"`
		Expected struct {
			API map[string][]*struct {
				Score, Mean, CI *float64
			} `json:"api"`
		} `json:"expected"`
	}
	txt := conformance.Corpora(t)
	checked := 0
	for _, r := range conformance.ReadJSONL[record](t, filepath.Join(conformance.Dir(t), "significance.jsonl")) {
		if r.Test != "confidence" || r.CLICwd != "txt" || r.RNGSeed == nil {
			continue
		}
		args := []string{"score", "--format", "json", "--confidence", "--confidence-n", strconv.Itoa(r.N),
			"--seed", strconv.FormatUint(*r.RNGSeed, 10), filepath.Join(txt, r.SystemFiles[0])}
		for _, f := range r.RefFiles {
			args = append(args, "-r", filepath.Join(txt, f))
		}
		names := []string{}
		for _, m := range r.Metrics {
			names = append(names, m.Metric)
			if m.Metric != "bleu" {
				args = append(args, optionArgs(m.Options)...)
			}
		}
		args = append(args, "--metrics", strings.Join(names, ","))
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: status %d, stderr %q", r.ID, code, stderr)
		}
		var got []metricsOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 {
			t.Fatalf("%s: output %q (%v)", r.ID, out, err)
		}
		for _, m := range r.Metrics {
			var g *metricObject
			var want []*struct{ Score, Mean, CI *float64 }
			switch m.Metric {
			case "chrf":
				g = got[0].ChrF
				for name, v := range r.Expected.API {
					if strings.HasPrefix(name, "chrF") {
						want = v
					}
				}
			case "ter":
				g, want = got[0].TER, r.Expected.API["TER"]
			default:
				continue
			}
			w := want[0]
			if g == nil || g.Score == nil || g.Mean == nil || g.CI == nil || !conformance.CloseTo(*g.Score, *w.Score) ||
				!conformance.CloseTo(*g.Mean, *w.Mean) || !conformance.CloseTo(*g.CI, *w.CI) {
				t.Errorf("%s: %s = %+v; want score %v mean %v ci %v", r.ID, m.Metric, g, *w.Score, *w.Mean, *w.CI)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no chrF or TER confidence record checked")
	}
	t.Logf("%d chrF and TER confidence estimates checked through score --confidence", checked)
}

// TestCompareMetricsConformance runs "compare --format json --metrics" on
// the WMT22 paired-test records of significance.jsonl and compares the
// chrf and ter members (score, mean, ci, p_value) with sacrebleu's.
func TestCompareMetricsConformance(t *testing.T) {
	type values struct {
		Score, Mean, CI *float64
		PValue          *float64 `json:"p_value"`
	}
	type record struct {
		ID          string   `json:"id"`
		Test        string   `json:"test"`
		CLICwd      string   `json:"cli_cwd"`
		RefFiles    []string `json:"ref_files"`
		SystemFiles []string `json:"system_files"`
		N           int      `json:"n"`
		RNGSeed     *uint64  `json:"rng_seed"`
		NARConf     *int     `json:"n_ar_confidence"`
		Metrics     []struct {
			Metric  string         `json:"metric"`
			Options map[string]any `json:"options"`
		} `json:"metrics"`
		Expected struct {
			API map[string][]*values `json:"api"`
		} `json:"expected"`
	}
	type object struct {
		ChrF, TER *struct {
			Score, Mean, CI *float64
			PValue          *float64 `json:"p_value"`
		}
	}
	txt := conformance.Corpora(t)
	checked := 0
	for _, r := range conformance.ReadJSONL[record](t, filepath.Join(conformance.Dir(t), "significance.jsonl")) {
		if r.CLICwd != "txt" || r.RNGSeed == nil || r.NARConf != nil || (r.Test != "paired-bs" && r.Test != "paired-ar") {
			continue
		}
		args := []string{"compare", "--format", "json", "--" + r.Test, "--" + r.Test + "-n", strconv.Itoa(r.N),
			"--seed", strconv.FormatUint(*r.RNGSeed, 10)}
		for _, f := range r.SystemFiles {
			args = append(args, filepath.Join(txt, f))
		}
		for _, f := range r.RefFiles {
			args = append(args, "-r", filepath.Join(txt, f))
		}
		names, extra := []string{"bleu"}, false
		for _, m := range r.Metrics {
			if m.Metric != "bleu" {
				names, extra = append(names, m.Metric), true
				args = append(args, optionArgs(m.Options)...)
			}
		}
		if !extra {
			continue
		}
		args = append(args, "--metrics", strings.Join(names, ","))
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: status %d, stderr %q", r.ID, code, stderr)
		}
		var got []object
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != len(r.SystemFiles) {
			t.Fatalf("%s: output %q (%v)", r.ID, out, err)
		}
		close := func(g, w *float64) bool {
			return g == nil && w == nil || g != nil && w != nil && conformance.CloseTo(*g, *w)
		}
		for name, want := range r.Expected.API {
			if name == "BLEU" {
				continue
			}
			for k, w := range want {
				if w == nil {
					continue // sacrebleu's seed-0 systems
				}
				g := got[k].TER
				if name != "TER" {
					g = got[k].ChrF
				}
				if g == nil || !close(g.Score, w.Score) || !close(g.Mean, w.Mean) || !close(g.CI, w.CI) || !close(g.PValue, w.PValue) {
					t.Errorf("%s: %s of system %d = %+v; want %+v", r.ID, name, k+1, g, *w)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no chrF or TER comparison checked")
	}
	t.Logf("%d chrF and TER system results checked through compare", checked)
}
