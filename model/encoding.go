package model

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// EncodingHead is how many bytes at the start of a file [CheckEncoding]
// looks at.
const EncodingHead = 256

// CheckEncoding refuses the file label in UTF-16 or UTF-32 with the one
// line that names the encoding and the iconv command that converts it,
// the [*InputError] [Load] gives for every file it reads. head is the
// start of the file: its first EncodingHead+1 bytes, or all of it when it
// is shorter; EncodingHead of them are looked at, and the one more tells
// a file that goes on from one that ends there. The encoding is
// recognized by the byte-order mark at its start or, without one, by
// [unmarkedEncoding]. Every reader of text files of its own (the WMT MQM
// TSV, the annotation file) calls it on the file's start.
func CheckEncoding(label string, head []byte) error {
	whole := len(head) <= EncodingHead
	head = head[:min(len(head), EncodingHead)]
	var enc string
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		enc = "UTF-32 (little-endian)"
	case bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		enc = "UTF-32 (big-endian)"
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		enc = "UTF-16 (little-endian)"
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		enc = "UTF-16 (big-endian)"
	default:
		name := unmarkedEncoding(head, whole)
		if name == "" {
			return nil
		}
		enc, order := name[:len("UTF-16")], "little"
		if strings.HasSuffix(name, "BE") {
			order = "big"
		}
		return inputErr(label, "is "+enc+" ("+order+"-endian) without a byte-order mark, as the NUL bytes among its characters say, not UTF-8; convert it, e.g. iconv -f "+name+" -t UTF-8")
	}
	from, _, _ := strings.Cut(enc, " ")
	return inputErr(label, "is "+enc+", as its byte-order mark says, not UTF-8; convert it, e.g. iconv -f "+from+" -t UTF-8")
}

// unmarkedEncoding tells whether head, the start of a file (all of it
// when whole), is text in UTF-32 or UTF-16 without a byte-order mark,
// returning iconv's name for it (UTF-32LE, UTF-32BE, UTF-16LE or
// UTF-16BE), or "" when it is none of them.
//
// Read in that encoding, head must be text, with no character past
// U+10FFFF, no surrogate alone, no NUL and few other control characters
// but tab, CR and LF ([decodeUnits], [plausibleText]), and enough of it
// to tell: all EncodingHead bytes, a line end or four characters. That
// is all UTF-32 takes: each of its characters holds a NUL byte or more,
// so UTF-8 text would have to be mostly NUL bytes to look like it (and
// read as UTF-16, UTF-32 text holds NULs). UTF-16 also takes one of
// these, the first two in either byte order before the last:
//   - two or more of its characters are ASCII or Latin-1 (a NUL byte
//     beside one that is not, the NUL second in little-endian order), one
//     code unit in 16 is so, so that the tabs or line ends of UTF-8 text
//     with a few NULs do not pass for an alphabet, and three in four are
//     so, in the one alphabet's block of 256 characters most others are
//     in, or dashes, quotes and ellipses ([blockCounts]), so that curly
//     quotes do not hide Latin text, nor spaces and ellipses Cyrillic;
//   - head is not UTF-8, which the file would be refused for anyway, and
//     has a line end in that byte order;
//   - head is not UTF-8, and two or more of its characters are ASCII or
//     Latin-1, more than read in the other byte order: Chinese or
//     Japanese text, spread over many blocks, has NUL bytes only in its
//     spaces, digits, Latin words and line ends, and one line of it can
//     fill the head.
//
// A whole file of one to three characters of ASCII or Latin-1 in either
// ([shortUnmarked]) is too little to tell from UTF-8 text with NUL bytes,
// and is taken for it only when it is not UTF-8 (a Latin-1 letter beside
// NUL bytes, "é" in UTF-16).
//
// UTF-8 text holds NUL bytes only as stray characters: too few, or beside
// bytes that make no line end in UTF-16. Text in Latin-1 or another
// encoding of one or two bytes a character holds none.
func unmarkedEncoding(head []byte, whole bool) string {
	notUTF8 := !utf8.Valid(head[:RunesEnd(head, 0, whole)])
	if name, _ := shortUnmarked(head); whole && notUTF8 && name != "" {
		return name
	}
	var nuls [2]int // NUL bytes at even and odd offsets
	for i, c := range head {
		if c == 0 {
			nuls[i%2]++
		}
	}
	fallback := ""
	for _, name := range []string{"UTF-32LE", "UTF-32BE", "UTF-16LE", "UTF-16BE"} {
		text := decodeUnits(head, name, whole)
		if !plausibleText(text) {
			continue
		}
		lineEnd := slices.Contains(text, '\n')
		if whole && !lineEnd && len(text) < 4 {
			continue
		}
		if strings.HasPrefix(name, "UTF-32") {
			return name
		}
		units := len(head) / 2
		latin, other := blockCounts(text)
		swapped := nuls[0] // ASCII or Latin-1 in the other byte order
		if name == "UTF-16BE" {
			swapped = nuls[1]
		}
		switch {
		case latin >= 2 && 16*latin >= units && 4*(latin+other) >= 3*units, notUTF8 && lineEnd:
			return name
		case notUTF8 && latin >= 2 && latin > swapped:
			fallback = name
		}
	}
	return fallback
}

// shortUnmarked tells whether file, a whole file, is one to three
// characters of UTF-32 or UTF-16 without a byte-order mark, each printable
// ASCII or Latin-1 (so a NUL byte beside each): too little to tell from
// UTF-8 text with NUL bytes, which may hold the same bytes and which
// sacrebleu scores ([unmarkedEncoding] refuses it only when it is not
// UTF-8; the NUL warning names the encoding). It returns iconv's name for
// the encoding and the text read in it, or "" and nil.
func shortUnmarked(file []byte) (string, []rune) {
	if len(file) > 3*4 {
		return "", nil
	}
	for _, name := range []string{"UTF-32LE", "UTF-32BE", "UTF-16LE", "UTF-16BE"} {
		text := decodeUnits(file, name, true)
		if len(text) > 0 && len(text) < 4 && !slices.ContainsFunc(text, func(r rune) bool { return r < ' ' || r > 0xff || r >= 0x7f && r < 0xa0 }) {
			return name, text
		}
	}
	return "", nil
}

// blockCounts counts the characters of text that are in ASCII or Latin-1,
// and the others that are dashes, quotes and ellipses (U+2010–U+2027) or
// in the alphabet's block of 256 characters, between U+0100 and U+1FFF
// (Cyrillic's U+0400–U+04FF, say), that most of them are in. Read as
// UTF-16, UTF-8 text has the former only where it holds NUL bytes, and
// those blocks only where it holds control characters, each pairing a
// byte from 0x01 to 0x1F with another.
func blockCounts(text []rune) (latin, other int) {
	var blocks [0x20]int
	block, punct := 0, 0
	for _, r := range text {
		switch {
		case r < 0x100:
			latin++
		case r < 0x2000:
			blocks[r>>8]++
			block = max(block, blocks[r>>8])
		case r >= 0x2010 && r <= 0x2027:
			punct++
		}
	}
	return latin, block + punct
}

// decodeUnits reads head as text in the encoding iconv names name
// (UTF-32LE, UTF-32BE, UTF-16LE, UTF-16BE), or returns nil where its code
// units make no text: a code unit past U+10FFFF, a surrogate alone, or,
// when head is the whole file, bytes left over. Where head is cut from a
// longer file, the bytes after its last whole character are left out.
func decodeUnits(head []byte, name string, whole bool) []rune {
	var o binary.ByteOrder = binary.LittleEndian
	if strings.HasSuffix(name, "BE") {
		o = binary.BigEndian
	}
	size := 2
	if strings.HasPrefix(name, "UTF-32") {
		size = 4
	}
	if whole && len(head)%size != 0 {
		return nil
	}
	text := make([]rune, 0, len(head)/size)
	for i := 0; i+size <= len(head); i += size {
		var r rune
		if size == 4 {
			u := o.Uint32(head[i:])
			if u > unicode.MaxRune || utf16.IsSurrogate(rune(u)) {
				return nil
			}
			r = rune(u)
		} else if r = rune(o.Uint16(head[i:])); utf16.IsSurrogate(r) {
			if i+4 > len(head) && !whole && r < 0xdc00 {
				break // a high surrogate whose pair the cut left out
			}
			if i+4 > len(head) {
				return nil
			}
			if r = utf16.DecodeRune(r, rune(o.Uint16(head[i+2:]))); r == utf8.RuneError {
				return nil
			}
			i += 2
		}
		text = append(text, r)
	}
	return text
}

// plausibleText reports whether text, read from the start of a file,
// reads as text: two characters or more, no NUL, few other control
// characters but tab, line feed and carriage return (one in 32 at most:
// WMT22's Czech text holds a stray U+008D or U+009E), and neither of the
// noncharacters U+FFFE and U+FFFF.
func plausibleText(text []rune) bool {
	if len(text) < 2 {
		return false
	}
	controls := 0
	for _, r := range text {
		switch {
		case r == 0 || r == 0xfffe || r == 0xffff:
			return false
		case unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r':
			controls++
		}
	}
	return 32*controls <= len(text)
}
