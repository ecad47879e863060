package model

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestParseDecimal: plain decimals are read as strconv reads them; what
// strconv reads besides, and numbers a float64 cannot hold, are refused
// with the words the number flags, the bucket edges and the query share
// (ui/cli's TestDecimalErrorsAgree gives each of them these inputs).
func TestParseDecimal(t *testing.T) {
	const notPlain = " is not a plain decimal number (such as 10, -5, 0.5 or 1e3)"
	for _, tc := range []struct {
		in   string
		want float64
		err  string // the error, "" for none
	}{
		{"10", 10, ""},
		{"-5", -5, ""},
		{"+.5", 0.5, ""},
		{"5.", 5, ""},
		{"1E3", 1000, ""},
		{"2.5e-3", 0.0025, ""},
		{"1e308", 1e308, ""},
		{"", 0, "a number is missing (such as 10, -5, 0.5 or 1e3)"},
		{" 1", 0, `" 1"` + notPlain},
		{"1_0", 0, `"1_0"` + notPlain},
		{"0x10", 0, `"0x10"` + notPlain},
		{"0x1p4", 0, `"0x1p4"` + notPlain},
		{"inf", 0, `"inf"` + notPlain},
		{"NaN", 0, `"NaN"` + notPlain},
		{"1e", 0, `"1e"` + notPlain},
		{"1e+", 0, `"1e+"` + notPlain},
		{".", 0, `"."` + notPlain},
		{"-", 0, `"-"` + notPlain},
		{"1.2.3", 0, `"1.2.3"` + notPlain},
		{"\x1b[2J", 0, `"\x1b[2J"` + notPlain},
		{"1e400", 0, `"1e400" is out of range (numbers go up to about 1.8e308)`},
		{"-1.8e308", 0, `"-1.8e308" is out of range (numbers go up to about 1.8e308)`},
		// A number other than 0 that a float64 holds only as 0 or as a
		// subnormal, with fewer digits, is refused too: bleu<1e-999 would
		// be bleu<0.
		{"1e-999", 0, `"1e-999" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"-0.0001e-400", 0, `"-0.0001e-400" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"1e-310", 0, `"1e-310" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"2.2250738585072011e-308", 0, `"2.2250738585072011e-308" is out of range (numbers other than 0 go down to about 2.2e-308)`},
		{"2.2250738585072014e-308", 0x1p-1022, ""},
		{"-000.000e-999", 0, ""},
	} {
		got, err := ParseDecimal(tc.in)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tc.err || got != tc.want {
			t.Errorf("ParseDecimal(%q) = %v, %q; want %v, %q", tc.in, got, msg, tc.want, tc.err)
		}
	}
}

// TestParseDecimalAs: a number of a range of its own gives its example
// where ParseDecimal gives the forms of any number, and reads and refuses
// everything else as ParseDecimal does.
func TestParseDecimalAs(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"", "a number is missing (such as 1 or 0.5)"},
		{"x", `"x" is not a plain decimal number (such as 1 or 0.5)`},
		{"1e400", `"1e400" is out of range (numbers go up to about 1.8e308)`},
	} {
		if _, err := ParseDecimalAs(tc.in, "such as 1 or 0.5"); err == nil || err.Error() != tc.err {
			t.Errorf("ParseDecimalAs(%q) error = %v; want %s", tc.in, err, tc.err)
		}
	}
	if v, err := ParseDecimalAs("-5", "such as 1"); v != -5 || err != nil {
		t.Errorf("ParseDecimalAs(-5) = %v, %v; want -5 (the range is the caller's)", v, err)
	}
	// No example: no parentheses, for a caller that says how after it
	// (ParseEdges); a range keeps its aside.
	for _, tc := range []struct{ in, err string }{
		{"", "a number is missing"},
		{"x", `"x" is not a plain decimal number`},
		{"1e-999", `"1e-999" is out of range (numbers other than 0 go down to about 2.2e-308)`},
	} {
		if _, err := ParseDecimalAs(tc.in, ""); err == nil || err.Error() != tc.err {
			t.Errorf("ParseDecimalAs(%q, \"\") error = %v; want %s", tc.in, err, tc.err)
		}
	}
}

// TestCmpDecimal: cmpDecimal orders plain decimals as math/big's exact
// rationals do, on numbers that differ past a float64's digits, zeros of
// both signs and exponents that shift the point.
func TestCmpDecimal(t *testing.T) {
	nums := []string{"0", "-0", "+0.000e5", "1", "1.0", "01", "1.0000000000000001", "0.99999999999999999",
		"10e-1", ".1e1", "1e0", "1E+00", "-1", "-1.0000000000000001", "-0.99999999999999999", "2", "-2",
		"0.1", "1000000000000000055511151231257827e-34", "1e-300", "1.00000000000000000001e-300", "123.456",
		"123456e-3", "1234.56e-1", "9.9e307", "99e306", "5", "0.5", "50e-2", "-50e-2", ".5"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 { // and some of random digits, sign and exponent
		s := strings.Repeat("-", rng.IntN(2)) + strconv.Itoa(rng.IntN(1000)) + "." + strings.Repeat("0", rng.IntN(20)) +
			strconv.Itoa(rng.IntN(100)) + "e" + strconv.Itoa(rng.IntN(7)-3)
		nums = append(nums, s)
	}
	for _, a := range nums {
		for _, b := range nums {
			ra, okA := new(big.Rat).SetString(a)
			rb, okB := new(big.Rat).SetString(b)
			if !okA || !okB || !plainDecimal(a) || !plainDecimal(b) {
				t.Fatalf("%q or %q is not a plain decimal math/big reads", a, b)
			}
			if got, want := cmpDecimal(a, b), ra.Cmp(rb); got != want {
				t.Errorf("cmpDecimal(%q, %q) = %d; want %d", a, b, got, want)
			}
		}
	}
	if got := cmpDecimal("1e"+strings.Repeat("9", 19), "1"); got != 0 {
		t.Errorf("an exponent of 19 digits compares as %d; want 0", got)
	}
}
