package sacrebleu

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
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// exitError ends the run with a status and the lines sacrebleu would log
// (without the "sacreBLEU: " prefix) or, with exception set, the last line
// of the Python traceback it would print.
type exitError struct {
	status    int
	lines     []string
	exception bool
}

func (e *exitError) Error() string { return strings.Join(e.lines, "; ") }

// fatal is a sacrebleu error logged and followed by sys.exit(status).
func fatal(status int, lines ...string) *exitError {
	return &exitError{status: status, lines: lines}
}

// exception is an uncaught Python exception: exit status 1 and its line.
func exception(line string) *exitError {
	return &exitError{status: 1, lines: []string{line}, exception: true}
}

// codec is a text encoding that --encoding may name.
type codec int

const (
	codecUTF8 codec = iota
	codecUTF8Sig
	codecLatin1
	codecASCII
)

// lookupCodec finds the codec Python would use for name, as far as
// bleuscope implements it.
func lookupCodec(name string) (codec, error) {
	n := strings.ToLower(strings.NewReplacer("-", "_", " ", "_").Replace(strings.TrimSpace(name)))
	switch n {
	case "utf_8", "utf8", "u8", "utf", "cp65001", "utf8_ucs2", "utf8_ucs4":
		return codecUTF8, nil
	case "utf_8_sig", "utf8_sig":
		return codecUTF8Sig, nil
	case "latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1", "8859", "cp819", "iso_ir_100":
		return codecLatin1, nil
	case "ascii", "us_ascii", "646", "us":
		return codecASCII, nil
	}
	return 0, fatal(1, fmt.Sprintf("bleuscope reads UTF-8, UTF-8 with BOM, Latin-1 and ASCII text only, not %s: convert the files first (iconv -f %s -t UTF-8)", name, name))
}

// decode turns raw bytes into the text Python would read with c, or the
// line of the UnicodeDecodeError Python would raise.
func decode(raw []byte, c codec, label string) (string, error) {
	switch c {
	case codecUTF8Sig:
		raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
		fallthrough
	case codecUTF8:
		if i, reason := invalidUTF8(raw); i >= 0 {
			return "", exception(fmt.Sprintf("UnicodeDecodeError: 'utf-8' codec can't decode byte 0x%02x in position %d: %s (in %s)", raw[i], i, reason, label))
		}
		return unsafe.String(unsafe.SliceData(raw), len(raw)), nil
	case codecASCII:
		for i, b := range raw {
			if b >= 0x80 {
				return "", exception(fmt.Sprintf("UnicodeDecodeError: 'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128) in %s", b, i, label))
			}
		}
		return unsafe.String(unsafe.SliceData(raw), len(raw)), nil
	}
	var b strings.Builder
	b.Grow(len(raw))
	for _, c := range raw {
		b.WriteRune(rune(c))
	}
	return b.String(), nil
}

// invalidUTF8 returns the offset of the first byte that is not valid
// UTF-8 (-1 when all are) and Python's reason for rejecting it.
func invalidUTF8(raw []byte) (int, string) {
	if utf8.Valid(raw) {
		return -1, ""
	}
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r != utf8.RuneError || size != 1 {
			i += size
			continue
		}
		switch b := raw[i]; {
		case b < 0xc2 || b > 0xf4:
			return i, "invalid start byte"
		case !utf8.FullRune(raw[i:]) && validPrefix(raw[i:]):
			return i, "unexpected end of data"
		}
		return i, "invalid continuation byte"
	}
	return -1, ""
}

// validPrefix reports whether p, shorter than its first byte announces,
// could be the start of a valid UTF-8 sequence.
func validPrefix(p []byte) bool {
	for _, tail := range []string{"\x80\x80\x80", "\xbf\xbf\xbf", "\x90\x80\x80", "\x8f\xbf\xbf", "\xa0\x80", "\x9f\xbf"} {
		q := append(append([]byte(nil), p...), tail...)
		if r, size := utf8.DecodeRune(q); r != utf8.RuneError && size > len(p) {
			return true
		}
	}
	return false
}

// fileSystem opens the files a run reads, relative paths against dir.
// Files can be read ahead, all at once, while the run still consumes them
// in sacrebleu's order.
type fileSystem struct {
	dir    string
	budget *model.Budget
	files  map[string]*fetched
}

// fetched is a file read (or being read) ahead: its lines or the error.
type fetched struct {
	done  sync.WaitGroup
	lines []string
	err   error
}

// prefetch starts reading every named file in the background. The size of
// each plain file is taken from the input limit here, in order, so that
// the first file that does not fit is the one reported.
func (f *fileSystem) prefetch(names []string, c codec) {
	for _, name := range names {
		if _, ok := f.files[name]; ok {
			continue
		}
		if f.files == nil {
			f.files = map[string]*fetched{}
		}
		e := &fetched{}
		f.files[name] = e
		reserved := int64(-1) // the size unknown, nothing reserved
		if info, err := os.Stat(f.path(name)); err == nil && info.Mode().IsRegular() && !strings.HasSuffix(name, ".gz") {
			if !f.budget.Reserve(info.Size()) {
				e.err = tooBig(f.budget, name)
				continue
			}
			reserved = info.Size()
		}
		e.done.Add(1)
		go func() {
			defer e.done.Done()
			text, err := f.readText(name, c, reserved)
			if err == nil {
				e.lines = fileLines(text)
			}
			e.err = err
		}()
	}
}

// lines returns the lines of a file (read with c and rstripped as
// sacrebleu reads them), or the exception Python would raise.
func (f *fileSystem) lines(name string, c codec) ([]string, error) {
	f.prefetch([]string{name}, c)
	e := f.files[name]
	e.done.Wait()
	return e.lines, e.err
}

func (f *fileSystem) path(name string) string {
	if f.dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(f.dir, name)
}

// readText reads the whole of a file as sacrebleu's smart_open does: a
// name ending in .gz is gunzipped, the bytes are decoded with c. reserved
// bytes were taken from the input limit for it already (-1: its size was
// not known, and nothing was). Errors are the
// exception Python would raise, or the input limit's.
func (f *fileSystem) readText(name string, c codec, reserved int64) (string, error) {
	p := f.path(name)
	info, err := os.Stat(p)
	if err == nil && info.IsDir() {
		return "", exception("IsADirectoryError: [Errno 21] Is a directory: " + pyQuote(name))
	}
	file, err := os.Open(p)
	if err != nil {
		return "", osException(name, err)
	}
	defer file.Close()
	var r io.Reader = file
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(file)
		if err == io.EOF { // an empty file: Python reads no line
			return "", nil
		}
		if err != nil {
			return "", exception("gzip.BadGzipFile: Not a gzipped file (" + pyQuote(name) + ")")
		}
		r = zr
	}
	raw, err := f.budget.ReadAll(r, reserved)
	switch {
	case errors.Is(err, model.ErrOverLimit):
		return "", tooBig(f.budget, name)
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader), errors.Is(err, io.ErrUnexpectedEOF):
		return "", exception("EOFError: Compressed file ended before the end-of-stream marker was reached (" + pyQuote(name) + ")")
	case err != nil:
		return "", osException(name, err)
	}
	return decode(raw, c, name)
}

// osException is the line Python prints for an error opening name.
func osException(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return exception("FileNotFoundError: [Errno 2] No such file or directory: " + pyQuote(name))
	case errors.Is(err, fs.ErrPermission):
		return exception("PermissionError: [Errno 13] Permission denied: " + pyQuote(name))
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return exception(fmt.Sprintf("OSError: %v: %s", err, pyQuote(name)))
}

// fileLines splits text read with newline="\n" into its lines: only LF
// ends a line, a final LF does not start an empty line. Every line is
// rstripped as sacrebleu strips it. The lines share text's memory.
func fileLines(text string) []string {
	n := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		n++
	}
	out := make([]string, 0, n)
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, scoring.PyRstrip(text))
			break
		}
		out = append(out, scoring.PyRstrip(text[:i]))
		text = text[i+1:]
	}
	return out
}

// universalLines splits text as Python's universal newlines mode does:
// LF, CR LF and a lone CR each end a line. The line ends are kept out of
// the lines; nothing else is stripped.
func universalLines(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
	}
	return out
}

// splitMax is Python's str.split(sep, maxsplit): at most maxsplit splits
// (all of them when maxsplit < 0).
func splitMax(s, sep string, maxsplit int) []string {
	if maxsplit < 0 {
		return strings.Split(s, sep)
	}
	return strings.SplitN(s, sep, maxsplit+1)
}

// readReferences reads the reference files as sacrebleu does: one stream
// per file, or with numRefs > 1 one file whose lines hold numRefs
// tab-separated references.
func readReferences(fsys *fileSystem, files []string, numRefs int, c codec) ([][]string, error) {
	streams := make([][]string, max(len(files), numRefs))
	for k, name := range files {
		lines, err := fsys.lines(name, c)
		if err != nil {
			return nil, err
		}
		if numRefs == 1 {
			streams[k] = append(streams[k], lines...)
			continue
		}
		for i, line := range lines {
			fields := splitMax(line, "\t", numRefs-1)
			if len(fields) != numRefs {
				return nil, fatal(17, fmt.Sprintf("FATAL: line %d: expected %d fields, but found %d.", i+1, numRefs, len(fields)))
			}
			for j, f := range fields {
				streams[j] = append(streams[j], f)
			}
		}
	}
	return streams, nil
}

// system is one system's output and the name sacrebleu shows for it.
type system struct {
	name  string
	lines []string
}

// readStdinSystems reads the systems from standard input: TAB separates
// systems and the first line decides how many there are. The first line
// is rstripped as a whole, later lines field by field too.
func readStdinSystems(stdin io.Reader, c codec, b *model.Budget) ([]system, error) {
	var raw []byte
	if stdin != nil {
		var err error
		raw, err = b.ReadAll(stdin, -1)
		switch {
		case errors.Is(err, model.ErrOverLimit):
			return nil, tooBig(b, "standard input")
		case err != nil:
			return nil, exception(fmt.Sprintf("OSError: %v", err))
		}
	}
	text, err := decode(raw, c, "<stdin>")
	if err != nil {
		return nil, err
	}
	lines := universalLines(text)
	first := ""
	if len(lines) > 0 {
		first = lines[0]
	}
	fields := strings.Split(scoring.PyRstrip(first), "\t")
	systems := make([]system, len(fields))
	for i, f := range fields {
		systems[i] = system{name: fmt.Sprintf("System %d", i+1), lines: []string{f}}
	}
	for _, line := range lines[min(1, len(lines)):] {
		fields := strings.Split(scoring.PyRstrip(line), "\t")
		if len(fields) != len(systems) {
			return nil, fatal(17, "FATAL: the number of tab-delimited fields in the input stream differ across lines.")
		}
		for i, f := range fields {
			systems[i].lines = append(systems[i].lines, scoring.PyRstrip(f))
		}
	}
	return systems, nil
}
