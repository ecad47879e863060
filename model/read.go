package model

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/bleuscope/bleuscope/scoring"
)

// stdinLabel is how messages name standard input.
const stdinLabel = "standard input"

// file is one input file read whole, in the chunks it was read in (one
// for a file whose size is known). Its lines are substrings of the
// chunks: only a line cut by the end of a chunk is copied.
type file struct {
	label  string   // the name messages use: the path as given, or stdinLabel
	chunks []string // the text, in order; none is empty
	stdin  bool
	nul    bool // some byte is NUL (see nulWarning)
}

// reader opens the files of one Input, making sure standard input is read
// at most once, and holds what is left of the input limit.
type reader struct {
	in        Input
	stdinRead bool
	budget    *Budget // the input limit on all files together
	maxLine   int
}

func newReader(in Input) *reader {
	lim := in.Limits.WithDefaults()
	return &reader{in: in, budget: NewBudget(lim.MaxInput), maxLine: lim.MaxLine}
}

// read returns the whole content of p ("-" for standard input), gunzipped
// when it is gzip-compressed and checked to be UTF-8. It reads as a stream
// and stops as soon as the input passes a limit, a line is too long or a
// byte is not UTF-8, so that memory stays bounded on any input.
func (r *reader) read(p string) (*file, error) {
	f := &file{label: p}
	var src io.Reader
	size := int64(-1) // a regular file's size, when known
	if p == "-" {
		f.label, f.stdin = stdinLabel, true
		if err := r.claimStdin(); err != nil {
			return nil, err
		}
		src = &stickyEOF{r: r.in.Stdin}
	} else {
		rc, n, err := r.open(p)
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		src, size = rc, n
	}
	br, gz, err := textReader(f.label, src)
	if err != nil {
		return nil, err
	}
	s := &stream{r: r, f: f, gz: gz}
	hint := int64(0) // a gzip file's size once decompressed, as its trailer says
	if gz {
		hint = gzipSize(src, size) // so that the text is read into one chunk
		size = -1
	}
	chunks, err := s.readAll(br, size, hint)
	if err != nil {
		return nil, err
	}
	// The bytes are never modified after this point, so the strings can
	// share their memory instead of copying a file that may be large.
	f.chunks = make([]string, len(chunks))
	for i, c := range chunks {
		f.chunks[i] = unsafe.String(unsafe.SliceData(c), len(c))
	}
	return f, nil
}

// textReader returns a reader of the text src holds, decompressed when it is
// gzip ([Gunzip]) and checked not to be UTF-16 or UTF-32
// ([CheckEncoding]); label names the file in errors.
func textReader(label string, src io.Reader) (*bufio.Reader, bool, error) {
	br, gz, err := Gunzip(label, bufio.NewReaderSize(src, 64<<10))
	if err != nil {
		return nil, false, err
	}
	head, peekErr := br.Peek(EncodingHead + 1)
	if err := CheckEncoding(label, head); err != nil {
		// A gzip stream that breaks within the head is said as broken,
		// not judged by the few bytes before the break as if they were
		// the whole file; one that is text up to the break gives its
		// lines first, as it is read.
		if ie := (*InputError)(nil); errors.As(peekErr, &ie) {
			return nil, false, ie
		}
		return nil, false, err
	}
	return br, gz, nil
}

// StdinText returns a reader of the text of standard input stdin, read as
// [Load] reads "-": up to its first end of input (a terminal is not asked
// again after Ctrl-D), decompressed when it is gzip, whatever it is called
// ([Gunzip]), and refused in UTF-16 or UTF-32 ([CheckEncoding]). A reader
// of standard input of its own (tokenize) reads through it, and checks
// each line with [NotUTF8].
func StdinText(stdin io.Reader) (*bufio.Reader, error) {
	br, _, err := textReader(stdinLabel, &stickyEOF{r: stdin})
	return br, err
}

// Gunzip returns a reader of the text br holds, as [Load] reads every
// file: what it decompresses to when it starts with gzip's magic bytes,
// whatever the file's name (gz set), else br itself. Every reader of text
// files of its own (the WMT MQM TSV) reads through it. label names the
// file in the [*InputError] for a gzip stream that cannot be read, which
// the header's error is and the text's reading ends with, and in the one
// for a stream that decompresses to gzip again (compressed twice).
func Gunzip(label string, br *bufio.Reader) (text *bufio.Reader, gz bool, err error) {
	if !isGzip(br) {
		return br, false, nil
	}
	text = bufio.NewReaderSize(gzipText{NewGzipStream(br), label}, 64<<10)
	if _, err := text.Peek(1); err != nil && err != io.EOF { // the first member's header
		return nil, false, err
	}
	if isGzip(text) {
		return nil, false, inputErr(label, "is gzip compressed twice; decompress it once (gunzip) and give that")
	}
	return text, true, nil
}

// isGzip reports whether br starts with gzip's magic bytes, which UTF-8
// text never starts with.
func isGzip(br *bufio.Reader) bool {
	head, _ := br.Peek(2)
	return len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b
}

// gzipText reads what a gzip stream decompresses to, its errors worded
// by gzipErr.
type gzipText struct {
	zr    *GzipStream
	label string
}

func (g gzipText) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		err = gzipErr(g.label, err)
	}
	return n, err
}

// gzipSize returns the size a gzip file of n bytes says it decompresses
// to (its trailer's last 4 bytes, the size modulo 2^32 of its last
// member), or 0 when f cannot be read at an offset or is too short. It is
// a hint for the buffer, never trusted: a hint beyond what deflate can
// give (1032 bytes a compressed byte) is cut to that, and reading stops at
// the input limit whatever it says.
func gzipSize(f io.Reader, n int64) int64 {
	at, ok := f.(io.ReaderAt)
	if !ok || n < 18 { // a gzip header and trailer alone take 18 bytes
		return 0
	}
	var tail [4]byte
	if _, err := at.ReadAt(tail[:], n-4); err != nil {
		return 0
	}
	return min(int64(binary.LittleEndian.Uint32(tail[:])), 1032*n)
}

// stickyEOF reads r until its first end of input, then reports the end
// without reading r again: on a terminal, each read after Ctrl-D would
// wait for another one.
type stickyEOF struct {
	r   io.Reader
	eof bool
}

func (s *stickyEOF) Read(p []byte) (int, error) {
	if s.eof {
		return 0, io.EOF
	}
	n, err := s.r.Read(p)
	s.eof = err == io.EOF
	return n, err
}

// gzipErr describes a gzip stream that cannot be decompressed. A stream
// whose data decompresses but does not check out (CRC, length)
// or does not decompress at all is damaged, which no complete compression
// or gunzip mends: the fix said is a good copy.
func gzipErr(label string, err error) *InputError {
	fix := "check that it was compressed completely, or decompress it first"
	var ge *GzipError
	if errors.As(err, &ge) && (ge.Fault == GzipCRC || ge.Fault == GzipLength || ge.Fault == GzipCorrupt) {
		fix = "the file is damaged: get a good copy of it"
	}
	return inputErr(label, fmt.Sprintf("is not a valid gzip file (%v); %s", err, fix))
}

func (r *reader) claimStdin() error {
	if r.stdinRead {
		return inputErr(stdinLabel, `is named twice ("-"); it can be read only once: save it to a file and name the file instead`)
	}
	r.stdinRead = true
	if r.in.Stdin == nil {
		return inputErr(stdinLabel, `is not available; name a file instead of "-"`)
	}
	return nil
}

// open opens p and returns its size when it is a regular file, else -1.
func (r *reader) open(p string) (io.ReadCloser, int64, error) {
	f, info, err := openFile(r.in.FS, p, "a file with one segment per line")
	if err != nil {
		return nil, 0, err
	}
	size := int64(-1)
	if info.Mode().IsRegular() {
		size = info.Size()
	}
	return f, size, nil
}

// Open opens the file p as [Load] opens its files, for a reader of its
// own (the WMT MQM TSV, the typology): an error is worded by [OpenErr],
// a directory is refused with "is a directory; give " and what, which
// says what to name instead ("a WMT MQM TSV"), and "-" is refused as
// standard input, which these readers do not read.
func Open(p, what string) (fs.File, error) {
	if p == "-" {
		return nil, inputErr(p, "(standard input) is not read as "+what+" here: save it to a file and name that file (./- for a file called -)")
	}
	f, _, err := openFile(nil, p, what)
	return f, err
}

// openFile opens p in fsys (nil: the operating system's files) and
// returns its information, refusing a directory as [Open] says.
func openFile(fsys fs.FS, p, what string) (fs.File, fs.FileInfo, error) {
	var f fs.File
	var err error
	if fsys != nil {
		f, err = fsys.Open(p)
	} else {
		f, err = os.Open(p)
	}
	if err != nil {
		return nil, nil, OpenErr(p, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, OpenErr(p, err)
	}
	if info.IsDir() {
		f.Close()
		return nil, nil, inputErr(p, "is a directory; give "+what)
	}
	return f, info, nil
}

// exists reports whether p names something that can be opened.
func (r *reader) exists(p string) bool { return r.stat(p) == nil }

// stat is the error of looking p up, nil when it is there.
func (r *reader) stat(p string) error {
	if r.in.FS != nil {
		_, err := fs.Stat(r.in.FS, p)
		return err
	}
	_, err := os.Stat(p)
	return err
}

// OpenErr turns an error from opening or reading the file p into the
// [*InputError] [Load] gives for it: "does not exist; check the path",
// "cannot be read (permission denied); check its permissions", else
// "cannot be read (REASON); check the path"; an *InputError already (a
// limit's, a gzip stream's) is returned as it is. Every reader of files of
// its own words these errors with it (or opens with [Open]).
func OpenErr(p string, err error) *InputError {
	var inErr *InputError
	switch {
	case errors.As(err, &inErr):
		return inErr
	case p == "" && errors.Is(err, fs.ErrNotExist):
		return &InputError{Msg: emptyName("a file name") + "; name the file to read"}
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

// emptyName says that what (a file name, a SYSTEM argument) is empty, as
// a script's unset variable makes it: `a file name is empty ("")`.
func emptyName(what string) string { return what + ` is empty ("")` }

// lines splits f into lines the way sacrebleu's command line reads files
// ([Lines]); standard input in universal newlines mode.
func (f *file) lines(strip bool) []string { return Lines(f.chunks, f.stdin, strip) }

// Lines splits a text read in chunks into lines the way sacrebleu's
// command line reads files: only "\n" ends a line (with universal set,
// as for standard input, "\r\n" and a lone "\r" too, as Python's
// universal newlines do), a final line end adds no empty line, and when
// strip is set every line loses its trailing whitespace as Python's
// str.rstrip() removes it. A line cut by the end of a chunk is joined
// into a string of its own; every other line is a substring of its chunk.
func Lines(chunks []string, universal, strip bool) []string {
	universal = universal && slices.ContainsFunc(chunks, func(c string) bool { return strings.Contains(c, "\r") })
	n := 0
	for _, c := range chunks {
		n += strings.Count(c, "\n")
	}
	if k := len(chunks); k > 0 && !strings.HasSuffix(chunks[k-1], "\n") {
		n++
	}
	out := make([]string, 0, n)
	var open []string // the pieces of a line cut by the ends of chunks
	for i, c := range chunks {
		if universal && i > 0 && strings.HasSuffix(chunks[i-1], "\r") {
			c = strings.TrimPrefix(c, "\n") // the rest of a "\r\n" the chunk before ends with
		}
		for c != "" {
			line, rest, ended := cutLine(c, universal)
			open = append(open, line)
			if !ended {
				break // the line goes on in the next chunk
			}
			out = append(out, trim(strings.Join(open, ""), strip))
			open, c = open[:0], rest
		}
	}
	if len(open) > 0 { // a last line without a line end
		out = append(out, trim(strings.Join(open, ""), strip))
	}
	return out
}

// cutLine cuts data at its first line end ("\n", and with universal set
// "\r\n" or "\r" too), returning the line before it, the text after it
// and whether there was one; without one, the line is all of data.
func cutLine(data string, universal bool) (line, rest string, ended bool) {
	var i int
	if universal {
		i = strings.IndexAny(data, "\r\n")
	} else {
		i = strings.IndexByte(data, '\n')
	}
	if i < 0 {
		return data, "", false
	}
	end := i + 1
	if data[i] == '\r' && end < len(data) && data[end] == '\n' {
		end++
	}
	return data[:i], data[end:], true
}

// Chunk is a piece of a text read in chunks ([Budget.ReadChunks],
// [Lines]): a string, or the bytes it is made from.
type Chunk interface{ ~string | ~[]byte }

// ChunksHead returns the first n bytes of the text the chunks make (all of
// it when it is shorter).
func ChunksHead[C Chunk](chunks []C, n int) []byte {
	var out []byte
	for _, c := range chunks {
		if len(out) >= n {
			break
		}
		out = append(out, c[:min(len(c), n-len(out))]...)
	}
	return out
}

// ChunksHavePrefix reports whether the text the chunks make starts with p.
func ChunksHavePrefix[C Chunk](chunks []C, p string) bool {
	return string(ChunksHead(chunks, len(p))) == p
}

// TrimChunksPrefix returns the chunks without p at the start of the text
// they make, or the chunks themselves when it does not start with p. A
// chunk p covers whole is dropped, one it covers in part is cut.
func TrimChunksPrefix[C Chunk](chunks []C, p string) []C {
	if !ChunksHavePrefix(chunks, p) {
		return chunks
	}
	n := len(p) // the bytes of p still to drop
	for len(chunks) > 0 && len(chunks[0]) <= n {
		n -= len(chunks[0])
		chunks = chunks[1:]
	}
	if n > 0 {
		chunks = append([]C{chunks[0][n:]}, chunks[1:]...)
	}
	return chunks
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
