// Command bleuscope looks inside BLEU: it scores machine-translation output
// exactly as sacrebleu 2.6.0 does (or as NLTK 3.8 does, on request), and
// shows every segment, every matched and clipped n-gram and the brevity
// penalty, in a terminal explorer or as plain text.
//
// Run it with no arguments to open the embedded demo corpus; run
// "bleuscope --help" for the commands.
package main

import (
	"os"

	"github.com/bleuscope/bleuscope/ui/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
