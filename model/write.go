package model

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Errors an [OutputError] can wrap besides a file-system error.
var (
	// ErrOutputIsInput means the output path names one of the input files,
	// which bleuscope never changes.
	ErrOutputIsInput = errors.New("model: the output is one of the input files")
	// ErrOutputIsDir means the output path names a directory.
	ErrOutputIsDir = errors.New("model: the output is a directory")
)

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
// and relative paths are resolved by the file system). A path that does
// not exist yet, "" and "-" (standard output) are fine.
func CheckOutput(path string, inputs []string) error {
	if path == "" || path == "-" {
		return nil
	}
	ost, err := os.Stat(path)
	if err != nil {
		return nil // does not exist yet: cannot be an input
	}
	for _, in := range inputs {
		ist, err := os.Stat(in)
		if err == nil && os.SameFile(ost, ist) {
			return &OutputError{Path: path, Err: ErrOutputIsInput}
		}
	}
	return nil
}

// WriteFile runs write against a buffered temporary file in path's folder
// and renames it to path only when everything was written, keeping the
// permissions of the file it replaces: an error never leaves a
// half-written file, and the old file survives it. Errors of the file
// system come back as an [*OutputError]; an error write returns comes
// back as it is.
func WriteFile(path string, write func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return &OutputError{Path: path, Err: ErrOutputIsDir}
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return &OutputError{Path: path, Err: err}
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	for _, step := range []func() error{bw.Flush, func() error { return tmp.Chmod(mode) }, tmp.Close} {
		if err := step(); err != nil {
			return &OutputError{Path: path, Err: err}
		}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return &OutputError{Path: path, Err: err}
	}
	ok = true
	return nil
}
