package cli

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"syscall"

	"github.com/bleuscope/bleuscope/model"
)

// writeOutput runs write against standard output (no -o, "-o -" or
// "-o /dev/stdout"), or against PATH through [model.WriteFile], which
// replaces a regular file only when everything was written and writes
// straight through to a device, a FIFO or /dev/fd/N.
func writeOutput(e *env, path string, write func(w io.Writer) error) error {
	if path == "" || path == "-" || path == "/dev/stdout" {
		bw := bufio.NewWriterSize(e.stdout, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return outputError(model.WriteFile(e.ctx, path, write))
}

// checkOutputNotInput refuses an -o that names one of the input files:
// bleuscope never changes an input file.
func checkOutputNotInput(out string, inputs []string) error {
	return outputError(model.CheckOutput(out, inputs))
}

// outputError turns a [model.OutputError] into the usage error the user
// reads; other errors pass through.
func outputError(err error) error {
	var oe *model.OutputError
	switch {
	case !errors.As(err, &oe):
		return err
	case errors.Is(err, model.ErrOutputIsInput):
		return usagef("-o %s is one of the input files; write the output somewhere else", oe.Path)
	case errors.Is(err, model.ErrOutputIsDir):
		return usagef("-o %s is a directory; name a file to write", oe.Path)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return usagef("cannot write %s: %s; check that its folder exists and is writable", oe.Path, oe.Reason())
	case errors.Is(err, syscall.ENOSPC):
		return usagef("cannot write %s: %s; free some space on its disk", oe.Path, oe.Reason())
	default:
		return usagef("cannot write %s: %s", oe.Path, oe.Reason())
	}
}
