package sacrebleu

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
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

// decode turns raw bytes, read in chunks, into the text Python would
// read with c, in the same chunks, or the line of the UnicodeDecodeError
// Python would raise (its position counts from the start of the text).
// UTF-8 and ASCII text shares the chunks' memory.
func decode(chunks [][]byte, c codec, label string) ([]string, error) {
	if c == codecUTF8Sig {
		chunks = model.TrimChunksPrefix(chunks, model.BOM) // the byte-order mark utf-8-sig drops
	}
	texts := make([]string, len(chunks))
	offset := 0 // where raw starts in the text
	for k, raw := range chunks {
		switch c {
		case codecLatin1:
			var b strings.Builder
			b.Grow(len(raw))
			for _, x := range raw {
				b.WriteRune(rune(x))
			}
			texts[k] = b.String()
		case codecASCII:
			for i, x := range raw {
				if x >= 0x80 {
					return nil, exception(fmt.Sprintf("UnicodeDecodeError: 'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128) (in %s)", x, offset+i, label))
				}
			}
			fallthrough
		default:
			texts[k] = unsafe.String(unsafe.SliceData(raw), len(raw))
		}
		offset += len(raw)
	}
	if c == codecUTF8 || c == codecUTF8Sig {
		if i, reason := invalidUTF8In(chunks); i >= 0 {
			return nil, exception(fmt.Sprintf("UnicodeDecodeError: 'utf-8' codec can't decode byte 0x%02x in position %d: %s (in %s)", byteAt(chunks, i), i, reason, label))
		}
	}
	return texts, nil
}

// byteAt returns the byte at offset i of the text the chunks make.
func byteAt(chunks [][]byte, i int) byte {
	for _, c := range chunks {
		if i < len(c) {
			return c[i]
		}
		i -= len(c)
	}
	return 0
}

// invalidUTF8In is [invalidUTF8] of the text the chunks make together,
// without joining them: where a chunk alone is not UTF-8, the bytes that
// follow decide, since they may complete a rune the chunk's end cut, and
// they give Python's reason.
func invalidUTF8In(chunks [][]byte) (int, string) {
	offset := 0 // where chunks[k] starts in the text
	skip := 0   // bytes of a rune a chunk before began, checked with it
	for k, c := range chunks {
		if skip >= len(c) {
			skip -= len(c)
			offset += len(c)
			continue
		}
		// The runes the chunk holds whole are checked at once; only a
		// chunk with a bad byte is read rune by rune for its place.
		i := model.RunesEnd(c, skip, false)
		if !utf8.Valid(c[skip:i]) {
			i, _ = invalidUTF8(c[skip:])
			i += skip
		} else if i == len(c) {
			skip, offset = 0, offset+len(c)
			continue
		}
		end := min(len(c), i+utf8.UTFMax)
		w := append(c[i:end:end], model.ChunksHead(chunks[k+1:], utf8.UTFMax)...)
		if j, reason := invalidUTF8(w); j == 0 {
			return offset + i, reason
		}
		_, size := utf8.DecodeRune(w) // the rune the chunk's end cut, whole
		skip, offset = size-(len(c)-i), offset+len(c)
	}
	return -1, ""
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
				e.lines = model.Lines(text, false, true)
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
// not known, and nothing was). The text comes in the chunks it was read
// in ([model.Budget.ReadChunks]). Errors are the exception Python would
// raise, or the input limit's.
func (f *fileSystem) readText(name string, c codec, reserved int64) ([]string, error) {
	p := f.path(name)
	info, err := os.Stat(p)
	if err == nil && info.IsDir() {
		return nil, exception("IsADirectoryError: [Errno 21] Is a directory: " + pyQuote(name))
	}
	file, err := os.Open(p)
	if err != nil {
		return nil, osException(name, err)
	}
	defer file.Close()
	var r io.Reader = file
	if strings.HasSuffix(name, ".gz") {
		r = model.NewGzipStream(bufio.NewReader(file))
	}
	raw, err := f.budget.ReadChunks(r, reserved)
	var ge *model.GzipError
	switch {
	case errors.Is(err, model.ErrOverLimit):
		return nil, tooBig(f.budget, name)
	case errors.As(err, &ge):
		if ge.Fault == model.GzipCorrupt && isRegular(file) {
			if reason := f.zlibReason(p); reason != "" {
				return nil, exception("zlib.error: Error -3 while decompressing data: " + reason)
			}
		}
		return nil, gzipException(ge, name)
	case err != nil:
		return nil, osException(name, err)
	}
	return decode(raw, c, name)
}

// isRegular reports whether file is a regular file, which can be read
// again; a pipe, a FIFO or a device cannot (opened again, a FIFO waits
// for another writer, a pipe gives what is left).
func isRegular(file *os.File) bool {
	fi, err := file.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// zlibReason reads the gzip file at p again for zlib's message about its
// corrupt data ("" when it cannot be read, or zlib would find none): p
// must be a regular file ([isRegular]); one that can be read only once
// gets the line of Go's decompressor instead.
func (f *fileSystem) zlibReason(p string) string {
	file, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer file.Close()
	return zlibReason(bufio.NewReader(file))
}

// gzipException is the exception Python's gzip module raises where a
// gzip stream cannot be read (its messages, gzip.py's _GzipReader).
func gzipException(e *model.GzipError, name string) error {
	switch e.Fault {
	case model.GzipNotGzip:
		return exception("gzip.BadGzipFile: Not a gzipped file (" + pyBytesRepr(e.Magic) + ")")
	case model.GzipTruncated:
		return exception("EOFError: Compressed file ended before the end-of-stream marker was reached")
	case model.GzipMethod:
		return exception("gzip.BadGzipFile: Unknown compression method")
	case model.GzipCRC:
		return exception(fmt.Sprintf("gzip.BadGzipFile: CRC check failed %#x != %#x", e.Stored, e.Computed))
	case model.GzipLength:
		return exception("gzip.BadGzipFile: Incorrect length of data produced")
	}
	return osException(name, e.Err)
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
// tab-separated references. sacrebleu makes its max(files, numRefs)
// streams before reading; here the streams past the files' are made only
// for a line that fills them, so that a huge -nr costs nothing: every
// line has too few fields then (exit 17), or there is no line, and
// streams that stay empty fail the length check all the same.
func readReferences(fsys *fileSystem, files []string, numRefs int, c codec) ([][]string, error) {
	streams := make([][]string, len(files))
	for k, name := range files {
		lines, err := fsys.lines(name, c)
		if err != nil {
			return nil, err
		}
		if numRefs == 1 {
			streams[k] = append(streams[k], lines...)
			continue
		}
		if len(lines) > 0 && numRefs == math.MinInt {
			// Python's maxsplit, numRefs-1, is below a Py_ssize_t: the
			// first line's split raises.
			return nil, exception("OverflowError: Python int too large to convert to C ssize_t")
		}
		for i, line := range lines {
			fields := splitMax(line, "\t", numRefs-1)
			if len(fields) != numRefs {
				return nil, fatal(17, fmt.Sprintf("FATAL: line %d: expected %d fields, but found %d.", i+1, numRefs, len(fields)))
			}
			for len(streams) < len(fields) {
				streams = append(streams, nil)
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
	var raw [][]byte
	if stdin != nil {
		var err error
		raw, err = b.ReadChunks(stdin, -1)
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
	lines := model.Lines(text, true, false)
	if len(lines) == 0 {
		lines = []string{""} // what Python's readline() gives at the end
	}
	fields := strings.Split(scoring.PyRstrip(lines[0]), "\t")
	systems := make([]system, len(fields))
	for i := range systems {
		// The first system's lines take the places of the lines they
		// come from.
		systems[i] = system{name: fmt.Sprintf("System %d", i+1), lines: lines}
		if i > 0 {
			systems[i].lines = make([]string, len(lines))
		}
		systems[i].lines[0] = fields[i]
	}
	for k := 1; k < len(lines); k++ {
		line := scoring.PyRstrip(lines[k])
		for i := range systems {
			f, rest, found := strings.Cut(line, "\t")
			if found != (i < len(systems)-1) {
				return nil, fatal(17, "FATAL: the number of tab-delimited fields in the input stream differ across lines.")
			}
			systems[i].lines[k] = scoring.PyRstrip(f)
			line = rest
		}
	}
	return systems, nil
}
