package cli

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
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

// checkOutputNotInput refuses an -o that names one of the input files,
// where "-" is the file standard input reads (e.stdin): bleuscope never
// changes an input file.
func (e *env) checkOutputNotInput(out string, inputs []string) error {
	return outputError(model.CheckOutput(out, inputs, e.stdin))
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
	case errors.Is(err, model.ErrCannotCreate):
		return usagef("cannot write %s: %s; write it somewhere else", oe.Path, oe.Reason())
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.ENOTDIR):
		return usagef("cannot write %s: %s; check that its folder exists and is writable", oe.Path, oe.Reason())
	case errors.Is(err, syscall.ENOSPC):
		return usagef("cannot write %s: %s; free some space on its disk", oe.Path, oe.Reason())
	case errors.Is(err, syscall.EPIPE): // a pipe whose reader went away: -o >(head -c 0)
		return usagef("cannot write %s: %s; the program reading it stopped before the end: let it read everything, or write to a file", oe.Path, oe.Reason())
	default:
		return usagef("cannot write %s: %s", oe.Path, oe.Reason())
	}
}

// writeShown is [writeOutput], except that text bound for a terminal
// (standard output, or -o naming one such as /dev/tty) is shown with
// visible escapes, line by line, so that no input text can act on it; a
// pipe or a file gets the text exactly.
func writeShown(e *env, out string, write func(w io.Writer) error) error {
	toStdout := out == "" || out == "-"
	if _, ok := terminalWidth(e.stdout); ok && toStdout || !toStdout && model.IsTerminal(out) {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		shown := escapeLines(b.String())
		if toStdout {
			_, err := io.WriteString(e.stdout, shown)
			return err
		}
		return writeOutput(e, out, func(w io.Writer) error {
			_, err := io.WriteString(w, shown)
			return err
		})
	}
	return writeOutput(e, out, write)
}

// escapeLines applies [model.Printable] to each line of s, keeping its
// line feeds.
func escapeLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		body, nl := strings.CutSuffix(l, "\n")
		lines[i] = model.Printable(body)
		if nl {
			lines[i] += "\n"
		}
	}
	return strings.Join(lines, "")
}

// osFile is the file w writes to, looking through the [model.ErrWriter]
// standard output is wrapped in (run.go), which keeps the first error a
// write met so that the run ends with the one line that says so, even
// where a command does not look at what its writes return (its help).
func osFile(w io.Writer) (*os.File, bool) {
	if s, ok := w.(*model.ErrWriter); ok {
		w = s.W
	}
	f, ok := w.(*os.File)
	return f, ok
}

// unwrapStdout is w without a [model.ErrWriter] around it.
func unwrapStdout(w io.Writer) io.Writer {
	if s, ok := w.(*model.ErrWriter); ok {
		return s.W
	}
	return w
}

// stdoutFailure is the error to report when a write to standard output
// failed during the run: the command's own error when it is not that
// failure (an input error found first), else the usage error that names
// standard output and says what to do, as -o does for a file.
func stdoutFailure(e *env, err error) error {
	s, ok := e.stdout.(*model.ErrWriter)
	if !ok || s.Err == nil || err != nil && !errors.Is(err, errHelpShown) && !errors.Is(err, s.Err) {
		return err
	}
	return outputError(&model.OutputError{Path: "standard output", Err: s.Err})
}
