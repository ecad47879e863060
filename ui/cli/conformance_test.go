package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
)

// TestScoreConformanceWMT22 runs "score --format json" once per language
// pair and reference set, with every system of the pair, and compares each
// system with sacrebleu's corpus score.
func TestScoreConformanceWMT22(t *testing.T) {
	records := conformance.ReadJSONL[conformance.WMT22Corpus](t, filepath.Join(conformance.Dir(t), "wmt22_public.jsonl"))
	txt := conformance.Corpora(t)
	groups := map[string][]conformance.WMT22Corpus{}
	var keys []string
	for _, r := range records {
		k := r.Pair + " " + r.RefSet
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	checked := 0
	for _, k := range keys {
		recs := groups[k]
		args := []string{"score", "--format", "json"}
		for _, f := range recs[0].RefFiles {
			args = append(args, "-r", filepath.Join(txt, f))
		}
		for _, r := range recs {
			if !slices.Equal(r.RefFiles, recs[0].RefFiles) {
				t.Fatalf("%s: records of one group name different references", k)
			}
			args = append(args, r.System+"="+filepath.Join(txt, r.HypFile))
		}
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: status %d, stderr %q", k, code, stderr)
		}
		var got []conformance.CorpusObject
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: output is not a JSON array: %v", k, err)
		}
		if len(got) != len(recs) {
			t.Fatalf("%s: %d objects; want %d", k, len(got), len(recs))
		}
		for i, r := range recs {
			g, e := got[i], r.Expected
			id := k + " " + r.System
			if g.System != r.System {
				t.Errorf("%s: system %q", id, g.System)
			}
			if !conformance.CloseTo(g.Score, e.Score) || !conformance.CloseTo(g.BP, e.BP) || !conformance.CloseTo(g.Ratio, *e.Ratio) {
				t.Errorf("%s: score/bp/ratio %v/%v/%v; want %v/%v/%v", id, g.Score, g.BP, g.Ratio, e.Score, e.BP, *e.Ratio)
			}
			if !slices.Equal(g.Counts, e.Counts) || !slices.Equal(g.Totals, e.Totals) || !conformance.AllClose(g.Precisions, e.Precisions) {
				t.Errorf("%s: counts %v totals %v precisions %v; want %v %v %v", id, g.Counts, g.Totals, g.Precisions, e.Counts, e.Totals, e.Precisions)
			}
			if g.SysLen != e.SysLen || g.RefLen != e.RefLen {
				t.Errorf("%s: lengths %d/%d; want %d/%d", id, g.SysLen, g.RefLen, e.SysLen, e.RefLen)
			}
			if conformance.SacreBLEUVersion(g.Signature) != e.Signature || g.Verbose != e.Formatted {
				t.Errorf("%s: signature %q verbose %q; want %q %q", id, g.Signature, g.Verbose, e.Signature, e.Formatted)
			}
			checked++
		}
	}
	if checked != 87 {
		t.Errorf("checked %d records; want all 87", checked)
	}
}

// TestScoreTextConformanceWMT22 checks the text line against sacrebleu's
// "-f text" output for one system per reference set of one pair.
func TestScoreTextConformanceWMT22(t *testing.T) {
	records := conformance.ReadJSONL[conformance.WMT22Corpus](t, filepath.Join(conformance.Dir(t), "wmt22_public.jsonl"))
	txt := conformance.Corpora(t)
	seen := map[string]bool{}
	for _, r := range records {
		if r.Pair != "de-en" || seen[r.RefSet] {
			continue
		}
		seen[r.RefSet] = true
		args := []string{"score", filepath.Join(txt, r.HypFile)}
		for _, f := range r.RefFiles {
			args = append(args, "-r", filepath.Join(txt, f))
		}
		code, out, stderr := runCLI(t, "", args...)
		want := r.Expected.FormattedCLIText + "\n"
		if code != 0 || conformance.SacreBLEUVersion(out) != want {
			t.Errorf("%s %s: status %d, stderr %q\n got %q\nwant %q", r.System, r.RefSet, code, stderr, out, want)
		}
	}
	if len(seen) == 0 {
		t.Error("no de-en record found")
	}
}

// TestSegmentsConformanceWMT22 runs "segments --format jsonl" once per
// reference set with both systems, and once more with effective order off,
// and compares every segment with sacrebleu's sentence scores.
func TestSegmentsConformanceWMT22(t *testing.T) {
	records := conformance.ReadJSONL[conformance.WMT22Sentence](t, filepath.Join(conformance.Dir(t), "wmt22_public_sentence.jsonl"))
	txt := conformance.Corpora(t)
	type key struct {
		refs   string
		system string
		line   int
	}
	want := map[key]conformance.WMT22Sentence{}
	hyps := map[string]map[string]string{} // ref set → system → hyp file
	refs := map[string][]string{}
	for _, r := range records {
		rk := strings.Join(r.RefFiles, "|")
		want[key{rk, r.System, r.Line}] = r
		if hyps[rk] == nil {
			hyps[rk] = map[string]string{}
		}
		hyps[rk][r.System] = r.HypFile
		refs[rk] = r.RefFiles
	}
	checked := 0
	for rk, systems := range hyps {
		args := []string{"segments", "--format", "jsonl"}
		for _, f := range refs[rk] {
			args = append(args, "-r", filepath.Join(txt, f))
		}
		for _, name := range slices.Sorted(func(yield func(string) bool) {
			for n := range systems {
				if !yield(n) {
					return
				}
			}
		}) {
			args = append(args, name+"="+filepath.Join(txt, systems[name]))
		}
		for _, eff := range []bool{true, false} {
			a := append(slices.Clone(args), fmt.Sprintf("--effective-order=%v", eff))
			code, out, stderr := runCLI(t, "", a...)
			if code != 0 {
				t.Fatalf("%q: status %d, stderr %q", a, code, stderr)
			}
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				var g conformance.SegmentObject
				if err := json.Unmarshal([]byte(l), &g); err != nil {
					t.Fatalf("bad JSONL line %q: %v", l, err)
				}
				r, ok := want[key{rk, g.System, g.Line}]
				if !ok {
					t.Fatalf("unexpected segment %s:%d", g.System, g.Line)
				}
				id := fmt.Sprintf("%s %s line %d eff %v", rk, g.System, g.Line, eff)
				e := r.Expected
				if !eff {
					if !conformance.CloseTo(g.Score, e.ScoreEffectiveOrderFalse) {
						t.Errorf("%s: score %v; want %v", id, g.Score, e.ScoreEffectiveOrderFalse)
					}
					continue
				}
				if !conformance.CloseTo(g.Score, e.Score) || !conformance.CloseTo(g.BP, e.BP) || g.SysLen != e.SysLen || g.RefLen != e.RefLen {
					t.Errorf("%s: score %v bp %v lens %d/%d; want %v %v %d/%d", id, g.Score, g.BP, g.SysLen, g.RefLen, e.Score, e.BP, e.SysLen, e.RefLen)
				}
				if !slices.Equal(g.Counts, e.Counts) || !slices.Equal(g.Totals, e.Totals) || !conformance.AllClose(g.Precisions, e.Precisions) {
					t.Errorf("%s: counts %v totals %v precisions %v; want %v %v %v", id, g.Counts, g.Totals, g.Precisions, e.Counts, e.Totals, e.Precisions)
				}
				checked++
			}
		}
	}
	if checked != len(records) || checked != 7936 {
		t.Errorf("checked %d segments; want all %d of 7936", checked, len(records))
	}
}

// tokenizerCase is one record of tokenizers.jsonl.
type tokenizerCase struct {
	ID        string `json:"id"`
	Tokenizer string `json:"tokenizer"`
	Input     string `json:"input"`
	Output    string `json:"output"`
}

// TestTokenizeConformance feeds every input without a "\n" (a line-based
// command cannot take those) to "tokenize", one run per tokenizer, and
// compares each output line with sacrebleu's.
func TestTokenizeConformance(t *testing.T) {
	records := conformance.ReadJSONL[tokenizerCase](t, filepath.Join(conformance.Dir(t), "tokenizers.jsonl"))
	byTok := map[string][]tokenizerCase{}
	for _, r := range records {
		if !strings.Contains(r.Input, "\n") {
			byTok[r.Tokenizer] = append(byTok[r.Tokenizer], r)
		}
	}
	if len(byTok) != 5 {
		t.Fatalf("found %d tokenizers; want 5", len(byTok))
	}
	for name, recs := range byTok {
		var in strings.Builder
		for _, r := range recs {
			in.WriteString(r.Input + "\n")
		}
		code, out, stderr := runCLI(t, in.String(), "tokenize", "-t", name)
		if code != 0 || stderr != "" {
			t.Fatalf("tokenize -t %s: status %d, stderr %q", name, code, stderr)
		}
		lines := strings.Split(out, "\n")
		if len(lines) != len(recs)+1 || lines[len(recs)] != "" {
			t.Fatalf("tokenize -t %s: %d lines out for %d in", name, len(lines)-1, len(recs))
		}
		for i, r := range recs {
			if lines[i] != r.Output {
				t.Errorf("%s (%s): tokenize(%q) = %q; want %q", r.ID, name, r.Input, lines[i], r.Output)
			}
		}
	}
}
