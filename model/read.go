package model

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/bleuscope/bleuscope/scoring"
)

// stdinLabel is how messages name standard input.
const stdinLabel = "standard input"

// file is one input file read whole. Its lines are substrings of data:
// nothing is copied per line.
type file struct {
	label string // the name messages use: the path as given, or stdinLabel
	data  string
	stdin bool
}

// reader opens the files of one Input, making sure standard input is read
// at most once.
type reader struct {
	in        Input
	stdinRead bool
}

// read returns the whole content of p ("-" for standard input), gunzipped
// when it is gzip-compressed and checked to be UTF-8.
func (r *reader) read(p string) (*file, error) {
	f := &file{label: p}
	var raw []byte
	var err error
	if p == "-" {
		f.label, f.stdin = stdinLabel, true
		raw, err = r.readStdin()
	} else {
		raw, err = r.readPath(p)
	}
	if err != nil {
		return nil, err
	}
	if len(raw) >= 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		// A gzip stream: UTF-8 text never starts with these two bytes.
		if raw, err = gunzip(raw); err != nil {
			return nil, inputErr(f.label, fmt.Sprintf("is not a valid gzip file (%v); check that it was compressed completely, or decompress it first", err))
		}
	}
	// The bytes are never modified after this point, so the string can
	// share their memory instead of copying a file that may be large.
	f.data = unsafe.String(unsafe.SliceData(raw), len(raw))
	if err := checkUTF8(f); err != nil {
		return nil, err
	}
	return f, nil
}

func (r *reader) readStdin() ([]byte, error) {
	if r.stdinRead {
		return nil, inputErr(stdinLabel, `is named twice ("-"); it can be read only once: save it to a file and name the file instead`)
	}
	r.stdinRead = true
	if r.in.Stdin == nil {
		return nil, inputErr(stdinLabel, `is not available; name a file instead of "-"`)
	}
	raw, err := io.ReadAll(r.in.Stdin)
	if err != nil {
		return nil, inputErr(stdinLabel, fmt.Sprintf("cannot be read (%v); name a file instead", err))
	}
	return raw, nil
}

func (r *reader) readPath(p string) ([]byte, error) {
	var info fs.FileInfo
	var err error
	if r.in.FS != nil {
		info, err = fs.Stat(r.in.FS, p)
	} else {
		info, err = os.Stat(p)
	}
	if err != nil {
		return nil, openErr(p, err)
	}
	if info.IsDir() {
		return nil, inputErr(p, "is a directory; give a file with one segment per line")
	}
	var raw []byte
	if r.in.FS != nil {
		raw, err = fs.ReadFile(r.in.FS, p)
	} else {
		raw, err = os.ReadFile(p)
	}
	if err != nil {
		return nil, openErr(p, err)
	}
	return raw, nil
}

// exists reports whether p names something that can be opened.
func (r *reader) exists(p string) bool {
	var err error
	if r.in.FS != nil {
		_, err = fs.Stat(r.in.FS, p)
	} else {
		_, err = os.Stat(p)
	}
	return err == nil
}

// openErr turns an error from opening or reading p into an *InputError.
func openErr(p string, err error) *InputError {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return inputErr(p, "does not exist; check the path")
	case errors.Is(err, fs.ErrPermission):
		return inputErr(p, "cannot be read (permission denied); check its permissions")
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return inputErr(p, fmt.Sprintf("cannot be read (%v); check the path", err))
}

func gunzip(raw []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	return out, zr.Close()
}

// checkUTF8 reports the first byte of f that is not valid UTF-8, by line
// and byte within the line (both 1-based).
func checkUTF8(f *file) error {
	if utf8.ValidString(f.data) {
		return nil
	}
	pos := 0
	for pos < len(f.data) {
		r, size := utf8.DecodeRuneInString(f.data[pos:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		pos += size
	}
	line := 1 + strings.Count(f.data[:pos], "\n")
	col := pos - strings.LastIndexByte(f.data[:pos], '\n')
	return &InputError{File: f.label, Line: line, Byte: col,
		Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x); convert the file to UTF-8, e.g. iconv -f latin1 -t utf-8", f.data[pos])}
}

// lines splits f into lines the way sacrebleu's command line reads files:
// only "\n" ends a line (standard input also takes "\r\n" and a lone
// "\r", as Python's universal newlines do), a final line end adds no empty
// line, and when strip is set every line loses its trailing whitespace as
// Python's str.rstrip() removes it.
func (f *file) lines(strip bool) []string {
	data := f.data
	if f.stdin && strings.IndexByte(data, '\r') >= 0 {
		return universalLines(data, strip)
	}
	n := strings.Count(data, "\n")
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	out := make([]string, 0, n)
	for len(data) > 0 {
		i := strings.IndexByte(data, '\n')
		var line string
		if i < 0 {
			line, data = data, ""
		} else {
			line, data = data[:i], data[i+1:]
		}
		out = append(out, trim(line, strip))
	}
	return out
}

// universalLines splits data at "\r\n", "\r" and "\n".
func universalLines(data string, strip bool) []string {
	var out []string
	for len(data) > 0 {
		i := strings.IndexAny(data, "\r\n")
		if i < 0 {
			out = append(out, trim(data, strip))
			break
		}
		out = append(out, trim(data[:i], strip))
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return out
}

// trim strips trailing whitespace in sacrebleu's way when strip is set.
func trim(line string, strip bool) string {
	if !strip || len(line) == 0 {
		return line
	}
	if c := line[len(line)-1]; c < utf8.RuneSelf && c > ' ' {
		return line // the common case: no trailing whitespace at all
	}
	return scoring.PyRstrip(line)
}

// baseName returns the display name of a path: its last element without a
// trailing .gz.
func baseName(p string) string {
	if p == "-" {
		return "stdin"
	}
	return strings.TrimSuffix(filepath.Base(p), ".gz")
}
