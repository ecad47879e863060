package cli

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// rawControl returns the first character of s that must never reach a
// terminal raw (C0 controls other than tab and newline, DEL, C1 controls,
// bidirectional overrides and isolates), or -1.
func rawControl(s string) rune {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return r
		case (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			return r
		}
	}
	return -1
}

// FuzzExplainText checks that explain accepts any hypothesis and reference
// text in UTF-8, refuses any other in one line naming the flag, and never
// lets a control character of the input through.
func FuzzExplainText(f *testing.F) {
	f.Add("the the the the", "the cat is on the mat", "")
	f.Add("\x1b]2;title\x07 hi", "hi \u202eevil", "--compat=nltk")
	f.Add("", "", "--max-order=1")
	f.Add("a\rb\nc", "a b c", "-l")
	f.Add("漢字 テスト", "漢字", "-t=zh")
	f.Add("caf\xe9", "caf\xc3\xa9", "")
	f.Fuzz(func(t *testing.T, hyp, ref, flag string) {
		args := []string{"explain", "--hyp", hyp, "--ref", ref}
		switch flag {
		case "--compat=nltk", "--max-order=1", "-l", "-t=zh", "-t=char", "-t=intl", "--smooth=floor":
			args = append(args, flag)
		}
		code, out, stderr := runCLI(t, "", args...)
		if !utf8.ValidString(hyp) || !utf8.ValidString(ref) {
			flag := "--ref: "
			if !utf8.ValidString(hyp) {
				flag = "--hyp: "
			}
			if code != exitUsage || out != "" || !strings.HasPrefix(stderr, "bleuscope: "+flag+"invalid UTF-8 at byte ") || strings.Count(stderr, "\n") != 1 {
				t.Fatalf("%q: status %d, %d bytes on stdout, stderr %q; want 2 and one line naming %s", args, code, len(out), stderr, flag)
			}
			return
		}
		if code != 0 {
			t.Fatalf("%q: status %d, stderr %q", args, code, stderr)
		}
		if r := rawControl(out); r >= 0 {
			t.Errorf("%q: output has the raw character %U", args, r)
		}
	})
}

// FuzzTokenizeCommand checks the streaming command against the tokenizer
// applied to each line: gzip decompressed first, lines split on "\n" only,
// nothing else stripped, UTF-16 and UTF-32 refused as model.CheckEncoding
// says, invalid UTF-8 refused.
func FuzzTokenizeCommand(f *testing.F) {
	f.Add("Hello, world!\nsecond line", "13a")
	f.Add("a\r\nb\u2028c\n\n", "intl")
	f.Add("caf\xe9\n", "zh")
	f.Add("  spaced  \n", "char")
	f.Add("\xff\xfeh\x00i\x00\n\x00", "13a")
	f.Add("h\x00i\x00 \x00t\x00h\x00e\x00r\x00e\x00\n\x00", "none")
	f.Add("a\x00b\x00\n", "none")
	f.Add(gzipped(f, "Hello, world!\n"), "13a")
	f.Fuzz(func(t *testing.T, in, name string) {
		tok, err := scoring.NewTokenizer(name)
		if err != nil {
			return
		}
		code, out, stderr := runCLI(t, in, "tokenize", "-t", name)
		if strings.HasPrefix(in, "\x1f\x8b") { // gzip, decompressed first
			text, err := gunzipAll(in)
			if errors.Is(err, gzip.ErrHeader) && len(in) > 3 && in[3]&0x02 != 0 {
				// A header checksum (FHCRC) that does not match: Go's
				// reader refuses it, Python's gzip module, which bleuscope
				// follows, does not check it and reads on, so what comes
				// next decides the line.
				if code != exitUsage || !strings.HasPrefix(stderr, "bleuscope: standard input") {
					t.Fatalf("gzip %q with a header checksum: status %d, stderr %q; want 2 and a line naming standard input", in, code, stderr)
				}
				return
			}
			if err != nil {
				// tokenize streams: what decompressed before the stream
				// breaks is read first, and when it is gzip again, a head
				// in UTF-16 or UTF-32 or a whole line that is not UTF-8,
				// that may be said before the break is reached.
				whole := text[:strings.LastIndexByte(text, '\n')+1]
				if strings.HasPrefix(text, "\x1f\x8b") || !utf8.ValidString(whole) || model.CheckEncoding("standard input", []byte(text)) != nil {
					if code != exitUsage || !strings.HasPrefix(stderr, "bleuscope: standard input") {
						t.Fatalf("broken gzip %q whose text before the break is refused: status %d, stderr %q; want 2 and a line naming standard input", in, code, stderr)
					}
					return
				}
				if code != exitUsage || !strings.HasPrefix(stderr, "bleuscope: standard input is not a valid gzip file") {
					t.Fatalf("broken gzip %q: status %d, stderr %q; want 2 and the gzip line", in, code, stderr)
				}
				return
			}
			in = text
		}
		if err := model.CheckEncoding("standard input", []byte(in)); err != nil {
			if code != exitUsage || out != "" || stderr != err.Error()+"\n" {
				t.Fatalf("%q: status %d, stdout %q, stderr %q; want 2, nothing and %q", in, code, out, stderr, err)
			}
			return
		}
		if !utf8.ValidString(in) {
			if code != exitUsage || !strings.HasPrefix(stderr, "bleuscope: standard input:") {
				t.Fatalf("invalid UTF-8 %q: status %d, stderr %q; want 2 and a line naming standard input", in, code, stderr)
			}
			return
		}
		if code != 0 || stderr != "" {
			t.Fatalf("%q: status %d, stderr %q", in, code, stderr)
		}
		var want strings.Builder
		if in != "" {
			for _, line := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
				want.WriteString(tok.Tokenize(line) + "\n")
			}
		}
		if out != want.String() {
			t.Errorf("tokenize -t %s < %q = %q; want %q", name, in, out, want.String())
		}
	})
}

// FuzzCommands runs any command line (words split at spaces) over a small
// corpus in a scratch directory: bleuscope never panics, never reports an
// internal error, exits 0, 2 (bad input or usage) or 130 (stopped by the
// interrupt the test sends after two seconds; the drop-in also exits as
// sacrebleu does), and nothing it writes to standard error holds a raw
// control character.
func FuzzCommands(f *testing.F) {
	for _, line := range []string{
		"score -r ref.txt hyp.txt",
		"score -r ref.txt -r ref2.txt --format json --metrics bleu,chrf,ter hyp.txt B=hyp2.txt",
		"score -r ref.txt --confidence --confidence-n 5 hyp.txt",
		"segments -r ref.txt --sort delta --worst 2 --format tsv hyp.txt hyp2.txt",
		"segments -r ref.txt --compat nltk --nltk-smoothing 7 --weights 0.5,0.5 --format csv hyp.txt",
		"compare -r ref.txt --paired-bs-n 5 hyp.txt hyp2.txt",
		"compare -r ref.txt --paired-ar --paired-ar-n 5 --format json hyp.txt hyp2.txt",
		"explain -r ref.txt --line 2 hyp.txt",
		"explain --hyp a b --ref a",
		"ngrams -r ref.txt --top 3 --kind missed --order 2 hyp.txt",
		"ngrams -r ref.txt --salient --alpha 0.5 hyp.txt hyp2.txt",
		"buckets -r ref.txt --by length-ratio --edges 0.5,1 --confidence hyp.txt hyp2.txt",
		"tokenize -t intl",
		"lessons",
		"annotations summary --format json mqm.tsv",
		"annotations import --annotations ann.jsonl mqm.tsv",
		"annotations export --annotations ann.jsonl --format csv",
		"sacrebleu ref.txt -i hyp.txt -m bleu chrf",
		"-r ref.txt -s src.txt hyp.txt",
		"score --help",
		"segments -r ref.txt -o out.tsv --format tsv hyp.txt",
	} {
		f.Add(line)
	}
	files := map[string]string{
		"ref.txt":  "The cat sat on the mat.\nIt rains.\n\nA dog.\n",
		"ref2.txt": "A cat was on the mat.\nIt is raining.\nEmpty.\nThe dog.\n",
		"hyp.txt":  "The cat is on the mat.\nIt rains today.\n\nA dog barks.\n",
		"hyp2.txt": "the the the the\nrain\nx\n\x1b]2;t\x07 dog\n",
		"src.txt":  "Die Katze.\nEs regnet.\n.\nEin Hund.\n",
		"mqm.tsv": "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n" +
			"A\td\t1\t1\tr1\tDie Katze.\tThe <v>cat</v>.\tAccuracy/Mistranslation\tMajor\n" +
			"A\td\t1\t2\tr1\tEs regnet.\tIt rains.\tNo-error\tNo-error\n",
	}
	// One directory, put back as it was before each run (a run may write
	// files, or replace one with -o): a fresh one each time would cost
	// more than most runs.
	dir := f.TempDir()
	restore := func(t *testing.T) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if _, ok := files[e.Name()]; !ok {
				if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
		for name, content := range files {
			p := filepath.Join(dir, name)
			if got, err := os.ReadFile(p); err != nil || string(got) != content {
				os.RemoveAll(p)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		restore(t)
		t.Chdir(dir)
		args := strings.Fields(line)
		sigs := make(chan os.Signal, 2)
		stop := time.AfterFunc(2*time.Second, func() { sigs <- syscall.SIGINT })
		defer stop.Stop()
		var stdout, stderr bytes.Buffer
		exited := -1
		status := run(args, strings.NewReader("The cat.\nRain.\n\nDog.\n"), &stdout, &stderr,
			signals{c: sigs, stop: func() {}, exit: func(code int) { exited = code }})
		dropIn := len(args) > 0 && args[0] == "sacrebleu" // exits as sacrebleu does: 1 and 17 too
		switch {
		case status == exitOK || status == exitUsage || status == 128+int(syscall.SIGINT):
		case dropIn && (status == 1 || status == 17 || status == 130):
		default:
			t.Fatalf("%q: exit status %d, stderr %q", args, status, stderr.String())
		}
		if exited >= 0 {
			t.Fatalf("%q: did not stop within the grace after an interrupt (exit %d)", args, exited)
		}
		if strings.Contains(stderr.String(), "internal error") {
			t.Fatalf("%q: %s", args, stderr.String())
		}
		if r := rawControl(stderr.String()); r >= 0 {
			t.Fatalf("%q: standard error has the raw character %U: %q", args, r, stderr.String())
		}
	})
}
