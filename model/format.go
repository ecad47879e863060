package model

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// appendFloat appends f the way encoding/json writes a float64: the
// shortest representation that round-trips, in plain notation unless it
// is below 1e-6 or at least 1e21, then as 1e-07 → 1e-7. NaN and the
// infinities, which JSON cannot write (a huge --smooth-value makes
// precisions infinite), are written null.
func appendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// Clean up e-09 to e-9, as encoding/json does.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// formatFloat returns appendFloat's text, or "" for NaN and infinities
// (which have no JSON form).
func formatFloat(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return ""
	}
	return string(appendFloat(nil, f))
}

// appendJSONString appends s as a JSON string. Beyond what encoding/json
// escapes (quote, backslash, C0 controls, U+2028, U+2029, invalid UTF-8),
// DEL, the C1 controls and the bidirectional overrides and isolates are
// written as \u escapes too, so that JSON shown on a terminal cannot act on
// it; the decoded value is the same.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != 0x7f {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == 0x2028 || r == 0x2029 || unsafeRune(r, size) {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendFloats appends a JSON array of numbers.
func appendFloats(b []byte, xs []float64) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendFloat(b, x)
	}
	return append(b, ']')
}

// ColumnCells is the widest, in terminal cells, that a column of a text
// table is padded to. A wider cell (an n-gram of one huge token, a
// system's name of thousands of characters) overflows its column on its
// own row, written whole, where every other row used to be padded to its
// width: one token of 900 KB made each row of an n-gram table 900 KB.
const ColumnCells = 80

// Thousands writes n with a comma between each group of three digits
// (1,841,633), as counts are written for a person: an int, such as a
// number of segments, or an int64, such as an n-gram's count over a corpus.
func Thousands[N int | int64](n N) string {
	if n > -1000 && n < 1000 {
		return strconv.FormatInt(int64(n), 10)
	}
	var b [32]byte
	return string(AppendThousands(b[:0], n))
}

// Counted is n and the word for what it counts, with an "s" unless n is
// 1, n as [Thousands] writes it: "1,984 segments", "1 segment".
func Counted(n int, what string) string {
	return Thousands(n) + " " + what + PluralS(n)
}

// PluralS is the "s" that ends the word for what n counts, "" when n is
// 1: "%d field%s" for a count written as it is, where [Counted] groups
// its digits.
func PluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// AppendThousands appends n to b as [Thousands] writes it, for a writer of
// many counts (a table of a million rows) that makes no string of each.
func AppendThousands[N int | int64](b []byte, n N) []byte {
	if n >= 0 && n < 1000 { // most counts of a long ranking
		return strconv.AppendInt(b, int64(n), 10)
	}
	u := uint64(n)
	if n < 0 {
		b = append(b, '-')
		u = -u
	}
	var buf [26]byte // 20 digits and their 6 commas
	i := len(buf)
	for k := 0; ; k++ {
		if k > 0 && k%3 == 0 {
			i--
			buf[i] = ','
		}
		i--
		buf[i] = byte('0' + u%10)
		if u /= 10; u == 0 {
			break
		}
	}
	return append(b, buf[i:]...)
}
