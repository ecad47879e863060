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
	"syscall"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

// Exit statuses of Run.
const (
	exitOK       = 0   // success
	exitInternal = 1   // something went wrong inside bleuscope
	exitUsage    = 2   // bad input, bad flags or bad arguments
	exitSignal   = 130 // interrupted by the user
)

// env is what a command runs with: its standard streams and a context that
// ends when the user interrupts.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

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
	{"compare", "paired significance of every SYSTEM against BASE (bootstrap or AR)", runCompare},
	{"explain", "the whole computation for one segment, step by step", runExplain},
	{"ngrams", "corpus n-gram analysis: missed, over-produced, matched, salient", runNGrams},
	{"buckets", "corpus BLEU by reference length, length ratio, sentence score", runBuckets},
	{"tokenize", "apply a tokenizer: standard input to standard output", runTokenize},
	{"lessons", "the built-in lessons on BLEU, as plain text", runLessons},
	{"annotations", "manual error annotations: summary, export, import (MQM TSV)", runAnnotations},
}

// Run is the whole program: it parses args (without the program name), runs
// the command with the given standard streams and returns the exit status
// (0 success, 1 internal failure, 2 bad input or usage, 130 interrupted).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// The first interrupt cancels ctx, so that a command can stop cleanly
	// (no temporary file left behind); a second one ends the process as
	// usual.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr}

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
	)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelpShown):
		return exitOK
	case errors.As(err, &inErr):
		fmt.Fprintln(e.stderr, oneLine(inErr.Error()))
		return exitUsage
	case errors.As(err, &useErr):
		fmt.Fprintln(e.stderr, "bleuscope: "+oneLine(useErr.msg))
		return exitUsage
	case errors.Is(err, context.Canceled) && e.ctx.Err() != nil:
		fmt.Fprintln(e.stderr, "bleuscope: interrupted")
		return exitSignal
	default:
		fmt.Fprintln(e.stderr, "bleuscope: internal error: "+oneLine(err.Error()))
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

// oneLine keeps a message on a single line whatever went into it.
func oneLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}

// versionLine is what --version prints.
func versionLine() string {
	return "bleuscope " + scoring.Version
}
