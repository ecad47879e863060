package main

import (
	"fmt"
	"io"
)

const lessonsHelp = `Usage: bleuscope lessons

Prints bleuscope's lessons on BLEU (clipping, the brevity penalty, n-gram
order) as plain text.

Examples:
  bleuscope lessons
  bleuscope lessons | less

Flags:
      --version             print the version
  -h, --help                this help
`

// runLessons is "bleuscope lessons".
func runLessons(e *env, args []string) error {
	fs := newFlagSet("lessons")
	version := false
	fs.Var(boolFlag{&version}, "version", "print the version")
	pos, err := fs.parse(args, func() string { return lessonsHelp }, e.stdout)
	if err != nil {
		return err
	}
	if version {
		fmt.Fprintln(e.stdout, versionLine())
		return errHelpShown
	}
	if len(pos) > 0 {
		return usagef("lessons takes no arguments (got %q); %s", pos[0], fs.helpHint())
	}
	_, err = io.WriteString(e.stdout, "The lessons come with the explorer: run bleuscope in a terminal and press L.\n")
	return err
}
