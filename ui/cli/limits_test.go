package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"
)

// repeating is an endless stream of its pattern that counts the bytes it
// hands out.
type repeating struct {
	pattern string
	read    int
}

func (r *repeating) Read(p []byte) (int, error) {
	for n := 0; n < len(p); {
		c := copy(p[n:], r.pattern[r.read%len(r.pattern):])
		n += c
		r.read += c
	}
	return len(p), nil
}

// TestInputLimits: every way into a command that could take memory
// without end (a plain file, a gzip bomb, an endless standard input, a
// gigantic line, an annotation file or an MQM TSV too large) stops with
// exit status 2 and one line naming the limit and the flag that raises
// it, having read little more than the limit.
func TestInputLimits(t *testing.T) {
	mqmHeader := "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
	lines := strings.Repeat("a b c\n", 1<<20) // 6 MiB, a gzip bomb of some kilobytes
	var rows strings.Builder                  // 2 MiB of MQM rows
	for i := 1; rows.Len() < 2<<20; i++ {
		fmt.Fprintf(&rows, "sysA\td\t1\t%d\tr1\tEins.\tOne.\tNo-error\tNo-error\n", i)
	}
	for _, c := range []struct {
		name  string
		args  []string
		stdin *repeating
		want  string
	}{
		{"plain file", []string{"score", "big.txt", "-r", "ref.txt", "--max-input", "1K"}, nil,
			"bleuscope: big.txt is larger than 1 KiB, the input limit; raise --max-input if that is intended"},
		{"gzip bomb", []string{"score", "bomb.txt.gz", "-r", "ref.txt", "--max-input", "1M"}, nil,
			"bleuscope: bomb.txt.gz decompresses past 1 MiB, the input limit; raise --max-input if that is intended"},
		{"endless standard input", []string{"segments", "-", "-r", "ref.txt", "--max-input", "1M"}, &repeating{pattern: "a b c\n"},
			"bleuscope: standard input is larger than 1 MiB, the input limit; raise --max-input if that is intended"},
		{"gigantic line on standard input", []string{"score", "-", "-r", "ref.txt"}, &repeating{pattern: "word "},
			"bleuscope: standard input:1: the line is longer than 1 MiB, the line limit; raise --max-line if that is intended"},
		{"gigantic line in a file", []string{"score", "long.txt", "-r", "ref.txt", "--max-line", "1K"}, nil,
			"bleuscope: long.txt:2: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended"},
		{"gigantic line to tokenize", []string{"tokenize", "--max-line", "1K"}, &repeating{pattern: "word "},
			"bleuscope: standard input:1: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended"},
		{"annotation file", []string{"annotations", "summary", "--max-input", "1K", "big.ann"}, nil,
			"bleuscope: big.ann is larger than 1 KiB, the input limit; raise --max-input if that is intended"},
		{"MQM TSV gzip bomb", []string{"annotations", "summary", "--max-input", "1M", "bomb.tsv.gz"}, nil,
			"bleuscope: bomb.tsv.gz is larger than 1 MiB, the input limit; raise --max-input if that is intended"},
		{"MQM TSV gigantic line", []string{"annotations", "summary", "--max-line", "1K", "long.tsv"}, nil,
			"bleuscope: long.tsv:2: the line is longer than 1 KiB, the line limit; raise --max-line if that is intended"},
	} {
		t.Run(c.name, func(t *testing.T) {
			writeFiles(t, map[string]string{
				"ref.txt":     "a b c\n",
				"big.txt":     strings.Repeat("a b c\n", 200),
				"bomb.txt.gz": gzipped(t, lines),
				"long.txt":    "a b c\n" + strings.Repeat("word ", 300) + "\n",
				"big.ann":     `{"format":"bleuscope-annotations","version":1}` + "\n" + strings.Repeat("x", 2000),
				"bomb.tsv.gz": gzipped(t, mqmHeader+rows.String()),
				"long.tsv":    mqmHeader + strings.Repeat("x", 2000) + "\n",
			})
			var stdin io.Reader = strings.NewReader("")
			if c.stdin != nil {
				stdin = c.stdin
			}
			var out, errb bytes.Buffer
			code := Run(c.args, stdin, &out, &errb)
			if c.stdin != nil && c.stdin.read > 4<<20 {
				t.Errorf("read %d bytes of an endless standard input before stopping", c.stdin.read)
			}
			if code != exitUsage || out.Len() != 0 || errb.String() != c.want+"\n" {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, nothing and\n%s", code, out.String(), errb.String(), exitUsage, c.want)
			}
		})
	}
}

// gzipped returns text compressed with gzip.
func gzipped(t testing.TB, text string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// gunzipAll returns what the gzip stream gz decompresses to.
func gunzipAll(gz string) (string, error) {
	zr, err := gzip.NewReader(strings.NewReader(gz))
	if err != nil {
		return "", err
	}
	text, err := io.ReadAll(zr)
	return string(text), err
}

// TestSizeFlagOutOfRange: a size of 0 is refused with examples fit for
// either limit (a line's and the whole input's).
func TestSizeFlagOutOfRange(t *testing.T) {
	for _, flag := range []string{"--max-line", "--max-input"} {
		code, _, stderr := runCLI(t, "", "score", "--demo", flag, "0")
		if code != 2 || !strings.Contains(stderr, "give a size above 0, such as 1M or 1G") {
			t.Errorf("%s 0: exit %d, %q", flag, code, stderr)
		}
	}
}
