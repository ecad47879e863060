package scoring

// The zh tokenizer strips the line (Python's str.strip()), puts spaces
// around every character in its list of Chinese ranges (see isZhChar) and
// then applies 13a's regular expressions without 13a's text rewrites and
// without padding the line; scanMteval in tok13a.go does both steps in one
// pass over the line. The missing padding shows at the edges: a period or
// comma at the very start or end of the line is treated as if a digit were
// beyond it, so "1." and ".5" stay whole.

// isZhChar reports whether the zh tokenizer puts spaces around r. These
// are the ranges sacrebleu lists, as Python compares them: two of its
// bounds are written as five-digit \u escapes, which Python reads as a
// four-digit escape followed by a digit, so instead of the CJK Extension B
// and Compatibility Supplement blocks they select U+2001..U+2A6D and
// U+2F81..U+2FA1 (and the real supplementary ideographs are not split).
func isZhChar(r rune) bool {
	switch {
	case r < 0x2001:
		return false
	case r <= 0x2a6d: // includes the ranges U+2600..U+26FF and U+2700..U+27BF
		return true
	case r < 0x2e80:
		return false
	case r <= 0x2eff, // CJK radicals supplement
		0x2f00 <= r && r <= 0x2fdf, // Kangxi radicals (and U+2F81..U+2FA1)
		0x2ff0 <= r && r <= 0x303f, // description characters, CJK punctuation
		0x3100 <= r && r <= 0x312f, // Bopomofo
		0x31a0 <= r && r <= 0x31ef, // Bopomofo extended, CJK strokes
		0x3200 <= r && r <= 0x4db5, // enclosed, compatibility, Extension A
		0x4e00 <= r && r <= 0x9fbb, // unified ideographs up to Unicode 4.1
		0xf900 <= r && r <= 0xfa2d, // compatibility ideographs
		0xfa30 <= r && r <= 0xfa6a,
		0xfa70 <= r && r <= 0xfad9,
		0xfe10 <= r && r <= 0xfe1f, // vertical forms
		0xfe30 <= r && r <= 0xfe4f, // CJK compatibility forms
		0xff00 <= r && r <= 0xffef: // halfwidth and fullwidth forms
		return true
	}
	return false
}
