package model

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// LoadOptions bound what [Load] reads, so that memory stays bounded on any
// input: an endless stream, a decompression bomb or a gigantic line stops
// loading with one [*InputError] that names the limit and the flag that
// raises it. A zero field takes its value from [DefaultLoadOptions].
type LoadOptions struct {
	// MaxInput is the most bytes read over all files together, counted
	// after decompression (--max-input).
	MaxInput int64
	// MaxLine is the longest line in bytes (--max-line). It also bounds
	// the detail that the explorer and explain compute for one segment.
	MaxLine int
}

// Default limits when the machine's memory is not known, and the line limit.
const (
	fallbackMaxInput = 4 << 30
	minMaxInput      = 512 << 20
	defaultMaxLine   = 1 << 20
)

// DefaultLoadOptions returns the limits used when none are given: an
// eighth of the machine's memory for all input together (scoring needs
// several times the text's size; at least 512 MiB, and 4 GiB when the
// memory cannot be read), and 1 MiB per line (a segment takes some 250
// times its size to explain in the explorer; real segments are far
// shorter).
func DefaultLoadOptions() LoadOptions {
	return LoadOptions{MaxInput: defaultMaxInput(), MaxLine: defaultMaxLine}
}

var defaultMaxInput = sync.OnceValue(func() int64 {
	total := memTotal()
	if total <= 0 {
		return fallbackMaxInput
	}
	n := total / 8
	if n >= 1<<30 {
		n &^= 1<<30 - 1 // a whole number of GiB reads better in messages
	}
	return max(n, minMaxInput)
})

// memTotal returns the machine's memory in bytes from /proc/meminfo, or 0.
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}

// WithDefaults returns o with its zero (or negative) fields filled with
// the defaults.
func (o LoadOptions) WithDefaults() LoadOptions {
	if o.MaxInput <= 0 {
		o.MaxInput = defaultMaxInput()
	}
	if o.MaxLine <= 0 {
		o.MaxLine = defaultMaxLine
	}
	return o
}

// stream reads one file, counting its bytes against the reader's limit,
// its line lengths against the line limit, and checking UTF-8 as it goes.
type stream struct {
	r       *reader
	f       *file
	gz      bool
	first   bool   // no file was read before this one
	line    int    // the 1-based line being read ("\n" ends a line)
	col     int    // bytes of that line read so far
	lineLen int    // the same, but also reset by "\r" on standard input
	tail    []byte // the start of a rune cut by the end of the last read
}

// readChunk is the most read at once.
const readChunk = 1 << 20

// readAll reads src to its end; size is the file's size when known (the
// buffer is then allocated once), else -1. A stream of unknown size is
// read in chunks joined at the end, so that memory holds at most the
// input limit while reading, with no garbage from a growing buffer.
func (s *stream) readAll(src io.Reader, size int64) ([]byte, error) {
	s.line, s.first = 1, s.r.left == s.r.maxInput
	if size > s.r.left {
		return nil, s.tooBig()
	}
	if size >= 0 {
		buf := make([]byte, 0, size+1) // +1: the read that sees the end
		return s.readInto(src, buf, true)
	}
	var chunks [][]byte
	total := 0
	for {
		chunk, err := s.readInto(src, make([]byte, 0, readChunk), false)
		if err != nil {
			return nil, err
		}
		if len(chunk) == 0 {
			break
		}
		chunks = append(chunks, chunk)
		total += len(chunk)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	buf := make([]byte, 0, total)
	for i, c := range chunks {
		buf = append(buf, c...)
		chunks[i] = nil // let the chunks go as they are copied
	}
	return buf, nil
}

// readInto fills buf from src, up to its capacity unless grow is set,
// checking each read. It stops at the end of src, or when buf is full.
func (s *stream) readInto(src io.Reader, buf []byte, grow bool) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			if !grow {
				return buf, nil
			}
			buf = append(buf, make([]byte, readChunk)...)[:len(buf)]
		}
		want := min(cap(buf)-len(buf), readChunk)
		if int64(want) > s.r.left+1 {
			want = int(s.r.left + 1)
		}
		n, err := src.Read(buf[len(buf) : len(buf)+want])
		if n > 0 {
			if int64(n) > s.r.left {
				return nil, s.tooBig()
			}
			s.r.left -= int64(n)
			b := buf[len(buf) : len(buf)+n]
			if err := s.checkUTF8(b, false); err != nil {
				return nil, err
			}
			if err := s.lineLengths(b); err != nil {
				return nil, err
			}
			buf = buf[:len(buf)+n]
		}
		if err == io.EOF {
			return buf, s.checkUTF8(nil, true)
		}
		if err != nil {
			return nil, s.readErr(err)
		}
	}
}

// lineLengths follows line ends through newly read bytes and fails on a
// line longer than the limit.
func (s *stream) lineLengths(b []byte) error {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		s.col = len(b) - i - 1
	} else {
		s.col += len(b)
	}
	// cr is where the next "\r" of b is (len(b): none), found once for
	// all the lines before it: looking for it line by line would read the
	// rest of b again for every line.
	cr := len(b)
	nextCR := func() {
		if cr = bytes.IndexByte(b, '\r'); cr < 0 {
			cr = len(b)
		}
	}
	if s.f.stdin { // universal newlines: a lone "\r" ends a line too
		nextCR()
	}
	for {
		i := bytes.IndexByte(b, '\n')
		if cr < len(b) && (i < 0 || cr < i) {
			s.lineLen = 0
			b = b[cr+1:]
			nextCR()
			continue
		}
		if i < 0 {
			s.lineLen += len(b)
			break
		}
		s.lineLen += i
		if s.lineLen > s.r.maxLine {
			break
		}
		s.line++
		s.lineLen = 0
		b, cr = b[i+1:], cr-(i+1)
	}
	if s.lineLen > s.r.maxLine {
		return lineErr(s.f.label, s.line, "the line is longer than "+FormatSize(int64(s.r.maxLine))+
			", the line limit; raise --max-line if that is intended")
	}
	return nil
}

// checkUTF8 checks newly read bytes b (before lineLengths counts them),
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
	end := len(b)
	if !final {
		// Back off over the start of a rune whose end is not read yet.
		for i := len(b) - 1; i >= max(from, len(b)-utf8.UTFMax+1); i-- {
			if c := b[i]; c < utf8.RuneSelf {
				break
			} else if utf8.RuneStart(c) {
				if !utf8.FullRune(b[i:]) {
					end = i
				}
				break
			}
		}
	}
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

// badByte reports the invalid byte c at offset k of b, the bytes just
// read (k < 0: in the tail of the previous read).
func (s *stream) badByte(b []byte, k int, c byte) error {
	line, col := s.line, s.col+k+1
	if k > 0 {
		if nl := bytes.LastIndexByte(b[:k], '\n'); nl >= 0 {
			line += bytes.Count(b[:k], []byte{'\n'})
			col = k - nl
		}
	}
	msg := fmt.Sprintf("invalid UTF-8 (byte 0x%02x); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8", c)
	switch { // a NUL byte near it: no text file, whatever its encoding
	case bytes.IndexByte(b[:max(k, 0)], 0) >= 0:
		msg = fmt.Sprintf("is not a text file (a NUL byte, then byte 0x%02x, which is not UTF-8); give plain text, one segment per line", c)
	case bytes.IndexByte(b[max(k, 0):], 0) >= 0:
		msg = fmt.Sprintf("is not a text file (byte 0x%02x, which is not UTF-8, then a NUL byte); give plain text, one segment per line", c)
	}
	return &InputError{File: s.f.label, Line: line, Byte: col, Msg: msg}
}

// tooBig is the error for input past the limit.
func (s *stream) tooBig() error {
	limit := FormatSize(s.r.maxInput)
	switch {
	case s.gz:
		return inputErr(s.f.label, "decompresses past "+limit+", the input limit; raise --max-input if that is intended")
	case s.first:
		return inputErr(s.f.label, "is larger than "+limit+", the input limit; raise --max-input if that is intended")
	}
	return inputErr(s.f.label, "takes the input past "+limit+", the limit for all files together; raise --max-input if that is intended")
}

// readErr describes a failure while reading.
func (s *stream) readErr(err error) error {
	switch {
	case s.gz:
		return gzipErr(s.f.label, err)
	case s.f.stdin:
		return inputErr(stdinLabel, "cannot be read ("+err.Error()+"); name a file instead")
	}
	return openErr(s.f.label, err)
}

// FormatSize writes a byte count the way limits are shown in messages:
// 16 MiB, 1.5 GiB, 100 bytes.
func FormatSize(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size {
			if n%u.size == 0 {
				return strconv.FormatInt(n/u.size, 10) + " " + u.name
			}
			return strconv.FormatFloat(float64(n)/float64(u.size), 'f', 1, 64) + " " + u.name
		}
	}
	if n == 1 {
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// BoundedReader returns r, failing with an [*InputError] naming label as
// soon as more than o.MaxInput bytes come through it, or a line longer
// than o.MaxLine (zero fields mean the defaults), so that a reader of its
// own (a WMT MQM TSV, say) keeps memory bounded on an endless stream or a
// decompression bomb as [Load] does.
func (o LoadOptions) BoundedReader(r io.Reader, label string) io.Reader {
	o = o.WithDefaults()
	return &boundedReader{r: r, label: label, o: o, left: o.MaxInput, line: 1}
}

type boundedReader struct {
	r       io.Reader
	label   string
	o       LoadOptions
	left    int64
	line    int // the 1-based line being read
	lineLen int // its bytes so far
	err     error
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	n, err := b.r.Read(p)
	if b.left -= int64(n); b.left < 0 {
		b.err = inputErr(b.label, "is larger than "+FormatSize(b.o.MaxInput)+", the input limit; raise --max-input if that is intended")
		return 0, b.err
	}
	for rest := p[:n]; ; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			b.lineLen += len(rest)
			break
		}
		if b.lineLen+i > b.o.MaxLine {
			b.lineLen += i
			break
		}
		b.line++
		b.lineLen = 0
		rest = rest[i+1:]
	}
	if b.lineLen > b.o.MaxLine {
		b.err = lineErr(b.label, b.line, "the line is longer than "+FormatSize(int64(b.o.MaxLine))+", the line limit; raise --max-line if that is intended")
		return 0, b.err
	}
	return n, err
}
