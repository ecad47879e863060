package model

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// rePrefilter rules out, cheaply, texts a regexp cannot match: every match
// contains lit (when not empty) and starts with a byte of first (when
// useFirst). Both are found from the regexp's syntax tree and are
// conservative: a text the filter lets through may still not match, one
// it rejects never does.
type rePrefilter struct {
	re       *regexp.Regexp
	lit      string
	first    [256]bool
	useFirst bool
}

// newPrefilter analyses re.
func newPrefilter(re *regexp.Regexp) *rePrefilter {
	f := &rePrefilter{re: re}
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil { // re compiled, so this does not happen; keep the plain test
		return f
	}
	tree = tree.Simplify()
	f.lit = requiredLiteral(tree)
	var set [256]bool
	if !firstBytes(tree, &set) {
		for _, in := range set {
			if !in {
				f.first, f.useFirst = set, true
				break
			}
		}
	}
	return f
}

// match reports whether re matches s.
func (f *rePrefilter) match(s string) bool {
	if f.lit != "" && !strings.Contains(s, f.lit) {
		return false
	}
	if f.useFirst && !f.anyFirst(s) {
		return false
	}
	return f.re.MatchString(s)
}

func (f *rePrefilter) anyFirst(s string) bool {
	for i := 0; i < len(s); i++ {
		if f.first[s[i]] {
			return true
		}
	}
	return false
}

// requiredLiteral returns a string every match of re contains (the
// longest it finds), or "".
func requiredLiteral(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || strings.ContainsRune(string(re.Rune), utf8.RuneError) {
			return "" // an invalid byte of the text also reads as U+FFFD
		}
		return string(re.Rune)
	case syntax.OpCapture, syntax.OpPlus:
		return requiredLiteral(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredLiteral(re.Sub[0])
		}
	case syntax.OpConcat:
		best, run := "", ""
		for _, sub := range re.Sub {
			if l := requiredLiteral(sub); sub.Op == syntax.OpLiteral && l != "" {
				run += l // adjacent literals make one string
			} else {
				run = ""
				if l := requiredLiteral(sub); len(l) > len(best) {
					best = l
				}
			}
			if len(run) > len(best) {
				best = run
			}
		}
		return best
	}
	return ""
}

// firstBytes adds to set every byte a match of re can start with and
// reports whether re can match the empty string (then set alone is not a
// requirement). Texts are UTF-8 but may hold invalid bytes, which the
// regexp engine reads as U+FFFD: a class holding U+FFFD may start at any
// byte from 0x80.
func firstBytes(re *syntax.Regexp, set *[256]bool) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return true
		}
		r := re.Rune[0]
		addRange(set, r, r)
		if re.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				addRange(set, f, f)
			}
		}
		return false
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			addRange(set, re.Rune[i], re.Rune[i+1])
		}
		return false
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		for b := range set {
			set[b] = true
		}
		return false
	case syntax.OpCapture, syntax.OpPlus:
		return firstBytes(re.Sub[0], set)
	case syntax.OpStar, syntax.OpQuest:
		firstBytes(re.Sub[0], set)
		return true
	case syntax.OpRepeat:
		empty := firstBytes(re.Sub[0], set)
		return empty || re.Min == 0
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !firstBytes(sub, set) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		empty := false
		for _, sub := range re.Sub {
			empty = firstBytes(sub, set) || empty
		}
		return empty
	}
	return true // empty-width assertions and the empty match
}

// addRange adds the first UTF-8 bytes of the runes lo..hi: the first
// byte grows with the rune, so it is every byte from lo's to hi's.
func addRange(set *[256]bool, lo, hi rune) {
	if lo <= utf8.RuneError && utf8.RuneError <= hi {
		for b := 0x80; b < 256; b++ {
			set[b] = true
		}
	}
	// Surrogates never come out of decoding a text: leave them out.
	hi = min(hi, unicode.MaxRune)
	if lo >= 0xD800 && lo <= 0xDFFF {
		lo = 0xE000
	}
	if hi >= 0xD800 && hi <= 0xDFFF {
		hi = 0xD7FF
	}
	if lo > hi {
		return
	}
	var buf [utf8.UTFMax]byte
	utf8.EncodeRune(buf[:], lo)
	from := buf[0]
	utf8.EncodeRune(buf[:], hi)
	for b := int(from); b <= int(buf[0]); b++ {
		set[b] = true
	}
}
