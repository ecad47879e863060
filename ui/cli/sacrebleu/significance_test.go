package sacrebleu

import (
	"context"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// TestSeeds checks how SACREBLEU_SEED reaches the tests and their
// signatures: --confidence shows it as written (lower-cased), a paired
// test as the number Python's int() reads; "none" is unseeded; unset is
// 12345; what int() or numpy refuse ends the run, an empty seed too.
func TestSeeds(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt":  "the cat sat on the mat\nit is raining today\nwe went home early\n",
		"hyp.txt":  "the cat sat on a mat\nit rains today\nwe went home\n",
		"hyp2.txt": "a cat is on the mat\nit is raining\nwe walked home early\n",
	})
	for _, tc := range []struct {
		seed string // "unset" for none
		args []string
		want string // in stdout, or the last line of stderr when status is 1
		fail bool
	}{
		{"0042", []string{"-ci", "-cin", "50", "-f", "text"}, "|bs:50|seed:0042|", false},
		{"0042", []string{"-pbs", "-pbsn", "50", "-f", "text"}, "|bs:50|seed:42|", false},
		{"None", []string{"-ci", "-cin", "50", "-f", "text"}, "|bs:50|seed:none|", false},
		{"None", []string{"-par", "-parn", "50", "-f", "text"}, "|ar:50|seed:none|", false},
		{"unset", []string{"-par", "-parn", "50", "-f", "text"}, "|ar:50|seed:12345|", false},
		{"unset", []string{"-ci", "-cin", "50", "-f", "text"}, "|bs:50|seed:12345|", false},
		// sacrebleu reads os.environ.get('SACREBLEU_SEED', '12345'): set
		// but empty or white space, it is int('') or int(' ').
		{"", []string{"-par", "-parn", "50"}, "ValueError: invalid literal for int() with base 10: ''", true},
		{"", []string{"-ci", "-cin", "50"}, "ValueError: invalid literal for int() with base 10: ''", true},
		{" ", []string{"-pbs", "-pbsn", "50"}, "ValueError: invalid literal for int() with base 10: ' '", true},
		{"\t\u3000", []string{"-ci", "-cin", "50"}, "ValueError: invalid literal for int() with base 10: '\\t\\u3000'", true},
		{"abc", []string{"-ci", "-cin", "50"}, "ValueError: invalid literal for int() with base 10: 'abc'", true},
		{"-1", []string{"-pbs", "-pbsn", "50"}, "ValueError: expected non-negative integer", true},
		{"-0", []string{"-pbs", "-pbsn", "50", "-f", "text"}, "|bs:50|seed:0|", false},
		// int() has no bound: numpy takes a seed of 2^63 and more, and
		// refuses any negative one.
		{"9223372036854775808", []string{"-pbs", "-pbsn", "50", "-f", "text"}, "|bs:50|seed:9223372036854775808|", false},
		{"0_18446744073709551615", []string{"-par", "-parn", "50", "-f", "text"}, "|ar:50|seed:18446744073709551615|", false},
		{"-99999999999999999999", []string{"-pbs", "-pbsn", "50"}, "ValueError: expected non-negative integer", true},
		{"-1", []string{"-ci", "-cin", "50"}, "ValueError: expected non-negative integer", true},
		{"-5", []string{"-par", "-parn", "50"}, "ValueError: expected non-negative integer", true},
		{"18446744073709551616", []string{"-pbs", "-pbsn", "50", "-f", "text"}, "|bs:50|seed:18446744073709551616|", false},
		{"018446744073709551616", []string{"-ci", "-cin", "50", "-f", "text"}, "|bs:50|seed:018446744073709551616|", false},
		// Python 3.11's int() reads at most 4300 digits, leading zeros
		// and the digits of a negative number too.
		{strings.Repeat("1", 4301), []string{"-ci", "-cin", "50"}, "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit", true},
		{"-" + strings.Repeat("0", 4400), []string{"-pbs", "-pbsn", "50"}, "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4400 digits; use sys.set_int_max_str_digits() to increase the limit", true},
		{" 1_" + strings.Repeat("0", 4299) + " ", []string{"-par", "-parn", "50", "-f", "text"}, "|ar:50|seed:1" + strings.Repeat("0", 4299) + "|", false},
	} {
		args := []string{"ref.txt", "-i", "hyp.txt"}
		if tc.args[0] != "-ci" {
			args = append(args, "hyp2.txt")
		}
		args = append(args, tc.args...)
		env := map[string]string{"SACREBLEU_SEED": tc.seed}
		if tc.seed == "unset" {
			env = nil
		}
		out, errOut, status := runIn(t, dir, env, args...)
		if tc.fail {
			if status != 1 || out != "" || !strings.HasSuffix(errOut, tc.want+"\n") {
				t.Errorf("SACREBLEU_SEED=%q sacrebleu %q: stdout %q, stderr %q, status %d; want %q, 1", tc.seed, args, out, errOut, status, tc.want)
			}
			continue
		}
		if status != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("SACREBLEU_SEED=%q sacrebleu %q: status %d, stdout %q; want %q in it", tc.seed, args, status, out, tc.want)
		}
	}
}

// TestSeedsPast64Bits checks that a seed of 2^64 or more is the number
// numpy reads, all of it: the same however int() is given it, and not the
// seed its low 64 bits would be.
func TestSeedsPast64Bits(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt":  "the cat sat on the mat\nit is raining today\nwe went home early\nso it goes\n",
		"hyp.txt":  "the cat sat on a mat\nit rains today\nwe went home\nso it goes\n",
		"hyp2.txt": "a cat is on the mat\nit is raining\nwe walked home early\nit goes\n",
	})
	results := func(seed string, args ...string) string {
		out, errOut, status := runIn(t, dir, map[string]string{"SACREBLEU_SEED": seed}, append([]string{"ref.txt", "-i", "hyp.txt", "hyp2.txt", "-f", "json"}, args...)...)
		if status != 0 {
			t.Fatalf("SACREBLEU_SEED=%s: status %d, %s", seed, status, errOut)
		}
		return out
	}
	for _, test := range [][]string{{"-pbs", "-pbsn", "200"}, {"-par", "-parn", "200"}} {
		big := results("36893488147419103232", test...) // 2^65
		if again := results("0_036_893_488_147_419_103_232", test...); again != big {
			t.Errorf("%v: 2^65 written otherwise gives %s, want %s", test, again, big)
		}
		if low := results("0", test...); low == big {
			t.Errorf("%v: 2^65 gives what 0, its low 64 bits, gives: %s", test, big)
		}
	}
}

// TestPairedFromStandardInput checks a paired test on TAB-separated
// systems: they are named Baseline, System 1, ..., and the legend, which
// looks for a name starting "Baseline:", names no baseline, as
// sacrebleu's does.
func TestPairedFromStandardInput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c d e\nf g h i j\n"})
	c := &Command{Stdin: strings.NewReader("a b c d e\ta b c d\nf g h i j\tf g h\n"), Dir: dir}
	var stdout strings.Builder
	c.Stdout = &stdout
	if status := c.Run([]string{"ref.txt", "-pbs", "-pbsn", "0", "-f", "text"}); status != 0 {
		t.Fatalf("status %d", status)
	}
	out := stdout.String()
	for _, want := range []string{
		"│ Baseline │", "│ System 1 │",
		"Paired bootstrap resampling test with 0 resampling trials\n",
		" - Each system is pairwise compared to .\n",
		"|bs:1000|seed:12345|",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// TestPairedLog checks what a paired test logs, in sacrebleu's order:
// every metric's pre-computing line first, named by the -m key upper-cased
// (PairedTest.__init__), then per system one line pair per metric, named
// as the score is (_paired_bs_test and _paired_ar_test).
func TestPairedLog(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt": "the cat sat on the mat\nit is raining today\n",
		"a.txt":   "the cat sat on a mat\nit rains today\n",
		"b.txt":   "a cat is on the mat\nit is raining\n",
		"c.txt":   "the cat\nraining today\n",
	})
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-pbs", "-pbsn", "20", "-m", "chrf", "bleu"}, []string{
			"Found 3 systems.",
			"Pre-computing CHRF statistics for 'Baseline: a.txt'",
			"Pre-computing BLEU statistics for 'Baseline: a.txt'",
			"Computing chrF2 for 'b.txt' and extracting sufficient statistics",
			" > Performing paired bootstrap resampling test (# resamples: 20)",
			"Computing BLEU for 'b.txt' and extracting sufficient statistics",
			" > Performing paired bootstrap resampling test (# resamples: 20)",
			"Computing chrF2 for 'c.txt' and extracting sufficient statistics",
			" > Performing paired bootstrap resampling test (# resamples: 20)",
			"Computing BLEU for 'c.txt' and extracting sufficient statistics",
			" > Performing paired bootstrap resampling test (# resamples: 20)",
		}},
		{[]string{"-par", "-parn", "30", "-m", "ter", "chrf", "--chrf-word-order", "2"}, []string{
			"Found 3 systems.",
			"Pre-computing TER statistics for 'Baseline: a.txt'",
			"Pre-computing CHRF statistics for 'Baseline: a.txt'",
			"Computing TER for 'b.txt' and extracting sufficient statistics",
			" > Performing approximate randomization test (# trials: 30)",
			"Computing chrF2++ for 'b.txt' and extracting sufficient statistics",
			" > Performing approximate randomization test (# trials: 30)",
			"Computing TER for 'c.txt' and extracting sufficient statistics",
			" > Performing approximate randomization test (# trials: 30)",
			"Computing chrF2++ for 'c.txt' and extracting sufficient statistics",
			" > Performing approximate randomization test (# trials: 30)",
		}},
	} {
		args := append([]string{"ref.txt", "-i", "a.txt", "b.txt", "c.txt", "-f", "text"}, tc.args...)
		_, errOut, status := runIn(t, dir, nil, args...)
		want := "sacreBLEU: " + strings.Join(tc.want, "\nsacreBLEU: ") + "\n"
		if status != 0 || errOut != want {
			t.Errorf("sacrebleu %q: status %d, stderr\n%s\nwant 0 and\n%s", args, status, errOut, want)
		}
	}
}

// TestPairedJobs checks -j: any number but 1 is logged as sacrebleu logs
// launching its worker pool, after the pre-computing lines; one below 1
// then fails as Python's multiprocessing does.
func TestPairedJobs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt": "the cat sat on the mat\nit is raining today\n",
		"a.txt":   "the cat sat on a mat\nit rains today\n",
		"b.txt":   "a cat is on the mat\nit is raining\n",
	})
	base := []string{"ref.txt", "-i", "a.txt", "b.txt", "-pbs", "-pbsn", "20", "-m", "bleu", "chrf", "-f", "text"}
	pre := "sacreBLEU: Found 2 systems.\n" +
		"sacreBLEU: Pre-computing BLEU statistics for 'Baseline: a.txt'\n" +
		"sacreBLEU: Pre-computing CHRF statistics for 'Baseline: a.txt'\n"
	_, errOut, status := runIn(t, dir, nil, append(base, "-j", "3")...)
	if want := pre + "sacreBLEU: Launching 3 parallel workers.\nsacreBLEU: Computing BLEU for 'b.txt'"; status != 0 || !strings.HasPrefix(errOut, want) {
		t.Errorf("-j 3: status %d, stderr\n%s\nwant 0 and it to start\n%s", status, errOut, want)
	}
	_, errOut, status = runIn(t, dir, nil, append(base, "-j", "1")...)
	if status != 0 || strings.Contains(errOut, "Launching") {
		t.Errorf("-j 1: status %d, stderr\n%s\nwant 0 and no pool launched", status, errOut)
	}
	out, errOut, status := runIn(t, dir, nil, append(base, "-j", "-1")...)
	want := pre + "sacreBLEU: Launching -1 parallel workers.\nValueError: Number of processes must be at least 1\n"
	if status != 1 || out != "" || errOut != want {
		t.Errorf("-j -1: status %d, stdout %q, stderr\n%s\nwant 1, nothing and\n%s", status, out, errOut, want)
	}
	// Each of sacrebleu's workers seeds its own generator for its system
	// (_paired_bs_test: 'rng = np.random.default_rng(seed)') and the
	// results are gathered in order, so -j never changes the output.
	one, _, _ := runIn(t, dir, nil, append(base, "-j", "1")...)
	for _, j := range []string{"0", "3"} {
		if out, _, status := runIn(t, dir, nil, append(base, "-j", j)...); status != 0 || out != one {
			t.Errorf("-j %s: status %d, stdout\n%s\nwant 0 and -j 1's\n%s", j, status, out, one)
		}
	}
	out, errOut, status = runIn(t, dir, nil, append(base, "-j", "-99999999999999999999")...)
	want = pre + "sacreBLEU: Launching -99999999999999999999 parallel workers.\nValueError: Number of processes must be at least 1\n"
	if status != 1 || out != "" || errOut != want {
		t.Errorf("-j -99999999999999999999: status %d, stdout %q, stderr\n%s\nwant 1, nothing and\n%s", status, out, errOut, want)
	}
	if got := pairedWorkers(0, 1); got != 1 {
		t.Errorf("-j 0 with one system compared: %d workers, want 1", got)
	}
}

// TestHugeResampleCounts checks that a count beyond Go's int is written
// as Python writes the int argparse read: in a paired test's legend
// (sacrebleu's f'Paired {test_type} test with {n_samples_or_trials} ...',
// the number as given, while a count below 1 runs the default) and in the
// drop-in's refusal of too many resamples.
func TestHugeResampleCounts(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt": "the cat sat on the mat\nit is raining today\n",
		"a.txt":   "the cat sat on a mat\nit rains today\n",
		"b.txt":   "a cat is on the mat\nit is raining\n",
	})
	base := []string{"ref.txt", "-i", "a.txt", "b.txt", "-f", "text"}
	out, _, status := runIn(t, dir, nil, append(base, "-pbs", "-pbsn", "-0099999999999999999999")...)
	for _, want := range []string{"\nPaired bootstrap resampling test with -99999999999999999999 resampling trials\n", "|bs:1000|"} {
		if status != 0 || !strings.Contains(out, want) {
			t.Errorf("-pbsn -0099999999999999999999: status %d, stdout\n%s\nwant 0 and %q in it", status, out, want)
		}
	}
	_, errOut, status := runIn(t, dir, nil, append(base, "-par", "-parn", "+99_999_999_999_999_999_999")...)
	if want := "not --paired-ar-n 99999999999999999999; give a smaller number\n"; status != 1 || !strings.HasSuffix(errOut, want) {
		t.Errorf("-parn +99_999_999_999_999_999_999: status %d, stderr %q; want 1 and it to end %q", status, errOut, want)
	}
}

// TestStatisticsAsCounts checks that the paired tests and --confidence get
// BLEU's and chrF's statistics as uint32 counts (half the memory of
// float64), equal value for value to the float64 statistics they stand
// for, and TER's, which are not all whole numbers, as float64.
func TestStatisticsAsCounts(t *testing.T) {
	refs := [][]string{{"The cat sat on the mat .", "A dog barked twice at the moon", ""}}
	systems := [][]string{
		{"The cat sat on a mat .", "The dog barked at the moon", "nothing"},
		{"A cat is on the mat", "a dog barked twice at the moon", ""},
	}
	o := optionsFrom(map[string]argValue{}, func(string) string { return "" })
	ctx := context.Background()
	bleu, _, err := newBLEU(o, refs, "")
	if err != nil {
		t.Fatal(err)
	}
	chrf, _, err := newCHRF(o, refs)
	if err != nil {
		t.Fatal(err)
	}
	ter, _, err := newTER(o, refs)
	if err != nil {
		t.Fatal(err)
	}
	var bleuFloats [][]float64 // as the float64 statistics are made elsewhere
	for _, hyps := range systems {
		st := make([]scoring.Stats, len(hyps))
		for i, h := range hyps {
			if st[i], err = scoring.SentenceStats(h, []string{refs[0][i]}, bleu.opt); err != nil {
				t.Fatal(err)
			}
		}
		bleuFloats = append(bleuFloats, statsRows(st, bleu.opt.MaxOrder))
	}
	chrfFloats, err := chrf.floatStatistics(ctx, nil, systems)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    metric
		want [][]float64
	}{{bleu, bleuFloats}, {chrf, chrfFloats.floats}} {
		st, err := c.m.statistics(ctx, systems)
		if err != nil {
			t.Fatal(err)
		}
		if st.counts == nil || st.floats != nil || len(st.counts) != len(c.want) {
			t.Fatalf("%s: counts %v, floats %v; want counts alone", c.m.name(), st.counts, st.floats)
		}
		for k := range c.want {
			if len(st.counts[k]) != len(c.want[k]) {
				t.Fatalf("%s system %d: %d counts, want %d", c.m.name(), k, len(st.counts[k]), len(c.want[k]))
			}
			for i, v := range c.want[k] {
				if float64(st.counts[k][i]) != v {
					t.Errorf("%s system %d value %d = %d, want %v", c.m.name(), k, i, st.counts[k][i], v)
				}
			}
		}
	}
	st, err := ter.statistics(ctx, systems)
	if err != nil || st.counts != nil || len(st.floats) != 2 {
		t.Errorf("TER: counts %v, floats %v, error %v; want floats", st.counts, st.floats, err)
	}
}

// statsRows returns stats as the float64 rows BLEU's significance tests
// read: hyp_len, ref_len, then the matches and the totals of orders 1..n.
func statsRows(stats []scoring.Stats, n int) []float64 {
	var out []float64
	for _, st := range stats {
		out = append(out, float64(st.HypLen), float64(st.RefLen))
		for _, c := range st.Matches[:n] {
			out = append(out, float64(c))
		}
		for _, c := range st.Totals[:n] {
			out = append(out, float64(c))
		}
	}
	return out
}
