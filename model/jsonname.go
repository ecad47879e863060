package model

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSONName returns the form of a system's name that JSON and JSONL output
// carry: the name itself when it is UTF-8, which JSON can hold. A name
// that is not (a file named in Latin-1, say) has each byte that is not
// UTF-8 written \xNN, in lower-case hex, and each backslash doubled, where
// encoding/json would write every such byte as U+FFFD and so give two
// systems whose names differ only there one name. A UTF-8 name that holds
// a backslash, x and two hex digits, which would read as such a byte, is
// written the same way, its backslashes doubled. So the form is always
// UTF-8, two names never share it, and it depends on the name alone.
func JSONName(name string) string {
	if utf8.ValidString(name) && !readsAsByte(name) {
		return name
	}
	var b strings.Builder
	b.Grow(len(name) + 8)
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRuneInString(name[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			writeHex(&b, `\x`, uint32(name[i]), 2) // as Printable writes such a byte
		case r == '\\':
			b.WriteString(`\\`)
		default:
			b.WriteString(name[i : i+size])
		}
		i += size
	}
	return b.String()
}

// ParseJSONName returns the name that [JSONName] writes as s, and s
// itself when JSONName writes no name so: when s holds no byte's escape
// (\xNN), or when one reads as UTF-8 (\x41) or a backslash is not doubled,
// as in a name an older bleuscope stored as it was ("sys\x41.txt").
func ParseJSONName(s string) string {
	if !readsAsByte(s) {
		return s
	}
	if name := unescapeName(s); JSONName(name) == s {
		return name
	}
	return s
}

// unescapeName returns s with each \xNN read as that byte and each \\ as
// one backslash (any other backslash is kept).
func unescapeName(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if strings.HasPrefix(s[i:], `\\`) {
			b = append(b, '\\')
			i++
		} else if c, ok := hexByteAt(s, i); ok {
			b = append(b, c)
			i += 3
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// readsAsByte reports whether s holds a backslash, x and two hex digits
// (in either case), which is how [JSONName] writes a byte that is not
// UTF-8.
func readsAsByte(s string) bool {
	for i := strings.Index(s, `\x`); i >= 0; {
		if _, ok := hexByteAt(s, i); ok {
			return true
		}
		j := strings.Index(s[i+1:], `\x`)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// hexByteAt returns the byte that s writes at i as \xNN, two hex digits
// in either case; ok is false when s has no such escape at i.
func hexByteAt(s string, i int) (c byte, ok bool) {
	if !strings.HasPrefix(s[i:], `\x`) || i+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i+2:i+4], 16, 8) // no sign, no underscores
	return byte(v), err == nil
}

// appendJSONName appends a system's name to JSON output: [JSONName] of
// it, as a JSON string.
func appendJSONName(b []byte, name string) []byte {
	return appendJSONString(b, JSONName(name))
}

// jsonNames is each of names as JSON output writes it ([appendJSONName]),
// made once for writers of a row per n-gram or segment.
func jsonNames(names []string) [][]byte {
	out := make([][]byte, len(names))
	for i, n := range names {
		out[i] = appendJSONName(nil, n)
	}
	return out
}
