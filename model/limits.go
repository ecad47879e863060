package model

import (
	"bufio"
	"bytes"
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
	defaultMaxLine   = 16 << 20
)

// DefaultLoadOptions returns the limits used when none are given: an
// eighth of the machine's memory for all input together (scoring needs
// several times the text's size; at least 512 MiB, and 4 GiB when the
// memory cannot be read), and 16 MiB per line.
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

// withDefaults fills the zero (or negative) fields of o.
func (o LoadOptions) withDefaults() LoadOptions {
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
	first   bool // no file was read before this one
	line    int  // the 1-based line being read
	lineLen int  // bytes of that line read so far
	checked int  // bytes already known to be valid UTF-8
}

// readChunk is the most read at once.
const readChunk = 1 << 20

// readAll reads src to its end; size is the file's size when known (the
// buffer is then allocated once), else -1.
func (s *stream) readAll(src io.Reader, size int64) ([]byte, error) {
	s.line, s.first = 1, s.r.left == s.r.maxInput
	if size > s.r.left {
		return nil, s.tooBig()
	}
	var buf []byte
	if size >= 0 {
		buf = make([]byte, 0, size+1) // +1: the read that sees the end
	}
	for {
		if len(buf) == cap(buf) {
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
			if err := s.lineLengths(buf[len(buf) : len(buf)+n]); err != nil {
				return nil, err
			}
			buf = buf[:len(buf)+n]
			if err := s.checkUTF8(buf, false); err != nil {
				return nil, err
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, s.readErr(err)
		}
	}
	if err := s.checkUTF8(buf, true); err != nil {
		return nil, err
	}
	return buf, nil
}

// lineLengths follows line ends through newly read bytes and fails on a
// line longer than the limit.
func (s *stream) lineLengths(b []byte) error {
	for {
		i := bytes.IndexByte(b, '\n')
		if s.f.stdin { // universal newlines: a lone "\r" ends a line too
			if j := bytes.IndexByte(b, '\r'); j >= 0 && (i < 0 || j < i) {
				s.lineLen = 0
				b = b[j+1:]
				continue
			}
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
		b = b[i+1:]
	}
	if s.lineLen > s.r.maxLine {
		return lineErr(s.f.label, s.line, "the line is longer than "+formatSize(int64(s.r.maxLine))+
			", the line limit; raise --max-line if that is intended")
	}
	return nil
}

// checkUTF8 checks the bytes of buf not yet checked, leaving a rune cut
// by the end of the buffer for the next read unless final is set.
func (s *stream) checkUTF8(buf []byte, final bool) error {
	end := len(buf)
	if !final {
		// Back off over the start of a rune whose end is not read yet.
		for i := len(buf) - 1; i >= max(s.checked, len(buf)-utf8.UTFMax+1); i-- {
			if c := buf[i]; c < utf8.RuneSelf {
				break
			} else if utf8.RuneStart(c) {
				if !utf8.FullRune(buf[i:]) {
					end = i
				}
				break
			}
		}
	}
	if utf8.Valid(buf[s.checked:end]) {
		s.checked = end
		return nil
	}
	pos := s.checked
	for pos < end {
		r, size := utf8.DecodeRune(buf[pos:end])
		if r == utf8.RuneError && size == 1 {
			break
		}
		pos += size
	}
	line := 1 + bytes.Count(buf[:pos], []byte{'\n'})
	col := pos - bytes.LastIndexByte(buf[:pos], '\n')
	return &InputError{File: s.f.label, Line: line, Byte: col,
		Msg: "invalid UTF-8 (byte 0x" + strconv.FormatUint(uint64(buf[pos])|0x100, 16)[1:] + "); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8"}
}

// tooBig is the error for input past the limit.
func (s *stream) tooBig() error {
	limit := formatSize(s.r.maxInput)
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

// formatSize writes a byte count the way limits are given: 16 MiB, 3 GiB.
func formatSize(n int64) string {
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
	return strconv.FormatInt(n, 10) + " bytes"
}
