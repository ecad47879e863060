package model

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/scoring"
)

// cliRecord is one record of cli.jsonl: a sacrebleu command line run and
// what it printed.
type cliRecord struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	Files    map[string]string `json:"files"`
	Stdin    *string           `json:"stdin"`
	Argv     []string          `json:"argv"`
	ExitCode int               `json:"exit_code"`
	Stdout   string            `json:"stdout"`
}

// cliCall is a sacrebleu command line mapped onto Load and Settings.
type cliCall struct {
	in       Input
	set      Settings
	format   string // text or json
	sentence bool
}

// mapCLI maps argv onto a plain scoring call, or returns why it cannot:
// the flags that only change sacrebleu's own printing or input modes.
func mapCLI(rec *cliRecord) (cliCall, string) {
	c := cliCall{set: DefaultSettings(), format: "json"}
	var refs, hyps []string
	smooth, smoothValue := "", ""
	inHyps := false
	args := rec.Argv
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			i++
			if i < len(args) {
				return args[i]
			}
			return ""
		}
		switch a {
		case "-i", "--input":
			inHyps = true
		case "-f", "--format":
			c.format = next()
			inHyps = false
		case "-tok", "--tokenize":
			tok := next()
			c.set = c.set.WithOption(func(o *scoring.Options) { o.Tokenize = tok })
			inHyps = false
		case "-lc", "--lowercase":
			c.set = c.set.WithOption(func(o *scoring.Options) { o.Lowercase = true })
			inHyps = false
		case "-s", "--smooth-method":
			smooth = next()
			inHyps = false
		case "-sv", "--smooth-value":
			smoothValue = next()
			inHyps = false
		case "--force":
			inHyps = false
		case "--sentence-level", "-sl":
			c.sentence = true
			inHyps = false
		default:
			if strings.HasPrefix(a, "-") {
				return c, "sacrebleu-only flag " + a
			}
			if inHyps {
				hyps = append(hyps, a)
			} else {
				refs = append(refs, a)
			}
		}
	}
	if smooth != "" {
		v := scoring.DefaultSmoothValue(smooth)
		if smoothValue != "" {
			f, err := strconv.ParseFloat(smoothValue, 64)
			if err != nil {
				return c, "bad smooth value"
			}
			v = f
		}
		c.set = c.set.WithOption(func(o *scoring.Options) { o.Smooth, o.SmoothValue = smooth, v })
	}
	if c.format != "text" && c.format != "json" {
		return c, "format " + c.format
	}
	if len(hyps) == 0 {
		hyps = []string{"-"}
		if rec.Stdin != nil && strings.Contains(*rec.Stdin, "\t") {
			return c, "tab-separated systems on standard input"
		}
	}
	c.in = Input{Systems: hyps, Refs: refs}
	if rec.Stdin != nil {
		c.in.Stdin = strings.NewReader(*rec.Stdin)
	} else {
		c.in.Stdin = strings.NewReader("")
	}
	return c, ""
}

// cliOutput is what bleuscope prints for c, in sacrebleu's form.
func cliOutput(t *testing.T, c cliCall, ds *Dataset, s *Scored) string {
	t.Helper()
	var b strings.Builder
	switch {
	case c.sentence:
		sig := conformance.SacreBLEUVersion(s.SentenceSignature(ds))
		for i := range ds.Len() {
			r, err := s.SentenceResult(ds, 0, i)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(r.CLIText(sig) + "\n")
		}
	case c.format == "text":
		if err := WriteCorpus(&b, ds, s, FormatText); err != nil {
			t.Fatal(err)
		}
		return conformance.SacreBLEUVersion(b.String())
	default:
		// sacrebleu's default JSON: compare the fields it shares with ours.
		var got []struct {
			Score     float64 `json:"score"`
			Signature string  `json:"signature"`
			Verbose   string  `json:"verbose"`
		}
		if err := WriteCorpus(&b, ds, s, FormatJSON); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
			t.Fatal(err)
		}
		g := got[0]
		score, _ := strconv.ParseFloat(strconv.FormatFloat(g.Score, 'f', 1, 64), 64)
		v := strings.SplitN(g.Verbose, " ", 4)[3] // after "BLEU = x.xx "
		out, _ := json.Marshal(map[string]any{"score": score, "signature": conformance.SacreBLEUVersion(g.Signature), "verbose_score": v})
		return string(out)
	}
	return b.String()
}

// sacrebleuJSON keeps the fields of sacrebleu's default output that
// cliOutput reproduces.
func sacrebleuJSON(t *testing.T, stdout string) string {
	var want struct {
		Score        float64 `json:"score"`
		Signature    string  `json:"signature"`
		VerboseScore string  `json:"verbose_score"`
	}
	if err := json.Unmarshal([]byte(stdout), &want); err != nil {
		t.Fatalf("sacrebleu output %q: %v", stdout, err)
	}
	out, _ := json.Marshal(map[string]any{"score": want.Score, "signature": want.Signature, "verbose_score": want.VerboseScore})
	return string(out)
}

func TestConformanceCLI(t *testing.T) {
	recs := conformance.ReadJSONL[cliRecord](t, filepath.Join(conformance.Dir(t), "cli.jsonl"))
	agree, mapped := 0, 0
	skipped := map[string][]string{}
	for _, rec := range recs {
		c, why := mapCLI(&rec)
		if why != "" {
			skipped[why] = append(skipped[why], rec.ID)
			continue
		}
		mapped++
		t.Run(rec.ID+"_"+rec.Name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range rec.Files {
				if err := os.WriteFile(dir+"/"+name, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			ds, err := Load(c.in)
			if rec.ExitCode != 0 {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("sacrebleu exited %d; Load gave %v, want an *InputError", rec.ExitCode, err)
				}
				t.Logf("sacrebleu exits %d; bleuscope says: %v", rec.ExitCode, err)
				agree++
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			s, err := Score(context.Background(), ds, c.set, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, want := cliOutput(t, c, ds, s), rec.Stdout
			if c.format == "json" && !c.sentence {
				want = sacrebleuJSON(t, rec.Stdout)
			}
			if got != want {
				t.Errorf("argv %q\n got %q\nwant %q", rec.Argv, got, want)
				return
			}
			agree++
		})
	}
	n := 0
	for why, ids := range skipped {
		n += len(ids)
		t.Logf("skipped %d (%s): %s", len(ids), why, strings.Join(ids, " "))
	}
	t.Logf("cli.jsonl: %d of %d mapped records agree with sacrebleu 2.6.0; %d records skipped", agree, mapped, n)
	if mapped == 0 {
		t.Error("no record of cli.jsonl could be mapped")
	}
}
