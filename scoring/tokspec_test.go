package scoring

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// This file keeps a slow, literal form of sacrebleu's tokenizers, written
// with regular expressions the way sacrebleu states them, as an executable
// specification for the scanners. Go's regexp replaces leftmost,
// non-overlapping matches like Python's re.sub, and its \p classes use the
// same Unicode version as the regex module sacrebleu 2.6.0 was checked
// with. It is only meaningful for valid UTF-8.

// specRule is one substitution applied to the whole line.
type specRule struct {
	re   *regexp.Regexp
	repl string
}

// specMteval are the four substitutions of 13a and zh.
var specMteval = []specRule{
	// ASCII symbols other than ' , - . (the space included).
	{regexp.MustCompile("([{-~\\[-` -&(-+:-@/])"), " ${1} "},
	// A period or comma after a non-digit.
	{regexp.MustCompile(`([^0-9])([.,])`), "${1} ${2} "},
	// A period or comma before a non-digit.
	{regexp.MustCompile(`([.,])([^0-9])`), " ${1} ${2}"},
	// A hyphen after a digit.
	{regexp.MustCompile(`([0-9])(-)`), "${1} ${2} "},
}

// specIntl are the three substitutions of intl.
var specIntl = []specRule{
	{regexp.MustCompile(`(\P{N})(\p{P})`), "${1} ${2} "},
	{regexp.MustCompile(`(\p{P})(\P{N})`), " ${1} ${2}"},
	{regexp.MustCompile(`(\p{S})`), " ${1} "},
}

// specZhRanges are the ranges of the zh tokenizer as sacrebleu writes
// them. Go reads "\u20000" like Python, as U+2000 followed by "0", and
// compares strings in code point order like Python, so the comparison
// below has the same quirks.
var specZhRanges = [][2]string{
	{"\u3400", "\u4db5"}, {"\u4e00", "\u9fa5"}, {"\u9fa6", "\u9fbb"},
	{"\uf900", "\ufa2d"}, {"\ufa30", "\ufa6a"}, {"\ufa70", "\ufad9"},
	{"\u20000", "\u2a6d6"}, {"\u2f800", "\u2fa1d"}, {"\uff00", "\uffef"},
	{"\u2e80", "\u2eff"}, {"\u3000", "\u303f"}, {"\u31c0", "\u31ef"},
	{"\u2f00", "\u2fdf"}, {"\u2ff0", "\u2fff"}, {"\u3100", "\u312f"},
	{"\u31a0", "\u31bf"}, {"\ufe10", "\ufe1f"}, {"\ufe30", "\ufe4f"},
	{"\u2600", "\u26ff"}, {"\u2700", "\u27bf"}, {"\u3200", "\u32ff"},
	{"\u3300", "\u33ff"},
}

// specApply applies rules in turn and joins the fields with single spaces.
func specApply(rules []specRule, line string) string {
	for _, r := range rules {
		line = r.re.ReplaceAllString(line, r.repl)
	}
	return strings.Join(strings.FieldsFunc(line, IsPySpace), " ")
}

// specTokenize is the literal form of Tokenizer.Tokenize.
func specTokenize(name, line string) string {
	switch name {
	case "13a":
		line = strings.ReplaceAll(line, "<skipped>", "")
		line = strings.ReplaceAll(line, "-\n", "")
		line = strings.ReplaceAll(line, "\n", " ")
		line = strings.ReplaceAll(line, "&quot;", "\"")
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
		return specApply(specMteval, " "+line+" ")
	case "intl":
		return specApply(specIntl, line)
	case "zh":
		line = strings.TrimFunc(line, IsPySpace)
		var b strings.Builder
		for _, r := range line {
			c := string(r)
			zh := false
			for _, g := range specZhRanges {
				if g[0] <= c && c <= g[1] {
					zh = true
				}
			}
			if zh {
				b.WriteString(" " + c + " ")
			} else {
				b.WriteString(c)
			}
		}
		return specApply(specMteval, b.String())
	case "char":
		chars := make([]string, 0, len(line))
		for _, r := range line {
			chars = append(chars, string(r))
		}
		return strings.Join(chars, " ")
	}
	return line
}

// specValid reports whether s suits the specification: valid UTF-8 (the
// regexp package reads invalid bytes as U+FFFD).
func specValid(s string) bool { return utf8.ValidString(s) }
