package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// seedFiles are 30 segments of a reference and three systems, each a
// copy of the reference with a share of its words changed (a fixed
// pseudo-random choice), enough for resampling to tell one seed from
// another.
func seedFiles() map[string]string {
	words := strings.Fields("the a cat dog sat on mat in garden it rained all day long we ate fish and chips train was late again")
	state := uint32(1)
	next := func(n int) int { // a linear congruential generator
		state = state*1664525 + 1013904223
		return int(state>>8) % n
	}
	refs := make([][]string, 30)
	for i := range refs {
		for range 5 + next(20) {
			refs[i] = append(refs[i], words[next(len(words))])
		}
	}
	file := func(changed int) string { // changed in 10 words
		var b strings.Builder
		for _, ref := range refs {
			for k, w := range ref {
				if next(10) < changed {
					w = words[next(len(words))]
				}
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w)
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	return map[string]string{"ref.txt": file(0), "base.txt": file(5), "good.txt": file(3), "mid.txt": file(4)}
}

// dropInResult is one system of the drop-in's paired JSON.
type dropInResult struct {
	BLEU struct {
		Score  *float64 `json:"score"`
		PValue *float64 `json:"p_value"`
		Mean   *float64 `json:"mean"`
		CI     *float64 `json:"ci"`
	} `json:"BLEU"`
}

// TestCompareSeedPast64Bits: compare takes a seed of 2^64 and more, from
// --seed or SACREBLEU_SEED, and gets from it the p-values, means and
// intervals the drop-in gets (which match numpy's SeedSequence, reading
// every 32-bit word of the seed), printing the seed whole; before, it
// refused any seed past 2^64-1.
func TestCompareSeedPast64Bits(t *testing.T) {
	writeFiles(t, seedFiles())
	const seed = "18446744073709551616" // 2^64: its low 64 bits are 0
	files := []string{"base.txt", "good.txt", "mid.txt", "-r", "ref.txt"}
	for _, test := range []string{"paired-bs", "paired-ar"} {
		unsetSeed(t)
		ours := func(seed string, args ...string) []sigObject {
			t.Helper()
			code, out, stderr := runCLI(t, "", append(append([]string{"compare", "--" + test, "--" + test + "-n", "300", "--format", "json"}, args...), files...)...)
			if code != 0 {
				t.Fatalf("%s %q: status %d, %s", test, args, code, stderr)
			}
			if !strings.Contains(out, `"seed": `+seed+",") {
				t.Errorf("%s %q: the JSON does not give the seed whole:\n%s", test, args, out)
			}
			var got []sigObject
			if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
				t.Fatalf("%s: want 3 objects (%v):\n%s", test, err, out)
			}
			return got
		}
		flag := ours(seed, "--seed", seed)
		low := ours("0", "--seed", "0")
		t.Setenv("SACREBLEU_SEED", "0_"+seed)
		env := ours(seed)
		flag1, env1 := fmt.Sprint(values(flag)), fmt.Sprint(values(env))
		if flag1 != env1 {
			t.Errorf("%s: --seed %s gives %s, SACREBLEU_SEED=0_%s gives %s", test, seed, flag1, seed, env1)
		}
		if low1 := fmt.Sprint(values(low)); low1 == flag1 {
			t.Errorf("%s: seed 2^64 gives what seed 0, its low 64 bits, gives: %s", test, low1)
		}

		short := "-pbs"
		if test == "paired-ar" {
			short = "-par"
		}
		code, out, stderr := runCLI(t, "", "sacrebleu", "ref.txt", "-i", "base.txt", "good.txt", "mid.txt", short, short+"n", "300", "-f", "json")
		if code != 0 {
			t.Fatalf("drop-in %s: status %d, %s", short, code, stderr)
		}
		var want []dropInResult
		if err := json.Unmarshal([]byte(out), &want); err != nil || len(want) != 3 {
			t.Fatalf("drop-in %s: want 3 objects (%v):\n%s", short, err, out)
		}
		for s, w := range want {
			g := flag[s]
			// The drop-in, as sacrebleu's command line, gives no mean or
			// CI with approximate randomization; compare gives null.
			for _, c := range []struct {
				what      string
				got, want *float64
			}{{"score", g.Score, w.BLEU.Score}, {"p_value", g.PValue, w.BLEU.PValue}, {"mean", g.Mean, w.BLEU.Mean}, {"ci", g.CI, w.BLEU.CI}} {
				if (c.got == nil) != (c.want == nil) || c.got != nil && *c.got != *c.want {
					t.Errorf("%s system %d: %s %v, the drop-in's %v", test, s, c.what, deref(c.got), deref(c.want))
				}
			}
		}
	}
}

// values are the floats of compare's objects, to compare runs.
func values(objs []sigObject) [][4]any {
	out := make([][4]any, len(objs))
	for i, o := range objs {
		out[i] = [4]any{deref(o.Score), deref(o.Mean), deref(o.CI), deref(o.PValue)}
	}
	return out
}

// deref is *p, or nil.
func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestScoreConfidenceSeedPast64Bits: score --confidence and buckets
// --confidence take a seed past 2^64 - 1 too, from --seed as from
// SACREBLEU_SEED, print it whole, and draw with all of it.
func TestScoreConfidenceSeedPast64Bits(t *testing.T) {
	writeFiles(t, seedFiles())
	seed := "1" + strings.Repeat("0", 4299) // 10^4299, Python's int() reads 4300 digits
	for _, cmd := range [][]string{{"score", "--format", "json"}, {"buckets", "--by", "ref-length", "--format", "jsonl"}} {
		run := func(args ...string) string {
			t.Helper()
			code, out, stderr := runCLI(t, "", append(append(cmd, "--confidence"), append(args, "base.txt", "-r", "ref.txt")...)...)
			if code != 0 {
				t.Fatalf("%s %.40q: status %d, %s", cmd[0], args, code, stderr)
			}
			return out
		}
		unsetSeed(t)
		flag, low := run("--seed", seed), run("--seed", "0")
		t.Setenv("SACREBLEU_SEED", seed)
		if env := run(); env != flag {
			t.Errorf("%s: SACREBLEU_SEED=10^4299 gives\n%s\nbut --seed 10^4299\n%s", cmd[0], env, flag)
		}
		if strings.ReplaceAll(flag, seed, "0") == low {
			t.Errorf("%s: seed 10^4299 gives what seed 0 gives:\n%s", cmd[0], low)
		}
		if cmd[0] == "score" && (!strings.Contains(flag, `"seed": `+seed+"\n") || !strings.Contains(flag, "|seed:"+seed+"|")) {
			t.Errorf("score: the JSON does not give the seed whole:\n%.300s", flag)
		}
	}
}
