package model

import (
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"
)

func TestJSONName(t *testing.T) {
	tests := []struct{ name, want string }{
		{"LT22", "LT22"},
		{"système", "système"},               // UTF-8: as it is
		{`a\b`, `a\b`},                       // a backslash alone reads as no byte
		{`a\xg1`, `a\xg1`},                   // nor one before x and a non-hex digit
		{"syst\xe8me.txt", `syst\xe8me.txt`}, // Latin-1 è
		{"syst\xe9me.txt", `syst\xe9me.txt`}, // é: kept apart from è
		{"a\\\xff", `a\\\xff`},
		{`syst\xe8me.txt`, `syst\\xe8me.txt`}, // UTF-8 that reads as a byte
		{`a\xE8`, `a\\xE8`},
		{`a\XE8`, `a\XE8`},               // we write a lower-case x
		{"\xc3", `\xc3`},                 // a cut two-byte sequence
		{"\xed\xa0\x80", `\xed\xa0\x80`}, // a UTF-16 surrogate in UTF-8's form
		{"é\xe9", `é\xe9`},
	}
	for _, tt := range tests {
		if got := JSONName(tt.name); got != tt.want {
			t.Errorf("JSONName(%q) = %q; want %q", tt.name, got, tt.want)
		}
	}
}

// byteEscape is how JSONName writes a byte that is not UTF-8.
var byteEscape = regexp.MustCompile(`\\x[0-9a-fA-F]{2}`)

// fromJSONName reads a name back from JSONName's form, independently of
// it: a form holding a byte's escape is escaped throughout (\\ is a
// backslash, \xNN a byte); any other is the name itself.
func fromJSONName(s string) string {
	if !byteEscape.MatchString(s) {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b = append(b, s[i])
			continue
		}
		if s[i+1] == '\\' {
			b = append(b, '\\')
			i++
			continue
		}
		v, _ := strconv.ParseUint(s[i+2:i+4], 16, 8)
		b = append(b, byte(v))
		i += 3
	}
	return string(b)
}

// FuzzJSONName: the form is UTF-8 and gives the name back, so two names
// never share it, and ParseJSONName reads it back.
func FuzzJSONName(f *testing.F) {
	for _, s := range []string{"LT22", "syst\xe8me", `syst\xe8me`, `\\x41`, "\\\xff\\", `\x4`, "\xf0\x9f\x98"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := JSONName(name)
		if !utf8.ValidString(got) {
			t.Fatalf("JSONName(%q) = %q, not UTF-8", name, got)
		}
		if back := fromJSONName(got); back != name {
			t.Fatalf("JSONName(%q) = %q, which reads %q", name, got, back)
		}
		if back := ParseJSONName(got); back != name {
			t.Fatalf("ParseJSONName(%q) = %q; want %q", got, back, name)
		}
	})
}

// TestParseJSONNameKeepsOtherForms: a text JSONName writes for no name (an
// escape of a byte that is UTF-8, a backslash not doubled beside an
// escape), such as a name an older bleuscope stored as it was, is read as
// itself.
func TestParseJSONNameKeepsOtherForms(t *testing.T) {
	for _, s := range []string{`sys\x41.txt`, `a\b\xe8`, `\xc3\xa9`, `sys\xe8\x41`} {
		if got := ParseJSONName(s); got != s {
			t.Errorf("ParseJSONName(%q) = %q; want it as it is", s, got)
		}
	}
	if got := ParseJSONName(`a\\b\xe8`); got != "a\\b\xe8" {
		t.Errorf(`ParseJSONName(a\\b\xe8) = %q; want "a\\b\xe8"`, got)
	}
}
