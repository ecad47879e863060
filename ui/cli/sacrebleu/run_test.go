package sacrebleu

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/model"
)

// runIn runs the drop-in in dir with the given environment.
func runIn(t *testing.T, dir string, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, LookupEnv: lookupIn(env)}
	status := c.Run(args)
	return stdout.String(), stderr.String(), status
}

// lookupIn is a LookupEnv that reads env.
func lookupIn(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}
}

func gz(t testing.TB, text string) string {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(text))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestReadingLikeSacrebleu checks the input rules of sacrebleu's
// smart_open that the recorded command lines do not show: .gz files,
// --encoding, undecodable bytes, empty files, repeated system names.
func TestReadingLikeSacrebleu(t *testing.T) {
	dir := t.TempDir()
	ref := "Le café est chaud.\nIl pleut.\n"
	hyp := "Le café est froid.\nIl pleut.\n"
	latin1 := strings.NewReplacer("é", "\xe9")
	writeFiles(t, dir, map[string]string{
		"ref.txt": ref, "hyp.txt": hyp, "ref.txt.gz": gz(t, ref), "hyp.txt.gz": gz(t, hyp),
		"latin1.txt": latin1.Replace(hyp), "latin1ref.txt": latin1.Replace(ref), "empty.txt": "", "hyp2.txt": hyp,
	})
	plain, _, status := runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "-f", "text")
	if status != 0 || !strings.HasPrefix(plain, "BLEU|") {
		t.Fatalf("plain files: %q, status %d", plain, status)
	}
	if got, _, _ := runIn(t, dir, nil, "ref.txt.gz", "-i", "hyp.txt.gz", "-f", "text"); got != plain {
		t.Errorf("gzipped files: %q, want %q as for the plain ones", got, plain)
	}
	if got, _, _ := runIn(t, dir, nil, "latin1ref.txt", "-i", "latin1.txt", "-e", "latin-1", "-f", "text"); got != plain {
		t.Errorf("-e latin-1: %q, want %q as for UTF-8", got, plain)
	}
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"ref.txt", "-i", "latin1.txt"}, 1, "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 6"},
		{[]string{"ref.txt", "-i", "latin1.txt", "-e", "ascii"}, 1, "UnicodeDecodeError: 'ascii' codec can't decode byte 0xc3 in position 6: ordinal not in range(128) (in ref.txt)\n"},
		{[]string{"ref.txt", "-i", "empty.txt"}, 1, "sacreBLEU: Test set None contains no sentence\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "hyp.txt"}, 1, "sacreBLEU: Make sure to have a different basename for each system.\n"},
		{[]string{"ref.txt", "hyp2.txt", "-nr", "2", "-i", "hyp.txt"}, 1, "sacreBLEU: and you cannot then provide multiple reference files.\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", "-1"}, 1, "ValueError: Format specifier missing precision\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-l", "en"}, 1, "IndexError: list index out of range\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-tok", "ja-mecab"}, 1, "no ja-mecab tokenizer"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-e", "utf-16"}, 1, "not utf-16"},
		{[]string{"ref.txt", "-i", "hyp.txt", "--origlang", "de"}, 1, "needs a test (-t) and a language pair (-l).\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-ci", "-cin", "2000000"}, 1, "at most 1000000 resamples or trials, not --confidence-n 2000000"},
		{[]string{"ref.txt", "-i", "hyp.txt", "hyp2.txt", "-par", "-parn", "1000001"}, 1, "not --paired-ar-n 1000001"},
	} {
		out, errOut, status := runIn(t, dir, nil, tc.args...)
		if status != tc.status || out != "" || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want nothing, %q, %d", tc.args, out, errOut, status, tc.stderr, tc.status)
		}
	}
}

// TestFirstUndecodableFile checks which of several files that are not
// UTF-8 the error names: sacrebleu reads the references in the order given,
// then the systems in -i order (standard input last), each file whole
// before the next, so the first of them in that order, however the files
// are read ahead; a repeated system name ends the run before any file
// after it is read, unless it repeats the baseline of a paired test.
func TestFirstUndecodableFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt": "Le cafe est chaud.\nIl pleut.\n", "hyp.txt": "Le cafe est froid.\nIl pleut.\n",
		"badref.txt": "Le caf\xe9 est chaud.\nIl pleut.\n", "badhyp.txt": "Il pleut.\nLe th\xe9 est froid.\n",
		"badhyp2.txt": "\xe9\nIl pleut.\n",
	})
	const (
		inRef  = "byte 0xe9 in position 6: invalid continuation byte (in badref.txt)\n"
		inHyp  = "byte 0xe9 in position 15: invalid continuation byte (in badhyp.txt)\n"
		inHyp2 = "byte 0xe9 in position 0: invalid continuation byte (in badhyp2.txt)\n"
	)
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"ref.txt", "badref.txt", "-i", "badhyp.txt"}, "", inRef},
		{[]string{"badref.txt", "-i", "badhyp2.txt", "badhyp.txt"}, "", inRef},
		{[]string{"ref.txt", "-i", "badhyp.txt", "badhyp2.txt"}, "", inHyp},
		{[]string{"ref.txt", "-i", "hyp.txt", "badhyp2.txt", "badhyp.txt"}, "", inHyp2},
		{[]string{"badref.txt"}, "\xe9\nIl pleut.\n", inRef},
		{[]string{"ref.txt", "-i", "hyp.txt", "hyp.txt", "badhyp.txt"}, "", "sacreBLEU: 'hyp.txt' already used to name a system.\n"},
		{[]string{"ref.txt", "-i", "hyp.txt", "hyp.txt", "badhyp.txt", "-pbs"}, "", inHyp},
	} {
		var stderr bytes.Buffer
		c := &Command{Stdin: strings.NewReader(tc.stdin), Stdout: &bytes.Buffer{}, Stderr: &stderr, Dir: dir, LookupEnv: lookupIn(nil)}
		if status := c.Run(tc.args); status != 1 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("sacrebleu %q: stderr %q, status %d; want %q, 1", tc.args, stderr.String(), status, tc.want)
		}
	}
}

// TestLogging checks what goes to standard error: sacrebleu's prefixed
// log lines, and with --quiet only warnings and errors, unprefixed.
func TestLogging(t *testing.T) {
	dir := t.TempDir()
	tokenized := strings.Repeat("a b c .\n", 100)
	writeFiles(t, dir, map[string]string{"ref.txt": tokenized, "hyp.txt": tokenized, "hyp2.txt": tokenized})
	_, errOut, _ := runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "hyp2.txt")
	if !strings.Contains(errOut, "sacreBLEU: Found 2 systems.\n") || !strings.Contains(errOut, "sacreBLEU: That's 100 lines that end in a tokenized period ('.')\n") {
		t.Errorf("stderr %q: want the systems found and the tokenized-input warning, prefixed", errOut)
	}
	_, errOut, _ = runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "hyp2.txt", "-q")
	if strings.Contains(errOut, "Found 2 systems") || !strings.HasPrefix(errOut, "That's 100 lines that end in a tokenized period ('.')\n") {
		t.Errorf("stderr with -q %q: want the warning alone, unprefixed", errOut)
	}
	if _, errOut, _ = runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "--force"); errOut != "" {
		t.Errorf("stderr with --force %q: want nothing", errOut)
	}
}

// TestTerminalOutput checks that on a terminal the table is coloured as
// sacrebleu colours it and control characters in system names are shown
// escaped, and that NO_COLOR turns the colours off.
func TestTerminalOutput(t *testing.T) {
	dir := t.TempDir()
	evil := "evil\x1b]2;title\x07.txt"
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c d\n", "good.txt": "a b c d\n", evil: "a b c e\n"})
	for _, noColor := range []string{"", "1"} {
		var stdout bytes.Buffer
		c := &Command{Stdout: &stdout, Stderr: &bytes.Buffer{}, Dir: dir, Terminal: true,
			LookupEnv: lookupIn(map[string]string{"NO_COLOR": noColor})}
		if status := c.Run([]string{"ref.txt", "-i", "good.txt", evil, "-f", "text"}); status != 0 {
			t.Fatalf("status %d", status)
		}
		out := stdout.String()
		if strings.Contains(out, "\x07") || strings.Contains(out, "\x1b]") || !strings.Contains(out, "evil␛]2;title") {
			t.Errorf("NO_COLOR=%q: a control character of a file name reached the terminal: %q", noColor, out)
		}
		if colored := strings.Contains(out, cyan+"System"+reset); colored != (noColor == "") {
			t.Errorf("NO_COLOR=%q: header coloured %v: %q", noColor, colored, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, evil)); err != nil {
		t.Fatal(err)
	}
}

// TestTerminalJSONAsPiped: JSON names a system whose file name holds
// control characters with JSON's own escapes (\u001b), all ASCII, so it is
// the same bytes on a terminal as in a pipe; before, a terminal got the
// name escaped for a person first (␛ written as \u241b). The paired
// test's table and legend on a terminal still escape the baseline's name.
func TestTerminalJSONAsPiped(t *testing.T) {
	dir := t.TempDir()
	evil := "evil\x1b]2;title\x07.txt"
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c d\n", "good.txt": "a b c d\n", evil: "a b c e\n"})
	run := func(terminal bool, args ...string) string {
		t.Helper()
		var stdout bytes.Buffer
		c := &Command{Stdout: &stdout, Stderr: &bytes.Buffer{}, Dir: dir, Terminal: terminal, LookupEnv: lookupIn(map[string]string{"NO_COLOR": "1"})}
		if status := c.Run(args); status != 0 {
			t.Fatalf("%q: status %d", args, status)
		}
		return stdout.String()
	}
	args := []string{"ref.txt", "-i", "good.txt", evil, "-f", "json"}
	piped, shown := run(false, args...), run(true, args...)
	if shown != piped || !strings.Contains(piped, `"evil\u001b]2;title\u0007.txt"`) {
		t.Errorf("JSON on a terminal:\n%s\npiped:\n%s\nwant the same bytes, the name escaped as JSON escapes it", shown, piped)
	}
	paired := run(true, "ref.txt", "-i", evil, "good.txt", "-pbs", "--paired-bs-n", "10", "-f", "text")
	if strings.ContainsAny(paired, "\x1b\x07") || !strings.Contains(paired, "Baseline: evil␛]2;title") {
		t.Errorf("the paired test's table on a terminal:\n%q\nwant the baseline's name escaped", paired)
	}
}

// TestJSONNamesNotUTF8: two systems whose file names differ only in
// bytes that are not UTF-8 keep two names in -f json, written as Python's
// json.dumps writes the lone surrogates surrogateescape decodes them into
// (json.dumps(os.fsdecode(b"sys\xe8.txt")) is "sys\udce8.txt"), where
// both were "sys\ufffd.txt".
func TestJSONNamesNotUTF8(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c d\n"})
	for _, name := range []string{"sys\xe8.txt", "sys\xe9.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("a b c d\n"), 0o644); err != nil {
			t.Skipf("this file system takes no such file names: %v", err)
		}
	}
	out, stderr, status := runIn(t, dir, nil, "ref.txt", "-i", "sys\xe8.txt", "sys\xe9.txt", "-f", "json")
	if status != 0 || !strings.Contains(out, `"system": "sys\udce8.txt"`) || !strings.Contains(out, `"system": "sys\udce9.txt"`) {
		t.Errorf("status %d, %s\n%s\nwant the names as Python writes them", status, stderr, out)
	}
}

// endless is a standard input that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "a b c\n"[i%6]
	}
	return len(p), nil
}

// TestInputLimit checks that reading stops at BLEUSCOPE_MAX_INPUT, over
// all inputs together (a file, a gzip bomb, an endless standard input),
// with one line naming the input and the variable.
func TestInputLimit(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c\n", "big.txt": strings.Repeat("a b c\n", 100), "empty.gz": "",
		"bomb.txt.gz": gz(t, strings.Repeat("a b c\n", 100_000))})
	limited := map[string]string{maxInputVar: "64"}
	for _, tc := range []struct {
		args  []string
		stdin io.Reader
		name  string
	}{
		{[]string{"ref.txt", "-i", "big.txt"}, nil, "big.txt"},
		{[]string{"ref.txt", "-i", "bomb.txt.gz"}, nil, "bomb.txt.gz"},
		{[]string{"ref.txt"}, endless{}, "standard input"},
	} {
		var stdout, stderr bytes.Buffer
		c := &Command{Stdin: tc.stdin, Stdout: &stdout, Stderr: &stderr, Dir: dir, LookupEnv: lookupIn(limited)}
		status := c.Run(tc.args)
		if status != 1 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 ||
			!strings.Contains(stderr.String(), tc.name+": the input is larger than bleuscope's limit of 64 bytes") ||
			!strings.Contains(stderr.String(), maxInputVar+"=") {
			t.Errorf("sacrebleu %q over the limit: stdout %q, stderr %q, status %d", tc.args, stdout.String(), stderr.String(), status)
		}
	}
	// A value that is not a size is said so once, and the default applies.
	if out, errOut, status := runIn(t, dir, map[string]string{maxInputVar: "lots"}, "ref.txt", "-i", "ref.txt", "-b"); status != 0 || out != "0.0\n" ||
		!strings.Contains(errOut, maxInputVar+"=lots: \"lots\" is not a size") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("%s=lots: stdout %q, stderr %q, status %d; want the score and one warning", maxInputVar, out, errOut, status)
	}
	// The variable takes a size as --max-input does (model.ParseSize).
	if _, errOut, status := runIn(t, dir, map[string]string{maxInputVar: "0.0625KiB"}, "ref.txt", "-i", "big.txt"); status != 1 || !strings.Contains(errOut, "limit of 64 bytes") {
		t.Errorf("under a 0.0625KiB limit: stderr %q, status %d; want the 64-byte limit", errOut, status)
	}
	if _, errOut, status := runIn(t, dir, map[string]string{maxInputVar: "1K"}, "ref.txt", "-i", "big.txt"); status != 1 || errOut != "sacreBLEU: System and reference streams have different lengths.\n" {
		t.Errorf("under a 1K limit: stderr %q, status %d; want the line count error", errOut, status)
	}
	if _, errOut, status := runIn(t, dir, nil, "ref.txt", "-i", "empty.gz"); status != 1 || errOut != "sacreBLEU: Test set None contains no sentence\n" {
		t.Errorf("an empty .gz file: stderr %q, status %d; want no sentence, 1", errOut, status)
	}
}

// TestInterrupted checks that a cancelled run (Ctrl-C) ends with Python's
// KeyboardInterrupt and exit status 130, printing no score.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c d\n", "hyp.txt": "a b c d\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{{"ref.txt", "-i", "hyp.txt"}, {"ref.txt", "-i", "hyp.txt", "-sl"}} {
		var stdout, stderr bytes.Buffer
		c := &Command{Stdout: &stdout, Stderr: &stderr, Dir: dir, Context: ctx}
		if status := c.Run(args); status != 130 || stdout.Len() != 0 || stderr.String() != "KeyboardInterrupt\n" {
			t.Errorf("sacrebleu %q cancelled: stdout %q, stderr %q, status %d; want nothing, KeyboardInterrupt, 130", args, stdout.String(), stderr.String(), status)
		}
	}
}

// TestReadingAllocatesOnce checks that every input is read once, into
// one buffer of its size or the chunks a stream comes in, and split into
// lines where it lies, never joined or copied while a buffer grows: a
// 4 MB file, the same gzipped and the same on standard input may each
// allocate at most 1.5 times its size (its line index included).
func TestReadingAllocatesOnce(t *testing.T) {
	dir := t.TempDir()
	text := strings.Repeat("the same few words again and again and again in every line\n", 70_000)
	writeFiles(t, dir, map[string]string{"big.txt": text, "big.txt.gz": gz(t, text)})
	budget := func() *model.Budget { return newBudget(func(string) string { return "" }, logger{w: io.Discard}) }
	for _, tc := range []struct {
		name string
		read func() ([]string, error)
	}{
		{"a file", func() ([]string, error) { return (&fileSystem{dir: dir, budget: budget()}).lines("big.txt", codecUTF8) }},
		{"a gzipped file", func() ([]string, error) {
			return (&fileSystem{dir: dir, budget: budget()}).lines("big.txt.gz", codecUTF8)
		}},
		{"standard input", func() ([]string, error) {
			systems, err := readStdinSystems(strings.NewReader(text), codecUTF8, budget())
			if err != nil {
				return nil, err
			}
			return systems[0].lines, nil
		}},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		lines, err := tc.read()
		runtime.ReadMemStats(&after)
		if err != nil || len(lines) != 70_000 {
			t.Fatalf("%s: %d lines, %v", tc.name, len(lines), err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; float64(got) > 1.5*float64(len(text)) {
			t.Errorf("%s: reading %d bytes allocated %d", tc.name, len(text), got)
		}
	}
}

// TestHelpDescriptionsWrap: each option's description is wrapped to
// argparse's width (COLUMNS less 2), as argparse wraps its help; only an
// option's flags, which argparse never breaks, may run past it.
func TestHelpDescriptionsWrap(t *testing.T) {
	for _, cols := range []string{"60", "80", "120"} {
		out, _, status := runIn(t, t.TempDir(), map[string]string{"COLUMNS": cols}, "--help")
		width, _ := strconv.Atoi(cols)
		if status != 0 || !strings.Contains(out, "\n        score against a built-in test set, read from") {
			t.Fatalf("COLUMNS=%s: status %d, help:\n%s", cols, status, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if len(l) > len(helpIndent) && strings.HasPrefix(l, helpIndent) && l[len(helpIndent)] != ' ' && utf8.RuneCountInString(l) > width-2 {
				t.Errorf("COLUMNS=%s: a description line of %d characters: %q", cols, utf8.RuneCountInString(l), l)
			}
		}
	}
}

// TestGzipHeaderErrors checks a .gz file that is not gzip, or ends within
// its header, against what Python's gzip._read_gzip_header raises: the
// repr() of the first two bytes (fewer when the file is shorter), an
// EOFError for a header cut short, and no file name in either.
func TestGzipHeaderErrors(t *testing.T) {
	dir := t.TempDir()
	ref := "the cat sat\n"
	whole := gz(t, ref)
	for _, tc := range []struct{ content, want string }{
		{"This is text\n", `gzip.BadGzipFile: Not a gzipped file (b'Th')`},
		{"T", `gzip.BadGzipFile: Not a gzipped file (b'T')`},
		{`'"x`, `gzip.BadGzipFile: Not a gzipped file (b'\'"')`},
		{`'x`, `gzip.BadGzipFile: Not a gzipped file (b"'x")`},
		{"\\\x1f", `gzip.BadGzipFile: Not a gzipped file (b'\\\x1f')`},
		{"\xff\x00", `gzip.BadGzipFile: Not a gzipped file (b'\xff\x00')`},
		{"\r\t", `gzip.BadGzipFile: Not a gzipped file (b'\r\t')`},
		{"\x1f\x8b", "EOFError: Compressed file ended before the end-of-stream marker was reached"},
		{"\x1f\x8b\x07\x00\x00\x00\x00\x00\x00\x03abc", "gzip.BadGzipFile: Unknown compression method"},
		{whole[:len(whole)-6], "EOFError: Compressed file ended before the end-of-stream marker was reached"},
	} {
		writeFiles(t, dir, map[string]string{"ref.txt": ref, "hyp.gz": tc.content})
		out, errOut, status := runIn(t, dir, nil, "ref.txt", "-i", "hyp.gz")
		if status != 1 || out != "" || errOut != tc.want+"\n" {
			t.Errorf("hyp.gz holding %q: status %d, stdout %q, stderr %q; want 1, nothing, %q", tc.content, status, out, errOut, tc.want)
		}
	}
}

// TestEmptyInputList checks `-i` given no file: sacrebleu scores no system
// (an empty table), and in sentence-level mode takes the first of none,
// which Python ends with an IndexError.
func TestEmptyInputList(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c\n"})
	out, stderr, status := runIn(t, dir, nil, "ref.txt", "-i")
	if status != 0 || out != "[]\n" || stderr != "sacreBLEU: Found 0 systems.\n" {
		t.Errorf("-i alone: status %d, stdout %q, stderr %q; want 0, an empty table and the count", status, out, stderr)
	}
	out, stderr, status = runIn(t, dir, nil, "ref.txt", "-i", "-sl")
	if status != 1 || out != "" || stderr != "IndexError: list index out of range\n" {
		t.Errorf("-i -sl: status %d, stdout %q, stderr %q; want 1 and Python's IndexError", status, out, stderr)
	}
}

// TestGzipMembers checks .gz files of several members, padded, or with a
// member's trailer wrong, against what Python 3.11's gzip module reads or
// raises for the same bytes: zero bytes after a member are padding, any
// other byte must start a member, and each member's CRC and length are
// checked against its own trailer.
func TestGzipMembers(t *testing.T) {
	dir := t.TempDir()
	cat, dog := gz(t, "the cat sat\n"), gz(t, "the dog ran\n")
	flip := func(s string, at int) string {
		b := []byte(s)
		b[len(b)+at] ^= 1
		return string(b)
	}
	const eof = "EOFError: Compressed file ended before the end-of-stream marker was reached"
	for _, tc := range []struct{ name, content, text, want string }{
		{"zero padding", cat + strings.Repeat("\x00", 100), "the cat sat\n", ""},
		{"two members", cat + dog, "the cat sat\nthe dog ran\n", ""},
		{"two members, padded between and after", cat + "\x00\x00" + dog + "\x00", "the cat sat\nthe dog ran\n", ""},
		{"junk after a member", cat + "junk", "", `gzip.BadGzipFile: Not a gzipped file (b'ju')`},
		{"padding, then one byte", cat + "\x00\x00x", "", `gzip.BadGzipFile: Not a gzipped file (b'x')`},
		{"a wrong CRC", flip(cat, -8), "", "gzip.BadGzipFile: CRC check failed 0xba7f3d5c != 0xba7f3d5d"},
		{"a wrong length", flip(cat, -1), "", "gzip.BadGzipFile: Incorrect length of data produced"},
		{"a trailer cut short", cat[:len(cat)-3], "", eof},
		{"a second header cut short", cat + dog[:5], "", eof},
		{"a wrong CRC in the second member", cat + flip(dog, -8), "", "gzip.BadGzipFile: CRC check failed 0x6d56a293 != 0x6d56a292"},
	} {
		ref := tc.text
		if ref == "" {
			ref = "the cat sat\n"
		}
		writeFiles(t, dir, map[string]string{"ref.txt": ref, "hyp.txt": tc.text, "hyp.gz": tc.content})
		out, errOut, status := runIn(t, dir, nil, "ref.txt", "-i", "hyp.gz", "-b")
		if tc.want != "" {
			if status != 1 || out != "" || errOut != tc.want+"\n" {
				t.Errorf("%s: status %d, stdout %q, stderr %q; want 1, nothing, %q", tc.name, status, out, errOut, tc.want)
			}
			continue
		}
		plain, _, _ := runIn(t, dir, nil, "ref.txt", "-i", "hyp.txt", "-b")
		if status != 0 || out != plain || errOut != "" {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 0 and %q, as for the text itself", tc.name, status, out, errOut, plain)
		}
	}
}

// failWriter fails every write with its error, as a full disk (ENOSPC) or
// a pipe whose reader went away (EPIPE) does.
type failWriter struct{ errno syscall.Errno }

func (f failWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: f.errno}
}

// TestStdoutFull checks that output that cannot be written (standard output
// redirected to a full disk, or a pipe closed by its reader) ends the run
// as Python ends sacrebleu's: on stderr the exception (the last line of its
// traceback) and the one Python ignores as it flushes the stream at exit,
// worded as Python 3 words them, and status 120, never a silent success.
// The --help, which argparse writes to Python's own sys.stdout, and the
// score line, which sacrebleu's main writes to the stream it opens again on
// file descriptor 1 (name=1), line-buffered: its first line raises. The
// lines are those Python 3.11 writes for a script that opens sys.stdout
// again as sacrebleu's main does and prints into /dev/full or a pipe whose
// reader has exited.
func TestStdoutFull(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "a b c\n", "hyp.txt": "a b c\n"})
	ignored := func(name string) string {
		return "Exception ignored in: <_io.TextIOWrapper name=" + name + " mode='w' encoding='utf-8'>\n"
	}
	for _, c := range []struct {
		errno syscall.Errno
		line  string
	}{
		{syscall.ENOSPC, "OSError: [Errno 28] No space left on device\n"},
		{syscall.EPIPE, "BrokenPipeError: [Errno 32] Broken pipe\n"},
	} {
		for _, run := range []struct {
			args []string
			want string
		}{
			{[]string{"ref.txt", "-i", "hyp.txt"}, c.line + ignored("1") + c.line},
			{[]string{"--help"}, ignored("'<stdout>'") + c.line},
		} {
			var stderr bytes.Buffer
			cmd := &Command{Stdout: failWriter{c.errno}, Stderr: &stderr, Dir: dir, LookupEnv: lookupIn(nil)}
			if status := cmd.Run(run.args); status != 120 || stderr.String() != run.want {
				t.Errorf("%q, writes failing with %v: status %d, stderr %q; want 120 and %q", run.args, c.errno, status, stderr.String(), run.want)
			}
		}
	}
}

// TestHugeNumRefs checks that a -nr far larger than any line has fields
// ends as sacrebleu's reading ends, where it has the memory for its empty
// streams: a line with too few fields (exit 17), or with no line, streams
// whose length is not the system's.
func TestHugeNumRefs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"refs.tsv": "a b c\ta b d\nx y\tx z\n", "hyp.txt": "a b c\nx y\n", "empty.txt": "",
	})
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"refs.tsv", "-nr", "9223372036854775807", "-i", "hyp.txt"}, 1, "MemoryError\n"},
		{[]string{"refs.tsv", "-nr", "1000000000000", "-i", "hyp.txt"}, 17, "sacreBLEU: FATAL: line 1: expected 1000000000000 fields, but found 2.\n"},
		{[]string{"empty.txt", "-nr", "1000000000000", "-i", "hyp.txt"}, 1, "sacreBLEU: System and reference streams have different lengths.\n"},
	} {
		out, errOut, status := runIn(t, dir, nil, tc.args...)
		if status != tc.status || out != "" || errOut != tc.stderr {
			t.Errorf("sacrebleu %q: stdout %q, stderr %q, status %d; want nothing, %q, %d", tc.args, out, errOut, status, tc.stderr, tc.status)
		}
	}
	out, _, status := runIn(t, dir, nil, "refs.tsv", "-nr", "2", "-i", "hyp.txt", "-f", "text")
	if status != 0 || !strings.HasPrefix(out, "BLEU|nrefs:2|") {
		t.Errorf("-nr 2: status %d, stdout %q; want 0 and a score against 2 references", status, out)
	}
}

// TestHugeNumbers checks integer arguments beyond Go's int, which
// argparse reads as Python's unbounded int (up to int()'s 4300 digits),
// and what sacrebleu then raises: f'{score:.{width}f}' refuses a
// precision above a C int ("precision too big") and, as it reads the
// format, one beyond a Py_ssize_t; -nr makes a list of that many streams
// (MemoryError) and splits lines with maxsplit=-nr - 1, which must fit a
// Py_ssize_t. The messages are Python 3.11's.
func TestHugeNumbers(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ref.txt": "a b c d\nx y z\n", "hyp.txt": "a b c\nx y z\n", "hyp2.txt": "a b\nx y\n", "refs.tsv": "a b c\ta b d\nx y\tx z\n",
	})
	digits := func(n int) string { return strings.Repeat("9", n) }
	for _, tc := range []struct {
		args   []string
		status int
		stderr string // the last line
	}{
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", "2147483648"}, 1, "ValueError: precision too big"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", "9223372036854775807", "-f", "text"}, 1, "ValueError: precision too big"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", "9223372036854775808"}, 1, "ValueError: Too many decimal digits in format string"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", digits(4300)}, 1, "ValueError: Too many decimal digits in format string"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", digits(4301)}, 2, "sacrebleu: error: argument --width/-w: invalid int value: '" + digits(4301) + "'"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-w", "-99999999999999999999"}, 1, "ValueError: Format specifier missing precision"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-sl", "-w", "99999999999999999999"}, 1, "ValueError: Too many decimal digits in format string"},
		{[]string{"ref.txt", "-i", "hyp.txt", "hyp2.txt", "-q", "-w", "2147483648"}, 1, "ValueError: precision too big"},
		{[]string{"refs.tsv", "-i", "hyp.txt", "-nr", "99999999999999999999"}, 1, "MemoryError"},
		{[]string{"refs.tsv", "-i", "hyp.txt", "-nr", "-9223372036854775808"}, 1, "OverflowError: Python int too large to convert to C ssize_t"},
		{[]string{"refs.tsv", "-i", "hyp.txt", "-nr", "-99999999999999999999"}, 1, "OverflowError: Python int too large to convert to C ssize_t"},
		// The drop-in's own refusal shows the number as given.
		{[]string{"ref.txt", "-i", "hyp.txt", "-m", "chrf", "-cw", "-099999999999999999999"}, 1, "sacreBLEU: bleuscope's chrF takes --chrf-word-order from 0 to 32, not -99999999999999999999, where sacrebleu takes any whole number; give one in that range"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-m", "chrf", "--chrf-beta", "99999999999999999999"}, 1, "sacreBLEU: bleuscope's chrF takes --chrf-beta from 0 to 3037000499, not 99999999999999999999, where sacrebleu takes any whole number; give one in that range"},
		{[]string{"ref.txt", "-i", "hyp.txt", "-m", "chrf", "-cc", "33"}, 1, "sacreBLEU: bleuscope's chrF takes --chrf-char-order from 0 to 32, not 33, where sacrebleu takes any whole number; give one in that range"},
		// Both chrF orders 0: sacrebleu's score is 0.0, which bleuscope's
		// chrF does not compute; said without the scoring package's
		// prefix ("bleuscope cannot compute this chrF: scoring: chrF needs
		// a character order or a word order above 0").
		{[]string{"ref.txt", "-i", "hyp.txt", "-m", "chrf", "-cc", "0"}, 1, "sacreBLEU: bleuscope's chrF needs --chrf-char-order or --chrf-word-order above 0, where sacrebleu scores 0.0 with neither; give one of them"},
		// With eps smoothing sacrebleu's _compute_f_score divides by the
		// number of orders, 0: it fails rather than scoring 0.0.
		{[]string{"ref.txt", "-i", "hyp.txt", "-m", "chrf", "-cc", "0", "--chrf-eps-smoothing"}, 1, "sacreBLEU: bleuscope's chrF needs --chrf-char-order or --chrf-word-order above 0, where sacrebleu fails dividing by zero with neither; give one of them"},
		{[]string{"refs.tsv", "-i", "hyp.txt", "-nr", "-9223372036854775807"}, 17, "sacreBLEU: FATAL: line 1: expected -9223372036854775807 fields, but found 2."},
	} {
		out, errOut, status := runIn(t, dir, nil, tc.args...)
		lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
		if status != tc.status || out != "" || lines[len(lines)-1] != tc.stderr {
			t.Errorf("sacrebleu %.80q: stdout %q, stderr ends %.200q, status %d; want nothing, %.200q, %d", tc.args, out, lines[len(lines)-1], status, tc.stderr, tc.status)
		}
	}
}

// TestCorruptGzip checks the line for gzip files whose deflate data is
// corrupt, against what Python 3.11's gzip module raised reading each file
// line by line as sacrebleu's smart_open does (testdata/zlib.json: every
// message zlib's inflate has for corrupt data, one file whose second
// member is corrupt, and a hand-made stored block).
func TestCorruptGzip(t *testing.T) {
	raw, err := os.ReadFile("testdata/zlib.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		GzHex  string `json:"gz_hex"`
		Python string `json:"python"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"ref.txt": "x\n"})
	for i, c := range cases {
		b, err := hex.DecodeString(c.GzHex)
		if err != nil {
			t.Fatal(err)
		}
		name := "hyp" + strconv.Itoa(i) + ".gz"
		writeFiles(t, dir, map[string]string{name: string(b)})
		out, errOut, status := runIn(t, dir, nil, "ref.txt", "-i", name)
		if status != 1 || out != "" || errOut != c.Python+"\n" {
			t.Errorf("%s (%d bytes): stdout %q, stderr %q, status %d; want nothing, %q, 1", name, len(b), out, errOut, status, c.Python)
		}
	}
}
