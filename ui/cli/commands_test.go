package cli

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/bleuscope/bleuscope/fixtures"
	"github.com/bleuscope/bleuscope/fixtures/conformance"
	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

func TestScoreOutputFile(t *testing.T) {
	dir := writeFiles(t, basicFiles())
	_, want, _ := runCLI(t, "", "score", "--format", "json", "hyp.txt", "-r", "ref.txt")
	if err := os.WriteFile("out.json", []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := listDir(t, dir)
	code, stdout, stderr := runCLI(t, "", "score", "--format", "json", "-o", "out.json", "hyp.txt", "-r", "ref.txt")
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q; want 0 and nothing printed", code, stdout, stderr)
	}
	got, err := os.ReadFile("out.json")
	if err != nil || string(got) != want || !strings.HasPrefix(want, "[\n") {
		t.Errorf("out.json = %q (%v); want %q", got, err, want)
	}
	if after := listDir(t, dir); !slices.Equal(before, after) {
		t.Errorf("files %q; want %q (no temporary file left)", after, before)
	}
	if st, err := os.Stat("out.json"); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("out.json mode %v (%v); want the old file's 0600 kept", st.Mode(), err)
	}
}

func TestScoreSeveralSystems(t *testing.T) {
	writeFiles(t, basicFiles())
	code, out, stderr := runCLI(t, "", "score", "base=hyp.txt", "other=ref2.txt", "-r", "ref.txt")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "base: BLEU|nrefs:1|") || !strings.HasPrefix(lines[1], "other: BLEU|nrefs:1|") {
		t.Errorf("score of two systems printed %q; want one NAME: line each", lines)
	}
}

// TestScoreSaysWhyZero: a BLEU of 0 (a corpus of lines of three tokens has
// no 4-gram) gets a warning after the text saying why and which flags would
// score it above 0, each named once, in text and with --confidence;
// standard output keeps sacrebleu's line alone, and JSON gets no warning.
// Before, the text read "= 0.0" with nothing to say why.
func TestScoreSaysWhyZero(t *testing.T) {
	writeFiles(t, map[string]string{"short.txt": "a b x\nd y f\n", "fine.txt": "a b c\nd e f g z\n", "ref.txt": "a b c\nd e f g h\n"})
	const want = "bleuscope: warning: short: BLEU is 0 (no 4-grams); --smooth add-k or --effective-order would score it above 0\n"
	for _, args := range [][]string{{"score"}, {"score", "--confidence", "--confidence-n", "5"}, {"score", "--format", "json"}} {
		args = append(args, "short=short.txt", "fine=fine.txt", "-r", "ref.txt")
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || strings.Count(out, "BLEU|") != 2 && !slices.Contains(args, "json") {
			t.Fatalf("%q: status %d, stdout\n%s", args, code, out)
		}
		if slices.Contains(args, "json") {
			if stderr != "" {
				t.Errorf("%q: stderr %q; want none", args, stderr)
			}
			continue
		}
		if stderr != want || strings.Contains(out, "is 0") {
			t.Errorf("%q: stderr %q; want %q, and stdout sacrebleu's lines alone:\n%s", args, stderr, want, out)
		}
	}
	// Without BLEU in the text (--metrics chrf, ter), nothing is said of
	// a BLEU of 0 that it does not show.
	for _, args := range [][]string{{"score", "--metrics", "chrf"}, {"score", "--metrics", "ter"}, {"score", "--metrics", "chrf", "--confidence", "--confidence-n", "5"}} {
		args = append(args, "short=short.txt", "fine=fine.txt", "-r", "ref.txt")
		if code, out, stderr := runCLI(t, "", args...); code != 0 || strings.Contains(out, "BLEU") || stderr != "" {
			t.Errorf("%q: status %d, stderr %q; want none, and no BLEU in stdout:\n%s", args, code, stderr, out)
		}
	}
}

// TestScoreSaysWhyZeroNLTK: with --compat nltk, a score that prints as
// 0.0000 (method0 leaves 6e-78 or 1e-154) gets the warning too, in NLTK's
// flags, and each flag it names makes the line read above 0.0000. Before,
// nothing was said.
func TestScoreSaysWhyZeroNLTK(t *testing.T) {
	writeFiles(t, map[string]string{"short.txt": "a b x\nd y f\n", "tiny.txt": "a b c\n", "ref.txt": "a b c\nd e f g h\n", "ref1.txt": "a b c d\n"})
	for _, c := range []struct {
		sys, ref, want string
		lifts          [][]string
	}{
		{"short=short.txt", "ref.txt", "short: BLEU reads 0.0000 (no 3-gram matched); --nltk-smoothing 1, 2, 3, 4, 5 or 7 or --weights 0.5,0.5 would score it above 0.0000",
			[][]string{{"--nltk-smoothing", "1"}, {"--nltk-smoothing", "5"}, {"--nltk-smoothing", "7"}, {"--weights", "0.5,0.5"}}},
		{"tiny=tiny.txt", "ref1.txt", "tiny: BLEU reads 0.0000 (no 4-gram matched); --nltk-smoothing 1, 2, 3, 4, 5, 6 or 7, --auto-reweigh or --weights 0.33,0.33,0.33 would score it above 0.0000",
			[][]string{{"--nltk-smoothing", "6"}, {"--auto-reweigh"}, {"--weights", "0.33,0.33,0.33"}}},
	} {
		args := []string{"score", "--compat", "nltk", c.sys, "-r", c.ref}
		code, out, stderr := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(out, " = 0.0000 ") || stderr != "bleuscope: warning: "+c.want+"\n" {
			t.Errorf("%q: status %d, stderr %q; want %q, after the line reading 0.0000:\n%s", args, code, stderr, c.want, out)
		}
		for _, flags := range c.lifts {
			args := append(append([]string(nil), args...), flags...)
			code, out, stderr := runCLI(t, "", args...)
			if code != 0 || strings.Contains(out, " = 0.0000 ") || stderr != "" {
				t.Errorf("%q: status %d, stderr %q; want the score above 0.0000 and nothing to say:\n%s", args, code, stderr, out)
			}
		}
	}
}

// TestScoreMatchesScoring checks the text line against the scoring
// package's corpus BLEU of the same streams, for several option sets.
func TestScoreMatchesScoring(t *testing.T) {
	writeFiles(t, basicFiles())
	hyps := strings.Split(strings.TrimSuffix(hyp3, "\n"), "\n")
	ref := strings.Split(strings.TrimSuffix(ref3, "\n"), "\n")
	tests := []struct {
		flags []string
		opt   func(*scoring.Options)
	}{
		{nil, func(*scoring.Options) {}},
		{[]string{"-l", "--smooth", "floor"}, func(o *scoring.Options) { o.Lowercase, o.Smooth, o.SmoothValue = true, "floor", 0.1 }},
		{[]string{"--smooth", "add-k", "--smooth-value", "2"}, func(o *scoring.Options) { o.Smooth, o.SmoothValue = "add-k", 2 }},
		{[]string{"--max-order", "2", "--effective-order=true"}, func(o *scoring.Options) { o.MaxOrder, o.EffectiveOrder = 2, true }},
		{[]string{"-t", "char"}, func(o *scoring.Options) { o.Tokenize = "char" }},
	}
	for _, tt := range tests {
		opt := scoring.DefaultOptions()
		tt.opt(&opt)
		res, err := scoring.CorpusBLEU(hyps, [][]string{ref}, opt)
		if err != nil {
			t.Fatal(err)
		}
		want := res.CLIText(scoring.Signature(opt, 1, scoring.SignatureVersion)) + "\n"
		code, out, stderr := runCLI(t, "", append([]string{"score", "hyp.txt", "-r", "ref.txt"}, tt.flags...)...)
		if code != 0 || out != want {
			t.Errorf("score %q: status %d, stderr %q\n got %q\nwant %q", tt.flags, code, stderr, out, want)
		}
	}
}

// segmentLines decodes "segments --format jsonl" output.
func segmentLines(t *testing.T, out string) []conformance.SegmentObject {
	t.Helper()
	var segs []conformance.SegmentObject
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var s conformance.SegmentObject
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatalf("bad JSONL line %q: %v", l, err)
		}
		segs = append(segs, s)
	}
	return segs
}

func TestSegmentsWorst(t *testing.T) {
	code, out, stderr := runCLI(t, "", "segments", "--demo", "--sort", "score", "--worst", "3", "--format", "jsonl")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	segs := segmentLines(t, out)
	if len(segs) != 9 {
		t.Fatalf("%d segments; want 3 per system", len(segs))
	}
	for i := 1; i < len(segs); i++ {
		if segs[i].System == segs[i-1].System && segs[i].Score < segs[i-1].Score {
			t.Errorf("segments %v then %v: not worst first", segs[i-1], segs[i])
		}
	}
	lit := segs[6:]
	if lit[0].System != "literal" || lit[0].Line != fixtures.LineNoOverlap || lit[1].Line != fixtures.LineEmpty || lit[0].Score != 0 || lit[1].Score != 0 {
		t.Errorf("literal's worst = %+v, %+v; want lines %d and %d at 0", lit[0], lit[1], fixtures.LineNoOverlap, fixtures.LineEmpty)
	}
}

// TestSegmentsWorstDefaultsToWorstFirst checks that --worst without --sort
// lists the worst first in every format, as --sort score does, and that a
// --sort given is kept: --sort line lists the same segments by line.
func TestSegmentsWorstDefaultsToWorstFirst(t *testing.T) {
	for _, format := range []string{"text", "jsonl", "tsv", "csv"} {
		for _, text := range [][]string{nil, {"--text"}} {
			if format == "text" && text != nil {
				continue // --text writes no text table
			}
			args := append([]string{"segments", "--demo", "--worst", "3", "--format", format}, text...)
			code, got, stderr := runCLI(t, "", args...)
			_, want, _ := runCLI(t, "", append(args, "--sort", "score")...)
			if code != 0 || stderr != "" || got != want {
				t.Errorf("%v: status %d, stderr %q, output\n%s\nwant that of --sort score:\n%s", args, code, stderr, got, want)
			}
		}
	}
	_, out, _ := runCLI(t, "", "segments", "--demo", "--worst", "3", "--sort", "line", "--format", "jsonl")
	segs := segmentLines(t, out)
	for i := 1; i < len(segs); i++ {
		if segs[i].System == segs[i-1].System && segs[i].Line < segs[i-1].Line {
			t.Errorf("--sort line --worst 3: line %d then %d; want line order", segs[i-1].Line, segs[i].Line)
		}
	}
}

// demoSentenceScores returns the demo corpus's sentence scores per system
// and line, as segments prints them.
func demoSentenceScores(t *testing.T) map[string]map[int]float64 {
	t.Helper()
	_, all, _ := runCLI(t, "", "segments", "--demo", "--format", "jsonl")
	score := map[string]map[int]float64{}
	for _, s := range segmentLines(t, all) {
		if score[s.System] == nil {
			score[s.System] = map[int]float64{}
		}
		score[s.System][s.Line] = s.Score
	}
	return score
}

func TestSegmentsDelta(t *testing.T) {
	score := demoSentenceScores(t)
	code, out, stderr := runCLI(t, "", "segments", "--demo", "--sort", "delta", "--format", "jsonl")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	other := map[string]string{"fluent": "stilted", "stilted": "fluent", "literal": "fluent"}
	segs := segmentLines(t, out)
	if len(segs) != 3*70 {
		t.Fatalf("%d segments; want 210", len(segs))
	}
	for i := 1; i < len(segs); i++ {
		a, b := segs[i-1], segs[i]
		if a.System != b.System {
			continue
		}
		da := a.Score - score[other[a.System]][a.Line]
		db := b.Score - score[other[b.System]][b.Line]
		if db < da {
			t.Errorf("%s: line %d (delta %.2f) after line %d (delta %.2f); want biggest loss first", a.System, b.Line, db, a.Line, da)
		}
	}
}

func TestSegmentsTableHasOneHeader(t *testing.T) {
	for _, format := range []string{"tsv", "csv"} {
		code, out, stderr := runCLI(t, "", "segments", "--demo", "--format", format)
		if code != 0 || stderr != "" {
			t.Fatalf("%s: status %d, stderr %q", format, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		headers := 0
		for _, l := range lines {
			if strings.HasPrefix(l, "system") {
				headers++
			}
		}
		if headers != 1 || len(lines) != 1+3*70 {
			t.Errorf("%s: %d header rows, %d lines; want 1 header and 210 rows", format, headers, len(lines))
		}
	}
}

// fieldsLine reports whether some line of out has exactly these fields.
func fieldsLine(out string, fields ...string) bool {
	for _, l := range strings.Split(out, "\n") {
		if slices.Equal(strings.Fields(l), fields) {
			return true
		}
	}
	return false
}

func TestExplainGamingLine(t *testing.T) {
	code, out, stderr := runCLI(t, "", "explain", "--demo", "--line", "12", "--width", "160")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	_, literal, ok := strings.Cut(out, "Sentence BLEU of line 12, system literal\n")
	if !ok {
		t.Fatalf("no explanation for system literal:\n%s", out)
	}
	if !strings.HasPrefix(literal, scoring.Signature(scoring.SentenceOptions(), 2, scoring.SignatureVersion)+"\nsource  Die Kinder spielten") {
		t.Errorf("explanation does not start with the signature and the source:\n%s", literal)
	}
	if !fieldsLine(literal, "~", "the", "8", "1", "2", "2", "2", "6") {
		t.Errorf("no clip row: the ×8, ref A 1, ref B 2, max 2, 2 count, 6 cut:\n%s", literal)
	}
	for _, want := range []string{
		"c < r, so BP = exp(1 − r/c) = exp(1 − 9/8)",
		"sacrebleu prints: BLEU = 5.80 25.0/7.1/4.2/2.5 (BP = 0.882 ratio = 0.889 hyp_len = 8 ref_len = 9)",
	} {
		if !strings.Contains(literal, want) {
			t.Errorf("explanation lacks %q:\n%s", want, literal)
		}
	}
}

// TestExplainMatchesSentenceBLEU checks the summary line of every planted
// demo line against the scoring package's sentence BLEU.
func TestExplainMatchesSentenceBLEU(t *testing.T) {
	read := func(path string) []string {
		b, err := fixtures.Demo.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(b), "\n")
	}
	refA, refB := read(fixtures.DemoRefA), read(fixtures.DemoRefB)
	systems := [][]string{read(fixtures.DemoFluent), read(fixtures.DemoStilted), read(fixtures.DemoLiteral)}
	for _, line := range []int{fixtures.LinePerfect, fixtures.LineGaming, fixtures.LineShort, fixtures.LineSalad,
		fixtures.LineNoOverlap, fixtures.LineRefB, fixtures.LineEmpty, fixtures.LineLowercase} {
		_, out, _ := runCLI(t, "", "explain", "--demo", "--line", strconv.Itoa(line), "--width", "200")
		for _, sys := range systems {
			r, err := scoring.SentenceBLEU(sys[line-1], []string{refA[line-1], refB[line-1]}, scoring.SentenceOptions())
			if err != nil {
				t.Fatal(err)
			}
			if want := "\nsacrebleu prints: " + r.Verbose(2) + "\n"; !strings.Contains(out, want) {
				t.Errorf("line %d: explanation lacks %q", line, want)
			}
		}
	}
}

func TestExplainText(t *testing.T) {
	code, out, stderr := runCLI(t, "", "explain", "--hyp", "the cat sat on the mat", "--ref", "the cat sat on the mat", "-s", "die \x1b[31mKatze")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"Sentence BLEU of the given text\n", "\nsource  die ␛[31mKatze\n", "BLEU = 100.00 100.0/100.0/100.0/100.0"} {
		if !strings.Contains(out, want) {
			t.Errorf("explanation lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("explanation passes an escape through raw:\n%q", out)
	}
	for _, l := range strings.Split(out, "\n") {
		if w := lipgloss.Width(l); w > defaultWidth && !copiedLine(l) {
			t.Errorf("line of %d cells wider than %d: %q", w, defaultWidth, l)
		}
	}
}

// TestExplainTextNotUTF8: a text given with --hyp, --ref or --src that is
// not UTF-8 is refused as a line of a file is, in one line naming the flag
// (and which reference, of several) and the byte; before, it was explained
// as if its byte were the character U+FFFD, where every file is refused.
func TestExplainTextNotUTF8(t *testing.T) {
	const fix = "; give the text in UTF-8, e.g. converted by iconv -f latin1 -t utf-8\n"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--hyp", "caf\xe9 au lait", "--ref", "cafe au lait"}, "bleuscope: --hyp: invalid UTF-8 at byte 4 (0xe9)" + fix},
		{[]string{"--hyp", "a", "--ref", "b", "-r", "ok \xff"}, "bleuscope: -r (reference 2): invalid UTF-8 at byte 4 (0xff)" + fix},
		{[]string{"--hyp", "a", "--ref", "\xc3"}, "bleuscope: --ref: invalid UTF-8 at byte 1 (0xc3)" + fix},
		{[]string{"--hyp", "a", "--ref", "a", "-s", "\x1b]2;x\x07\xfe"}, "bleuscope: -s: invalid UTF-8 at byte 7 (0xfe)" + fix},
	}
	for _, tt := range tests {
		code, out, stderr := runCLI(t, "", append([]string{"explain"}, tt.args...)...)
		if code != exitUsage || out != "" || stderr != tt.want {
			t.Errorf("explain %q: status %d, %d bytes on stdout, stderr %q; want 2, nothing, %q", tt.args, code, len(out), stderr, tt.want)
		}
	}
}

// TestExplainNLTKRaises explains why NLTK cannot score a segment instead of
// failing.
func TestExplainNLTKRaises(t *testing.T) {
	code, out, stderr := runCLI(t, "", "explain", "--compat", "nltk", "--nltk-smoothing", "6", "--hyp", "a b", "--ref", "a c")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	if !strings.Contains(out, "AssertionError") || !strings.Contains(out, "nltk:method6") {
		t.Errorf("explanation does not give NLTK's error:\n%s", out)
	}
	// What it says score does is what score does.
	ref := filepath.Join(t.TempDir(), "ref")
	if err := os.WriteFile(ref, []byte("a c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	scoreCode, _, scoreErr := runCLI(t, "a b\n", "score", "--compat", "nltk", "--nltk-smoothing", "6", "-", "-r", ref)
	// NLTK's message ends with a full stop: the advice is a sentence of its own.
	if want := "bigrams. Try another --nltk-smoothing method\n"; !strings.HasSuffix(scoreErr, want) {
		t.Errorf("score's message %q; want it to end %q", scoreErr, want)
	}
	said := fmt.Sprintf("`bleuscope score` of this segment alone stops with this error (exit status %d)", scoreCode)
	if scoreCode == 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), said) {
		t.Errorf("score exits %d; the explanation should say %q:\n%s", scoreCode, said, out)
	}
}

func TestTokenizeLines(t *testing.T) {
	tests := []struct {
		args     []string
		in, want string
	}{
		{[]string{"-t", "none"}, "a\rb  \nc", "a\rb  \nc\n"},
		{[]string{"-t", "13a"}, "Hello, world!\n\n", "Hello , world !\n\n"},
		{[]string{"-t", "13a", "-l"}, "HELLO World\n", "hello world\n"},
		{[]string{"--tokenize", "char"}, "ab c\n", "a b   c\n"},
		{[]string{}, "", ""},
	}
	for _, tt := range tests {
		code, out, stderr := runCLI(t, tt.in, append([]string{"tokenize"}, tt.args...)...)
		if code != 0 || out != tt.want || stderr != "" {
			t.Errorf("tokenize %q < %q: status %d, stdout %q, stderr %q; want %q", tt.args, tt.in, code, out, stderr, tt.want)
		}
	}
}

func TestTokenizeInvalidUTF8(t *testing.T) {
	code, out, stderr := runCLI(t, "fine\nbad \xff here\nnever\n", "tokenize", "-t", "13a")
	want := "bleuscope: standard input:2: invalid UTF-8 at byte 5 (0xff); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8\n"
	if code != exitUsage || out != "fine\n" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 2, the lines before, %q", code, out, stderr, want)
	}
	// Beside a NUL byte, it is no text at all, as the loader says; any
	// text will do, not only segments.
	code, out, stderr = runCLI(t, "fine\nx\x00\xff\n", "tokenize", "-t", "13a")
	want = "bleuscope: standard input:2: not a text file (a NUL byte at byte 2, then 0xff at byte 3, which is not UTF-8); give plain text\n"
	if code != exitUsage || out != "fine\n" || stderr != want {
		t.Errorf("binary: status %d, stdout %q, stderr %q; want 2, the lines before, %q", code, out, stderr, want)
	}
}

// TestTokenizeEncoding: standard input in UTF-16 or UTF-32 gets the line
// every input in it gets, naming the encoding and the iconv command, and
// nothing is printed; before, one without a byte-order mark was tokenized
// with its NUL bytes, and one with a mark was "invalid UTF-8 at byte 1".
func TestTokenizeEncoding(t *testing.T) {
	long := strings.Repeat("The cat sat on the mat.\n", 20) // past the bytes the check looks at
	tests := []struct{ in, want string }{
		{"\xff\xfe" + conformance.UTF16("Hello, world!\n", binary.LittleEndian),
			"bleuscope: standard input is UTF-16 (little-endian), as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f UTF-16 -t UTF-8\n"},
		{conformance.UTF16("Hello, world!\n", binary.LittleEndian),
			"bleuscope: standard input is UTF-16 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16LE -t UTF-8\n"},
		{conformance.UTF16(long, binary.BigEndian),
			"bleuscope: standard input is UTF-16 (big-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-16BE -t UTF-8\n"},
		{conformance.UTF32(long, binary.LittleEndian),
			"bleuscope: standard input is UTF-32 (little-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f UTF-32LE -t UTF-8\n"},
	}
	for _, tt := range tests {
		code, out, stderr := runCLI(t, tt.in, "tokenize", "-t", "13a")
		if code != exitUsage || out != "" || stderr != tt.want {
			t.Errorf("tokenize < %q…: status %d, %d bytes on stdout, stderr %q; want 2, nothing, %q", tt.in[:16], code, len(out), stderr, tt.want)
		}
		// A line limit shorter than the first line does not hide it:
		// before, this was "the line is longer than 16 bytes".
		code, out, stderr = runCLI(t, tt.in, "tokenize", "-t", "13a", "--max-line", "16")
		if code != exitUsage || out != "" || stderr != tt.want {
			t.Errorf("tokenize --max-line 16 < %q…: status %d, %d bytes on stdout, stderr %q; want 2, nothing, %q", tt.in[:16], code, len(out), stderr, tt.want)
		}
	}
	// UTF-8 with a NUL byte here and there is text, as the loader reads it.
	if code, out, stderr := runCLI(t, "a\x00b\x00\n", "tokenize", "-t", "none"); code != 0 || out != "a\x00b\x00\n" {
		t.Errorf("tokenize < %q: status %d, stdout %q, stderr %q; want it printed as it is", "a\x00b\x00\n", code, out, stderr)
	}
}

// TestTokenizeGzip: gzip on standard input is decompressed, as the loader
// decompresses every input told gzip by its first bytes, and the lines of
// its text are tokenized; a broken stream gets the loader's line for it,
// after the lines before the break. Before, it was "not a text file (0x8b
// at byte 2, …); give plain text, one segment per line".
func TestTokenizeGzip(t *testing.T) {
	gz := gzipped(t, "Hello, world!\nsecond line\n")
	if code, out, stderr := runCLI(t, gz, "tokenize", "-t", "13a"); code != 0 || out != "Hello , world !\nsecond line\n" || stderr != "" {
		t.Errorf("tokenize < gzip: status %d, stdout %q, stderr %q; want the text's lines tokenized", code, out, stderr)
	}
	cut := gz[:len(gz)-12] // the text whole, its end and trailer gone
	want := "bleuscope: standard input is not a valid gzip file (the file ends within its compressed data); check that it was compressed completely, or decompress it first\n"
	if code, out, stderr := runCLI(t, cut, "tokenize", "-t", "13a"); code != exitUsage || out != "Hello , world !\nsecond line\n" || stderr != want {
		t.Errorf("tokenize < a cut gzip: status %d, stdout %q, stderr %q; want 2, the lines, %q", code, out, stderr, want)
	}
	// A stream that breaks after two bytes that alone would read as
	// UTF-16 ("\x00\xfe") is said broken, not UTF-16.
	broken := "\x1f\x8b\bA0\xff\xf2\xcd\xc9\xc9c\xf8\x87"
	if code, out, stderr := runCLI(t, broken, "tokenize", "-t", "13a"); code != exitUsage || out != "" || stderr != want {
		t.Errorf("tokenize < %q: status %d, stdout %q, stderr %q; want 2, nothing, %q", broken, code, out, stderr, want)
	}
	// Standard input is read to its first end only: a terminal after
	// Ctrl-D would wait for another.
	for _, in := range []string{"Hello\n", "", gz} {
		r := &onceReader{text: in}
		var out, errb bytes.Buffer
		if code := Run([]string{"tokenize"}, r, &out, &errb); code != 0 || r.ends != 1 {
			t.Errorf("tokenize < %q: status %d, stderr %q, its end read %d times; want 0 and once", in, code, errb.String(), r.ends)
		}
	}
}

// onceReader gives its text, then the end of input, counting how often
// the end is read.
type onceReader struct {
	text string
	ends int
}

func (o *onceReader) Read(p []byte) (int, error) {
	if o.text == "" {
		o.ends++
		return 0, io.EOF
	}
	n := copy(p, o.text)
	o.text = o.text[n:]
	return n, nil
}

func TestTokenizeLineLimit(t *testing.T) {
	// An endless line (tokenize < /dev/zero) stops at the limit.
	var errb, out bytes.Buffer
	code := Run([]string{"tokenize", "--max-line", "1K"}, io.MultiReader(strings.NewReader("ok\nfine\n"), zeros{}), &out, &errb)
	want := "bleuscope: standard input:3: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended\n"
	if code != exitUsage || out.String() != "ok\nfine\n" || errb.String() != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 2, the lines before, %q", code, out.String(), errb.String(), want)
	}
	// The lines before the long one are printed when they come in the same
	// read as it.
	if code, out, stderr := runCLI(t, "ok\nfine\n"+strings.Repeat("x", 2000), "tokenize", "--max-line", "1K"); code != exitUsage || out != "ok\nfine\n" || stderr != want {
		t.Errorf("a long line in one read with the lines before: status %d, stdout %q, stderr %q; want 2, the lines before, %q", code, out, stderr, want)
	}
	// So are they when the long one is in the start read for the encoding.
	want4 := "bleuscope: standard input:3: the line is longer than 4 bytes, the line limit; raise --max-line if that is intended\n"
	if code, out, stderr := runCLI(t, "ok\nfine\nlonger\nnever\n", "tokenize", "--max-line", "4"); code != exitUsage || out != "ok\nfine\n" || stderr != want4 {
		t.Errorf("a long line at the start: status %d, stdout %q, stderr %q; want 2, the lines before, %q", code, out, stderr, want4)
	}
	// A line of exactly the limit passes, with or without its "\n".
	for _, in := range []string{"abcd\n", "abcd"} {
		if code, out, stderr := runCLI(t, in, "tokenize", "-t", "none", "--max-line", "4"); code != 0 || out != "abcd\n" {
			t.Errorf("tokenize %q with --max-line 4: status %d, stdout %q, stderr %q", in, code, out, stderr)
		}
	}
}

// zeros is an endless stream of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestLessons(t *testing.T) {
	for _, width := range []int{60, 100} {
		code, out, stderr := runCLI(t, "", "lessons", "--width", strconv.Itoa(width))
		if code != 0 || stderr != "" {
			t.Fatalf("status %d, stderr %q", code, stderr)
		}
		if !strings.Contains(out, "Clipping") || !strings.Contains(out, "the the the") {
			t.Errorf("no lesson on clipping:\n%s", out)
		}
		// The prose fits; the score lines, made to be copied, stay whole
		// (README: the lines meant to be copied are never wrapped).
		for _, l := range strings.Split(out, "\n") {
			if w := lipgloss.Width(l); w > width && !copiedLine(l) {
				t.Errorf("--width %d: line of %d cells: %q", width, w, l)
			}
			if strings.HasPrefix(l, "ref_len") {
				t.Errorf("--width %d: a score line cut before %q", width, l)
			}
		}
	}
}

// TestScoreTextIsModelText checks that "score" prints what the model's text
// writer writes for a full scoring of the same corpus, in both compats: in
// nltk compat the two once differed (0.7661 against 0.8).
func TestScoreTextIsModelText(t *testing.T) {
	ds, err := model.Load(fixtures.DemoInput())
	if err != nil {
		t.Fatal(err)
	}
	for _, compat := range []string{"sacrebleu", "nltk"} {
		set := model.DefaultSettings().WithOption(func(o *scoring.Options) { o.Compat = compat })
		scored, err := model.Score(context.Background(), ds, set, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		if err := model.WriteCorpus(&want, ds, scored, model.FormatText); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCLI(t, "", "score", "--demo", "--compat", compat)
		if code != 0 || out != want.String() {
			t.Errorf("score --compat %s: status %d, stderr %q\n got %q\nwant %q", compat, code, stderr, out, want.String())
		}
	}
}

// A source longer than the width wraps with a hanging indent, under its
// text, not back to column 0.
func TestExplainSourceHangingIndent(t *testing.T) {
	src := strings.Repeat("Dass natürlich auch jedem klar sein sollte, non-daily well-known ", 4)
	code, out, stderr := runCLI(t, "", "explain", "--width", "40", "--hyp", "the cat", "--ref", "the cat", "-s", src)
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	_, after, _ := strings.Cut(out, "\nsource  ")
	block, _, _ := strings.Cut(after, "\n\n")
	lines := strings.Split(block, "\n")
	if len(lines) < 3 {
		t.Fatalf("source in %d lines at width 40; want it wrapped:\n%s", len(lines), out)
	}
	var words []string
	for i, l := range lines {
		if i > 0 && !strings.HasPrefix(l, "        ") {
			t.Errorf("source line %d not under the text: %q", i+1, l)
		}
		w := lipgloss.Width(l)
		if i == 0 {
			w += len("source  ")
		}
		if w > 40 {
			t.Errorf("source line %d is %d cells wide; want ≤ 40: %q", i+1, w, l)
		}
		words = append(words, strings.Fields(l)...)
	}
	if got := strings.Join(words, " "); got != strings.TrimSpace(src) {
		t.Errorf("source words %q; want %q", got, src)
	}
}
