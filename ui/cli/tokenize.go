package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/bleuscope/bleuscope/model"
	"github.com/bleuscope/bleuscope/scoring"
)

const tokenizeHelp = `Usage: bleuscope tokenize -t TOK [-l] < input > output

Applies sacrebleu's tokenizer TOK to each line of standard input and prints
exactly what sacrebleu's tokenizer returns for it, one line out per line in.
Lines end at "\n" only; the "\n" is removed and nothing else is stripped.
Input compressed with gzip is decompressed first, as every input file is.
This is the tokenizer alone: BLEU also right-strips each line first.

Examples:
  bleuscope tokenize -t intl < hyp.txt > hyp.tok
  echo 'Hello, world!' | bleuscope tokenize -t 13a
  bleuscope tokenize -t zh -l < ref.zh

Flags:
  -t, --tokenize TOK        13a, intl, zh, char or none (default 13a)
  -l, --lowercase           lowercase (Python's str.lower) before tokenizing
      --max-line SIZE       stop at a line longer than SIZE (default 1M)
      --version             print the version
  -h, --help                this help
`

// runTokenize is "bleuscope tokenize": a streaming filter, so its memory
// does not grow with the input.
func runTokenize(e *env, args []string) error {
	fs := newFlagSet("tokenize")
	name, lower := "13a", false
	fs.alias(stringFlag{&name}, "tokenizer", "t", "tokenize")
	fs.alias(boolFlag{&lower}, "lowercase", "l", "lowercase")
	maxLine := 0
	fs.Var(intSizeFlag{&maxLine}, "max-line", "the longest line read")
	pos, err := fs.parse(args, func() string { return tokenizeHelp }, e.stdout)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("tokenize reads standard input and takes no file arguments (got %q); use bleuscope tokenize -t %s < FILE", pos[0], name)
	}
	tok, err := scoring.NewTokenizer(name)
	if err != nil {
		return fs.optionError(err)
	}
	// A terminal gets visible escapes; a pipe or a file gets exactly what
	// sacrebleu's tokenizer returns.
	_, tty := terminalWidth(e.stdout)
	// Standard input is read as every input is: gzip is decompressed, and
	// UTF-16 or UTF-32 refused by its start, read before the line limit
	// applies (a first line longer than the limit would leave no bytes to
	// tell by).
	src, err := model.StdinText(e.stdin)
	if err != nil {
		return err
	}
	// A streaming filter: only the line limit applies.
	in := model.LoadOptions{MaxInput: math.MaxInt64, MaxLine: maxLine}.BoundedReader(src, "standard input")
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	for n := 1; ; n++ {
		if n%4096 == 0 && e.ctx.Err() != nil {
			w.Flush()
			return e.ctx.Err()
		}
		line, err := r.ReadString('\n')
		var limit *model.InputError
		if errors.As(err, &limit) {
			w.Flush()
			return err
		}
		if len(line) > 0 {
			line = strings.TrimSuffix(line, "\n")
			if err := model.NotUTF8("standard input", n, line, "plain text"); err != nil {
				w.Flush()
				return err
			}
			if lower {
				line = scoring.PyLower(line)
			}
			out := tok.Tokenize(line)
			if tty {
				out = model.Printable(out)
			}
			w.WriteString(out)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			return w.Flush()
		}
		if err != nil {
			return fmt.Errorf("read standard input: %w", err)
		}
	}
}
