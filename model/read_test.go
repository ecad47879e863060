package model

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bleuscope/bleuscope/scoring"
)

// naiveLines splits text as (*file).lines does, by replacing the line ends
// and splitting the whole text.
func naiveLines(text string, universal, strip bool) []string {
	if universal {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	if text == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if strip {
		for i, l := range lines {
			lines[i] = scoring.PyRstrip(l)
		}
	}
	return lines
}

// chunked cuts text into chunks of n bytes (the last one shorter).
func chunked(text string, n int) []string {
	var chunks []string
	for len(text) > n {
		chunks, text = append(chunks, text[:n]), text[n:]
	}
	if text != "" {
		chunks = append(chunks, text)
	}
	return chunks
}

// TestFileLinesChunks: a text cut into chunks anywhere, even inside a
// "\r\n" or a rune, splits into the lines of the whole text.
func TestFileLinesChunks(t *testing.T) {
	for _, text := range []string{
		"", "\n", "\n\n", "ab", "ab\ncd", "ab\ncd\n", "a\n\nb\n",
		"ab\r\ncd\r\n", "ab\rcd\r", "\r\n\r\n", "\r\r\n\n", "a\r\n\rb\n\r",
		"é€😀\n😀 x\n€", "\ufeffab\ncd\n", "ab  \ncd\t\r\n  \n",
	} {
		for _, stdin := range []bool{false, true} {
			for n := 1; n <= max(len(text), 1); n++ {
				for _, strip := range []bool{false, true} {
					f := &file{chunks: chunked(text, n), stdin: stdin}
					if got, want := f.lines(strip), naiveLines(text, stdin, strip); !slices.Equal(got, want) {
						t.Errorf("%q in chunks of %d (stdin %v, strip %v): lines %q; want %q", text, n, stdin, strip, got, want)
					}
				}
			}
		}
	}
}

// TestChunksPrefix: a byte-order mark is found, and dropped, when the
// first chunks cut it, in chunks of strings and of bytes alike.
func TestChunksPrefix(t *testing.T) {
	for _, text := range []string{"", "a", "\ufeff", "\ufeffab\ncd", "\xef\xbbx", "x\ufeff"} {
		for n := 1; n <= max(len(text), 1); n++ {
			chunks := chunked(text, n)
			var byteChunks [][]byte
			for _, c := range chunks {
				byteChunks = append(byteChunks, []byte(c))
			}
			has, rest := ChunksHavePrefix(chunks, BOM), strings.Join(TrimChunksPrefix(chunks, BOM), "")
			hasB, restB := ChunksHavePrefix(byteChunks, BOM), string(bytes.Join(TrimChunksPrefix(byteChunks, BOM), nil))
			want, wantRest := strings.HasPrefix(text, BOM), strings.TrimPrefix(text, BOM)
			if has != want || rest != wantRest || hasB != want || restB != wantRest {
				t.Errorf("%q in chunks of %d: has prefix %v, trimmed %q (as bytes %v, %q); want %v, %q",
					text, n, has, rest, hasB, restB, want, wantRest)
			}
			if got, want := string(ChunksHead(chunks, 2)), text[:min(2, len(text))]; got != want {
				t.Errorf("%q in chunks of %d: head of 2 %q; want %q", text, n, got, want)
			}
		}
	}
}

// TestReadStdinChunks: standard input read in chunks of a few bytes gives
// what it gives in one chunk: the same lines (with and without stripping,
// and as a table), the same byte-order mark, NUL bytes and errors, for
// lines, "\r\n" and runes cut by a chunk's end, a last line without a line
// end, and limits and bad bytes past the first chunk.
func TestReadStdinChunks(t *testing.T) {
	defaultChunk := readChunk
	t.Cleanup(func() { readChunk = defaultChunk })
	for _, c := range []struct {
		name   string
		text   string
		limits LoadOptions
	}{
		{"lines across chunks", "the cat sat\non the mat\n\nand more\n", LoadOptions{}},
		{"CRLF and CR", "ab\r\ncd\r\n\r\nef\rgh\r", LoadOptions{}},
		{"runes", "é€😀\n😀😀 x\n", LoadOptions{}},
		{"no last line end", "ab\ncdefgh", LoadOptions{}},
		{"trailing whitespace", "ab  \ncd\t\r\n  \n", LoadOptions{}},
		{"empty", "", LoadOptions{}},
		{"one line end", "\n", LoadOptions{}},
		{"BOM", "\ufeffab\ncd\n", LoadOptions{}},
		{"BOM alone", "\ufeff", LoadOptions{}},
		{"line limit in a later chunk", "ab\ncdefghij\n", LoadOptions{MaxLine: 5}},
		{"line limit after CRs", "ab\rcd\r\nefghij", LoadOptions{MaxLine: 5}},
		{"input limit in a later chunk", "ab\ncd\nef\n", LoadOptions{MaxInput: 7}},
		{"bad byte in a later chunk", "abcdef\ngh\xffij\n", LoadOptions{}},
		{"rune cut short", "abc\xe2\x82x\n", LoadOptions{}},
		{"NUL in a later chunk", "abcdef\ngh\x00ij\r\nk\x00\n", LoadOptions{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			read := func(chunk int) string {
				readChunk = chunk
				f, err := newReader(Input{Stdin: strings.NewReader(c.text), Limits: c.limits}).read("-")
				if err != nil {
					return err.Error()
				}
				if len(c.text) > chunk && len(f.chunks) < 2 {
					t.Fatalf("%d bytes in chunks of %d: read as %d chunks", len(c.text), chunk, len(f.chunks))
				}
				table, err := tableLines(f, "a record")
				return fmt.Sprintf("lines %q, stripped %q, table %q (%v), BOM warning %q, NUL warning %q",
					f.lines(false), f.lines(true), table, err, bomWarning(f), nulWarning(f, nil, 0))
			}
			want := read(defaultChunk)
			for _, n := range []int{1, 2, 3, 4, 5, 7} {
				if got := read(n); got != want {
					t.Errorf("in chunks of %d:\n got %s\nwant %s", n, got, want)
				}
			}
		})
	}
}

// TestLoadStdinMemory: standard input stays in the chunks it is read in,
// not copied into one buffer at the end: loading it allocates about its
// size once, not twice.
func TestLoadStdinMemory(t *testing.T) {
	const lines = 100
	text := strings.Repeat(strings.Repeat("word ", 16_000)+"\n", lines) // 8 MB in lines cut by chunk ends
	in := Input{Systems: []string{"-"}, Refs: []string{"ref.txt"}, Stdin: strings.NewReader(text),
		FS: fstest.MapFS{"ref.txt": {Data: []byte(strings.Repeat("word\n", lines))}}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ds := mustLoad(t, in)
	runtime.ReadMemStats(&after)
	if got := ds.Systems[0].Hyps; len(got) != lines || got[lines-1] != strings.TrimSpace(text[:len(text)/lines]) {
		t.Fatalf("read %d lines; want %d, all the same", len(got), lines)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	if alloc > uint64(len(text))*3/2 {
		t.Errorf("loading %d bytes from standard input allocated %d bytes; want about the text once", len(text), alloc)
	}
}
