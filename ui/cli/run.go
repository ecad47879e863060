// Package cli is bleuscope's command line: the flags, the sub-commands
// (one file each) and the wiring from loading to scoring to showing. Its one
// entry point is [Run]; package main only calls it.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Exit statuses of Run. A signal ends it with 128 + the signal's number:
// 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
const (
	exitOK       = 0 // success
	exitInternal = 1 // something went wrong inside bleuscope
	exitUsage    = 2 // bad input, bad flags or bad arguments
)

// env is what a command runs with: its standard streams and a context that
// ends when a signal arrives.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer

	mu       sync.Mutex
	ended    bool     // the final line was printed
	warnings []string // input warnings not printed yet
	// progressShown: a progress line stands on stderr (progress.go), to
	// clear before a line is written there.
	progressShown bool

	stopSignals func() // give the signals their default effect back
}

// warn keeps a warning about the input until the command goes on (its
// first output, its progress, or its end): when it fails instead, its one
// line is all the user reads.
func (e *env) warn(msg string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.warnings = append(e.warnings, msg)
}

// printWarnings prints the warnings kept so far, once.
func (e *env) printWarnings() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.printWarningsLocked()
}

func (e *env) printWarningsLocked() {
	for _, w := range e.warnings {
		e.printLine("bleuscope: warning: " + w)
	}
	e.warnings = nil
}

// end prints the run's final line on stderr ("" for none), unless one was
// printed already, and reports whether it did. The warnings kept are
// printed before it when the run succeeded (line is ""), and dropped
// otherwise.
func (e *env) end(line string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ended {
		return false
	}
	e.ended = true
	if line == "" {
		e.printWarningsLocked()
		return true
	}
	e.printLine(line)
	return true
}

// printLine writes one line on stderr through [model.Shown], the escaping
// text tables use: whatever a message quotes (a file name, a flag's
// value, a system name) can neither break the line nor act on the
// terminal, and a tab or a character that draws nothing in it shows as
// an escape. Every line bleuscope writes to stderr goes through it.
func (e *env) printLine(line string) {
	e.clearProgressLocked()
	fmt.Fprintln(e.stderr, model.Shown(line))
}

// signalCause is the cause of the context's end when a signal ended it.
type signalCause struct{ sig syscall.Signal }

func (c signalCause) Error() string { return "interrupted by " + signalName(c.sig) }

// signalName is the conventional name of the signals bleuscope handles.
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return sig.String()
}

// handledSignals are the signals that stop a command cleanly.
var handledSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// command is one sub-command: its name, one-line summary and entry point.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) error
}

// commands lists the sub-commands in the order the help shows them.
var commands = []command{
	{"score", "corpus scores, one line (or JSON object) per system", runScore},
	{"segments", "per-segment scores and statistics (text, JSONL, TSV, CSV)", runSegments},
	{"compare", "paired significance of each SYSTEM against BASE (bootstrap or AR)", runCompare},
	{"explain", "the whole computation for one segment, step by step", runExplain},
	{"ngrams", "corpus n-gram analysis: missed, over-produced, matched, salient", runNGrams},
	{"buckets", "corpus BLEU by reference length, length ratio, sentence score", runBuckets},
	{"tokenize", "apply a tokenizer: standard input to standard output", runTokenize},
	{"lessons", "the built-in lessons on BLEU, as plain text", runLessons},
	{"annotations", "manual error annotations: summary, export, import (MQM TSV)", runAnnotations},
	{"sacrebleu", "sacrebleu 2.6.0's own command line and output, as a drop-in", runSacrebleu},
}

// Run is the whole program: it parses args (without the program name), runs
// the command with the given standard streams and returns the exit status
// (0 success, 1 internal failure, 2 bad input or usage, 128 + the signal's
// number when SIGINT, SIGTERM or SIGHUP stopped it).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, handledSignals...)
	defer signal.Stop(sigs)
	return run(args, stdin, stdout, stderr, signals{c: sigs, stop: func() { signal.Stop(sigs) }, exit: os.Exit})
}

// signals is how run learns of signals: c delivers them, stop ends their
// delivery (giving them back their default effect), exit ends the process
// on a second one.
type signals struct {
	c    <-chan os.Signal
	stop func()
	exit func(int)
}

// signalGrace is how long a command has to stop cleanly after the first
// signal before it is ended as by a second one (reading a large input does
// not look at the context).
var signalGrace = 3 * time.Second

// run is Run with the signals read from sigs.c. The first signal cancels the
// commands' context, so that the command stops cleanly (its temporary file
// removed, the old output file kept); a second one, or the first still
// unanswered after signalGrace, removes the temporary files at once and
// calls sigs.exit.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, sigs signals) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	out := &model.ErrWriter{W: stdout}
	e := &env{ctx: ctx, stdin: stdin, stdout: out, stderr: stderr, stopSignals: sigs.stop}
	// The input's warnings come before the output they are about, as
	// sacrebleu's do, not after it.
	out.First = e.printWarnings
	done := make(chan struct{})
	defer close(done)
	go func() {
		var grace <-chan time.Time
		var first syscall.Signal
		end := func(sig syscall.Signal) {
			model.RemoveTemporaryFiles()
			if e.end("bleuscope: " + signalCause{sig}.Error()) {
				sigs.exit(128 + int(sig))
			}
		}
		for {
			select {
			case <-done:
				return
			case <-grace:
				end(first)
			case s := <-sigs.c:
				sig, ok := s.(syscall.Signal)
				if !ok {
					continue
				}
				if first == 0 {
					first = sig
					cancel(signalCause{sig})
					grace = time.After(signalGrace)
					continue
				}
				end(sig)
			}
		}
	}()

	args = sacrebleuByName(args)
	cmd, args, err := pickCommand(args)
	if err != nil {
		return report(e, err)
	}
	return report(e, cmd.run(e, args))
}

// pickCommand finds the sub-command args name, the explorer when the
// first argument is a flag or a file. "help [COMMAND]" is the same as
// "[COMMAND] --help". A word that is neither a command nor an existing
// file is taken for a mistyped command.
func pickCommand(args []string) (command, []string, error) {
	explorer := command{name: "", run: runExplore}
	if len(args) == 0 {
		return explorer, args, nil
	}
	if args[0] == "help" {
		if len(args) > 1 {
			return pickCommand([]string{args[1], "--help"})
		}
		return explorer, []string{"--help"}, nil
	}
	for _, c := range commands {
		if args[0] == c.name {
			return c, args[1:], nil
		}
	}
	word := args[0]
	if word != "" && !strings.HasPrefix(word, "-") && !strings.ContainsAny(word, "./=\\") {
		if _, err := os.Stat(word); err != nil {
			names := make([]string, len(commands))
			for i, c := range commands {
				names[i] = c.name
			}
			return command{}, nil, usagef("unknown command %q (commands: %s); to open a file of that name, write ./%s",
				word, strings.Join(names, ", "), word)
		}
	}
	return explorer, args, nil
}

// report prints err as the one line SPEC asks for and returns the exit
// status that goes with it.
func report(e *env, err error) int {
	var (
		inErr  *model.InputError
		useErr *usageError
		sig    signalCause
		dropIn sacrebleuStatus
	)
	err = stdoutFailure(e, err)
	switch {
	case err == nil, errors.Is(err, errHelpShown):
		e.end("")
		return exitOK
	case errors.As(err, &dropIn):
		e.end("")
		return int(dropIn)
	case errors.As(err, &inErr):
		e.end(inErr.Error())
		return exitUsage
	case errors.As(err, &useErr):
		e.end("bleuscope: " + useErr.msg)
		return exitUsage
	case errors.As(err, &sig), errors.Is(err, context.Canceled) && errors.As(context.Cause(e.ctx), &sig):
		e.end("bleuscope: " + sig.Error())
		return 128 + int(sig.sig)
	default:
		e.end("bleuscope: internal error: " + err.Error())
		return exitInternal
	}
}

// usageError is a problem with what the user asked for: a flag, an
// argument or an input. It exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// usagef builds a usageError; the message is printed after "bleuscope: ".
func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errHelpShown ends a command after it printed its help or version.
var errHelpShown = errors.New("help shown")

// versionLine is what --version prints.
func versionLine() string {
	return "bleuscope " + scoring.Version
}
