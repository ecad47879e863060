package sacrebleu

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bleuscope/bleuscope/scoring"
)

// This file prints numbers and strings the way the Python code behind
// sacrebleu's output does: f"{x:.{w}f}", float.__repr__, repr(str) and
// json.dumps.

// pyRepr formats x as Python's repr(float): the shortest digits that read
// back as x, in fixed notation between 1e-4 and 1e16 (with ".0" on whole
// numbers), else in exponent notation with at least two exponent digits.
func pyRepr(x float64) string {
	if s, ok := scoring.PyNonFinite(x); ok {
		return s
	}
	e := strconv.FormatFloat(x, 'e', -1, 64) // [-]d[.ddd]e±XX
	sign := ""
	if e[0] == '-' {
		sign, e = "-", e[1:]
	}
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	p, _ := strconv.Atoi(exp)
	decpt := p + 1 // x = 0.digits × 10^decpt
	if x == 0 {
		return sign + "0.0"
	}
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			return sign + "0." + strings.Repeat("0", -decpt) + digits
		case decpt >= len(digits):
			return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		default:
			return sign + digits[:decpt] + "." + digits[decpt:]
		}
	}
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	es := "+"
	if p < 0 {
		es, p = "-", -p
	}
	ex := strconv.Itoa(p)
	if len(ex) < 2 {
		ex = "0" + ex
	}
	return sign + m + "e" + es + ex
}

// jsonFloat formats x as Python's json.dumps does: repr, with NaN and
// Infinity spelled as JavaScript does.
func jsonFloat(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	return pyRepr(x)
}

// jsonString quotes s as Python's json.dumps does: with ensureASCII every
// non-ASCII character becomes \uXXXX (a surrogate pair beyond the BMP);
// without it they stay as they are. A byte that is not UTF-8 (in a file
// name, which Python decodes with surrogateescape into a lone surrogate)
// is written with ensureASCII as json.dumps writes that surrogate, \udce8
// for \xe8, as pyQuote does; without it as U+FFFD (Python could not
// print it).
func jsonString(s string, ensureASCII bool) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i, r := range s {
		if r == utf8.RuneError && ensureASCII {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				writeU4(&b, 0xdc00+rune(s[i]))
				continue
			}
		}
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20:
				writeU4(&b, r)
			case r < 0x7f || !ensureASCII:
				b.WriteRune(r)
			case r > 0xffff:
				r -= 0x10000
				writeU4(&b, 0xd800+(r>>10))
				writeU4(&b, 0xdc00+(r&0x3ff))
			default:
				writeU4(&b, r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

func writeU4(b *strings.Builder, r rune) {
	const hex = "0123456789abcdef"
	b.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hex[(r>>shift)&0xf])
	}
}

// pyQuote formats s as Python's repr(str) does, as argparse and tracebacks
// show values: single quotes unless s holds a single quote and no double
// quote, non-printable characters escaped.
func pyQuote(s string) string {
	q := pyQuoteChar(s)
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			// Python would hold a lone surrogate escape here.
			b.WriteString(`\udc` + strconv.FormatUint(uint64(s[i]), 16))
			i++
			continue
		}
		i += size
		switch {
		case pyEscape(&b, r, q):
		case r == ' ' || (unicode.IsPrint(r) && r != 0xad):
			b.WriteRune(r)
		case r < 0x100:
			b.WriteString(`\x` + hex2(uint32(r)))
		case r < 0x10000:
			b.WriteString(`\u` + pad(strconv.FormatUint(uint64(r), 16), 4))
		default:
			b.WriteString(`\U` + pad(strconv.FormatUint(uint64(r), 16), 8))
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyQuoteChar is the quote Python's repr puts around s: a single one,
// unless s holds a single quote and no double one.
func pyQuoteChar(s string) byte {
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		return '"'
	}
	return '\''
}

// pyEscape writes r escaped as repr escapes it in a str or bytes quoted
// with q (the quote itself, a backslash, tab, newline, carriage return)
// and reports whether it did; other characters are the caller's.
func pyEscape(b *strings.Builder, r rune, q byte) bool {
	switch r {
	case rune(q), '\\':
		b.WriteByte('\\')
		b.WriteRune(r)
	case '\t':
		b.WriteString(`\t`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	default:
		return false
	}
	return true
}

func hex2(v uint32) string { return pad(strconv.FormatUint(uint64(v), 16), 2) }

func pad(s string, n int) string {
	if len(s) < n {
		return strings.Repeat("0", n-len(s)) + s
	}
	return s
}

// pyInt converts s as Python's int(s) does for a string
// ([scoring.PyIntASCII]). ok is false where Python raises ValueError,
// which it does for more than [scoring.PyMaxStrDigits] digits too. Python's int has
// no bound: a value beyond Go's int is clamped to math.MaxInt or
// math.MinInt, and clamped says so.
func pyInt(s string) (v int, clamped, ok bool) {
	t, ok := scoring.PyIntASCII(s)
	if !ok || pyIntDigits(t) > scoring.PyMaxStrDigits {
		return 0, false, false
	}
	n, err := strconv.ParseInt(t, 10, 0)
	if err != nil { // only out of range is left
		if t[0] == '-' {
			return math.MinInt, true, true
		}
		return math.MaxInt, true, true
	}
	return int(n), false, true
}

// pyIntDigits is the number of digits in t, a number as
// [scoring.PyIntASCII] returns it, that Python's limit on int() counts:
// all of them, leading zeros too.
func pyIntDigits(t string) int {
	return len(strings.TrimLeft(t, "+-"))
}

// pyFloat converts s as Python's float(s) does for a string: surrounding
// whitespace, a sign, digits with single underscores, a decimal point, an
// exponent, inf, infinity and nan in any case. ok is false where Python
// raises ValueError.
func pyFloat(s string) (float64, bool) {
	t, ok := scoring.PyNumberASCII(s)
	if !ok {
		return 0, false
	}
	body := t
	if body != "" && (body[0] == '+' || body[0] == '-') {
		body = body[1:]
	}
	switch strings.ToLower(body) {
	case "inf", "infinity", "nan":
		v, err := strconv.ParseFloat(t, 64)
		return v, err == nil
	}
	mant, exp := body, ""
	if i := strings.IndexAny(body, "eE"); i >= 0 {
		mant, exp = body[:i], body[i+1:]
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		if !digitsWithUnderscores(exp) {
			return 0, false
		}
	}
	whole, frac, dot := strings.Cut(mant, ".")
	switch {
	case whole == "" && frac == "":
		return 0, false
	case whole != "" && !digitsWithUnderscores(whole):
		return 0, false
	case dot && frac != "" && !digitsWithUnderscores(frac):
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(t, "_", ""), 64)
	if err != nil {
		// Out of range: Python gives inf or 0 as ParseFloat does.
		var ne *strconv.NumError
		if !asNumError(err, &ne) || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return v, true
}

func asNumError(err error, out **strconv.NumError) bool {
	ne, ok := err.(*strconv.NumError)
	if ok {
		*out = ne
	}
	return ok
}

func digitsWithUnderscores(s string) bool {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '_' {
			return false
		}
	}
	return true
}
