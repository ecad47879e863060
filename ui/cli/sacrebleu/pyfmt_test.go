package sacrebleu

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/bleuscope/bleuscope/scoring"
)

// pythonCases are values CPython 3.11 printed and parsed
// (testdata/python.json): repr(float), f"{x:.{w}f}", repr(str),
// json.dumps(str) with and without ensure_ascii, int(str), float(str).
type pythonCases struct {
	Reprs   [][2]string `json:"reprs"`   // float bits (little-endian hex), repr
	Fixed   [][3]any    `json:"fixed"`   // float bits, width, formatted
	Strings [][4]string `json:"strings"` // s, repr, json.dumps ASCII, json.dumps not ASCII
	Ints    [][3]any    `json:"ints"`    // s, ok, value
	Floats  [][3]any    `json:"floats"`  // s, ok, float bits
}

func fromBits(t *testing.T, h string) float64 {
	t.Helper()
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 8 {
		t.Fatalf("bad float bits %q", h)
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

func readPythonCases(t *testing.T) pythonCases {
	t.Helper()
	raw, err := os.ReadFile("testdata/python.json")
	if err != nil {
		t.Fatal(err)
	}
	var c pythonCases
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPythonFloatFormatting checks repr(float) and f"{x:.{w}f}".
func TestPythonFloatFormatting(t *testing.T) {
	c := readPythonCases(t)
	for _, r := range c.Reprs {
		x := fromBits(t, r[0])
		if got := pyRepr(x); got != r[1] {
			t.Errorf("repr(%v) = %q, want %q", x, got, r[1])
		}
	}
	for _, f := range c.Fixed {
		x, w, want := fromBits(t, f[0].(string)), int(f[1].(float64)), f[2].(string)
		if got := scoring.PyFixed(x, w); got != want {
			t.Errorf("f\"{%v:.%df}\" = %q, want %q", x, w, got, want)
		}
	}
}

// TestPythonStrings checks repr(str) and json.dumps(str).
func TestPythonStrings(t *testing.T) {
	for _, s := range readPythonCases(t).Strings {
		if got := pyQuote(s[0]); got != s[1] {
			t.Errorf("repr(%q) = %s, want %s", s[0], got, s[1])
		}
		if got := jsonString(s[0], true); got != s[2] {
			t.Errorf("json.dumps(%q) = %s, want %s", s[0], got, s[2])
		}
		if got := jsonString(s[0], false); got != s[3] {
			t.Errorf("json.dumps(%q, ensure_ascii=False) = %s, want %s", s[0], got, s[3])
		}
	}
}

// TestPythonNumbers checks int(str) and float(str), as argparse converts
// -w, -nr, -sv and the other numbers.
func TestPythonNumbers(t *testing.T) {
	c := readPythonCases(t)
	for _, r := range c.Ints {
		s, ok, v := r[0].(string), r[1].(bool), int(r[2].(float64))
		got, _, gotOK := pyInt(s)
		if gotOK != ok || (ok && got != v) {
			t.Errorf("int(%q) = %d, %v; want %d, %v", s, got, gotOK, v, ok)
		}
	}
	// CPython strips no information separator (U+001C..U+001F) around a
	// number, though str.isspace() is true for them.
	for _, s := range []string{"\x1f42", "42\x1c", "\x1d4.2"} {
		if _, _, ok := pyInt(s); ok {
			t.Errorf("int(%q) read; want ValueError", s)
		}
		if _, ok := pyFloat(s); ok {
			t.Errorf("float(%q) read; want ValueError", s)
		}
	}
	for _, r := range c.Floats {
		s, ok := r[0].(string), r[1].(bool)
		got, gotOK := pyFloat(s)
		if gotOK != ok {
			t.Errorf("float(%q) ok = %v, want %v", s, gotOK, ok)
			continue
		}
		if !ok {
			continue
		}
		if want := fromBits(t, r[2].(string)); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("float(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestUTF8DecodeErrors checks where and why Python's UTF-8 decoder stops.
func TestUTF8DecodeErrors(t *testing.T) {
	for in, want := range map[string]struct {
		at     int
		reason string
	}{
		"ab\xe9": {2, "unexpected end of data"}, "ab\xe9x": {2, "invalid continuation byte"},
		"\xc3": {0, "unexpected end of data"}, "\xe2\x82": {0, "unexpected end of data"},
		"\xe2(\xa1": {0, "invalid continuation byte"}, "\xf0\x90\x80": {0, "unexpected end of data"},
		"\xed\xa0\x80": {0, "invalid continuation byte"}, "\x80": {0, "invalid start byte"},
		"\xc0\xaf": {0, "invalid start byte"}, "\xf5": {0, "invalid start byte"},
	} {
		at, reason := invalidUTF8([]byte(in))
		if at != want.at || reason != want.reason {
			t.Errorf("%q: %d %s; want %d %s", in, at, reason, want.at, want.reason)
		}
	}
}

// TestDecodeInChunks checks that text read in chunks decodes as it does
// whole, wherever the chunks end: the same text, or the same byte,
// position and reason of the UTF-8 error, a rune or a byte-order mark cut
// by a chunk's end included.
func TestDecodeInChunks(t *testing.T) {
	var texts []string
	for _, mid := range []string{"", "a", "é", "€", "😀", "\xef\xbf\xbd", "\xe9", "\xc3", "\xe2\x82", "\xe2(\xa1", "\xf0\x90\x80", "\xe2\xf0\x9f", "\xed\xa0\x80", "\x80", "\xc0\xaf", "\xf5"} {
		for _, around := range []string{"", "é", "a\n"} {
			texts = append(texts, around+mid+around, "\xef\xbb\xbf"+mid+around, mid+"😀"+mid)
		}
	}
	for _, text := range texts {
		for _, c := range []codec{codecUTF8, codecUTF8Sig, codecLatin1, codecASCII} {
			want, wantErr := decode([][]byte{[]byte(text)}, c, "x")
			for _, chunks := range everyCut(text) {
				got, err := decode(chunks, c, "x")
				if fmt.Sprint(err) != fmt.Sprint(wantErr) || strings.Join(got, "") != strings.Join(want, "") {
					t.Fatalf("decode(%q) in chunks %q: %q, %v; want %q, %v as whole", text, chunks, got, err, want, wantErr)
				}
			}
		}
	}
}

// everyCut returns every way of cutting s into chunks, none empty.
func everyCut(s string) [][][]byte {
	if s == "" {
		return [][][]byte{nil}
	}
	var out [][][]byte
	for mask := 0; mask < 1<<(len(s)-1); mask++ {
		var chunks [][]byte
		start := 0
		for i := 1; i <= len(s); i++ {
			if i == len(s) || mask&(1<<(i-1)) != 0 {
				chunks = append(chunks, []byte(s[start:i]))
				start = i
			}
		}
		out = append(out, chunks)
	}
	return out
}
