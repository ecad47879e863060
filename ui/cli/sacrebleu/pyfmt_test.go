package sacrebleu

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"testing"
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
		if got := pyFixed(x, w); got != want {
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
		got, gotOK := pyInt(s)
		if gotOK != ok || (ok && got != v) {
			t.Errorf("int(%q) = %d, %v; want %d, %v", s, got, gotOK, v, ok)
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
