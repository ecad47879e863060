package model

import (
	"bufio"
	"context"
	"errors"
	xterm "golang.org/x/term"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
)

// Errors an [OutputError] can wrap besides a file-system error.
var (
	// ErrOutputIsInput means the output path names one of the input files,
	// which bleuscope never changes.
	ErrOutputIsInput = errors.New("model: the output is one of the input files")
	// ErrOutputIsDir means the output path names a directory.
	ErrOutputIsDir = errors.New("model: the output is a directory")
	// ErrCannotCreate means the output's folder exists but takes no new
	// file (as /proc does), where the output is written before it
	// replaces what is there.
	ErrCannotCreate = errors.New("model: cannot create a file in the output's folder")
)

// createError is [ErrCannotCreate] for folder dir, whose text says so as
// [OutputError.Reason] gives it: "cannot create a file in /proc".
type createError struct{ dir string }

func (e *createError) Error() string        { return "cannot create a file in " + e.dir }
func (e *createError) Is(target error) bool { return target == ErrCannotCreate }

// OutputError is a failure to write the output file Path (the path as the
// user gave it, never a temporary file's). Err is [ErrOutputIsInput],
// [ErrOutputIsDir] or the file-system error.
type OutputError struct {
	// Path is the output file as the user named it.
	Path string
	// Err is what went wrong.
	Err error
}

// Error returns "model: write PATH: reason".
func (e *OutputError) Error() string {
	return "model: write " + Printable(e.Path) + ": " + Printable(e.Reason())
}

// Unwrap returns Err.
func (e *OutputError) Unwrap() error { return e.Err }

// Reason is Err's text without the operation and path that a file-system
// error repeats ("no such file or directory").
func (e *OutputError) Reason() string {
	var pe *fs.PathError
	if errors.As(e.Err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(e.Err, &le) {
		return le.Err.Error()
	}
	return e.Err.Error()
}

// CheckOutput returns an [OutputError] wrapping [ErrOutputIsInput] when
// path names the same file as one of inputs (whatever the spelling: links
// and relative paths are resolved by the file system). An input "-" is
// standard input, stdin: when that is an open file (the shell's "<file" or
// "<>file"), it is compared as the file it reads, so that -o /dev/stdin or
// /dev/fd/0 never writes into it. A path that does not exist yet, "" and
// "-" (standard output) are fine.
func CheckOutput(path string, inputs []string, stdin io.Reader) error {
	if path == "" || path == "-" {
		return nil
	}
	ost, err := os.Stat(path)
	if err != nil {
		return nil // does not exist yet: cannot be an input
	}
	for _, in := range inputs {
		ist, err := inputInfo(in, stdin)
		if err == nil && os.SameFile(ost, ist) {
			return &OutputError{Path: path, Err: ErrOutputIsInput}
		}
	}
	return nil
}

// inputInfo returns what input names: the file stdin is open on for "-",
// else the file at the path.
func inputInfo(input string, stdin io.Reader) (fs.FileInfo, error) {
	if input != "-" {
		return os.Stat(input)
	}
	if f, ok := stdin.(*os.File); ok && f != nil {
		return f.Stat()
	}
	return nil, fs.ErrNotExist
}

// WriteFile writes what write produces to path without ever destroying
// what is there. A regular file or a missing path is replaced atomically:
// write runs against a buffered temporary file beside it, which is renamed
// over it only when everything was written and ctx is still live, keeping
// the permissions of the file it replaces; an error or a cancelled ctx
// removes the temporary file and the old file survives. A symbolic link is
// followed, and its target is what gets replaced. Anything else (a
// character device such as /dev/null, a FIFO, a socket, a descriptor named
// as /dev/fd/N or /proc/self/fd/N) is opened and written straight through,
// never replaced. Errors of the file system, including those met while
// write runs, come back as an [*OutputError] naming path; any other error
// write returns comes back as it is.
func WriteFile(ctx context.Context, path string, write func(w io.Writer) error) error {
	target, st, err := resolveOutput(path)
	if err != nil {
		return &OutputError{Path: path, Err: err}
	}
	switch {
	case st == nil || st.Mode().IsRegular():
		return replaceFile(ctx, path, target, st, write)
	case st.IsDir():
		return &OutputError{Path: path, Err: ErrOutputIsDir}
	default:
		return writeThrough(path, target, write)
	}
}

// fdPath matches the names of open descriptors, which are written through
// whatever they point to.
var fdPath = regexp.MustCompile(`^/(dev/fd|proc/(self|thread-self|[0-9]+)(/task/[0-9]+)?/fd)/[0-9]+$`)

// resolveOutput follows the symbolic links of path to the file it names:
// its path and its FileInfo, nil when it does not exist yet. A descriptor
// path (/dev/fd/N) stops the walk: its target is not a path to replace.
func resolveOutput(path string) (string, fs.FileInfo, error) {
	p := path
	for range 40 {
		if fdPath.MatchString(filepath.Clean(p)) {
			st, err := os.Stat(p)
			if err != nil {
				return "", nil, err
			}
			if st.Mode().IsRegular() {
				// A descriptor open on a regular file is still that
				// descriptor (the shell's "> file"): write through it.
				return p, fdFileInfo{st}, nil
			}
			return p, st, nil
		}
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return p, st, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return "", nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// fdFileInfo marks a regular file reached through a descriptor path as
// something to write through.
type fdFileInfo struct{ fs.FileInfo }

func (f fdFileInfo) Mode() fs.FileMode { return f.FileInfo.Mode() | fs.ModeIrregular }

// writeThrough runs write against target opened for writing, or against
// a duplicate of the descriptor target names when it is one of this
// process's.
func writeThrough(path, target string, write func(w io.Writer) error) error {
	f, err := openThrough(target)
	if err != nil {
		return &OutputError{Path: path, Err: err}
	}
	ew := &ErrWriter{W: f}
	bw := bufio.NewWriterSize(ew, 64<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return fileError(path, err, ew.Err)
}

// replaceFile writes a temporary file beside target and renames it over
// target.
func replaceFile(ctx context.Context, path, target string, old fs.FileInfo, write func(w io.Writer) error) error {
	mode := fs.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	tmp, err := createTemp(dir, "."+base+".tmp*")
	if err != nil {
		// A folder that is there but refuses to create a file says
		// "no such file or directory" (/proc does): said as it is.
		if st, serr := os.Stat(dir); errors.Is(err, fs.ErrNotExist) && serr == nil && st.IsDir() {
			err = &createError{dir: filepath.Clean(dir)}
		}
		return &OutputError{Path: path, Err: err}
	}
	temps.add(tmp.Name())
	defer temps.remove(tmp.Name())
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	ew := &ErrWriter{W: tmp}
	bw := bufio.NewWriterSize(ew, 64<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Close()
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return fileError(path, err, ew.Err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return &OutputError{Path: path, Err: err}
	}
	ok = true
	return nil
}

// createTemp creates the temporary file; tests replace it.
var createTemp = os.CreateTemp

// fileError is the error of a write to path: an [*OutputError] when the
// file failed (werr, the first write error, or a file-system err), err
// itself otherwise.
func fileError(path string, err, werr error) error {
	var pe *fs.PathError
	switch {
	case err == nil:
		return nil
	case werr != nil:
		return &OutputError{Path: path, Err: werr}
	case errors.As(err, &pe):
		return &OutputError{Path: path, Err: err}
	}
	return err
}

// ErrWriter writes to W and remembers in Err the first error a write met,
// so that a failure of the file (a full disk) is told apart from an error
// of the code that writes to it, and is known even where that code does
// not look at what its writes return.
type ErrWriter struct {
	W   io.Writer
	Err error
	// First, when set, is called once, before the first write.
	First func()
}

// Write implements io.Writer.
func (e *ErrWriter) Write(p []byte) (int, error) {
	if first := e.First; first != nil {
		e.First = nil
		first()
	}
	n, err := e.W.Write(p)
	if err != nil && e.Err == nil {
		e.Err = err
	}
	return n, err
}

// temps holds the temporary files being written, for
// [RemoveTemporaryFiles].
var temps = tempFiles{names: map[string]bool{}}

type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
}

func (t *tempFiles) add(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.names[name] = true
}

func (t *tempFiles) remove(name string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.names, name)
}

// RemoveTemporaryFiles removes the temporary files of every [WriteFile]
// in progress. A program that must exit at once (a second interrupt)
// calls it first, so that no temporary file outlives it; the old files
// are left as they were.
func RemoveTemporaryFiles() {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	for name := range temps.names {
		os.Remove(name)
		delete(temps.names, name)
	}
}

// IsTerminal reports whether path names a terminal (/dev/tty, or
// /dev/stdout and /dev/fd/1 when standard output is one): what is written
// there must show input text with visible escapes, as on standard output.
func IsTerminal(path string) bool {
	if path == "" || path == "-" {
		return false
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	f, err := openThrough(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return xterm.IsTerminal(int(f.Fd()))
}
