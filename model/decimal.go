package model

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseDecimal reads a number the person wrote: for a number flag
// (--smooth-value, --weights), a bucket edge or a query's comparison
// (bleu<10). It takes a plain decimal that a float64 holds, and refuses
// what strconv.ParseFloat reads besides (inf, nan, 1_0, 0x1p4), a number
// beyond the largest float64 (1e400) and one other than 0 too small for a
// normal float64 (1e-999, which would read as 0). Its error is a phrase
// without a prefix, worded here for all three, for the caller to put after
// where the number was (the flag, the column).
func ParseDecimal(s string) (float64, error) { return parseDecimal(s, decimalExample) }

// parseDecimal is [ParseDecimal], whose error for text that is no number
// gives example in parentheses.
func parseDecimal(s, example string) (float64, error) {
	switch {
	case s == "":
		return 0, &decimalError{"a number is missing", example}
	case !plainDecimal(s):
		return 0, &decimalError{fmt.Sprintf("%q is not a plain decimal number", s), example}
	}
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil: // a plain decimal fails only by being too large
		return 0, &decimalError{fmt.Sprintf("%q is out of range", s), "numbers go up to about 1.8e308"}
	case math.Abs(v) < minNormal && strings.ContainsAny(mantissa(s), "123456789"):
		// Read as 0 (1e-999), or as a subnormal float that keeps only
		// some of its digits (1e-310): bleu<1e-999 would be bleu<0.
		return 0, &decimalError{fmt.Sprintf("%q is out of range", s), "numbers other than 0 go down to about 2.2e-308"}
	}
	return v, nil
}

// ParseDecimalAs is [ParseDecimal] for a number of a range of its own (a
// flag's): its error for text that is no number gives example ("such as
// 1 or 0.5") where ParseDecimal's gives the forms of any number, -5 among
// them, which such a number may refuse; an empty example gives none, for a
// caller that says after the error how to write it ([ParseEdges]).
func ParseDecimalAs(s, example string) (float64, error) { return parseDecimal(s, example) }

// decimalError is [ParseDecimal]'s error: what is wrong with the number,
// and an aside (an example, the range) in parentheses after it, if any,
// which a line with little room leaves out (a query's shorter wording).
type decimalError struct{ problem, aside string }

func (e *decimalError) Error() string {
	if e.aside == "" {
		return e.problem
	}
	return e.problem + " (" + e.aside + ")"
}

// decimalExample is the aside of [ParseDecimal]'s error for text that is
// no number: the forms it reads, whatever a flag then allows of them.
const decimalExample = "such as 10, -5, 0.5 or 1e3"

// minNormal is the smallest normal float64, about 2.2e-308.
const minNormal = 0x1p-1022

// mantissa is the decimal s without its exponent.
func mantissa(s string) string {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		return s[:i]
	}
	return s
}

// plainDecimal reports whether s is a decimal number written plainly: an
// optional sign, digits with an optional fraction (or a fraction alone,
// .5), and an optional exponent (e or E, an optional sign, digits). It
// leaves out what strconv.ParseFloat reads besides: inf, nan, hexadecimal
// numbers and underscores between digits.
func plainDecimal(s string) bool {
	i := 0
	sign := func() {
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
	}
	digits := func() int {
		n := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	sign()
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		sign()
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// cmpDecimal compares the numbers plain decimals a and b ([plainDecimal])
// stand for exactly, digit by digit, where two that round to one float64
// compare equal as floats: -1, 0 or +1 as a is below, equal to or above
// b. It reads an exponent of up to 18 digits (after leading zeros); with
// a longer one, which no edge as long as a command line has, it says 0.
func cmpDecimal(a, b string) int {
	da, ea, sa, oka := decimalDigits(a)
	db, eb, sb, okb := decimalDigits(b)
	switch {
	case !oka || !okb:
		return 0
	case sa != sb || sa == 0:
		return cmp.Compare(sa, sb)
	}
	c := cmp.Compare(ea, eb)
	if c == 0 {
		c = strings.Compare(da, db) // 0.D1 against 0.D2, trailing zeros dropped
	}
	return sa * c
}

// decimalDigits writes plain decimal s as sign × 0.D × 10^exp: D its
// significant digits without leading or trailing zeros, sign -1, 0 (for
// any zero) or +1; ok is false for an exponent past 18 digits.
func decimalDigits(s string) (digits string, exp int64, sign int, ok bool) {
	sign = 1
	if strings.HasPrefix(s, "-") {
		sign = -1
	}
	s = strings.TrimLeft(s, "+-")
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e := strings.TrimLeft(strings.TrimLeft(s[i+1:], "+-"), "0")
		if len(e) > 18 {
			return "", 0, 0, false
		}
		exp, _ = strconv.ParseInt("0"+e, 10, 64)
		if strings.HasPrefix(s[i+1:], "-") {
			exp = -exp
		}
		s = s[:i]
	}
	whole, frac, _ := strings.Cut(s, ".")
	all := strings.TrimLeft(whole+frac, "0")
	if all == "" {
		return "", 0, 0, true
	}
	return strings.TrimRight(all, "0"), exp + int64(len(all)-len(frac)), sign, true
}
