package model

import (
	"errors"
	"fmt"
	"strconv"
)

// ParseDecimal reads a number the person wrote: for a number flag
// (--smooth-value, --weights), a bucket edge or a query's comparison
// (bleu<10). It takes a plain decimal that a float64 holds, and refuses
// what strconv.ParseFloat reads besides (inf, nan, 1_0, 0x1p4) and a number
// beyond the largest float64 (1e400). Its error is a phrase without a
// prefix, worded here for all three, for the caller to put after where the
// number was (the flag, the column).
func ParseDecimal(s string) (float64, error) {
	switch {
	case s == "":
		return 0, errors.New("a number is missing (such as 10, -5, 0.5 or 1e3)")
	case !plainDecimal(s):
		return 0, fmt.Errorf("%q is not a plain decimal number (such as 10, -5, 0.5 or 1e3)", s)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil { // a plain decimal fails only by being out of range
		return 0, fmt.Errorf("%q is out of range (numbers go up to about 1.8e308)", s)
	}
	return v, nil
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
