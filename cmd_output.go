package main

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// writeOutput runs write against standard output, or, with -o PATH, against
// a temporary file in PATH's folder that is renamed to PATH only when
// everything was written: an error never leaves a half-written file.
func writeOutput(e *env, path string, write func(w io.Writer) error) error {
	if path == "" || path == "-" {
		bw := bufio.NewWriterSize(e.stdout, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return usagef("-o %s is a directory; name a file to write", path)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return usagef("cannot write %s: %s; check that its folder exists and is writable", path, pathErrReason(err))
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
	if err := bw.Flush(); err != nil {
		return usagef("cannot write %s: %s", path, pathErrReason(err))
	}
	if err := tmp.Chmod(mode); err != nil {
		return usagef("cannot write %s: %s", path, pathErrReason(err))
	}
	if err := tmp.Close(); err != nil {
		return usagef("cannot write %s: %s", path, pathErrReason(err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return usagef("cannot write %s: %s", path, pathErrReason(err))
	}
	ok = true
	return nil
}

// checkOutputNotInput refuses an -o that names one of the input files:
// bleuscope never changes an input file.
func checkOutputNotInput(out string, inputs []string) error {
	if out == "" || out == "-" {
		return nil
	}
	ost, err := os.Stat(out)
	if err != nil {
		return nil // does not exist yet: cannot be an input
	}
	for _, in := range inputs {
		ist, err := os.Stat(in)
		if err == nil && os.SameFile(ost, ist) {
			return usagef("-o %s is one of the input files; write the output somewhere else", out)
		}
	}
	return nil
}

// pathErrReason is the reason part of a file-system error, without the
// operation and path that the message names already.
func pathErrReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}
