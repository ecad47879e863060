package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// jsonLines decodes every line of out as a JSON object, checking that each
// has exactly the keys want.
func jsonLines(t *testing.T, out string, want []string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var o map[string]any
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatalf("line %q is not JSON: %v", line, err)
		}
		var keys []string
		for k := range o {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(keys, w) {
			t.Fatalf("keys %v; want %v", keys, w)
		}
		objs = append(objs, o)
	}
	return objs
}

func analysisFiles() map[string]string {
	return map[string]string{
		// Line 1: seven "the" against two: over 5. Line 2: "a big house"
		// missed "big" of the second reference.
		"hyp.txt":  "the the the the the the the\na house\n",
		"hyp2.txt": "the cat sat\na big house\n",
		"refA.txt": "the cat sat on the mat\na house\n",
		"refB.txt": "a cat\na big house\n",
	}
}

func TestNGramsJSONL(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, stderr := runCLI(t, "", "ngrams", "--format", "jsonl", "--order", "1", "--top", "1", "hyp.txt", "-r", "refA.txt", "-r", "refB.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	rows := jsonLines(t, out, []string{"system", "kind", "order", "ngram", "count", "segments", "lines"})
	type row struct {
		kind, ngram string
		count       float64
		lines       []any
	}
	var got []row
	for _, o := range rows {
		got = append(got, row{o["kind"].(string), o["ngram"].(string), o["count"].(float64), o["lines"].([]any)})
	}
	// matched: "the" 2 + "a" 1 + "house" 1 → "the" first. over: "the" 5.
	// missed: each of cat, sat, on, mat, a (refB's "a cat") on line 1 and
	// big on line 2 once; "the" is not missed (R = 2 = m): byte order puts
	// "a" first.
	want := []row{
		{"matched", "the", 2, []any{1.0}},
		{"over", "the", 5, []any{1.0}},
		{"missed", "a", 1, []any{1.0}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ngrams rows = %v; want %v", got, want)
	}
}

// TestNGramsStreamedIsRankAll: ngrams writes each ranking as it comes,
// and what it writes is RankEveryLines's rows of every system in turn, in their
// order and with their lines, as JSONL and as text, for every n-gram (top
// 0) and for the first few; on a corpus of few words, where most n-grams
// tie on count and segments and their text decides, and many count in
// more segments than a row lists.
func TestNGramsStreamedIsRankAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	text := func() string {
		var b strings.Builder
		for range 150 {
			for i := range 1 + rng.IntN(9) {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte(byte('a' + rng.IntN(5)))
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	writeFiles(t, map[string]string{"a.txt": text(), "b.txt": text(), "ref.txt": text()})
	ds, err := model.Load(model.Input{Systems: []string{"a.txt", "b.txt"}, Refs: []string{"ref.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := model.Analyze(context.Background(), ds, model.DefaultSettings(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	orders := []int{1, 2, 3, 4}
	for _, top := range []int{0, 2} {
		var jsonl, text bytes.Buffer
		for sys := range ds.Systems {
			rows, _, err := a.RankEveryLines(context.Background(), sys, model.Kinds, orders, top, model.MaxRowLines, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := model.WriteNGramsJSONL(&jsonl, ds.SystemNames(true), slices.Values(rows)); err != nil {
				t.Fatal(err)
			}
			for _, k := range model.Kinds {
				for _, n := range orders {
					if text.Len() > 0 {
						text.WriteByte('\n')
					}
					ranking := slices.Collect(func(yield func(model.NGramRow) bool) {
						for _, r := range rows {
							if r.Kind == k && r.Order == n && !yield(r) {
								return
							}
						}
					})
					if err := writeNGramsText(&text, ds.Systems[sys].Name, k, n, slices.Values(ranking)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		for format, want := range map[string]string{"jsonl": jsonl.String(), "text": text.String()} {
			code, out, stderr := runCLI(t, "", "ngrams", "--top", strconv.Itoa(top), "--format", format, "a.txt", "b.txt", "-r", "ref.txt")
			if code != 0 || stderr != "" {
				t.Fatalf("top %d, %s: status %d, stderr %q", top, format, code, stderr)
			}
			if out != want {
				t.Errorf("top %d, %s: the output is not RankEveryLines's rows:\n%s\nwant\n%s", top, format, out, want)
			}
		}
	}
	rows, _, _ := a.RankEveryLines(context.Background(), 0, model.Kinds, orders, 0, model.MaxRowLines, nil)
	long, ties := false, false
	for i, r := range rows {
		long = long || r.Segments > model.MaxRowLines
		ties = ties || i > 0 && r.Kind == rows[i-1].Kind && r.Order == rows[i-1].Order && r.Count == rows[i-1].Count && r.Segments == rows[i-1].Segments
	}
	if !long || !ties {
		t.Errorf("the corpus has an n-gram in more segments than a row lists: %v; ties: %v; want both", long, ties)
	}
}

func TestNGramsOrderOfTables(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, _ := runCLI(t, "", "ngrams", "--format", "jsonl", "--kind", "missed,over", "--max-order", "2", "hyp.txt", "b=hyp2.txt", "-r", "refA.txt", "-r", "refB.txt")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	var seen []string
	for _, o := range jsonLines(t, out, []string{"system", "kind", "order", "ngram", "count", "segments", "lines"}) {
		key := o["system"].(string) + " " + o["kind"].(string) + " " + strings.Repeat("I", int(o["order"].(float64)))
		if len(seen) == 0 || seen[len(seen)-1] != key {
			seen = append(seen, key)
		}
	}
	want := []string{"hyp.txt over I", "hyp.txt over II", "hyp.txt missed I", "hyp.txt missed II", "b over I", "b over II", "b missed I", "b missed II"}
	// A table with no row above 0 prints nothing: drop what is absent.
	var expect []string
	for _, k := range want {
		if slices.Contains(seen, k) {
			expect = append(expect, k)
		}
	}
	if !slices.Equal(seen, expect) || len(seen) < 6 {
		t.Errorf("tables in order %v; want per system, kinds over then missed, orders ascending", seen)
	}
}

func TestNGramsSalientJSONL(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, stderr := runCLI(t, "", "ngrams", "--salient", "--kind", "matched", "--order", "1", "--top", "1", "--format", "jsonl", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	rows := jsonLines(t, out, []string{"system_a", "system_b", "kind", "order", "ngram", "count_a", "count_b", "score"})
	// Matched unigrams against refA: A the=2, a=1, house=1; B the=1,
	// cat=1, sat=1, a=1, house=1. s(the) = 3/5 is A's best; B's best (the
	// lowest s) are cat and sat at 1/3, tied on counts: cat by bytes.
	if len(rows) != 2 || rows[0]["ngram"] != "the" || rows[0]["score"] != 0.6 || rows[1]["ngram"] != "cat" || rows[1]["score"] != 1.0/3 {
		t.Errorf("salient rows = %v; want the (0.6) then cat (1/3)", rows)
	}
}

// TestNGramsSalientSides: each side lists only the n-grams its system has
// more often, and the text says which, whatever the lengths of the two
// lists; two identical systems have no salient n-gram.
func TestNGramsSalientSides(t *testing.T) {
	files := analysisFiles()
	files["copy.txt"] = files["hyp.txt"]
	writeFiles(t, files)
	// Matched unigrams (see TestNGramsSalientJSONL): A has "the" more
	// often; B has cat and sat, and a and house as often as A.
	code, out, _ := runCLI(t, "", "ngrams", "--salient", "--kind", "matched", "--order", "1", "--top", "0", "--format", "jsonl", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	rows := jsonLines(t, out, []string{"system_a", "system_b", "kind", "order", "ngram", "count_a", "count_b", "score"})
	var got []string
	for _, r := range rows {
		got = append(got, r["ngram"].(string))
	}
	if code != 0 || !slices.Equal(got, []string{"the", "cat", "sat"}) {
		t.Errorf("--top 0: exit %d, n-grams %v; want the (A's), then cat and sat (B's), and neither a nor house", code, got)
	}
	_, out, _ = runCLI(t, "", "ngrams", "--salient", "--kind", "matched", "--order", "1", "--top", "2", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	for _, want := range []string{"  the  ", "  cat  ", "  sat  "} {
		line := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, want) {
				line = l
			}
		}
		side := " B"
		if want == "  the  " {
			side = " A"
		}
		if !strings.HasSuffix(line, side) {
			t.Errorf("the row of %q is %q; want it to end in %q:\n%s", strings.TrimSpace(want), line, side, out)
		}
	}
	code, out, _ = runCLI(t, "", "ngrams", "--salient", "--order", "1", "hyp.txt", "copy.txt", "-r", "refA.txt")
	if code != 0 || strings.Count(out, "(none: no n-gram is more often in one system than in the other)") != 3 {
		t.Errorf("two identical systems: exit %d\n%s", code, out)
	}
}

func TestBucketsJSONL(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, stderr := runCLI(t, "", "buckets", "--format", "jsonl", "--confidence", "--seed", "7", "hyp.txt", "-r", "refA.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	rows := jsonLines(t, out, []string{"system", "by", "bucket", "lo", "hi", "segments", "score", "ci"})
	// 7 ref-length, 6 length-ratio + no reference tokens, 10 sentence-bleu.
	if len(rows) != 7+7+10 {
		t.Fatalf("%d buckets; want 24", len(rows))
	}
	first, last := rows[0], rows[6]
	if first["bucket"] != "<10" || first["lo"] != nil || first["hi"] != 10.0 || first["segments"] != 2.0 {
		t.Errorf("first ref-length bucket = %v", first)
	}
	// Both lines are in the first bucket: its CI is score --confidence's
	// on the whole file, with the same seed.
	_, whole, _ := runCLI(t, "", "score", "--format", "json", "--confidence", "--seed", "7", "hyp.txt", "-r", "refA.txt")
	var scores []map[string]any
	if err := json.Unmarshal([]byte(whole), &scores); err != nil || len(scores) != 1 {
		t.Fatalf("score --confidence printed %q (%v)", whole, err)
	}
	if first["ci"] == nil || first["ci"] != scores[0]["ci"] || first["score"] != scores[0]["score"] {
		t.Errorf("bucket <10: score %v ci %v; score --confidence on the same lines gives %v and %v",
			first["score"], first["ci"], scores[0]["score"], scores[0]["ci"])
	}
	if last["bucket"] != ">=60" || last["hi"] != nil || last["segments"] != 0.0 || last["score"] != nil || last["ci"] != nil {
		t.Errorf("last ref-length bucket = %v; want empty with score and ci null", last)
	}
	if noRef := rows[13]; noRef["bucket"] != "no reference tokens" || noRef["lo"] != nil || noRef["by"] != "length-ratio" {
		t.Errorf("bucket 14 = %v; want the no-reference bucket of length-ratio", noRef)
	}
	code, out, _ = runCLI(t, "", "buckets", "--format", "jsonl", "--by", "sentence-bleu", "--edges", "50", "hyp.txt", "-r", "refA.txt")
	if rows := jsonLines(t, out, []string{"system", "by", "bucket", "lo", "hi", "segments", "score", "ci"}); code != 0 || len(rows) != 2 || rows[1]["bucket"] != ">=50" || rows[1]["ci"] != nil {
		t.Errorf("--edges 50: status %d, rows %v; want two buckets, ci null without --confidence", code, rows)
	}
}

// loadAnalysisPair loads and scores hyp.txt and hyp2.txt of
// analysisFiles against refA.txt, as the commands do.
func loadAnalysisPair(t *testing.T) (*model.Dataset, *model.Scored) {
	t.Helper()
	ds, err := model.Load(model.Input{Systems: []string{"hyp.txt", "hyp2.txt"}, Refs: []string{"refA.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	scored, err := model.Score(context.Background(), ds, model.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ds, scored
}

// TestBucketsTextDeltaSameSegments: the text table scores every system on
// the first system's segments of each bucket. In length ratio, A's line 1
// (7/6) is in [1.1,1.2) where B has no line of its own (3/6 and 3/2): B's
// BLEU there is B scored on A's line.
func TestBucketsTextDeltaSameSegments(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, _ := runCLI(t, "", "buckets", "--by", "length-ratio", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	ds, scored := loadAnalysisPair(t)
	own, _ := scored.Buckets(ds, 0, model.ByLengthRatio, model.BucketOptions{})
	onA, _ := scored.ScoreBuckets(ds, 1, own, model.BucketOptions{})
	j := slices.IndexFunc(own, func(b model.Bucket) bool { return b.Label == "[1.1,1.2)" })
	if j < 0 || len(own[j].Rows) != 1 || onA[j].Score() == nil {
		t.Fatalf("the test's premise: bucket [1.1,1.2) of A = %+v", own)
	}
	bleuB := strconv.FormatFloat(*onA[j].Score(), 'f', 2, 64)
	delta := model.FormatSigned(*own[j].Score()-*onA[j].Score(), 2)
	var row string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "[1.1,1.2)") {
			row = l
		}
	}
	if f := strings.Fields(row); code != 0 || len(f) != 5 || f[1] != "1" || f[3] != bleuB || f[4] != delta {
		t.Errorf("row %q; want A's 1 segment, B's BLEU on it %s and A−B %s\n%s", row, bleuB, delta, out)
	}
	// Under the table, where A is furthest behind B, as the explorer says.
	onB, _ := scored.ScoreBuckets(ds, 1, own, model.BucketOptions{})
	most, small := model.MostBehind(own, onB, model.ScoreDecimals(false))
	var want string
	switch {
	case most.Index >= 0:
		want = "A is furthest behind B in " + own[most.Index].Label + ": A−B " + model.FormatSigned(most.Delta, 2)
	case small.Index >= 0:
		want = "most in " + own[small.Index].Label + ": A−B " + model.FormatSigned(small.Delta, 2)
	default:
		want = "A is behind B in no bucket"
	}
	if !strings.Contains(out, want) {
		t.Errorf("no line %q under the table:\n%s", want, out)
	}
	// Grouped by A's own sentence BLEU, where A is behind says nothing:
	// the table says why instead.
	_, out, _ = runCLI(t, "", "buckets", "--by", "sentence-bleu", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	if !strings.Contains(out, "by construction") || strings.Contains(out, "furthest behind") || strings.Contains(out, "behind B in no bucket") {
		t.Errorf("sentence-BLEU buckets claim where A is behind:\n%s", out)
	}
}

// TestBucketsShownSystem: the text table groups the segments of the
// system the explorer would show: the first, or with --baseline naming the
// first, the second, or the one --system names; its rows are that
// system's own buckets, and JSONL with --system lists that system's only.
func TestBucketsShownSystem(t *testing.T) {
	writeFiles(t, analysisFiles())
	ds, scored := loadAnalysisPair(t)
	// sizes are the bucket sizes of system sys's own segments, as the
	// table's n column prints them.
	sizes := func(sys int) string {
		own, err := scored.Buckets(ds, sys, model.ByLengthRatio, model.BucketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var n []string
		for _, b := range own {
			n = append(n, strconv.Itoa(len(b.Rows)))
		}
		return strings.Join(n, " ")
	}
	if sizes(0) == sizes(1) {
		t.Fatalf("the test's premise: both systems' length-ratio buckets have sizes %s", sizes(0))
	}
	column := func(out string) string {
		var n []string
		for _, l := range strings.Split(out, "\n") {
			switch f := strings.Fields(l); {
			case len(f) > 2 && (strings.HasPrefix(f[0], "<") || strings.HasPrefix(f[0], "[") || strings.HasPrefix(f[0], ">=")):
				n = append(n, f[1])
			case strings.HasPrefix(strings.TrimSpace(l), "no reference tokens "):
				n = append(n, f[3])
			}
		}
		return strings.Join(n, " ")
	}
	// base is the baseline the table names: the one given, else the one
	// the explorer compares the shown system with.
	for _, tc := range []struct {
		args         []string
		shown        int
		letter, base string
	}{
		{nil, 0, "A", "B = hyp2 (baseline)"},
		{[]string{"--baseline", "hyp2"}, 0, "A", "B = hyp2 (baseline)"},
		{[]string{"--baseline", "hyp"}, 1, "B", "A = hyp (baseline)"},
		{[]string{"--system", "hyp2"}, 1, "B", "A = hyp (baseline)"},
		{[]string{"--baseline", "hyp", "--system", "hyp"}, 0, "A", "A = hyp (baseline)"},
	} {
		args := append(append([]string{"buckets", "--by", "length-ratio"}, tc.args...), "hyp.txt", "hyp2.txt", "-r", "refA.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: status %d: %s", tc.args, code, stderr)
		}
		if got, want := column(out), sizes(tc.shown); got != want {
			t.Errorf("%v: bucket sizes %q, want system %d's own %q\n%s", tc.args, got, tc.shown, want, out)
		}
		if !strings.Contains(out, "  "+tc.base+"\n") {
			t.Errorf("%v: no line %q\n%s", tc.args, tc.base, out)
		}
		if want := "  (" + tc.letter + "'s segments grouped"; !strings.Contains(out, want) {
			t.Errorf("%v: no line %q\n%s", tc.args, want, out)
		}
	}
	// JSONL with --system: every system on hyp2's buckets, as the text
	// table scores them, each row saying so; without it, each system's own.
	code, out, _ := runCLI(t, "", "buckets", "--format", "jsonl", "--by", "length-ratio", "--system", "hyp2", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	paired, err := scored.SameRowBuckets(context.Background(), ds, 1, model.ByLengthRatio, model.BucketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	for sys, bs := range paired {
		if err := model.WriteBucketsJSONL(&want, ds, sys, bs, 1); err != nil {
			t.Fatal(err)
		}
	}
	if code != 0 || out != want.String() || strings.Count(out, `, "grouped_by": "hyp2.txt"}`) != strings.Count(out, "\n") || !strings.Contains(out, `{"system": "hyp.txt", `) {
		t.Errorf("jsonl --system hyp2: status %d\n%s\nwant every system on hyp2's buckets\n%s", code, out, want.String())
	}
	if _, own, _ := runCLI(t, "", "buckets", "--format", "jsonl", "hyp.txt", "hyp2.txt", "-r", "refA.txt"); strings.Contains(own, "grouped_by") {
		t.Errorf("jsonl without --system has grouped_by:\n%s", own)
	}
}

// TestNGramsSystem: --system lists that system's tables only, the same as
// its block of the whole output (its counts depend on its own hypotheses
// alone), and with --salient makes it A.
func TestNGramsSystem(t *testing.T) {
	writeFiles(t, analysisFiles())
	for _, format := range []string{"text", "jsonl"} {
		_, all, _ := runCLI(t, "", "ngrams", "--format", format, "hyp.txt", "hyp2.txt", "-r", "refA.txt")
		code, one, stderr := runCLI(t, "", "ngrams", "--format", format, "--system", "hyp2", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
		if code != 0 || one == "" {
			t.Fatalf("%s: status %d: %s", format, code, stderr)
		}
		// Alone, hyp2's text is named by its file (hyp2.txt), not as beside hyp.
		_, alone, _ := runCLI(t, "", "ngrams", "--format", format, "hyp2.txt", "-r", "refA.txt")
		if format == "jsonl" && one != alone || !strings.HasSuffix(all, one) || strings.Contains(one, "hyp.txt") {
			t.Errorf("%s: --system hyp2 is not hyp2's block:\n%s\nof\n%s", format, one, all)
		}
	}
	_, ab, _ := runCLI(t, "", "ngrams", "--salient", "--format", "jsonl", "hyp2.txt", "hyp.txt", "-r", "refA.txt")
	code, named, stderr := runCLI(t, "", "ngrams", "--salient", "--format", "jsonl", "--system", "hyp2", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	if code != 0 || named != ab {
		t.Errorf("--salient --system hyp2: status %d (%s), want hyp2 as A:\n%s\nwant\n%s", code, stderr, named, ab)
	}
	// With three systems and no baseline, A's B is the one the explorer
	// compares it with: the first.
	_, want, _ := runCLI(t, "", "ngrams", "--salient", "--format", "jsonl", "--baseline", "hyp", "hyp.txt", "hyp2.txt", "refB.txt", "-r", "refA.txt")
	code, three, stderr := runCLI(t, "", "ngrams", "--salient", "--format", "jsonl", "--system", "refB", "hyp.txt", "hyp2.txt", "refB.txt", "-r", "refA.txt")
	if code != 0 || !strings.Contains(three, `"system_a": "refB.txt", "system_b": "hyp.txt"`) || !strings.HasSuffix(want, three) {
		t.Errorf("--salient --system refB of three: status %d (%s), want refB against hyp:\n%s", code, stderr, three)
	}
	code, _, stderr = runCLI(t, "", "ngrams", "--salient", "--baseline", "hyp", "--system", "hyp", "hyp.txt", "hyp2.txt", "-r", "refA.txt")
	if code != 2 || !strings.Contains(stderr, "is the baseline") {
		t.Errorf("--system naming the baseline: status %d, %s", code, stderr)
	}
}

// TestBucketsTextNLTKScale: under --compat nltk the text table prints
// scores on NLTK's 0–1 scale with four decimals, as score does, and the
// differences and the line under the table with as many.
func TestBucketsTextNLTKScale(t *testing.T) {
	writeFiles(t, map[string]string{
		"a.txt":   "the cat sat on the mat\nit is raining hard in the new city tonight\n",
		"b.txt":   "the cat sat on a mat today\nit is raining hard in the old city tonight\n",
		"ref.txt": "the cat sat on the mat today\nit is raining hard in the old city tonight\n",
	})
	code, out, stderr := runCLI(t, "", "buckets", "--compat", "nltk", "--by", "ref-length", "--edges", "8", "a.txt", "b.txt", "-r", "ref.txt")
	ds, err := model.Load(model.Input{Systems: []string{"a.txt", "b.txt"}, Refs: []string{"ref.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	set := model.DefaultSettings().WithOption(func(o *scoring.Options) { o.Compat = scoring.CompatNLTK })
	scored, err := model.Score(context.Background(), ds, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := model.BucketOptions{Edges: []float64{8}}
	own, _ := scored.Buckets(ds, 0, model.ByRefLength, opt)
	onB, _ := scored.ScoreBuckets(ds, 1, own, opt)
	for j := range own {
		a, b := own[j].Score(), onB[j].Score()
		if a == nil || b == nil || *a < 0.1 || *b < 0.1 {
			t.Fatalf("the test's premise: bucket %s has scores %v, %v", own[j].Label, a, b)
		}
		want := []string{own[j].Label, strconv.Itoa(len(own[j].Rows)), model.FormatScore(*a, true), model.FormatScore(*b, true), model.FormatSigned(*a-*b, 4)}
		var row []string
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == own[j].Label {
				row = f
			}
		}
		if code != 0 || !slices.Equal(row, want) || len(strings.Split(want[2], ".")[1]) != 4 {
			t.Errorf("row %q; want %q (status %d, %s)\n%s", row, want, code, stderr, out)
		}
	}
	most, _ := model.MostBehind(own, onB, model.ScoreDecimals(true))
	if most.Index < 0 {
		t.Fatalf("the test's premise: A is behind B nowhere\n%s", out)
	}
	want := "A is furthest behind B in " + own[most.Index].Label + ": A−B " + model.FormatSigned(most.Delta, 4) + " on 1 segment\n"
	if !strings.Contains(out, want) {
		t.Errorf("no line %q under the table:\n%s", want, out)
	}
}

// TestBucketsWhereNLTKRaises: under NLTK's method6, which raises on b's
// one-token second line, grouping b's segments by sentence score puts that
// segment in a "no sentence score" bucket (it was in none: the counts did
// not add up), said under the table, and b's corpus BLEU there, which
// NLTK raises on too, reads error, with the reason under the table, where
// it read "–", as an empty bucket does; JSONL lists the bucket too.
func TestBucketsWhereNLTKRaises(t *testing.T) {
	writeFiles(t, map[string]string{
		"a.txt":   "the cat sat on a mat\nthe cat sat on a mat\na dog ran in a park\n",
		"b.txt":   "the cat sat on a mat\nthe\na dog ran in the park\n",
		"ref.txt": "the cat sat on the mat\nthe cat sat on the mat\na dog ran in the park\n",
	})
	args := []string{"buckets", "--compat", "nltk", "--nltk-smoothing", "6", "--by", "sentence-bleu", "--system", "b", "a.txt", "b.txt", "-r", "ref.txt"}
	code, out, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	var row []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), model.NoScoreLabel) {
			row = strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), model.NoScoreLabel))
		}
	}
	// A is a (the baseline, scored on b's segment), B is b (grouped).
	if len(row) != 4 || row[0] != "1" || row[1] == "error" || row[2] != "error" || row[3] != "–" {
		t.Errorf("the no-score row reads %q; want 1 segment, a's score, b's error, no Δ\n%s", row, out)
	}
	for _, want := range []string{
		"(error: NLTK raises on the bucket's corpus BLEU: AssertionError: ",
		"(no sentence score: the 1 segment whose sentence score NLTK raises on)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q under the table:\n%s", want, out)
		}
	}
	code, out, _ = runCLI(t, "", append(args, "--format", "jsonl")...)
	if want := `{"system": "b.txt", "by": "sentence-bleu", "bucket": "no sentence score", "lo": null, "hi": null, "segments": 1, "score": null, "ci": null, "grouped_by": "b.txt"}`; code != 0 || !strings.Contains(out, want+"\n") {
		t.Errorf("JSONL (status %d) lacks %s:\n%s", code, want, out)
	}
}

// TestBucketsTextCILegend: with --confidence the text says under its
// tables, once, what ± is: the bootstrap half-width, with the resamples
// and the seed used (the default for --confidence-n 0); without it, no
// legend, and the JSONL form has none either.
func TestBucketsTextCILegend(t *testing.T) {
	writeFiles(t, analysisFiles())
	for _, tc := range []struct {
		args []string
		want string // the legend, "" for none
	}{
		{[]string{"--confidence"}, "±: each BLEU's 95% bootstrap confidence half-width (1,000 resamples, seed 12345).\n"},
		{[]string{"--confidence", "--confidence-n", "0", "--seed", "7"}, "±: each BLEU's 95% bootstrap confidence half-width (1,000 resamples, seed 7).\n"},
		{[]string{"--confidence", "--confidence-n", "1", "--by", "ref-length"}, "±: each BLEU's 95% bootstrap confidence half-width (1 resample, seed 12345).\n"},
		{nil, ""},
		{[]string{"--confidence", "--format", "jsonl"}, ""},
	} {
		args := append(append([]string{"buckets"}, tc.args...), "hyp.txt", "hyp2.txt", "-r", "refA.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: status %d: %s", args, code, stderr)
		}
		switch {
		case tc.want == "" && strings.Contains(out, "±:"):
			t.Errorf("%q: a legend of ±:\n%s", args, out)
		case tc.want != "" && (!strings.HasSuffix(out, "\n\n"+tc.want) || strings.Count(out, "±:") != 1):
			t.Errorf("%q: want the text to end, once, with a blank line and %q:\n%s", args, tc.want, out)
		}
	}
}

// TestBucketsTextCIAligned: with --confidence the ± of every row of a
// column lines up, and so do the scores' decimal points, when the CIs have
// different widths (13.35 under 3.09 shifted the row by one column).
func TestBucketsTextCIAligned(t *testing.T) {
	writeFiles(t, analysisFiles())
	ds, _ := loadAnalysisPair(t)
	bucket := func(label string, score, ci float64) model.Bucket {
		return model.Bucket{Label: label, Rows: []int{0}, Result: scoring.Result{Score: score}, CI: &ci}
	}
	perSys := [][]model.Bucket{
		{bucket("<10", 36.57, 3.09), bucket("[10,20)", 5.5, 0.25), {Label: "[20,30)"}, bucket(">=60", 44.19, 13.35)},
		{bucket("<10", 50.85, 3.30), bucket("[10,20)", 100, 10), {Label: "[20,30)"}, bucket(">=60", 60.71, 12.03)},
	}
	var out bytes.Buffer
	if err := writeBucketsText(&out, ds, model.ByRefLength, perSys, 0, 1, true, false); err != nil {
		t.Fatal(err)
	}
	// cols returns the columns (in characters) where each ± and each
	// score's decimal point stand in line.
	cols := func(line string) (pm, dot []int) {
		r := []rune(line)
		for i, c := range r {
			switch {
			case c == '±':
				pm = append(pm, i)
			case c == '.' && i+3 < len(r) && r[i+3] == ' ' && strings.HasPrefix(string(r[i+4:]), "±"):
				dot = append(dot, i)
			}
		}
		return pm, dot
	}
	var wantPM, wantDot []int
	rows := 0
	for _, line := range strings.Split(out.String(), "\n") {
		pm, dot := cols(line)
		if len(pm) == 0 {
			continue
		}
		if rows++; rows == 1 {
			wantPM, wantDot = pm, dot
		}
		if !slices.Equal(pm, wantPM) || !slices.Equal(dot, wantDot) || len(pm) != 2 || len(dot) != 2 {
			t.Errorf("row %q: ± at %v, decimal points at %v; want %v and %v, as the first row\n%s", line, pm, dot, wantPM, wantDot, out.String())
		}
	}
	if rows != 3 || !strings.Contains(out.String(), "36.57 ±  3.09") || !strings.Contains(out.String(), "44.19 ± 13.35") {
		t.Errorf("%d rows with a CI; want 3, the narrower CIs padded:\n%s", rows, out.String())
	}
}

func TestAnalysisTextAndErrors(t *testing.T) {
	writeFiles(t, analysisFiles())
	code, out, _ := runCLI(t, "", "ngrams", "--order", "1", "hyp.txt", "-r", "refA.txt")
	if code != 0 || !strings.Contains(out, "hyp.txt: most over-produced") || !strings.Contains(out, "  over  segments  n-gram  lines\n     5         1  the     1\n") {
		t.Errorf("ngrams text:\n%s", out)
	}
	code, out, _ = runCLI(t, "", "buckets", "--by", "ref-length", "a=hyp.txt", "b=hyp2.txt", "-r", "refA.txt")
	if code != 0 || !strings.Contains(out, "bucket   n  A BLEU  B BLEU     A−B") {
		t.Errorf("buckets text:\n%s", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ngrams", "--kind", "wrong", "hyp.txt", "-r", "refA.txt"}, `--kind: "wrong" is not matched, over or missed; see 'bleuscope ngrams --help'`},
		{[]string{"ngrams", "--kind", "over, missd", "hyp.txt", "-r", "refA.txt"}, `--kind: "missd" is not matched, over or missed`},
		{[]string{"ngrams", "--top", "-1", "hyp.txt", "-r", "refA.txt"}, "--top: -1 is not a number of rows ≥ 0 (0 lists them all); see 'bleuscope ngrams --help'"},
		{[]string{"ngrams", "--order", "5", "hyp.txt", "-r", "refA.txt"}, "--order: 5 is not an order from 1 to --max-order (4); see 'bleuscope ngrams --help'"},
		{[]string{"ngrams", "--max-order", "2", "--order=03", "hyp.txt", "-r", "refA.txt"}, "--order: 03 is not an order from 1 to --max-order (2); see 'bleuscope ngrams --help'"},
		{[]string{"ngrams", "--salient", "hyp.txt", "-r", "refA.txt"}, "two SYSTEM files"},
		{[]string{"ngrams", "--alpha", "0", "--salient", "hyp.txt", "hyp2.txt", "-r", "refA.txt"}, "--alpha: 0 is not a number above 0 and at most 1e300 (compare-mt's default is 1); see 'bleuscope ngrams --help'"},
		{[]string{"ngrams", "--alpha", "1e308", "--salient", "hyp.txt", "hyp2.txt", "-r", "refA.txt"}, "--alpha: 1e308 is not a number above 0 and at most 1e300 (compare-mt's default is 1); see 'bleuscope ngrams --help'"},
		{[]string{"ngrams", "--alpha", " -0.50 ", "--salient", "hyp.txt", "hyp2.txt", "-r", "refA.txt"}, "--alpha: -0.50 is not a number above 0"},
		{[]string{"ngrams", "--format", "csv", "hyp.txt", "-r", "refA.txt"}, "--format: \"csv\" is not a format ngrams writes"},
		{[]string{"ngrams", "--max-ngrams", "3", "hyp.txt", "-r", "refA.txt"}, "bleuscope: the n-gram analysis passed 3 n-grams held, the limit --max-ngrams sets (about 170 bytes each); analyse fewer lines or a lower --max-order, or raise --max-ngrams if the memory is there\n"},
		{[]string{"ngrams", "--max-ngrams", "-1", "hyp.txt", "-r", "refA.txt"}, "--max-ngrams: -1 is not a number of n-grams from 1 to 536,870,912 (0 means the default"},
		{[]string{"--max-ngrams", "536870913", "hyp.txt", "-r", "refA.txt"}, "--max-ngrams: 536870913 is not a number of n-grams from 1 to 536,870,912"},
		{[]string{"ngrams", "--max-ngrams", "1e30", "hyp.txt", "-r", "refA.txt"}, "--max-ngrams: 1e30 is not a number of n-grams from 1 to 536,870,912"},
		{[]string{"ngrams", "--max-ngrams", "600M", "hyp.txt", "-r", "refA.txt"}, "--max-ngrams: 600M is not a number of n-grams from 1 to 536,870,912"},
		{[]string{"ngrams", "--max-ngrams", "1.5M5", "hyp.txt", "-r", "refA.txt"}, `--max-ngrams: "1.5M5" is not a whole number (such as 50000000, 50,000,000, 50M or 5e7); see 'bleuscope ngrams --help'`},
		{[]string{"ngrams", "--max-ngrams", "2.5", "hyp.txt", "-r", "refA.txt"}, `--max-ngrams: "2.5" is not a whole number (such as 50000000, 50,000,000, 50M or 5e7)`},
		{[]string{"ngrams", "--max-ngrams", "3e0", "hyp.txt", "-r", "refA.txt"}, "passed 3 n-grams held, the limit --max-ngrams sets"},
		{[]string{"buckets", "--by", "length", "hyp.txt", "-r", "refA.txt"}, `--by: "length" is not ref-length, length-ratio or sentence-bleu; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--edges", "1,2", "hyp.txt", "-r", "refA.txt"}, "one --by"},
		{[]string{"buckets", "--by", "ref-length", "-edges=1,x", "hyp.txt", "-r", "refA.txt"}, `-edges: "x" is not a plain decimal number; write edges as 10,20,30; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--compat", "nltk", "--by", "sentence-bleu", "--edges", "20,50", "hyp.txt", "-r", "refA.txt"}, "runs from 0 to 1"},
		{[]string{"buckets", "--by", "ref-length", "--edges", "2,1", "hyp.txt", "-r", "refA.txt"}, `--edges: "2,1" is not increasing (1 follows 2); write edges as 10,20,30; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--by", "length-ratio", "--edges", "1,1.0000000000000001", "hyp.txt", "-r", "refA.txt"}, `--edges: "1,1.0000000000000001" is not increasing once read: 1 and 1.0000000000000001 are one floating-point number, 1; write edges with at most 15 significant digits, which floating point keeps apart; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--by", "ref-length", "--edges", "-5", "hyp.txt", "-r", "refA.txt"}, `--edges: "-5" is out of range: reference lengths r are 0 or more, so every edge must be above 0`},
		{[]string{"buckets", "--by", "length-ratio", "--edges", "0,1", "hyp.txt", "-r", "refA.txt"}, `--edges: "0,1" is out of range: length ratios c / r are 0 or more, so every edge must be above 0`},
		{[]string{"buckets", "--by", "sentence-bleu", "--edges", "50,150", "hyp.txt", "-r", "refA.txt"}, `--edges: "50,150" is out of range: sentence BLEU runs from 0 to 100, so every edge must be above 0 and at most 100 (a bucket beyond them would always be empty); give edges such as 10,20,30; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--by", "ref-length", "--edges", "1e400", "hyp.txt", "-r", "refA.txt"}, `--edges: "1e400" is out of range (numbers go up to about 1.8e308); write edges as 10,20,30; see 'bleuscope buckets --help'`},
		{[]string{"buckets", "--seed", "3", "hyp.txt", "-r", "refA.txt"}, "go with --confidence"},
		// One system has no other to be Δ'd against: --baseline was taken
		// and ignored; compare and ngrams --salient refuse one system too.
		{[]string{"buckets", "--baseline", "a", "a=hyp.txt", "-r", "refA.txt"}, "bleuscope: --baseline names the system the others' Δ is to, and there is one system; give at least two SYSTEM files, or leave --baseline out\n"},
		{[]string{"buckets", "--baseline", "a", "--system", "a", "--by", "ref-length", "a=hyp.txt", "-r", "refA.txt"}, "there is one system"},
		// JSONL has no Δ: --baseline was taken and ignored there too.
		{[]string{"buckets", "--format", "jsonl", "--baseline", "b", "a=hyp.txt", "b=hyp2.txt", "-r", "refA.txt"}, "bleuscope: --baseline names the system the text table's Δ is to, and JSONL has no Δ (it lists each system's buckets); leave --baseline out, or use --format text\n"},
		{[]string{"buckets", "--confidence", "--compat", "nltk", "hyp.txt", "-r", "refA.txt"}, "buckets --confidence"},
	} {
		code, out, stderr := runCLI(t, "", tc.args...)
		if code != 2 || out != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and one line with %q", tc.args, code, out, stderr, tc.want)
		}
	}
}

// TestMaxNGramsAsWritten: --max-ngrams reads a count as a person writes
// one, as --max-input reads sizes: 50M, 5e7, 50,000,000 (as bleuscope
// writes counts) and 50_000_000 are all 50000000; it took only the plain
// digits.
func TestMaxNGramsAsWritten(t *testing.T) {
	writeFiles(t, analysisFiles())
	_, want, _ := runCLI(t, "", "ngrams", "--order", "1", "hyp.txt", "-r", "refA.txt")
	for _, v := range []string{"50000000", "50M", "50m", "5e7", "50,000,000", "50_000_000", "0.05G", "50000k"} {
		code, out, stderr := runCLI(t, "", "ngrams", "--max-ngrams", v, "--order", "1", "hyp.txt", "-r", "refA.txt")
		if code != 0 || stderr != "" || out != want {
			t.Errorf("--max-ngrams %s: status %d, stderr %q", v, code, stderr)
		}
	}
	// It counts as many as that number says: one over what it holds stops.
	for _, v := range []string{"2", "2e0", "0.002k"} {
		if code, _, stderr := runCLI(t, "", "ngrams", "--max-ngrams", v, "--order", "1", "hyp.txt", "-r", "refA.txt"); code != 2 || !strings.Contains(stderr, "passed 2 n-grams held") {
			t.Errorf("--max-ngrams %s: status %d, stderr %q; want the limit of 2 passed", v, code, stderr)
		}
	}
}

// TestChoicesInAnyCase: --kind and --by read their names in any case,
// as the explorer's query language reads names; a name that is none of
// them is still refused.
func TestChoicesInAnyCase(t *testing.T) {
	writeFiles(t, analysisFiles())
	for _, tc := range [][2][]string{
		{{"ngrams", "--kind", "MISSED,Over"}, {"ngrams", "--kind", "missed,over"}},
		{{"ngrams", "--kind", "Matched", "--salient", "hyp2.txt"}, {"ngrams", "--kind", "matched", "--salient", "hyp2.txt"}},
		{{"buckets", "--by", "REF-LENGTH", "--by", "Sentence-BLEU"}, {"buckets", "--by", "ref-length,sentence-bleu"}},
		{{"buckets", "--by", "Length-Ratio", "--edges", "1"}, {"buckets", "--by", "length-ratio", "--edges", "1"}},
	} {
		files := []string{"hyp.txt", "-r", "refA.txt"}
		code, got, stderr := runCLI(t, "", append(tc[0], files...)...)
		_, want, _ := runCLI(t, "", append(tc[1], files...)...)
		if code != 0 || stderr != "" || got != want || want == "" {
			t.Errorf("%q: status %d, stderr %q, output\n%s\nwant that of %q:\n%s", tc[0], code, stderr, got, tc[1], want)
		}
	}
	code, _, stderr := runCLI(t, "", "ngrams", "--kind", "MISSING", "hyp.txt", "-r", "refA.txt")
	if code != 2 || stderr != "bleuscope: --kind: \"MISSING\" is not matched, over or missed; see 'bleuscope ngrams --help'\n" {
		t.Errorf("--kind MISSING: status %d, stderr %q", code, stderr)
	}
}

// TestFormatInAnyCase: every command that takes --format reads it in any
// case, as --kind and --by; a name that is none of its formats is still
// refused. The sacrebleu drop-in keeps sacrebleu's -f, which is
// case-sensitive.
func TestFormatInAnyCase(t *testing.T) {
	files := analysisFiles()
	files["m.tsv"] = mqmSmall
	writeFiles(t, files)
	refs := []string{"-r", "refA.txt"}
	for _, tc := range []struct {
		args   []string
		upper  string
		format string
	}{
		{append([]string{"score", "hyp.txt"}, refs...), "JSON", "json"},
		{append([]string{"segments", "hyp.txt"}, refs...), "JSONL", "jsonl"},
		{append([]string{"segments", "--text", "hyp.txt"}, refs...), "Tsv", "tsv"},
		{append([]string{"compare", "hyp.txt", "hyp2.txt"}, refs...), "Json", "json"},
		{append([]string{"ngrams", "hyp.txt"}, refs...), "JSONL", "jsonl"},
		{append([]string{"buckets", "hyp.txt"}, refs...), "JSONL", "jsonl"},
		{[]string{"annotations", "summary", "m.tsv"}, "JSON", "json"},
		{[]string{"annotations", "export", "--annotations", "m.tsv"}, "CSV", "csv"},
	} {
		code, got, stderr := runCLI(t, "", append(tc.args, "--format", tc.upper)...)
		_, want, _ := runCLI(t, "", append(tc.args, "--format", tc.format)...)
		if code != 0 || stderr != "" || got != want || want == "" {
			t.Errorf("%q --format %s: status %d, stderr %q, output\n%s\nwant that of --format %s:\n%s", tc.args, tc.upper, code, stderr, got, tc.format, want)
		}
	}
	code, _, stderr := runCLI(t, "", "score", "--format", "JSONL", "hyp.txt", "-r", "refA.txt")
	if code != 2 || stderr != "bleuscope: --format: \"JSONL\" is not a format score writes (text or json); see 'bleuscope score --help'\n" {
		t.Errorf("score --format JSONL: status %d, stderr %q", code, stderr)
	}
	// The format typed is quoted as typed; with none typed, the default is
	// not quoted: the line asks for one (TestSegmentsTextBadFlags).
	args := []string{"segments", "--text", "hyp.txt", "-r", "refA.txt", "--format", "TEXT"}
	if code, _, stderr := runCLI(t, "", args...); code != 2 || !strings.HasSuffix(stderr, `(not "TEXT")`+"\n") {
		t.Errorf("%q: status %d, stderr %q; want the format quoted as \"TEXT\"", args, code, stderr)
	}
	code, out, stderr := runCLI(t, "", "sacrebleu", "refA.txt", "-i", "hyp.txt", "-f", "JSON")
	if code != 2 || out != "" || !strings.HasSuffix(stderr, "sacrebleu: error: argument --format/-f: invalid choice: 'JSON' (choose from 'json', 'text', 'latex')\n") {
		t.Errorf("sacrebleu -f JSON: status %d, stdout %q, stderr %q; want argparse's refusal, 2", code, out, stderr)
	}
}

// TestNGramsRefusesScoreOnlyFlags: ngrams counts n-grams and scores
// nothing, so the scoring flags that change no count are refused with one
// line naming the flag and why (they used to be taken and do nothing), and
// its help does not list them; the flags that change counts are taken, and
// buckets, whose scores they change, takes them all.
func TestNGramsRefusesScoreOnlyFlags(t *testing.T) {
	writeFiles(t, analysisFiles())
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--smooth", "floor"}, "--smooth does not apply to ngrams: n-gram counts do not depend on smoothing"},
		{[]string{"--smooth-value", "0.5"}, "--smooth-value does not apply to ngrams: n-gram counts do not depend on smoothing"},
		{[]string{"--effective-order=true"}, "--effective-order does not apply to ngrams: n-gram counts do not depend on the effective order"},
		{[]string{"--compat", "nltk"}, "--compat does not apply to ngrams: sacrebleu and NLTK count the same n-grams"},
		{[]string{"--compat", "sacrebleu"}, "--compat does not apply to ngrams"},
		{[]string{"--compat", "nltk", "--nltk-smoothing", "3"}, "--compat does not apply to ngrams"},
		{[]string{"--nltk-smoothing", "3"}, "--nltk-smoothing does not apply to ngrams: n-gram counts do not depend on smoothing"},
		{[]string{"--nltk-epsilon", "0.2"}, "--nltk-epsilon does not apply to ngrams"},
		{[]string{"--nltk-alpha", "2"}, "--nltk-alpha does not apply to ngrams"},
		{[]string{"--nltk-k", "2"}, "--nltk-k does not apply to ngrams"},
		{[]string{"--weights", "0.5,0.5"}, "--weights does not apply to ngrams: n-gram counts do not depend on the weights (--max-order sets the orders counted)"},
		{[]string{"--auto-reweigh"}, "--auto-reweigh does not apply to ngrams"},
	} {
		args := append(append([]string{"ngrams"}, tc.flags...), "hyp.txt", "-r", "refA.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != 2 || out != "" || !strings.HasPrefix(stderr, "bleuscope: "+tc.want) || !strings.HasSuffix(stderr, "; see 'bleuscope ngrams --help'\n") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 2 and one line starting %q", args, code, out, stderr, tc.want)
		}
		args[0] = "buckets"
		if code, _, stderr := runCLI(t, "", args...); strings.Contains(stderr, "does not apply") {
			t.Errorf("%q: status %d, stderr %q; buckets scores, so the flag applies", args, code, stderr)
		}
	}
	for _, flags := range [][]string{{"-l"}, {"-t", "char"}, {"--max-order", "2"}} {
		args := append(append([]string{"ngrams"}, flags...), "hyp.txt", "-r", "refA.txt")
		if code, _, stderr := runCLI(t, "", args...); code != 0 || stderr != "" {
			t.Errorf("%q: status %d, stderr %q; these change the counts", args, code, stderr)
		}
	}
	_, help, _ := runCLI(t, "", "ngrams", "--help")
	for _, line := range strings.Split(help, "\n") {
		opt := strings.TrimLeft(line, " ")
		for _, f := range scoreOnly {
			if strings.HasPrefix(opt, flagName(f.name)+" ") || strings.HasPrefix(opt, flagName(f.name)+"=") {
				t.Errorf("ngrams --help lists %s, which ngrams refuses: %q", flagName(f.name), line)
			}
		}
	}
	for _, f := range []string{"--tokenize", "--lowercase", "--max-order"} {
		if !strings.Contains(help, f) {
			t.Errorf("ngrams --help does not list %s", f)
		}
	}
}

// TestNGramsTextIsATable: the n-gram table written a row at a time is the
// aligned table writeTable makes of the same cells, with wide characters,
// escaped text, numbers of several widths (counts in groups of three
// digits, 12,345; line numbers whole) and rows with more segments than
// lines shown.
func TestNGramsTextIsATable(t *testing.T) {
	rows := []model.NGramRow{
		{NGram: "the", Count: 12345, Segments: 1009, Lines: []int{1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{NGram: "猫 が", Count: 7, Segments: 3, Lines: []int{10, 200, 3000}},
		{NGram: "a\x1b[31mb", Count: 1, Segments: 25, Lines: []int{4, 40, 400, 4000, 40000, 41000, 42000, 43000, 44000, 45000}},
		{NGram: "x", Count: 1, Segments: 1, Lines: nil},
	}
	var got bytes.Buffer
	if err := writeNGramsText(&got, "sys\x07", scoring.Over, 2, slices.Values(rows)); err != nil {
		t.Fatal(err)
	}
	table := [][]string{{"over", "segments", "n-gram", "lines"}}
	for _, r := range rows {
		shown := r.Lines[:min(len(r.Lines), textLines)]
		parts := make([]string, len(shown))
		for i, l := range shown {
			parts[i] = strconv.Itoa(l)
		}
		lines := strings.Join(parts, " ")
		if r.Segments > len(shown) {
			lines += " …"
		}
		table = append(table, []string{model.Thousands(r.Count), model.Thousands(r.Segments), model.Shown(r.NGram), lines})
	}
	var want bytes.Buffer
	want.WriteString(model.Printable("sys\x07") + ": most over-produced (beyond what any reference has) 2-grams\n")
	if err := writeTable(&want, "  ", table, []bool{true, true}); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}
	var none bytes.Buffer
	if err := writeNGramsText(&none, "sys", scoring.Matched, 4, slices.Values([]model.NGramRow(nil))); err != nil || !strings.HasSuffix(none.String(), "4-grams\n  (none)\n") {
		t.Errorf("no rows: %q, %v", none.String(), err)
	}
}

// TestNGramsTextRowsGrow: rows that are more the second time they are
// ranged over (when they are written) than the first (when they are
// measured) end in an error, not a panic.
func TestNGramsTextRowsGrow(t *testing.T) {
	passes := 0
	rows := func(yield func(model.NGramRow) bool) {
		passes++
		for i := range passes {
			if !yield(model.NGramRow{NGram: strings.Repeat("x", i+1), Count: 1, Segments: 1, Lines: []int{1}}) {
				return
			}
		}
	}
	var got bytes.Buffer
	if err := writeNGramsText(&got, "sys", scoring.Matched, 1, rows); err == nil {
		t.Errorf("rows one more when written: no error; wrote\n%s", got.String())
	}
}

// TestBucketsTextBaseline: the text table's Δ is a system's BLEU minus
// the baseline's, as the explorer's buckets table gives it: with
// --baseline the one named (here the third), else the explorer's at
// start, the second, the one the first system is compared with.
func TestBucketsTextBaseline(t *testing.T) {
	files := analysisFiles()
	files["hyp3.txt"] = "the cat sat on a mat\na house\n"
	writeFiles(t, files)
	systems := []string{"hyp.txt", "hyp2.txt", "hyp3.txt"}
	ds, err := model.Load(model.Input{Systems: systems, Refs: []string{"refA.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	scored, err := model.Score(context.Background(), ds, model.DefaultSettings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := model.BucketOptions{Edges: []float64{50}}
	own, _ := scored.Buckets(ds, 0, model.ByRefLength, opt)
	score := func(sys, j int) float64 {
		bs, _ := scored.ScoreBuckets(ds, sys, own, opt)
		if bs[j].Score() == nil {
			t.Fatalf("the test's premise: system %d has no score in bucket %s", sys, own[j].Label)
		}
		return *bs[j].Score()
	}
	j := slices.IndexFunc(own, func(b model.Bucket) bool { return len(b.Rows) == 2 })
	if j < 0 {
		t.Fatalf("the test's premise: one bucket of A's holds both lines: %+v", own)
	}
	for _, tc := range []struct {
		flags      []string
		base       int
		head, note string
		deltas     [2][2]int // the systems of the two Δ columns, minus which
	}{
		{[]string{"--baseline", "hyp3.txt"}, 2, "B−C", "C = hyp3 (baseline)", [2][2]int{{1, 2}, {0, 2}}},
		{nil, 1, "A−B", "B = hyp2 (baseline)", [2][2]int{{0, 1}, {2, 1}}},
	} {
		args := append([]string{"buckets", "--by", "ref-length", "--edges", "50"}, tc.flags...)
		code, out, stderr := runCLI(t, "", append(append(args, systems...), "-r", "refA.txt")...)
		var row []string
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == own[j].Label {
				row = f
			}
		}
		want := []string{own[j].Label, "2", model.FormatScore(score(0, j), false),
			model.FormatScore(score(1, j), false), model.FormatSigned(score(tc.deltas[0][0], j)-score(tc.deltas[0][1], j), 2),
			model.FormatScore(score(2, j), false), model.FormatSigned(score(tc.deltas[1][0], j)-score(tc.deltas[1][1], j), 2)}
		if code != 0 || !slices.Equal(row, want) || !strings.Contains(out, tc.head) || !strings.Contains(out, "  "+tc.note+"\n") {
			t.Errorf("%v: row %q; want %q, a column %s and a line %q (status %d, %s)\n%s", tc.flags, row, want, tc.head, tc.note, code, stderr, out)
		}
	}
	if code, _, stderr := runCLI(t, "", "buckets", "--baseline", "nope", "hyp.txt", "hyp2.txt", "-r", "refA.txt"); code != 2 || !strings.Contains(stderr, `--baseline: "nope" is not a system`) {
		t.Errorf("an unknown baseline: status %d, %s", code, stderr)
	}
}

// TestNGramsSalientBaseline: with --baseline, --salient ranks every other
// system (A) against the baseline (B), one block per system in input
// order, each the rows the two alone give; with three systems and no
// --baseline it says to name one, and --baseline needs --salient.
func TestNGramsSalientBaseline(t *testing.T) {
	files := analysisFiles()
	files["hyp3.txt"] = "the cat sat on a mat\na house\n"
	writeFiles(t, files)
	flags := []string{"ngrams", "--salient", "--format", "jsonl", "--top", "3"}
	code, out, stderr := runCLI(t, "", append(flags, "--baseline", "hyp2", "hyp.txt", "hyp2.txt", "hyp3.txt", "-r", "refA.txt", "-r", "refB.txt")...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	var want string
	for _, a := range []string{"hyp.txt", "hyp3.txt"} {
		_, pair, _ := runCLI(t, "", append(flags, a, "hyp2.txt", "-r", "refA.txt", "-r", "refB.txt")...)
		want += pair
	}
	if out != want || !strings.Contains(out, `"system_a": "hyp3.txt", "system_b": "hyp2.txt"`) {
		t.Errorf("three systems against hyp2:\n%s\nwant each pair's rows:\n%s", out, want)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ngrams", "--salient", "hyp.txt", "hyp2.txt", "hyp3.txt", "-r", "refA.txt"}, "--salient compares two systems; give exactly two SYSTEM files (got 3), or name the one every other is compared with, --baseline NAME"},
		{[]string{"ngrams", "--baseline", "hyp2", "hyp.txt", "hyp2.txt", "-r", "refA.txt"}, "--baseline applies only with --salient"},
		{[]string{"ngrams", "--salient", "--baseline", "nope", "hyp.txt", "hyp2.txt", "-r", "refA.txt"}, `--baseline: "nope" is not a system`},
	} {
		if code, _, stderr := runCLI(t, "", tc.args...); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: status %d, %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
