package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// stream reads one file from the reader's input budget, following its
// lines against the line limit and checking UTF-8 as it goes.
type stream struct {
	r     *reader
	f     *file
	gz    bool
	first bool        // no file was read before this one
	lines lineCounter // "\r" ends a line too on standard input
	tail  []byte      // the start of a rune cut by the end of the last read
	// lineNul is the 1-based byte of the first NUL of the line the last
	// read ended in (lines.line), 0 when it has none so far: a byte that is
	// not UTF-8 later in the line names it.
	lineNul int
}

// readAll reads src to its end, in the chunks [Budget] reads it in; size
// is the file's size when known (it is then one chunk, allocated once),
// else -1, and hint how long a stream of unknown size says it is (0: it
// does not). It stops at the input limit, at a line past the line limit
// and at a byte that is not UTF-8.
func (s *stream) readAll(src io.Reader, size, hint int64) ([][]byte, error) {
	s.first = s.r.budget.untouched()
	s.lines = lineCounter{max: s.r.maxLine, cr: s.f.stdin, line: 1}
	s.lineNul = 0
	if size >= 0 && !s.r.budget.Reserve(size) {
		return nil, s.tooBig()
	}
	chunks, err := s.r.budget.read(src, size, hint, s.check)
	var inErr *InputError
	switch {
	case errors.Is(err, ErrOverLimit):
		return nil, s.tooBig()
	case errors.As(err, &inErr):
		return nil, err
	case err != nil:
		return nil, s.readErr(err)
	}
	return chunks, s.checkUTF8(nil, true)
}

// check checks the bytes b just read: their UTF-8, then their lines; and
// it notes a NUL byte among them, while they are at hand.
func (s *stream) check(b []byte) error {
	if err := s.checkUTF8(b, false); err != nil {
		return err
	}
	s.f.nul = s.f.nul || bytes.IndexByte(b, 0) >= 0
	if s.lines.add(b) >= 0 {
		return lineLimitErr(s.f.label, s.lines.line, s.lines.max)
	}
	rest := b[len(b)-min(len(b), s.lines.col):] // b's part of the line it ends in
	if len(rest) < len(b) {
		s.lineNul = 0 // a new line
	}
	if i := bytes.IndexByte(rest, 0); i >= 0 && s.lineNul == 0 {
		s.lineNul = s.lines.col - len(rest) + i + 1
	}
	return nil
}

// checkUTF8 checks newly read bytes b (before their lines are counted),
// keeping a rune cut by the end of b for the next read unless final is
// set.
func (s *stream) checkUTF8(b []byte, final bool) error {
	from := 0 // where the runes that start in b start
	if len(s.tail) > 0 {
		// Complete the rune the last read cut.
		t := append(s.tail, b[:min(len(b), utf8.UTFMax-len(s.tail))]...)
		if !utf8.FullRune(t) && !final {
			s.tail = t
			return nil
		}
		r, size := utf8.DecodeRune(t)
		if r == utf8.RuneError && size == 1 {
			return s.badByte(b, -len(s.tail), s.tail[0])
		}
		from = size - len(s.tail)
		s.tail = nil
	}
	end := RunesEnd(b, from, final)
	if utf8.Valid(b[from:end]) {
		s.tail = append([]byte(nil), b[end:]...)
		return nil
	}
	pos := from
	for pos < end {
		r, size := utf8.DecodeRune(b[pos:end])
		if r == utf8.RuneError && size == 1 {
			break
		}
		pos += size
	}
	return s.badByte(b, pos, b[pos])
}

// RunesEnd returns where the runes of b that start at from end: unless
// final is set, it backs off over the start of a rune whose end is not
// read yet.
func RunesEnd(b []byte, from int, final bool) int {
	if final {
		return len(b)
	}
	for i := len(b) - 1; i >= max(from, len(b)-utf8.UTFMax+1); i-- {
		if c := b[i]; c < utf8.RuneSelf {
			break
		} else if utf8.RuneStart(c) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			break
		}
	}
	return len(b)
}

// badByte reports the invalid byte c at offset k of b, the bytes just
// read (k < 0: in the tail of the previous read).
func (s *stream) badByte(b []byte, k int, c byte) error {
	line, col := s.lines.line, s.lines.col+k+1
	if k > 0 {
		if nl := bytes.LastIndexByte(b[:k], '\n'); nl >= 0 {
			line += bytes.Count(b[:k], []byte{'\n'})
			col = k - nl
		}
	}
	lineNul := 0 // NUL bytes in earlier reads: the line's first, else any
	switch {
	case line == s.lines.line && s.lineNul > 0:
		lineNul = s.lineNul
	case s.f.nul:
		lineNul = -1
	}
	return notUTF8(s.f.label, line, col, c, lineNul, b[:max(k, 0)], b[max(k, 0):], segmentsText)
}

// segmentsText is what [Load] asks for instead of a file that is not
// text.
const segmentsText = "plain text, one segment per line"

// notUTF8 is the error for the byte c, which is not UTF-8, at the 1-based
// offset col of line line of file, read between the bytes before and
// after (c among them), lineNul being the byte of the line's first NUL
// when it came before before (-1: a NUL on an earlier line did; 0: none
// did): a NUL byte near it means no text file, whatever its encoding, and
// the fix is to give what give says (naming the line's first NUL when
// one comes before c on its line); else [invalidUTF8], with the iconv
// command that converts Latin-1.
func notUTF8(file string, line, col int, c byte, lineNul int, before, after []byte, give string) error {
	nul := "" // the NUL bytes before c
	start := bytes.LastIndexByte(before, '\n') + 1
	switch i := bytes.IndexByte(before[start:], 0); {
	case lineNul > 0:
		nul = fmt.Sprintf("a NUL byte at byte %d", lineNul)
	case i >= 0:
		nul = fmt.Sprintf("a NUL byte at byte %d", col-(len(before)-start-i))
	case lineNul < 0 || bytes.IndexByte(before, 0) >= 0:
		nul = "a NUL byte"
	}
	switch {
	case nul != "":
		return lineErr(file, line, fmt.Sprintf("not a text file (%s, then 0x%02x at byte %d, which is not UTF-8); give %s", nul, c, col, give))
	case bytes.IndexByte(after, 0) >= 0:
		return lineErr(file, line, fmt.Sprintf("not a text file (0x%02x at byte %d, which is not UTF-8, then a NUL byte); give %s", c, col, give))
	}
	return invalidUTF8(file, line, col, c)
}

// NotUTF8 returns nil when line, line n of the file label, is UTF-8, else
// the [*InputError] for its first byte that is not, worded as [Load] words
// it: the byte and its place in the line, and the iconv command that
// converts Latin-1, or, with a NUL byte in the line, that the file is not
// text and to give what give says instead (Load's: "plain text, one
// segment per line"). A reader of text of its own (the WMT MQM TSV,
// tokenize) calls it on every line.
func NotUTF8(label string, n int, line, give string) error {
	if utf8.ValidString(line) {
		return nil
	}
	i := firstInvalid([]byte(line))
	return notUTF8(label, n, i+1, line[i], 0, []byte(line[:i]), []byte(line[i:]), give)
}

// TextNotUTF8 returns "" when text, given on the command line rather
// than in a file, is UTF-8, else what is wrong with it, worded as [Load]
// words a line that is not: its first byte that is not UTF-8, where in the
// text it is (1-based), and the fix: invalid UTF-8 at byte 4 (0xe9); give
// the text in UTF-8, …. The caller names the flag that gave it.
func TextNotUTF8(text string) string {
	if utf8.ValidString(text) {
		return ""
	}
	i := firstInvalid([]byte(text))
	return fmt.Sprintf("invalid UTF-8 at byte %d (0x%02x); give the text in UTF-8, e.g. converted by iconv -f latin1 -t utf-8", i+1, text[i])
}

// firstInvalid returns where the first byte of b that is not UTF-8 is,
// len(b) when there is none.
func firstInvalid(b []byte) int {
	k := 0
	for k < len(b) {
		r, size := utf8.DecodeRune(b[k:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		k += size
	}
	return k
}

// FirstNotUTF8 returns nil when data, the first bytes of the file label,
// are UTF-8 (but for a character cut off at their end), else the
// [*InputError] for the first byte that is not, worded as [Load] words it
// for the bytes it has read: its line and byte, and, with a NUL byte
// anywhere in data, that the file is not text and to give what give says,
// else the iconv command that converts Latin-1. A reader that looks at a
// file's start before reading it (the WMT MQM TSV's header) calls it, so
// that a binary file gets the line a system file gets.
func FirstNotUTF8(label string, data []byte, give string) error {
	end := RunesEnd(data, 0, false)
	k := firstInvalid(data[:end])
	if k == end {
		return nil
	}
	line, col := 1+bytes.Count(data[:k], []byte{'\n'}), k+1
	if nl := bytes.LastIndexByte(data[:k], '\n'); nl >= 0 {
		col = k - nl
	}
	return notUTF8(label, line, col, data[k], 0, data[:k], data[k:], give)
}

// tooBig is the error for input past the limit.
func (s *stream) tooBig() error {
	how := takesPast
	switch {
	case s.gz:
		how = decompressesPast
	case s.first:
		how = largerThan
	}
	return inputLimitErr(s.f.label, how, s.r.budget.Limit())
}

// readErr describes a failure while reading (a gzip stream's is worded
// already, by [Gunzip]).
func (s *stream) readErr(err error) error {
	if s.f.stdin {
		return inputErr(stdinLabel, "cannot be read ("+err.Error()+"); name a file instead")
	}
	return OpenErr(s.f.label, err)
}
